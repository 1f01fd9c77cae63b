"""Host or join a network duel (issue 15): the waiting screens before the 3-2-1 count.

Host: the game listens (the port in Settings, 47474 by default, or the next free one) and shows
the duel code — and the plain address:port:secret for those who prefer it — with "Waiting for an
opponent…" and Copy (the system clipboard); whatever the door turns away is said in a line under
it, and the wait goes on. Join: paste the code (Ctrl+V or Paste) or type it; a code that cannot
be read is refused in one line under the field before anything is sent. Either way, once the
other side is there and the clocks are agreed, the duel starts (``on_start`` gets the
NetworkRival). Escape or Cancel closes the port and the connection.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app import clipboard, ui
from solitaire.app.scene import App
from solitaire.core import GameCode
from solitaire.core.codes import DEAL_LIMIT
from solitaire.core.rules import REGISTRY, ruleset
from solitaire.net.code import DEFAULT_PORT, BadDuelCode, DuelAddress, parse_address
from solitaire.net.host import Notice, PortBusy, lan_address
from solitaire.net.messages import player_name
from solitaire.net.rival import NetworkRival
from solitaire.scenes.menus.confirm import DialogScene, centred, unit
from solitaire.scenes.menus.game_code import CodeField
from solitaire.scenes.menus.settings import system_name

ADDRESS_CHARS = frozenset(string.ascii_letters + string.digits + "-.: ")
POLL_EVERY = 0.03  # seconds between polls while nothing on screen moves


def my_name(app: App) -> str:
    """The name in Settings, else the system's user name."""
    return player_name(app.settings.player_name or system_name(), app.t("net.player"))


def random_duel_code() -> GameCode:
    """A random deal of the game raced in duels (the one whose level file has a [duel] table)."""
    rules = next(REGISTRY.get(game) for game in REGISTRY.ids() if REGISTRY.get(game).extra.get("duel"))
    return GameCode(rules.id, rules.draws[0], rules.scorings[0], random.randrange(DEAL_LIMIT))


def start_duel(app: App, rival: NetworkRival, **extra: Any) -> None:
    """The duel itself, once the other player is there (the host's deal and race length), in
    the place of the waiting screen that found it (which calls this): a notice over that screen
    stays, over the duel."""
    lobby = next(scene for scene in app.stack.scenes if isinstance(scene, NetLobbyScene) and scene.rival is rival)
    app.stack.swap(lobby, app.make("duel", rival=rival, code=rival.code, seconds=rival.seconds,
                                   opponent="network", **extra))


def told(app: App, notice: Notice) -> str:
    return app.t(notice.key, **notice.params)


class NetLobbyScene(DialogScene):
    close_on_outside_click = False  # a stray click must not close the port under a joiner

    def __init__(self, app: App, role: str = "host", on_start: Callable[[NetworkRival], Any] | None = None,
                 on_listening: Callable[[DuelAddress], Any] | None = None,
                 code: GameCode | None = None, seconds: int | None = None, bind: str = "0.0.0.0",
                 address: str | None = None, port: int | None = None, typed: str = "", **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.role = role
        self.on_start = on_start or (lambda rival: start_duel(app, rival))
        self.on_listening = on_listening
        self.rival: NetworkRival | None = None
        self.handed_over = False
        self.status = ""
        self.problem = ""
        self.title = t(f"net.{role}.title")
        self.field = self.group.add(CodeField(self.join, placeholder=t("net.join.placeholder"),
                                              allowed=ADDRESS_CHARS, max_length=40))
        self.field.visible = role == "join"
        self.paste_button = self.group.add(ui.Button(t("net.join.paste"), self.paste, visible=role == "join"))
        self.join_button = self.group.add(ui.Button(t("net.join.join"), lambda: self.join(self.field.value),
                                                    primary=True, visible=role == "join"))
        self.copy_button = self.group.add(ui.Button(t("game_code.copy"), self.copy, visible=False))
        self.copied = ""  # what Copy did, said under the code
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.rows = [[self.field, self.paste_button, self.join_button]]
        self.boxes: dict[str, pygame.Rect] = {}
        if role == "host":
            self._host(code or random_duel_code(), seconds, bind, address, port)
        elif typed:
            self.field.set_value(typed)
            self.join(typed)

    # -- the two roles --------------------------------------------------------------------------

    def _host(self, code: GameCode, seconds: int | None, bind: str, address: str | None, port: int | None) -> None:
        """Listen on ``port`` (the one in Settings by default; a port set there or given is the
        one used, 47474 moves on to the next free one), for a race of ``seconds`` (the Duel's
        own length by default)."""
        port = self.app.settings.duel_port if port is None else port
        seconds = seconds or int(ruleset(code.game).extra["duel"]["seconds"])
        try:
            self.rival = NetworkRival.host(my_name(self.app), code, address=address or lan_address(),
                                           seconds=seconds, port=port, exact_port=port != DEFAULT_PORT, bind=bind)
        except OSError as error:  # the port taken (PortBusy) or no network to listen on
            key = "net.port_busy" if isinstance(error, PortBusy) else "net.cannot_listen"
            self.problem = self.app.t(key, port=port, error=str(error))
            return
        self.status = self.app.t("net.host.waiting")
        self.copy_button.visible = True
        if self.on_listening is not None:
            self.on_listening(self.rival.address)

    def copy(self) -> None:
        """The duel code onto the clipboard, to send it to the other player."""
        copied = self.rival is not None and clipboard.copy(self.rival.address.code)
        self.copied = self.app.t("game_code.copied" if copied else "game_code.copy_failed")

    def paste(self) -> None:
        """The clipboard's text in the field, in place of what was there (a code is pasted whole)."""
        text = clipboard.paste().strip()
        if not text:
            self.field.error = self.app.t("net.join.nothing_to_paste")
            return
        self.field.set_value(text)
        self.group.focus(self.field)

    def join(self, text: str) -> None:
        if self.rival is not None:
            return
        try:
            address = parse_address(text)
        except BadDuelCode as error:
            self.field.error = self.app.t(error.key, **error.params)
            return
        self.rival = NetworkRival.join(address, my_name(self.app))
        self.status = self.app.t("net.join.connecting", address=f"{address.host}:{address.port}")
        self.field.enabled = self.join_button.enabled = self.paste_button.enabled = False

    # -- polling --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll()

    def covered_update(self, dt: float) -> None:
        """The line is read under a notice too: a joiner is never kept waiting (issue 23)."""
        self._poll()

    def _poll(self) -> None:
        if self.rival is None or self.handed_over:
            return
        lobby = self.rival.lobby()
        if lobby.notices:
            self.problem = told(self.app, lobby.notices[-1])
        if lobby.state == "failed":
            self._failed(told(self.app, lobby.failure))
        elif lobby.peer:
            self.status = self.app.t("net.joined", name=lobby.peer)
            if lobby.state == "started":
                self.handed_over = True
                self.on_start(self.rival)

    def _failed(self, line: str) -> None:
        """A join that failed: say why under the field, and let the player try again."""
        self.rival.close()
        self.rival = None
        self.status = ""
        self.field.enabled = self.join_button.enabled = self.paste_button.enabled = True
        self.field.error = line

    def next_wake(self) -> float | None:
        return POLL_EVERY if self.rival is not None and not self.handed_over else None

    covered_wake = next_wake

    def exit(self) -> None:
        super().exit()
        if self.rival is not None and not self.handed_over:
            self.rival.close()  # Esc, Cancel or leaving: the port and the connection close

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        w = min(int(size[0] * 0.88), int(u * 17))
        rows = {"about": 0.6, "code": 1.3, "copied": 0.5, "plain_label": 0.55, "plain": 0.6} \
            if self.role == "host" else {"about": 0.6, "field": 1.0, "field_error": 1.45}
        rows |= {"status": 0.8, "problem": 1.0}
        h = self.title_height(u) + gap + sum(int(u * k) + gap // 2 for k in rows.values()) + int(u * 1.9)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + gap
        for name, height in rows.items():
            self.boxes[name] = pygame.Rect(inner.x, y, inner.w, int(u * height))
            y += int(u * height) + (gap // 2 if name != "about" else 0)
        button_w = int(u * 3.2)
        if self.role == "join":
            field = pygame.Rect(inner.x, self.boxes["field"].y, inner.w - 2 * (button_w + gap), u)
            paste = pygame.Rect(field.right + gap, field.y, button_w, u)
            join = pygame.Rect(paste.right + gap, field.y, button_w, u)
            if self.rtl:  # the field at the reading start, Join at its end
                field.right = inner.right
                paste.right = field.x - gap
                join.x = inner.x
            self.field.layout(field)
            self.paste_button.layout(paste)
            self.join_button.layout(join)
        else:
            code = self.boxes["code"]
            code.w -= button_w + gap
            copy = pygame.Rect(code.right + gap, code.y + (code.h - u) // 2, button_w, u)
            if self.rtl:
                code.x, copy.x = inner.right - code.w, inner.x
            self.copy_button.layout(copy)
        cw = int(u * 3.4)
        self.cancel_button.layout((panel.centerx - cw // 2, panel.bottom - u - int(u * 0.5), cw, u))

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        u = unit(self.size)
        self.blit_text(surface, t(f"net.{self.role}.about"), int(u * 0.4), self.boxes["about"], colour=ui.INK_DIM)
        if self.role == "host" and self.rival is not None:
            address = self.rival.address
            box = self.boxes["code"]
            surface.blit(ui.rounded_rect(box.size, max(4, box.h // 5), (0, 0, 0, 90), None,
                                         ui.SECONDARY_EDGE, ui.hairline(u)), box.topleft)
            self.blit_text(surface, address.code, int(box.h * 0.55), box.inflate(-u // 2, 0),
                           colour=ui.GOLD_TOP, bold=True, align="centre")
            self.blit_text(surface, t("net.host.plain"), int(u * 0.36), self.boxes["plain_label"],
                           colour=ui.INK_DIM, align="centre")
            # left to right in every language: in an Arabic line the bidi rules would move the
            # secret before the address (the numbers' run and the letters' run swap places)
            plain = self.app.text.render(address.plain, int(u * 0.42), ui.INK, rtl=False)
            surface.blit(plain, plain.get_rect(center=self.boxes["plain"].center))
            if self.copied:
                self.blit_text(surface, self.copied, int(u * 0.36), self.boxes["copied"], colour=ui.INK_DIM,
                               align="centre")
        if self.status:
            self.blit_text(surface, self.status, int(u * 0.5), self.boxes["status"], align="centre")
        if self.problem:
            self._lines(surface, self.problem, int(u * 0.36), self.boxes["problem"])

    def _lines(self, surface: pygame.Surface, text: str, px: int, box: pygame.Rect) -> None:
        """A message of up to two lines, centred in ``box`` (a notice can be long)."""
        lines = self.app.text.wrap(text, px, box.w)[:2]
        step = box.h // 2
        for i, line in enumerate(lines):
            row = pygame.Rect(box.x, box.y + i * step + (step // 2 if len(lines) == 1 else 0), box.w, step)
            self.blit_text(surface, line, px, row, colour=ui.ERROR, align="centre")
