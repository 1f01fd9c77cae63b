"""Statistics per game and mode: counts, streaks, bests, and a chart of the last 20 results.

A choice of game, then of mode (the draw counts and scorings that game offers); eight figures
in tiles; the recent results as bars (green won, grey lost, height by score, below the zero line
for a Vegas loss). Reset asks first, and forgets only the mode on screen. The Duel's tab has a
row per opponent strength instead of modes: duels played, won, lost, tied, the best total, and
the last totals in the chart (gold a tie).
"""

from __future__ import annotations

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import REGISTRY, ruleset
from solitaire.core.duel import is_race
from solitaire.play import spoken
from solitaire.scenes.menus.confirm import DialogScene, ask, place_row, unit
from solitaire.scenes.menus.new_game import game_name, mode_label, preferred_mode
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.statistics_tabs import DAILY_TAB, ONLINE_TAB, lay_out_tabbed_panel, open_tab, statistics_tabs
from solitaire.store import ModeStats, mode_key
from solitaire.store.duel_stats import DuelStats
from solitaire.store.stats import RECENT_LENGTH

WON = (92, 196, 112)
LOST = (150, 156, 152)
TIED = (226, 184, 84)
DUEL_ROWS = ("easy", "medium", "hard", "network", "online")  # a row per opponent: the computer's three, LAN, online
NONE = "—"


def clock(seconds: float | None) -> str:
    """'3:07' (or '1:02:03' past the hour); a dash when there is no time."""
    if seconds is None:
        return NONE
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def modes_of(game_id: str) -> list[tuple[int, str]]:
    """(draw, scoring) of every mode the game offers, scoring first so Vegas modes sit together."""
    rules = ruleset(game_id)
    return [(draw, scoring) for scoring in rules.scorings for draw in rules.draws]


class StatisticsScene(DialogScene):
    def __init__(self, app: App, game_id: str | None = None, play: PlayTable | None = None, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.title = t("statistics.title")
        self.play = play  # the game on the table below, handed on to the other tabs
        self.game_id = game_id if game_id in REGISTRY else REGISTRY.ids()[0]
        self.mode = preferred_mode(app, self.game_id)
        self.games = self.group.add(ui.SegmentedChoice(statistics_tabs(app), self.game_id, self._set_game))
        self.modes = self.group.add(ui.SegmentedChoice([], self.mode, self._set_mode))
        self.reset_button = self.group.add(ui.Button(t("statistics.reset"), self.ask_reset))
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close, primary=True))
        self.rows = [[self.reset_button, self.close_button]]
        self.tiles: list[pygame.Rect] = []
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.chart_head = pygame.Rect(0, 0, 0, 0)
        self._fill_modes()

    # -- model ------------------------------------------------------------------------------
    @property
    def duel(self) -> bool:
        """The Duel's tab: a row per opponent rather than per mode."""
        return is_race(self.game_id)

    @property
    def key(self) -> str:
        return f"duel-{self.mode}" if self.duel else mode_key(self.game_id, *self.mode)

    def record(self) -> ModeStats | DuelStats:
        store = self.app.services.store
        if self.duel:
            return store.duel_stats(self.mode) if store is not None else DuelStats()
        return store.stats(self.key) if store is not None else ModeStats()

    def mode_name(self) -> str:
        if self.duel:
            return f"{game_name(self.app, self.game_id)} {self.app.t(f'duel.strength.{self.mode}')}"
        return f"{game_name(self.app, self.game_id)} {mode_label(self.app, self.game_id, *self.mode)}"

    def _fill_modes(self) -> None:
        if self.duel:
            self.modes.options = [(k, self.app.t(f"duel.strength.{k}")) for k in DUEL_ROWS]
            self.modes.visible = True
            self.mode = self.mode if self.mode in DUEL_ROWS else "medium"
            self.modes.value = self.mode
            self._refresh()
            return
        self.modes.options = [(m, mode_label(self.app, self.game_id, *m))
                              for m in modes_of(self.game_id)]
        self.modes.visible = len(self.modes.options) > 1
        if self.mode not in modes_of(self.game_id):
            self.mode = modes_of(self.game_id)[0]
        self.modes.value = self.mode
        self._refresh()

    def _refresh(self) -> None:
        self.reset_button.enabled = self.app.services.store is not None \
            and self.record().played > 0

    def _set_game(self, game_id: str) -> None:
        if game_id in (DAILY_TAB, ONLINE_TAB):  # the daily deals, the server's leaderboard (issue 25)
            open_tab(self.app, game_id, self.play)
            return
        self.game_id = game_id
        self.mode = "medium" if is_race(game_id) else preferred_mode(self.app, game_id)
        self._fill_modes()
        if self.size != (0, 0):
            self.on_resize(self.size)
        self.speak_figures()

    def _set_mode(self, mode: tuple[int, str]) -> None:
        self.mode = mode
        self.modes.value = mode
        self._refresh()
        self.speak_figures()

    def spoken_texts(self) -> list[str]:
        return [f"{label} {value}" for label, value in self.figures(self.record())]

    def speak_figures(self) -> None:
        """Issue 36: another game or mode's figures, said after its name."""
        if self.app.speech.wanted:
            self.app.speech.say(spoken.joined(self.spoken_texts()), queue=True)

    def ask_reset(self) -> None:
        key = self.key
        ask(self.app, self.app.t("statistics.reset_confirm", mode=self.mode_name()),
            lambda: self._reset(key), yes_label=self.app.t("statistics.reset_yes"),
            no_label=self.app.t("menu.cancel"))

    def _reset(self, key: str) -> None:
        store = self.app.services.store
        if store is not None:
            store.reset_stats(key)
        self._refresh()

    def figures(self, record: ModeStats | DuelStats) -> list[tuple[str, str]]:
        """(label, value) of the eight tiles (the Duel's six)."""
        t = self.app.t
        if isinstance(record, DuelStats):
            return [(t("statistics.played"), str(record.played)), (t("statistics.won"), str(record.won)),
                    (t("statistics.lost"), str(record.lost)), (t("statistics.tied"), str(record.tied)),
                    (t("statistics.win_rate"), t("statistics.percent", n=round(100 * record.won / record.played))
                     if record.played else NONE),
                    (t("statistics.best_total"), NONE if record.best_total is None else str(record.best_total))]
        scoring = ruleset(self.game_id).scoring_systems[self.mode[1]]
        played = record.played > 0
        return [
            (t("statistics.played"), str(record.played)),
            (t("statistics.won"), str(record.won)),
            (t("statistics.win_rate"),
             t("statistics.percent", n=round(record.win_rate * 100)) if played else NONE),
            (t("statistics.current_streak"), str(record.current_streak)),
            (t("statistics.longest_streak"), str(record.longest_streak)),
            (t("statistics.best_score"),
             scoring.text(record.best_score) if record.best_score is not None else NONE),
            (t("statistics.fastest_win"), clock(record.fastest_win)),
            (t("statistics.fewest_moves"),
             str(record.fewest_moves) if record.fewest_moves is not None else NONE),
        ]

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        panel, inner, y = lay_out_tabbed_panel(self, self.games, size)
        if self.modes.visible:
            mw = min(inner.w, int(u * 3.6) * len(self.modes.options))
            self.modes.layout((inner.centerx - mw // 2, y, mw, int(u * 0.8)))
        y += int(u * 0.8) + gap
        buttons_y = panel.bottom - int(u * 0.5) - u
        place_row([self.reset_button, self.close_button], panel.centerx, buttons_y,
                  int(u * 3.6), u, u // 2, self.rtl)
        # Eight tiles in two rows of four, then the chart in what is left.
        tile_gap = max(6, u // 4)
        tile_w = (inner.w - 3 * tile_gap) // 4
        tile_h = int(u * 1.55)
        self.tiles = []
        for row in range(2):
            for col in range(4):
                x = inner.x + col * (tile_w + tile_gap)
                if self.rtl:
                    x = inner.right - (col + 1) * tile_w - col * tile_gap
                self.tiles.append(pygame.Rect(x, y + row * (tile_h + tile_gap), tile_w, tile_h))
        y += 2 * tile_h + tile_gap + gap
        self.chart_head = pygame.Rect(inner.x, y, inner.w, int(u * 0.7))
        y += self.chart_head.h
        self.chart = pygame.Rect(inner.x, y, inner.w, buttons_y - gap - y)

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        record = self.record()
        u = unit(self.size)
        for rect, (label, value) in zip(self.tiles, self.figures(record)):
            surface.blit(ui.rounded_rect(rect.size, max(4, rect.h // 7), (255, 255, 255, 14),
                                         None, (255, 255, 255, 36), ui.hairline(u)), rect.topleft)
            pad = max(4, rect.h // 12)
            value_box = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad,
                                    int(rect.h * 0.52))
            label_box = pygame.Rect(rect.x + pad, value_box.bottom, rect.w - 2 * pad,
                                    rect.bottom - pad - value_box.bottom)
            self.blit_text(surface, value, int(value_box.h * 0.78), value_box, colour=ui.GOLD_TOP,
                           bold=True, align="centre")
            # the caption as large as a dialog's small text (issue 22: at 10 px Arabic's dots
            # were single pixels)
            self.blit_text(surface, label, int(u * 0.36), label_box, colour=ui.INK_DIM,
                           align="centre")
        self._draw_chart(surface, record, u)

    def _draw_chart(self, surface: pygame.Surface, record: ModeStats | DuelStats, u: int) -> None:
        t = self.app.t
        head = self.chart_head
        px = int(u * 0.42)
        self.blit_text(surface, t("statistics.recent", n=RECENT_LENGTH), px, head,
                       colour=ui.GOLD, bold=True)
        legend_parts: list[tuple[tuple[int, int, int] | None, str]] = [
            (WON, t("statistics.legend_won")), (LOST, t("statistics.legend_lost"))]
        if isinstance(record, DuelStats):
            legend_parts.append((TIED, t("statistics.legend_tied")))
            bars = [(r.total, {"won": WON, "lost": LOST, "tied": TIED}[r.outcome]) for r in record.recent]
        else:
            scoring = ruleset(self.game_id).scoring_systems[self.mode[1]]
            if scoring.is_vegas:
                legend_parts.append((None, t("statistics.vegas_total",
                                             total=scoring.text(record.vegas_total))))
            bars = [(r.score, WON if r.won else LOST) for r in record.recent]
        self._draw_legend(surface, legend_parts, head, px)
        area = self.chart
        surface.blit(ui.rounded_rect(area.size, max(4, u // 6), (0, 0, 0, 60)), area.topleft)
        if not bars:
            none = "statistics.duels_none" if self.duel else "statistics.none"
            self.blit_text(surface, t(none), px, area, colour=ui.INK_DIM, align="centre")
            return
        self._draw_bars(surface, bars, area, u)

    def _draw_bars(self, surface: pygame.Surface, bars: list[tuple[int, tuple[int, int, int]]],
                   area: pygame.Rect, u: int) -> None:
        """One bar per result, oldest first, height by score, below the zero line if negative."""
        plot = area.inflate(-u // 2, -u // 2)
        scores = [score for score, _ in bars]
        high = max(max(scores), 0)
        low = min(min(scores), 0)
        span = max(1, high - low)
        zero_y = plot.top + int(plot.h * high / span)
        slot = plot.w / RECENT_LENGTH
        bar_w = max(3, int(slot * 0.66))
        stub = max(2, u // 12)
        for i, (score, colour) in enumerate(bars):
            centre = plot.x + slot * (i + 0.5)
            if self.rtl:
                centre = plot.right - slot * (i + 0.5)
            length = int(plot.h * abs(score) / span)
            if length < stub:
                length = stub
            top = zero_y - length if score >= 0 else zero_y
            bar = pygame.Rect(int(centre - bar_w / 2), top, bar_w, length)
            surface.blit(ui.rounded_rect(bar.size, min(bar_w // 4, max(1, length // 2)), colour),
                         bar.topleft)
        pygame.draw.line(surface, (200, 210, 200), (plot.x, zero_y), (plot.right, zero_y),
                         ui.hairline(u))

    def _draw_legend(self, surface: pygame.Surface,
                     parts: list[tuple[tuple[int, int, int] | None, str]], head: pygame.Rect,
                     px: int) -> None:
        """Swatches and words at the end of the chart heading (its start in right-to-left)."""
        text = self.app.text
        small = int(px * 0.9)
        sw = max(8, int(small * 0.8))
        space = small
        widths = [(sw + small // 3 if colour else 0) + text.measure(words, small)[0]
                  for colour, words in parts]
        total = sum(widths) + space * (len(parts) - 1)
        x = head.x if self.rtl else head.right - total
        for (colour, words), width in zip(parts, widths):
            if colour is not None:
                swatch = pygame.Rect(x, head.centery - sw // 2, sw, sw)
                surface.blit(ui.rounded_rect(swatch.size, max(1, sw // 4), colour), swatch.topleft)
                word_x = x + sw + small // 3
            else:
                word_x = x
            img = text.render(words, small, ui.INK)
            surface.blit(img, img.get_rect(midleft=(word_x, head.centery)))
            x += width + space

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._refresh()

    def resume(self) -> None:
        self._refresh()
        super().resume()
