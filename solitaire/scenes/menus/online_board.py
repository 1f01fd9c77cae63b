"""Statistics -> Online (issue 25): the server's leaderboard, the top 100 and your own place.

It opens as Statistics' last tab (the same row of tabs: another one goes back to Statistics).
It asks the server (``OnlineClient.leaderboard``) and draws what comes back; until then it says
it is asking, and a server that cannot be reached is one line, as on the wait screen. The rows
scroll with the wheel and the arrow keys, a scroll bar beside them showing where. The client
never blocks a frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.net.online_messages import Board, Welcome
from solitaire.scenes.menus.confirm import DialogScene, place_row, unit
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.statistics_tabs import (ONLINE_TAB, draw_table_row, lay_out_tabbed_panel, open_tab,
                                                    statistics_tabs)
from solitaire.scenes.online_common import connect, failure_line, is_failure, server_address, tier_name

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient

POLL_EVERY = 0.05


class OnlineBoardScene(DialogScene):
    def __init__(self, app: App, url: str | None = None, play: PlayTable | None = None, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.title = t("statistics.title")
        self.play = play  # the game on the table below, handed on to the other tabs
        self.url = url or server_address(app)
        self.tabs = self.group.add(ui.SegmentedChoice(statistics_tabs(app), ONLINE_TAB, self._tab))
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close, primary=True))
        self.rows = [[self.close_button]]
        self.client: OnlineClient | None = connect(app, self.url)
        self.board: Board | None = None
        self.problem = ""
        self.first = 0  # the first row shown (scrolling)
        self.shown = 1
        self.boxes: dict[str, pygame.Rect] = {}

    def _tab(self, tab: str) -> None:
        if tab != ONLINE_TAB:
            open_tab(self.app, tab, self.play)

    # -- the server -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.client is None:
            return
        for message in self.client.poll():
            if isinstance(message, Welcome):
                self.client.leaderboard()
            elif isinstance(message, Board):
                self.board = message
                self._hang_up()
                return
            elif is_failure(message):
                self.problem = self.app.t("online.board.offline", line=failure_line(self.app, message, self.url))
                self._hang_up()
                return

    def _hang_up(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client = None

    def next_wake(self) -> float | None:
        return POLL_EVERY if self.client is not None else None

    def exit(self) -> None:
        super().exit()
        self._hang_up()

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.shown, pygame.K_PAGEUP: -self.shown}
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN and event.key in step:
            self.scroll(step[event.key])

    def scroll(self, rows: int) -> None:
        count = len(self.board.top) if self.board is not None else 0
        self.first = max(0, min(count - self.shown, self.first + rows))

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        panel, inner, y = lay_out_tabbed_panel(self, self.tabs, size)
        buttons_y = panel.bottom - int(u * 0.5) - u
        place_row(self.rows[0], panel.centerx, buttons_y, int(u * 3.6), u, u // 2, self.rtl)
        self.row_h = int(u * 0.62)
        self.boxes["you"] = pygame.Rect(inner.x, buttons_y - gap - self.row_h, inner.w, self.row_h)
        self.boxes["head"] = pygame.Rect(inner.x, y, inner.w, self.row_h)
        self.boxes["rows"] = pygame.Rect(inner.x, y + self.row_h, inner.w,
                                         self.boxes["you"].y - gap - y - self.row_h)
        self.shown = max(1, self.boxes["rows"].h // self.row_h)
        self.scroll(0)

    def scroll_thumb(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar beside the rows (at their end: right, left in Arabic), its track and
        its thumb, when the board holds more rows than are shown; None when all are shown. The
        top 100 showed 14 rows with no sign of the other 86."""
        count = len(self.board.top) if self.board is not None else 0
        if count <= self.shown:
            return None
        rows, u = self.boxes["rows"], unit(self.size)
        width = max(3, u // 8)
        x = rows.x - u // 4 - width if self.rtl else rows.right + u // 4
        track = pygame.Rect(x, rows.y, width, self.shown * self.row_h)
        height = max(width * 2, track.h * self.shown // count)
        travel = (track.h - height) * self.first // (count - self.shown)  # the last row: at the foot
        return track, pygame.Rect(x, track.y + travel, width, height)

    def line(self, entry: dict[str, Any]) -> list[str]:
        """A board's row; a provisional rating (DU-10: only yours, the board lists established
        players) has no place and reads "1000?"."""
        number = str(entry.get("number", ""))
        if entry.get("provisional"):
            number = self.app.t("online.board.provisional_number", number=number)
        return [str(entry.get("place") or "—"), str(entry.get("name", "")),
                tier_name(self.app, str(entry.get("tier", ""))), number, str(entry.get("duels", ""))]

    def _row(self, surface: pygame.Surface, row: pygame.Rect, cells: list[str], colour: ui.Colour,
             bold: bool = False) -> None:
        """Place, name, tier, rating, duels: in reading order (mirrored in Arabic)."""
        draw_table_row(self, surface, row, (0.1, 0.42, 0.18, 0.15, 0.15), cells, colour, bold)

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        u = unit(self.size)
        rows = self.boxes["rows"]
        if self.board is None:
            line = self.problem or t("online.connecting", url=self.url)
            self.blit_text(surface, line, int(u * 0.4), rows.inflate(0, -rows.h + u * 2),
                           colour=ui.ERROR if self.problem else ui.INK_DIM, align="centre")
            return
        heads = [t(f"online.board.{key}") for key in ("place", "name", "tier", "rating", "duels")]
        self._row(surface, self.boxes["head"], heads, ui.GOLD, bold=True)
        if not self.board.top:
            self.blit_text(surface, t("online.board.empty"), int(u * 0.4), rows.inflate(0, -rows.h + u * 2),
                           colour=ui.INK_DIM, align="centre")
        mine = self.board.you.get("name")
        for i, entry in enumerate(self.board.top[self.first:self.first + self.shown]):
            row = pygame.Rect(rows.x, rows.y + i * self.row_h, rows.w, self.row_h)
            if (self.first + i) % 2:
                surface.blit(ui.rounded_rect(row.size, 4, (255, 255, 255, 10)), row.topleft)
            you = entry.get("name") == mine
            self._row(surface, row, self.line(entry), ui.GOLD_TOP if you else ui.INK, bold=you)
        bar = self.scroll_thumb()
        if bar is not None:
            track, thumb = bar
            surface.blit(ui.rounded_rect(track.size, track.w // 2, (255, 255, 255, 25)), track.topleft)
            surface.blit(ui.rounded_rect(thumb.size, thumb.w // 2, ui.INK_DIM), thumb.topleft)
        you_box = self.boxes["you"]
        surface.blit(ui.rounded_rect(you_box.size, 4, (0, 0, 0, 90), None, ui.SECONDARY_EDGE, ui.hairline(u)),
                     you_box.topleft)
        you = "online.board.you_provisional" if self.board.you.get("provisional") else "online.board.you"
        self._row(surface, you_box, self.line({**self.board.you, "name": t(you, name=mine or "")}), ui.GOLD_TOP, True)
