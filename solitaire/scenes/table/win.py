"""The win panel, over the table once the celebration ends: a large "You won!", the score (K-10),
the time and the moves when their settings are on; under them the deal's code and the mode's
records (its best score and winning streak, this win counted), and for a daily deal (DD-3 … DD-5)
its day, the streak of days won and, once the duel server has judged the game sent to it in the
background, its place on the day's board; then where to go next: the same deal again, a new
deal, or the menu.

The panel is laid out from what it shows: with the time and the moves hidden it is the title,
the score, the records and the buttons, with no room kept for the lines that are not there.
"""

from __future__ import annotations

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core.daily import utc_today
from solitaire.core.save import log_texts
from solitaire.scenes.daily_send import DailySend
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.title import gold_text

TITLE_UNITS = 1.2  # the title's size in control heights: twice the figures', a heading
FIGURE_UNITS = 0.56
RECORD_UNITS = 0.42  # the code and the records: a dialog's small text
POLL_EVERY = 0.05  # seconds between looks at the daily board's answer


class WinScene(DialogScene):
    close_on_outside_click = False  # a stray click must not hide the result

    def __init__(self, app: App, play: PlayTable, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.play = play
        self.title = t("win.demo_title" if play.session.demo_played else "win.title")  # C-13
        self.same_button = self.group.add(ui.Button(t("win.same_deal"), self.same_deal))
        self.new_button = self.group.add(ui.Button(t("win.new_deal"), self.new_game, primary=True))
        self.menu_button = self.group.add(ui.Button(t("play.menu"), self.menu))
        self.rows = [[self.same_button, self.new_button, self.menu_button]]
        self.figures: list[str] = []
        self.records: list[str] = []
        self.figure_px = 16
        self.figure_step = 0
        self.record_px = 14
        self.record_step = 0
        self.figures_top = 0
        self.records_top = 0
        self.heading: pygame.Surface | None = None
        self.heading_pos = (0, 0)
        self.rule_y = 0
        session = play.session
        self.daily = (DailySend(app, session.game.rules.id, session.game.draw, session.daily,
                                tuple(log_texts(session.game)))
                      if session.daily is not None and not session.demo_played else None)

    def initial_focus(self) -> ui.Widget | None:
        return self.new_button

    def spoken_texts(self) -> list[str]:
        return self.lines() + self.record_lines()

    def lines(self) -> list[str]:
        """The figures the settings let the player see: the score always."""
        t, g, s = self.app.t, self.play.game, self.app.settings
        out = [t("win.score", score=g.score_text)]
        if s.show_time:
            seconds = int(self.play.elapsed)
            out.append(t("win.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
        if s.show_moves:
            out.append(t("win.moves", moves=g.moves))
        return out

    def record_lines(self) -> list[str]:
        """The deal's code (to play it again another day, or give it to a friend) and the mode's
        best score and winning streak, this win included (none without a store to keep them)."""
        t, game = self.app.t, self.play.game
        out = [t("win.code", code=str(game.code))] if game.code is not None else []
        store = self.play.session.store
        if store is not None:
            record = store.stats(self.play.session.slot)
            if record.best_score is not None:
                best = t("win.best", score=game.scoring.text(record.best_score))
                out.append(f"{best}   ·   {t('win.streak', n=record.current_streak)}")
        if self.daily is not None:
            out.append(self._daily_line())
        return out

    def _daily_line(self) -> str:
        """The daily deal's day and the streak of days won; its place on the board once known."""
        assert self.daily is not None
        t, day = self.app.t, self.daily.day
        when = t("daily.date", day=day.day, month=t(f"daily.month.{day.month}"), year=day.year)
        store = self.play.session.store
        streak = store.daily_streaks(utc_today()).current if store is not None else 0
        line = t("daily.win", date=when, n=streak)
        if self.daily.score is not None:
            line = f"{line}   ·   {t('daily.win_place', place=self.daily.score.place)}"
        return line

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.daily is not None and self.daily.update() and self.size != (0, 0):
            self.on_resize(self.size)  # the board's place joins the records

    def next_wake(self) -> float | None:
        return POLL_EVERY if self.daily is not None and self.daily.waiting else super().next_wake()

    def exit(self) -> None:
        super().exit()
        if self.daily is not None:
            self.daily.close()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        text = self.app.text
        w = min(int(size[0] * 0.9), int(u * 15))
        inner_w = w - 2 * u
        title_px = text.fit_size(self.title, int(u * TITLE_UNITS), inner_w, "heading")
        self.heading = gold_text(text, self.title, title_px)
        self.figures, self.records = self.lines(), self.record_lines()
        self.figure_px = int(u * FIGURE_UNITS)
        self.figure_step = text.line_step(self.figures, self.figure_px, True, spacing=1.3)
        self.record_px = int(u * RECORD_UNITS)
        self.record_step = text.line_step(self.records, self.record_px, spacing=1.3)
        gap = u // 2
        heading_h = self.heading.get_height()
        records_h = len(self.records) * self.record_step + (gap // 2 if self.records else 0)
        h = (u // 3 + heading_h + gap + len(self.figures) * self.figure_step + records_h + gap + u
             + int(u * 0.7))
        panel = centred(size, w, h)
        self.panel.layout(panel)
        y = panel.y + u // 3
        self.heading_pos = (panel.centerx - self.heading.get_width() // 2, y)
        y += heading_h
        self.rule_y = y - heading_h // 8  # the heading's own shadow padding sits under it
        self.figures_top = y + gap
        self.records_top = self.figures_top + len(self.figures) * self.figure_step + gap // 2
        y = self.figures_top + len(self.figures) * self.figure_step + records_h + gap
        bw = min(int(u * 4.4), (inner_w - u) // 3)
        place_row(self.rows[0], panel.centerx, y, bw, u, u // 2, self.rtl)

    def draw_title(self, surface: pygame.Surface) -> None:
        """The heading, larger than any dialog's title: the player has won."""
        if self.heading is None:
            return
        surface.blit(self.heading, self.heading_pos)
        panel = self.panel.rect
        inset = panel.w // 8
        pygame.draw.line(surface, ui.GOLD, (panel.x + inset, self.rule_y),
                         (panel.right - inset, self.rule_y), ui.hairline(unit(self.size)))

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = self.panel.rect
        y = self.figures_top
        for line in self.figures:
            box = pygame.Rect(panel.x, y, panel.w, self.figure_step)
            self.blit_text(surface, line, self.figure_px, box, bold=True, align="centre", fit=False)
            y += self.figure_step
        y = self.records_top
        for line in self.records:
            box = pygame.Rect(panel.x + unit(self.size), y, panel.w - 2 * unit(self.size), self.record_step)
            self.blit_text(surface, line, self.record_px, box, colour=ui.INK_DIM, align="centre")
            y += self.record_step

    def same_deal(self) -> None:
        """The deal just won, from its start (a won game is counted already: nothing is given up)."""
        self.close()
        self.play.session.restart()

    def new_game(self) -> None:
        self.close()
        self.play.new_deal()

    def menu(self) -> None:
        self.close()
        self.play.open_menu()
