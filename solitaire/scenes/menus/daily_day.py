"""One day of the streak calendar opened (DD-6): that day's deal in each daily mode, with its code
as the game shows codes, your best game of it (won or not, score, moves, time, games counted) or
"not played", and a button that plays the deal. A mode you played that day shows the deal you
played, as your result keeps its code (``DailyResult.code``), even if the pools shipped later
would give that day another deal; a result from before the code was kept shows the day's deal.

Today's deal is played as the New game window deals it: a daily game (DD-3). A past day's deal is
played as its game code would be: an ordinary game of its mode, counted in the mode's statistics
(C-11) and never in that day's result, the streak or the server's board, which belong to the day.
"""

from __future__ import annotations

from datetime import date

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import ruleset
from solitaire.core.codes import GameCode, parse_code
from solitaire.core.daily import DAILY_SCORING, daily_deal, daily_key, daily_modes, utc_today
from solitaire.play.session import saved_game_at_stake, slot_of
from solitaire.scenes.menus.confirm import DialogScene, ask, unit
from solitaire.scenes.menus.game_code import code_question
from solitaire.scenes.menus.new_game import close_to, draw_label, game_name, new_deal_question
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.statistics import clock
from solitaire.store.daily import DailyResult


def daily_mode_name(app: App, game: str, draw: int) -> str:
    """'Klondike · Draw 3'; the game alone where it has one draw (FreeCell)."""
    if len(ruleset(game).draws) == 1:
        return game_name(app, game)
    return app.t("mode.of_game", game=game_name(app, game), mode=draw_label(app, game, draw))


def long_date(app: App, day: date) -> str:
    """'2 December 2026' in the game's language."""
    return app.t("daily.date", day=day.day, month=app.t(f"daily.month.{day.month}"), year=day.year)


def result_line(app: App, result: DailyResult | None) -> str:
    """A day's best game in a mode as one line, or that it was not played."""
    if result is None:
        return app.t("daily.day.not_played")
    key = "daily.result_won" if result.won else "daily.result_lost"
    return app.t(key, score=result.score, moves=result.moves, time=clock(result.seconds), games=result.games)


def played_deal(result: DailyResult | None) -> GameCode | None:
    """The deal a day's result was played on (DD-6), or None where unknown (not played, or an
    older result: the store checked the code when it read it)."""
    return parse_code(result.code) if result is not None and result.code is not None else None


class DailyDayScene(DialogScene):
    """``day`` (default: today) opened from the calendar; ``play``, the game on the table below."""

    def __init__(self, app: App, day: date | None = None, today: date | None = None, play: PlayTable | None = None,
                 **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.today = today or utc_today()
        self.day = day or self.today
        self.play = play
        self.title = t("daily.day.title", date=long_date(app, self.day))
        self.modes = daily_modes()
        results = self.results()
        self.deals = [played_deal(results.get(daily_key(game, draw))) or daily_deal(game, draw, self.day)
                      for game, draw in self.modes]
        self.play_buttons = [self.group.add(ui.Button(t("daily.day.play"), lambda code=code: self.start(code)))
                             for code in self.deals]
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close, primary=True))
        self.rows = [[button] for button in self.play_buttons] + [[self.close_button]]
        self.boxes: list[pygame.Rect] = []
        self.note_box = pygame.Rect(0, 0, 0, 0)

    def initial_focus(self) -> ui.Widget | None:
        return self.close_button

    # -- model ------------------------------------------------------------------------------
    def results(self) -> dict[str, DailyResult]:
        """The day's best game in each mode played (the store's, DD-3)."""
        store = self.app.services.store
        return dict(store.daily_results().get(self.day.isoformat(), {})) if store is not None else {}

    def counts_as_daily(self) -> bool:
        """Only today's deal is a daily game; a past day's is an ordinary game of its code (DD-6)."""
        return self.day == self.today

    def start(self, code: GameCode) -> None:
        """Play ``code``'s deal, asking first when it gives up a game with moves in its mode."""
        slot = slot_of(code.game, code.draw, code.scoring)
        at_stake = (self.play.session.at_stake(slot) if self.play is not None
                    else saved_game_at_stake(self.app.services.store, slot))
        if not at_stake:
            self._deal(code)
        elif self.counts_as_daily():
            ask(self.app, new_deal_question(self.app, code.game, code.draw, code.scoring), lambda: self._deal(code),
                yes_label=self.app.t("daily.play"), no_label=self.app.t("menu.cancel"))
        else:
            ask(self.app, code_question(self.app, code), lambda: self._deal(code),
                yes_label=self.app.t("game_code.play"), no_label=self.app.t("menu.cancel"))

    def _deal(self, code: GameCode) -> None:
        daily = self.day if self.counts_as_daily() else None
        if self.play is not None:
            close_to(self.app, self.play)
            if daily is not None:
                self.play.session.start_daily(code.game, code.draw, daily)
            else:
                self.play.session.start_code(code)
            return
        close_to(self.app, self)
        self.app.stack.pop()  # this day, then the Daily page gives way to the table
        if daily is not None:
            self.app.switch("play", game_id=code.game, draw=code.draw, scoring=DAILY_SCORING, daily=daily)
        else:
            self.app.switch("play", code=code)

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        row_h = int(u * 1.3)
        note_h = int(u * 1.1)
        width = min(size[0] - 2 * u, u * 18)
        height = self.title_height(u) + len(self.modes) * row_h + note_h + int(u * 2.2)
        panel = pygame.Rect(0, 0, width, min(height, size[1] - u // 2))
        panel.center = (size[0] // 2, size[1] // 2)
        self.panel.layout(panel)
        inner = panel.inflate(-u, 0)
        y = panel.y + self.title_height(u) + u // 4
        button_w = int(u * 3.4)
        self.boxes = []
        for button in self.play_buttons:
            row = pygame.Rect(inner.x, y, inner.w, row_h)
            place = pygame.Rect(0, 0, button_w, int(u * 0.8))
            place.centery = row.centery
            if self.rtl:
                place.left = row.left
            else:
                place.right = row.right
            button.layout(place)
            self.boxes.append(pygame.Rect(row.x + (button_w + u // 3 if self.rtl else 0), row.y,
                                          row.w - button_w - u // 3, row.h))
            y += row_h
        self.note_box = pygame.Rect(inner.x, y, inner.w, note_h)
        close = pygame.Rect(0, 0, int(u * 3.6), u)
        close.midbottom = (panel.centerx, panel.bottom - u // 2)
        self.close_button.layout(close)

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        u = unit(self.size)
        t = self.app.t
        results = self.results()
        for (game, draw), code, box in zip(self.modes, self.deals, self.boxes):
            top = pygame.Rect(box.x, box.y + box.h // 10, box.w, box.h * 4 // 10)
            under = pygame.Rect(box.x, top.bottom, box.w, box.h * 4 // 10)
            name = daily_mode_name(self.app, game, draw)
            self.blit_text(surface, t("daily.day.deal", mode=name, code=str(code)), int(top.h * 0.8), top,
                           colour=ui.GOLD, bold=True)
            result = results.get(daily_key(game, draw))
            self.blit_text(surface, result_line(self.app, result), int(under.h * 0.72), under,
                           colour=ui.INK if result is not None else ui.INK_DIM)
        note = t("daily.day.counts_today" if self.counts_as_daily() else "daily.day.counts_past")
        px = int(u * 0.34)
        lines = self.app.text.wrap(note, px, self.note_box.w)[:2]
        line_h = self.note_box.h // max(1, len(lines))
        for i, line in enumerate(lines):
            self.blit_text(surface, line, px, pygame.Rect(self.note_box.x, self.note_box.y + i * line_h,
                                                          self.note_box.w, line_h), colour=ui.INK_DIM, align="centre")

