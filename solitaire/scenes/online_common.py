"""What the online duel's screens share (issue 25): the server's address, the player's key and
name, and the one line a failure is said in.

The client library (``net.online``) never blocks; these screens only start it, poll it once a
frame and read what it heard.
"""

from __future__ import annotations

import getpass
from typing import TYPE_CHECKING, Any

from solitaire.net.online_messages import Refused
from solitaire.store.settings import DEFAULT_ONLINE_SERVER

MAX_NAME = 32  # as Settings keeps it (the server cuts it to 20)

if TYPE_CHECKING:
    from solitaire.net.online import Closed, Hosting, OnlineClient


def system_name() -> str:
    """The system's user name: what the other player sees while Settings leave the name empty
    (a duel from the command line; the New duel window asks for a name first)."""
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""


def my_name(app: Any) -> str:
    """The name in Settings, else the system's user name; printable, at most 32 characters (the
    server cleans it further)."""
    name = "".join(ch for ch in (app.settings.player_name or system_name()) if ch.isprintable()).strip()
    return name[:MAX_NAME].strip() or app.t("net.player")


def server_address(app: Any) -> str:
    """The server in Settings (Network), else the default."""
    return app.settings.online_server or DEFAULT_ONLINE_SERVER


def connect(app: Any, url: str | None = None, name: str | None = None, hosting: Hosting | None = None) -> OnlineClient:
    """A client of the server, connecting in the background (``start`` returns at once);
    ``hosting``: the server this game runs for it, stopped when the client closes."""
    from solitaire.net.online import NoKey, OnlineClient  # websockets' client: loaded on first use, not at start-up
    from solitaire.store.player_key import KeyNotKept

    try:
        key = app.services.player_key()
    except KeyNotKept as problem:  # said as the screen says any failure to connect (issue 32)
        client = OnlineClient(url or server_address(app), "", name or my_name(app), hosting)
        client.start_without(NoKey(problem.reason, problem.detail))
        return client
    client = OnlineClient(url or server_address(app), key, name or my_name(app), hosting)
    client.start()
    return client


def is_failure(message: object) -> bool:
    """The server refused a request, or the connection is gone."""
    from solitaire.net.online import Closed  # loaded by connect() already: a look-up

    return isinstance(message, (Refused, Closed))


def failure_line(app: Any, message: Refused | Closed, url: str) -> str:
    """A refusal or a lost connection as one line for the player."""
    from solitaire.net.online import NoKey

    t = app.t
    if isinstance(message, NoKey):
        return t(f"online.error.key_{message.reason}", detail=message.detail)
    if not isinstance(message, Refused):
        return t("online.error.unreachable", url=url)
    if message.reason in ("version", "name", "no_room", "throttled", "busy", "too_many"):
        return t(f"online.error.{message.reason}")
    return t("online.error.other", detail=message.detail or message.reason)


def tier_name(app: Any, tier: str) -> str:
    """A tier in the interface's language (the server names it in a word: "silver")."""
    key = f"online.tier.{tier}"
    name = app.t(key)
    return tier if name == key else name
