"""Host or join a duel on the local network (issues 15 and 25): the online wait screen, on a
duel server the host's game runs itself.

Host: the game starts its duel server (``server.hosted``, through ``start_server``, which the
composition root gives: scenes do not import the server) on this computer's network address, at the
port in Settings (47474 by default, or the next free one), connects to it as any player does
and makes a private room; the screen shows the **duel code** (that address, port and room, in
20 letters with a check letter; never the deal) and the plain ``address:port:ROOM``, with Copy.
Join: paste the code (Ctrl+V or Paste) or type it; a code that cannot be read is refused in one
line under the field before anything is sent, and so is a host that cannot be reached or a
room that is not open there. Then both race through that server exactly as online
(``online_race``): it deals, referees and times the race; nothing is rated. The server stops
with the host's connection: Cancel, Escape, leaving the race or quitting (``OnlineClient.close``).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from solitaire.app import clipboard, ui
from solitaire.app.scene import App
from solitaire.net.code import BadDuelCode, DuelAddress, parse_address
from solitaire.net.online_messages import Refused, RoomMade
from solitaire.play import spoken
from solitaire.scenes.menus.confirm import unit
from solitaire.scenes.online_common import connect, failure_line, is_failure
from solitaire.scenes.duel.online_lobby import OnlineLobbyScene

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient

ADDRESS_CHARS = frozenset(string.ascii_letters + string.digits + "-.: ")
DEFAULT_PORT = 47474  # Settings' duel_port by default: the next free port is taken when it is busy


class LanServer(Protocol):
    """The duel server ``start_server`` gives (``server.hosted.HostedServer``)."""

    url: str
    address: str
    port: int

    def stop(self) -> None: ...


#: ``start_server(address or None for this computer's, port, exact_port, race_seconds or None)``;
#: OSError when it cannot listen.
StartServer = Callable[[str | None, int, bool, int | None], LanServer]


class NetLobbyScene(OnlineLobbyScene):
    #: How the host's duel server is started: given by the composition root (``solitaire.entry.hosting``)
    start_server: StartServer | None = None

    def __init__(self, app: App, role: str = "host", address: str | None = None, port: int | None = None,
                 seconds: int | None = None, typed: str = "", player: str | None = None, on_matched: Any = None,
                 autoplay: str | None = None, **_: object) -> None:
        self.role = role if role in ("host", "join") else "host"
        self.server: LanServer | None = None
        self.address: DuelAddress | None = None
        self.player = player
        self.listen = (address, app.settings.duel_port if port is None else port, seconds)  # host: where, how long
        super().__init__(app, mode="room" if self.role == "host" else "join", player=player, on_matched=on_matched,
                         autoplay=autoplay)
        t = app.t
        self.title = t(f"net.{self.role}.title")
        self.field.placeholder = t("net.join.placeholder")
        self.field.allowed = ADDRESS_CHARS
        self.field.max_length = 40
        self.paste_button = self.group.add(ui.Button(t("net.join.paste"), self.paste, visible=self.role == "join"))
        self.rows = [[self.field, self.paste_button, self.join_button],
                     [self.copy_button, self.recorded_button, self.cancel_button]]
        if typed:
            self.field.set_value(typed)
            self.join(typed)

    def connect(self, player: str | None) -> OnlineClient | None:
        """Host: start the duel server and connect to it; join: nothing until a code is given."""
        if self.role == "join":
            return None
        address, port, seconds = self.listen
        try:
            if self.start_server is None:
                raise OSError("this game has no duel server to host with")
            self.server = self.start_server(address, port, port != DEFAULT_PORT, seconds)
        except OSError as error:  # the port taken, or no network address to listen on
            self.problem = self.app.t("net.cannot_listen", port=port, error=error.strerror or str(error))
            self.cancel_button.label = self.app.t("online.back")
            return None
        self.url = self.server.url
        return connect(self.app, self.url, player, hosting=self.server)

    def _ask(self) -> None:
        """Admitted: the host makes the room, the friend joins the one of the code."""
        assert self.place is not None
        if self.address is None:
            self.place.make_room()
        else:
            self.place.join_room(self.address.room)  # asked again if the connection drops before the answer

    # -- what the player does -------------------------------------------------------------------
    def join(self, text: str) -> None:
        """Read the duel code, then connect to the host's server and join its room there."""
        if self.role != "join" or self.client is not None:
            return
        try:
            self.address = parse_address(text)
        except BadDuelCode as error:
            self.field.error = self.app.t(error.key, **error.params)
            return
        self.field.error = ""
        self.url = self.address.url
        self.client = connect(self.app, self.url, self.player)
        self.field.enabled = self.join_button.enabled = self.paste_button.enabled = False

    def paste(self) -> None:
        """The clipboard's text in the field, in place of what was there (a code is pasted whole)."""
        text = clipboard.paste().strip()
        if not text:
            self.field.error = self.app.t("net.join.nothing_to_paste")
            return
        self.field.set_value(text)
        self.group.focus(self.field)

    def copy(self) -> None:
        """The duel code on the clipboard; the button says whether it got there."""
        ok = self.address is not None and clipboard.copy(self.address.code)
        self.copy_button.label = self.app.t("online.copied" if ok else "online.no_clipboard")

    # -- what the server says -------------------------------------------------------------------
    def hear(self, message: Any) -> None:
        if isinstance(message, RoomMade) and self.server is not None:
            self.address = DuelAddress(self.server.address, self.server.port, message.code)
            self.app.speech.say(spoken.joined(self.spoken_texts()))  # issue 36: the code to give
        if self.role == "join" and is_failure(message):
            self._refused(message)
            return
        super().hear(message)

    def _refused(self, message: Any) -> None:
        """A join that failed (no server there, no such room, ...): said under the field, and
        the player may try again (another code, or the same once the host is ready)."""
        from solitaire.net.online import NoKey  # loaded by connect() already: a look-up

        if isinstance(message, Refused) and message.reason == "no_room":
            line = self.app.t("net.join.no_room")
        elif isinstance(message, (Refused, NoKey)):
            line = failure_line(self.app, message, self.url)
        else:
            line = self.app.t("net.error.unreachable")
        assert self.client is not None
        self.client.close()
        self.client = self.welcome = None
        self.field.error = line
        self.field.enabled = self.join_button.enabled = self.paste_button.enabled = True
        self.group.focus(self.field)  # the code to put right is where the typing goes

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if self.role != "join":
            return
        u = unit(size)
        gap = u // 3
        big = self.boxes["big"]
        button_w = int(u * 3.2)
        field = pygame.Rect(big.x, big.y + (big.h - u) // 2, big.w - 2 * (button_w + gap), u)
        paste = pygame.Rect(field.right + gap, field.y, button_w, u)
        join = pygame.Rect(paste.right + gap, field.y, button_w, u)
        if self.rtl:  # the field at the reading start, Join at its end
            field.right = big.right
            paste.right = field.x - gap
            join.x = big.x
        self.field.layout(field)
        self.paste_button.layout(paste)
        self.join_button.layout(join)

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        u = unit(self.size)
        self.blit_text(surface, t(f"net.{self.role}.about"), int(u * 0.4), self.boxes["about"], colour=ui.INK_DIM,
                       align="centre")
        if self.role == "host" and self.address is not None:
            box = self.boxes["big"]
            surface.blit(ui.rounded_rect(box.size, max(4, box.h // 5), (0, 0, 0, 90), None,
                                         ui.SECONDARY_EDGE, ui.hairline(u)), box.topleft)
            code = self.app.text.render(self.address.code, int(box.h * 0.45), ui.GOLD_TOP, True, rtl=False)
            surface.blit(code, code.get_rect(center=box.center))
            self._plain_line(surface, self.boxes["figures"], int(u * 0.4))
        status = self._status()
        if status:
            self.blit_text(surface, status, int(u * 0.5), self.boxes["status"], align="centre")
        if self.problem:
            self.blit_text(surface, self.problem, int(u * 0.38), self.boxes["problem"], colour=ui.ERROR,
                           align="centre")

    def _plain_line(self, surface: pygame.Surface, box: pygame.Rect, px: int) -> None:
        """"or, as address:port:room: 192.168.1.20:47474:K7QXM", the two parts in reading order,
        the address left to right in every language (in one Arabic line the bidi rules would
        move its room before its numbers)."""
        label = self.app.text.render(self.app.t("net.host.plain"), px, ui.INK_DIM)
        plain = self.app.text.render(self.address.plain if self.address else "", px, ui.INK, rtl=False)
        gap = px // 2
        first, second = (plain, label) if self.rtl else (label, plain)
        x = box.centerx - (first.get_width() + gap + second.get_width()) // 2
        surface.blit(first, first.get_rect(midleft=(x, box.centery)))
        surface.blit(second, second.get_rect(midleft=(x + first.get_width() + gap, box.centery)))

    def spoken_texts(self) -> list[str]:
        """Issue 36: what to do, the host's duel code letter by letter, and where it stands."""
        texts = [self.app.t(f"net.{self.role}.about")]
        if self.role == "host" and self.address is not None:
            texts += [" ".join(self.address.code), self.app.t("net.host.plain") + " " + self.address.plain]
        return texts + [self._status(), self.problem]

    def _status(self) -> str:
        t = self.app.t
        if self.client is None:
            return ""
        if self.welcome is None:
            return t("net.join.connecting", address=self.url.removeprefix("ws://"))
        if self.role == "host":
            return t("net.host.waiting") if self.address is not None else ""
        return t("net.join.joining")
