"""Statistics -> Daily (DD-3 … DD-5): the streak calendar, the current and best streaks, your
best game of today's deal in the chosen daily mode, and that deal's board on the duel server.

The calendar and the streaks are the store's (the local daily leaderboard), so they show offline.
The server is asked in the background (``net.online``, never blocking a frame): on arrival, the
best games of the days the server still takes (today and yesterday, ``store.daily.LOG_DAYS``) are
sent as their moves, which the server replays and scores itself (DD-5), then the chosen mode's
board of today is asked for, and the connection closed once it has come (another mode asks on a
new one). A server that cannot be reached is one calm line where the board goes (the player did
nothing wrong: the calendar and streaks are still here); with no server ever set up in Settings
the page asks none, and shows no board (issue 33).
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core.daily import daily_key, daily_modes, utc_today
from solitaire.net.online_messages import DailyBoard, DailyScore, Refused, Welcome
from solitaire.scenes.daily_send import send_days
from solitaire.scenes.menus.confirm import DialogScene, place_row, unit
from solitaire.scenes.menus.daily_calendar import PLAYED, TODAY, WON, DayPicker, draw_calendar, first_weekday, month_cells
from solitaire.scenes.menus.daily_day import daily_mode_name, long_date, result_line
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.statistics import NONE
from solitaire.scenes.menus.statistics_tabs import (DAILY_TAB, draw_table_row, lay_out_tabbed_panel, open_tab,
                                                    statistics_tabs)
from solitaire.scenes.online_common import connect, failure_line, is_failure
from solitaire.store.daily import DailyResult, check_day

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient

POLL_EVERY = 0.05
WON_MARK = "✓"
SENT_ANSWERS = ("daily_moves", "daily_order", "daily_day", "daily_mode", "throttled")  # a game sent, refused


class DailyStatsScene(DialogScene):
    def __init__(self, app: App, url: str | None = None, today: date | None = None, play: PlayTable | None = None,
                 **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.title = t("statistics.title")
        self.today = today or utc_today()
        self.play = play  # the game on the table below, which a day's deal replaces (DD-6)
        self.month = (self.today.year, self.today.month)
        self.cursor = self.today  # the calendar's day under the keyboard
        self.first_weekday = first_weekday()
        self.url = url or app.settings.online_server  # "": no server was ever set up
        self.mode = daily_modes()[0]
        self.tabs = self.group.add(ui.SegmentedChoice(statistics_tabs(app), DAILY_TAB, self._tab))
        self.modes = self.group.add(ui.SegmentedChoice(
            [(mode, daily_mode_name(app, *mode)) for mode in daily_modes()], self.mode, self._set_mode))
        self.picker = self.group.add(DayPicker(self.day_at, self.step, self.open_day, self.cursor_box))
        self.previous = self.group.add(ui.Button(t("daily.previous"), lambda: self.turn(-1)))
        self.next = self.group.add(ui.Button(t("daily.next"), lambda: self.turn(1)))
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close, primary=True))
        self.rows = [[self.previous, self.next], [self.close_button]]
        self.client: OnlineClient | None = connect(app, self.url) if self.url else None
        self.board: DailyBoard | None = None
        self.sent = False  # the days' best games have gone to the server
        self.problem = ""
        self.boxes: dict[str, pygame.Rect] = {}

    # -- model ------------------------------------------------------------------------------
    def results(self) -> dict[str, dict[str, DailyResult]]:
        store = self.app.services.store
        return store.daily_results() if store is not None else {}

    def streaks(self) -> tuple[int, int]:
        store = self.app.services.store
        if store is None:
            return 0, 0
        found = store.daily_streaks(self.today)
        return found.current, found.best

    def turn(self, months: int) -> None:
        """Show the month before (-1) or after (+1); never past the current one. The day under
        the keyboard keeps its number in the month shown (its last day at most, today at most)."""
        year, month = divmod(self.month[0] * 12 + self.month[1] - 1 + months, 12)
        if (year, month + 1) <= (self.today.year, self.today.month):
            self.month = (year, month + 1)
            length = calendar.monthrange(*self.month)[1]
            self.cursor = min(self.today, date(*self.month, min(self.cursor.day, length)))
        self.next.enabled = self.month < (self.today.year, self.today.month)

    def step(self, days: int) -> None:
        """Move the day under the keyboard (never past today); the month follows it."""
        self.cursor = min(self.today, self.cursor + timedelta(days))
        self.month = (self.cursor.year, self.cursor.month)
        self.turn(0)

    def day_at(self, pos: tuple[int, int]) -> date | None:
        """The day of the month shown at ``pos`` on the calendar, if any."""
        _, days = month_cells(*self.month, self.boxes["calendar"], self.rtl, self.first_weekday)
        return next((day for day, cell in days if cell.collidepoint(pos)), None)

    def cursor_box(self) -> pygame.Rect | None:
        """Where the day under the keyboard is drawn (the picker's focus ring)."""
        _, days = month_cells(*self.month, self.boxes["calendar"], self.rtl, self.first_weekday)
        return dict(days).get(self.cursor)

    def open_day(self, day: date | None) -> None:
        """Open ``day`` (None: the day under the keyboard): its deals, your games and a way to
        play them (DD-6). A day to come has nothing to open."""
        day = day or self.cursor
        if day > self.today:
            return
        self.cursor = day
        self.app.open("daily_day", day=day, today=self.today, play=self.play)

    def _tab(self, tab: str) -> None:
        if tab != DAILY_TAB:
            open_tab(self.app, tab, self.play)

    def _set_mode(self, mode: tuple[str, int]) -> None:
        """Another mode's board: asked on the open connection, else on a new one."""
        self.mode = mode
        self.modes.value = mode
        self.board = None
        self.problem = ""
        if self.client is not None:
            self._ask_board()
        elif self.url:
            self.client = connect(self.app, self.url)

    # -- the server -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.client is None:
            return
        for message in self.client.poll():
            if isinstance(message, Welcome):
                if not self.sent:  # DD-5: the days' best games, before the board that ranks them
                    send_days(self.client, self.results(), self.today)
                    self.sent = True
                self._ask_board()
            elif isinstance(message, DailyBoard):
                if (message.game, message.draw) == self.mode:
                    self.board = message  # the server answers in order: every game sent is judged
                    self._hang_up()
                    return
            elif isinstance(message, DailyScore) or (isinstance(message, Refused)
                                                    and message.reason in SENT_ANSWERS):
                continue  # a game sent, judged (or not taken: another version's pool)
            elif is_failure(message):
                self.problem = (self.app.t("daily.board.offline", line=failure_line(self.app, message, self.url))
                                if isinstance(message, Refused) else self.app.t("daily.board.away"))
                self._hang_up()
                return

    def _ask_board(self) -> None:
        assert self.client is not None
        self.client.daily_board(*self.mode, self.today.isoformat())

    def _hang_up(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client = None

    def next_wake(self) -> float | None:
        return POLL_EVERY if self.client is not None else super().next_wake()

    def exit(self) -> None:
        super().exit()
        self._hang_up()

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        panel, inner, y = lay_out_tabbed_panel(self, self.tabs, size)
        self.modes.layout((inner.x, y, inner.w, self.tabs.rect.h))  # its labels the size of the tabs' (issue 33)
        y += self.tabs.rect.h + gap
        buttons_y = panel.bottom - int(u * 0.5) - u
        place_row([self.close_button], panel.centerx, buttons_y, int(u * 3.6), u, u // 2, self.rtl)
        left_w = int(inner.w * 0.44)
        left = pygame.Rect(inner.x, y, left_w, buttons_y - gap - y)
        right = pygame.Rect(inner.x + left_w + u, y, inner.w - left_w - u, left.h)
        if self.rtl:
            left.right, right.x = inner.right, inner.x
        head = pygame.Rect(left.x, left.y, left.w, int(u * 0.8))
        place_row([self.previous, self.next], head.centerx, head.y, u, head.h, left.w - 2 * u, self.rtl)
        self.boxes["month"] = head
        tiles_h = int(u * 1.3)
        self.boxes["calendar"] = pygame.Rect(left.x, head.bottom + gap // 2, left.w,
                                             left.bottom - head.bottom - gap - tiles_h - int(u * 0.6))
        self.picker.layout(self.boxes["calendar"])
        legend_y = self.boxes["calendar"].bottom
        self.boxes["legend"] = pygame.Rect(left.x, legend_y, left.w, int(u * 0.6))
        half = (left.w - gap) // 2
        self.boxes["current"] = pygame.Rect(left.x, left.bottom - tiles_h, half, tiles_h)
        self.boxes["best"] = pygame.Rect(left.right - half, left.bottom - tiles_h, half, tiles_h)
        if self.rtl:
            self.boxes["current"], self.boxes["best"] = self.boxes["best"], self.boxes["current"]
        line_h = int(u * 0.62)
        self.boxes["today"] = pygame.Rect(right.x, right.y, right.w, line_h)
        self.boxes["yours"] = pygame.Rect(right.x, right.y + line_h, right.w, line_h)
        self.boxes["board_head"] = pygame.Rect(right.x, right.y + 2 * line_h + gap, right.w, line_h)
        self.boxes["columns"] = pygame.Rect(right.x, self.boxes["board_head"].bottom, right.w, line_h)
        self.boxes["you"] = pygame.Rect(right.x, right.bottom - line_h, right.w, line_h)
        top = self.boxes["columns"].bottom
        self.boxes["rows"] = pygame.Rect(right.x, top, right.w, self.boxes["you"].y - gap // 2 - top)
        self.row_h = int(u * 0.55)
        self.turn(0)

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        u = unit(self.size)
        t = self.app.t
        results = self.results()
        year, month = self.month
        self.blit_text(surface, t("daily.month_year", month=t(f"daily.month.{month}"), year=year),
                       int(u * 0.45), self.boxes["month"], colour=ui.GOLD, bold=True, align="centre")
        days = {check_day(name): modes for name, modes in results.items()}
        won = {day for day, modes in days.items() if any(r.won for r in modes.values())}
        draw_calendar(surface, self.boxes["calendar"], year, month, self.today, won, set(days), self.rtl, t,
                      self.blit_text, self.app.text.fit_size, u, self.first_weekday)
        self._draw_legend(surface, u)
        current, best = self.streaks()
        for key, label, value in (("current", "daily.current_streak", current), ("best", "daily.best_streak", best)):
            self._tile(surface, self.boxes[key], t(label), str(value), u)
        self._draw_today(surface, results, u)
        if self.url:
            self._draw_board(surface, u)

    def _draw_legend(self, surface: pygame.Surface, u: int) -> None:
        t = self.app.t
        box = self.boxes["legend"]
        thirds = [pygame.Rect(box.x + i * box.w // 3, box.y, box.w // 3, box.h) for i in range(3)]
        if self.rtl:
            thirds.reverse()
        radius = max(3, int(box.h * 0.22))
        for part, (colour, key, filled) in zip(thirds, ((WON, "daily.legend_won", True),
                                                       (PLAYED, "daily.legend_played", False),
                                                       (TODAY, "daily.legend_today", False))):
            mark = (part.right - radius - 2, part.centery) if self.rtl else (part.x + radius + 2, part.centery)
            if colour == TODAY:  # framed as the calendar frames today
                frame = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                frame.center = mark
                pygame.draw.rect(surface, colour, frame, max(1, radius // 3), border_radius=max(1, radius // 3))
            else:
                pygame.draw.circle(surface, colour, mark, radius, 0 if filled else max(1, radius // 3))
            words = part.inflate(-(2 * radius + 8), 0)
            words.x = part.x if self.rtl else part.x + 2 * radius + 8
            self.blit_text(surface, t(key), int(box.h * 0.55), words, colour=ui.INK_DIM)

    def _tile(self, surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, u: int) -> None:
        surface.blit(ui.rounded_rect(rect.size, max(4, rect.h // 7), (255, 255, 255, 14), None,
                                     (255, 255, 255, 36), ui.hairline(u)), rect.topleft)
        value_box = pygame.Rect(rect.x, rect.y + rect.h // 12, rect.w, int(rect.h * 0.5))
        label_box = pygame.Rect(rect.x + 4, value_box.bottom, rect.w - 8, rect.bottom - value_box.bottom - rect.h // 12)
        self.blit_text(surface, value, int(value_box.h * 0.8), value_box, colour=ui.GOLD_TOP, bold=True,
                       align="centre")
        self.blit_text(surface, label, int(u * 0.36), label_box, colour=ui.INK_DIM, align="centre")

    def _draw_today(self, surface: pygame.Surface, results: dict[str, dict[str, DailyResult]], u: int) -> None:
        t = self.app.t
        self.blit_text(surface, t("daily.today", date=long_date(self.app, self.today)), int(u * 0.42),
                       self.boxes["today"], colour=ui.GOLD, bold=True)
        mine = results.get(self.today.isoformat(), {}).get(daily_key(*self.mode))
        line = t("daily.not_played") if mine is None else result_line(self.app, mine)
        self.blit_text(surface, line, int(u * 0.38), self.boxes["yours"], colour=ui.INK)

    def line(self, entry: dict[str, Any]) -> list[str]:
        return [str(entry.get("place", NONE)), str(entry.get("name", "")),
                WON_MARK if entry.get("won") else NONE,
                str(entry.get("score", "")), str(entry.get("moves", ""))]

    def _row(self, surface: pygame.Surface, row: pygame.Rect, cells: list[str], colour: ui.Colour,
             bold: bool = False) -> None:
        """Place, name, won, score, moves: in reading order (mirrored in Arabic)."""
        draw_table_row(self, surface, row, (0.1, 0.42, 0.14, 0.17, 0.17), cells, colour, bold)

    def _say(self, surface: pygame.Surface, text: str, u: int, colour: ui.Colour) -> None:
        """A line where the board's rows go, wrapped to the column (a failure names the server)."""
        rows = self.boxes["rows"]
        px = int(u * 0.36)
        line_h = int(px * 1.6)
        for i, line in enumerate(self.app.text.wrap(text, px, rows.w)[: max(1, rows.h // line_h)]):
            self.blit_text(surface, line, px, pygame.Rect(rows.x, rows.y + u + i * line_h, rows.w, line_h),
                           colour=colour, align="centre")

    def _draw_board(self, surface: pygame.Surface, u: int) -> None:
        t = self.app.t
        self.blit_text(surface, t("daily.board"), int(u * 0.42), self.boxes["board_head"], colour=ui.GOLD, bold=True)
        rows = self.boxes["rows"]
        if self.board is None:
            self._say(surface, self.problem or t("online.connecting", url=self.url), u, ui.INK_DIM)
            return
        heads = [t(f"daily.board.{key}") for key in ("place", "name", "won", "score", "moves")]
        self._row(surface, self.boxes["columns"], heads, ui.GOLD, bold=True)
        if not self.board.top:
            self._say(surface, t("daily.board.empty"), u, ui.INK_DIM)
        mine = self.board.you.get("name")
        for i, entry in enumerate(self.board.top[:max(1, rows.h // self.row_h)]):
            row = pygame.Rect(rows.x, rows.y + i * self.row_h, rows.w, self.row_h)
            if i % 2:
                surface.blit(ui.rounded_rect(row.size, 4, (255, 255, 255, 10)), row.topleft)
            you = entry.get("name") == mine
            self._row(surface, row, self.line(entry), ui.GOLD_TOP if you else ui.INK, bold=you)
        if self.board.you:
            you_box = self.boxes["you"]
            surface.blit(ui.rounded_rect(you_box.size, 4, (0, 0, 0, 90), None, ui.SECONDARY_EDGE, ui.hairline(u)),
                         you_box.topleft)
            self._row(surface, you_box, self.line({**self.board.you, "name": t("daily.board.you")}), ui.GOLD_TOP, True)
