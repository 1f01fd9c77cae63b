"""New duel -> Online (issue 25): find an opponent (the server's queue) or play a friend (a room
code to give, or a friend's code to type), and the wait before the race.

The wait screen shows the time waited and how many players are online, a room's code large with
Copy, and Cancel; after ``RECORDED_AFTER`` seconds in the queue it offers a recorded run (a real
player's earlier race, labelled "recorded") when the server says it has one this player has not
raced (``Queued.recorded``); should it be gone by the time it is asked for, the player keeps
their place in the queue and is told so. The room field's grey hint is words, not a code. A failure (the server unreachable, a refused version
or hello, a wrong room code) is one line under it, with Back. The client never blocks a frame:
the scene polls it once a frame and hands the race over (``online_race``) once matched.

A connection lost while waiting (the server process stopped or restarted, the network dropped) is
made again by ``net.online_wait.WaitingPlace`` within the comeback window races use: one line
says so, counting the window down, and the player is back in the queue with the wait kept, or in
their room under the same code; past the window, one line says the place is lost, with Back.
"""

from __future__ import annotations

import math
import string
import time
from typing import TYPE_CHECKING, Any

import pygame
from msgspec.structs import replace

from solitaire.app import clipboard, ui
from solitaire.app.scene import App
from solitaire.net.online_messages import Matched, Queued, Refused, RoomMade, Welcome
from solitaire.play import spoken
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.menus.game_code import CodeField
from solitaire.scenes.online_common import connect, failure_line, is_failure, server_address

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient
    from solitaire.net.online_wait import WaitingPlace

MODES = ("find", "room", "join")
ROOM_CHARS = frozenset(string.ascii_letters + string.digits)
RECORDED_AFTER = 20.0  # seconds in the queue before a recorded run is offered (issue 25)
POLL_EVERY = 0.05  # seconds between polls while nothing on screen moves


class OnlineLobbyScene(DialogScene):
    close_on_outside_click = False  # a stray click must not drop the player's place in the queue

    def __init__(self, app: App, mode: str = "find", url: str | None = None, room: str = "",
                 player: str | None = None, on_matched: Any = None, autoplay: str | None = None,
                 **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.mode = mode if mode in MODES else "find"
        self.url = url or server_address(app)
        self.on_matched = on_matched or self._race
        self.autoplay = autoplay  # --autoplay STRENGTH: the computer plays our side of the race
        self.title = t(f"online.{self.mode}.title")
        self.clock = time.monotonic
        self.since = self.clock()
        self.welcome: Welcome | None = None
        self.queued: Queued | None = None
        self.queued_at = 0.0
        self.room = ""
        self.problem = ""
        self.handed_over = False
        # the grey hint is words, never a code-like text a player could take for a real code
        self.field = self.group.add(CodeField(self.join, placeholder=t("online.room.placeholder"), allowed=ROOM_CHARS,
                                              max_length=12))
        self.field.visible = self.mode == "join"
        self.join_button = self.group.add(ui.Button(t("net.join.join"), lambda: self.join(self.field.value),
                                                    primary=True, visible=self.mode == "join"))
        self.copy_button = self.group.add(ui.Button(t("online.copy"), self.copy, visible=False))
        self.recorded_button = self.group.add(ui.Button(t("online.recorded.offer"), self.race_recorded,
                                                        visible=False))
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.rows = [[self.field, self.join_button], [self.copy_button, self.recorded_button, self.cancel_button]]
        self.boxes: dict[str, pygame.Rect] = {}
        self.typed = room
        self.place: WaitingPlace | None = None
        self.client = self.connect(player)

    @property
    def client(self) -> OnlineClient | None:
        """The connection now (a comeback while waiting replaces it: ``place``)."""
        return self.place.client if self.place is not None else None

    @client.setter
    def client(self, client: OnlineClient | None) -> None:
        from solitaire.net.online_wait import WaitingPlace  # websockets' client: loaded with the client, not at start-up

        self.place = WaitingPlace(client, self.mode) if client is not None else None

    def connect(self, player: str | None) -> OnlineClient | None:
        """The client of the server, connecting in the background (None: not yet)."""
        return connect(self.app, self.url, player)

    # -- what the player does -------------------------------------------------------------------
    def join(self, code: str) -> None:
        if self.client is None or self.welcome is None or not code.strip():
            self.field.error = self.app.t("online.room.empty") if not code.strip() else ""
            return
        self.field.error = ""
        assert self.place is not None
        self.place.join_room(code)
        self.field.enabled = self.join_button.enabled = False

    def copy(self) -> None:
        """The room code on the clipboard; the button says whether it got there."""
        ok = clipboard.copy(self.room)
        self.copy_button.label = self.app.t("online.copied" if ok else "online.no_clipboard")

    def race_recorded(self) -> None:
        if self.place is not None:
            self.place.race_recorded()
            self.recorded_button.enabled = False

    # -- polling --------------------------------------------------------------------------------
    @property
    def waited(self) -> float:
        """Seconds waited: the server's figure, counted on between its reports."""
        if self.queued is None:
            return self.clock() - self.since
        return self.queued.waited + self.clock() - self.queued_at

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll()

    def covered_update(self, dt: float) -> None:
        """Heard under a notice too: a match is never kept waiting (issue 23); the race then
        takes this screen's place under the notice."""
        self._poll()

    def _poll(self) -> None:
        if self.place is None or self.handed_over:
            return
        for message in self.place.poll():
            self.hear(message)
            if self.handed_over or self.place is None:
                return
        offer = (self.mode == "find" and self.queued is not None and self.queued.recorded
                 and self.waited >= RECORDED_AFTER)
        if offer != self.recorded_button.visible:
            self.recorded_button.visible = offer
            if offer and self.problem == self.app.t("online.recorded.none"):
                self.problem = ""  # a run is there again: the line that said none goes
            self.layout(self.size)

    def hear(self, message: Any) -> None:
        from solitaire.net.online_wait import PlaceLost  # loaded with the client already: a look-up

        if isinstance(message, Welcome):
            first = self.welcome is None
            self.welcome = message
            if first:
                self._ask()
        elif isinstance(message, Queued):
            self.queued, self.queued_at = message, self.clock()
        elif isinstance(message, RoomMade):
            self.room = message.code
            self.copy_button.visible = True
            self.layout(self.size)
            self.app.speech.say(spoken.joined(self.spoken_texts()))  # issue 36: the room to give
        elif isinstance(message, Matched):
            self.handed_over = True
            self.on_matched(self.client, message)
        elif isinstance(message, PlaceLost):
            self._failed(self.app.t("online.place_lost", seconds=round(message.seconds)))
        elif isinstance(message, Refused) and message.reason in ("no_room", "throttled") and self.mode == "join":
            self.field.error = failure_line(self.app, message, self.url)
            self.field.enabled = self.join_button.enabled = True
            self.group.focus(self.field)  # the code to put right is where the typing goes
        elif isinstance(message, Refused) and message.reason == "no_recorded" and self.mode == "find":
            self.problem = self.app.t("online.recorded.none")  # the server kept our place in the queue
            self.queued = replace(self.queued, recorded=False) if self.queued is not None else None
            self.recorded_button.enabled = True
        elif is_failure(message):
            self._failed(failure_line(self.app, message, self.url))

    def _ask(self) -> None:
        """Admitted: join the queue, make the room, or join the code given on the command line."""
        assert self.place is not None
        if self.mode == "find":
            self.place.find()
        elif self.mode == "room":
            self.place.make_room()
        elif self.typed:
            self.field.set_value(self.typed)
            self.join(self.typed)

    def _failed(self, line: str) -> None:
        self.problem = line
        self.app.speech.say(line)
        if self.client is not None:
            self.client.close()
        self.client = None
        self.cancel_button.label = self.app.t("online.back")
        self.field.visible = self.join_button.visible = self.copy_button.visible = False
        self.recorded_button.visible = False
        self.layout(self.size)

    def _race(self, client: OnlineClient, matched: Matched) -> None:
        self.app.stack.swap(self, self.app.make("online_race", client=client, matched=matched,
                                                autoplay=self.autoplay))

    def next_wake(self) -> float | None:
        return POLL_EVERY if self.client is not None and not self.handed_over else None

    covered_wake = next_wake

    def exit(self) -> None:
        super().exit()
        if self.place is not None and not self.handed_over:
            self.place.leave()

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        w = min(int(size[0] * 0.88), int(u * 17))
        rows = {"about": 0.6, "big": 1.6, "figures": 0.7, "status": 0.8, "problem": 1.0}
        h = self.title_height(u) + int(u * (sum(rows.values()) + 3.0)) + len(rows) * gap
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + gap
        for name, height in rows.items():
            self.boxes[name] = pygame.Rect(inner.x, y, inner.w, int(u * height))
            y += int(u * height) + gap
        big = self.boxes["big"]
        if self.mode == "join":
            button_w = int(u * 3.2)
            field = pygame.Rect(inner.x, big.y + (big.h - u) // 2, inner.w - button_w - gap, u)
            button = pygame.Rect(inner.right - button_w, field.y, button_w, u)
            if self.rtl:
                field.right, button.left = inner.right, inner.x
            self.field.layout(field)
            self.join_button.layout(button)
        buttons = [self.copy_button, self.recorded_button, self.cancel_button]
        bw = min(int(u * 4.6), (inner.w - u) // 3)
        place_row(buttons, panel.centerx, panel.bottom - int(u * 0.6) - u, bw, u, u // 2, self.rtl)

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        u = unit(self.size)
        about = t(f"online.{self.mode}.about") if not self.room else t("online.room.give")
        self.blit_text(surface, about, int(u * 0.4), self.boxes["about"], colour=ui.INK_DIM, align="centre")
        if self.room:
            box = self.boxes["big"]
            surface.blit(ui.rounded_rect(box.size, max(4, box.h // 5), (0, 0, 0, 90), None,
                                         ui.SECONDARY_EDGE, ui.hairline(u)), box.topleft)
            code = self.app.text.render(self.room, int(box.h * 0.6), ui.GOLD_TOP, True, rtl=False)
            surface.blit(code, code.get_rect(center=box.center))
        if self.client is not None and self.welcome is not None:
            figures = t("online.figures", waited=minutes(self.waited), online=self.online)
            self.blit_text(surface, figures, int(u * 0.42), self.boxes["figures"], align="centre")
            self.blit_text(surface, self.status_line(), int(u * 0.5), self.boxes["status"], align="centre")
        elif self.client is not None:
            self.blit_text(surface, t("online.connecting", url=self.url), int(u * 0.45), self.boxes["status"],
                           align="centre")
        if self.problem:
            self.blit_text(surface, self.problem, int(u * 0.38), self.boxes["problem"], colour=ui.ERROR,
                           align="centre")

    def spoken_texts(self) -> list[str]:
        """Issue 36: what to do, a room's code letter by letter, how the wait stands, a problem."""
        t = self.app.t
        texts = [t(f"online.{self.mode}.about") if not self.room else t("online.room.give")]
        if self.room:
            texts.append(" ".join(self.room))
        if self.client is not None and self.welcome is not None:
            texts.append(self.status_line())
        return texts + [self.problem]

    def status_line(self) -> str:
        """What the wait is at: waiting, or the connection being made again (the seconds left)."""
        until = self.place.until if self.place is not None else None
        if until is None:
            return self.app.t(f"online.{self.mode}.waiting")
        return self.app.t("online.rejoining", seconds=max(0, math.ceil(until - self.place.clock())))

    @property
    def online(self) -> int:
        if self.queued is not None:
            return self.queued.online
        return self.welcome.online if self.welcome is not None else 0


def minutes(seconds: float) -> str:
    """'1:07' — a wait, in whole seconds."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
