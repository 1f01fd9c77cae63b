"""A duel server in the test's own process (a thread running its event loop), on 127.0.0.1 and
a free port, and raw WebSocket players to talk to it."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Coroutine, Iterator

from websockets.asyncio.server import serve
from websockets.sync.client import connect

from solitaire.net.online_messages import VERSION
from solitaire.server.loop import loop_factory
from solitaire.server.service import SOCKET_OPTIONS, DuelServer, Settings, run_until
from solitaire.server.store import Store

LOCAL = "127.0.0.1"
QUICK = Settings(race_seconds=3, count_seconds=0.2, tick=0.05, one_address=True)  # every test player is on 127.0.0.1


@contextmanager
def running_server(folder: Path, settings: Settings = QUICK, port: int = 0,
                   busy_seconds: float = 0.5, db: str | None = None) -> Iterator[tuple[str, DuelServer]]:
    """(url, server) while the block runs (on ``port``, else a free one); the server's races end
    and it stops after. ``busy_seconds``: the store's wait for a lock another connection holds;
    ``db``: a PostgreSQL database's url (else SQLite in ``folder``)."""
    store = Store(folder, busy_seconds, url=db)
    server = DuelServer(store, settings)
    started = threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        async with serve(server.handle, LOCAL, port, **SOCKET_OPTIONS) as listener:
            box["url"] = f"ws://{LOCAL}:{listener.sockets[0].getsockname()[1]}"
            box["stop"] = stop = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            started.set()
            await run_until(server, stop)

    thread = threading.Thread(target=_on_the_server_loop, args=(main(),), daemon=True)
    thread.start()
    assert started.wait(5)
    try:
        yield box["url"], server
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(5)
        store.close()


def _on_the_server_loop(main: Coroutine[Any, Any, None]) -> None:
    """Run ``main`` on the loop ``game.py server`` runs on (uvloop when installed, ``loop``): the
    tests meet the server as it runs; the game's own hosted server (``test_hosted``) runs on
    asyncio's."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        runner.run(main)


class Raw:
    """A player speaking raw JSON; every message heard is kept (``heard``)."""

    def __init__(self, url: str, source: str | None = None) -> None:
        """``source``: the address to connect from (another of 127.0.0.0/8: another player's address)."""
        self._open = ExitStack()
        where = {"source_address": (source, 0)} if source else {}
        self.ws = self._open.enter_context(connect(url, open_timeout=5, close_timeout=1, **where))
        self.heard: list[str] = []

    def say(self, message: dict | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def hear(self, timeout: float = 5.0) -> dict:
        text = self.ws.recv(timeout=timeout)
        self.heard.append(text)
        return json.loads(text)

    def hear_type(self, kind: str, timeout: float = 10.0) -> dict:
        """The next message of ``kind``, skipping the others (queue updates, progress)."""
        while True:
            message = self.hear(timeout)
            if message["type"] == kind:
                return message

    def hello(self, name: str = "Sara", key: str | None = None) -> dict:
        self.say({"type": "hello", "version": VERSION, "key": key or secrets.token_urlsafe(32), "name": name})
        return self.hear()

    def close(self) -> None:
        self._open.close()


def met_in_a_room(url: str, names: tuple[str, str] = ("M", "F"), friend_url: str | None = None,
                  keys: tuple[str | None, str | None] = (None, None)) -> tuple[Raw, Raw]:
    """Two raw players admitted (the friend on ``friend_url``, else on ``url`` too; each with its
    key when given), the first making a private room and the second joining it by its code:
    matched, the maker told so (the other's "matched" is still unread)."""
    maker, friend = Raw(url), Raw(friend_url or url)
    maker.hello(names[0], keys[0])
    friend.hello(names[1], keys[1])
    maker.say({"type": "room", "code": ""})
    friend.say({"type": "room", "code": maker.hear_type("room_made")["code"]})
    maker.hear_type("matched")
    return maker, friend
