"""The heads-up display over a table: the top bar's figures, the status line and the toast.

It reads the game, the clock and the advisor and draws; the only state it keeps is the toast,
a passing sentence (a refused move's reason with its rule id, "Thinking…", "Saving works again").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.text import SMALLEST_PX
from solitaire.core import STOCK, Game, Pile
from solitaire.play.advisor import Advisor
from solitaire.view.layout import Layout

TOAST_SECONDS = 3.2
STATUS_COLOURS = {"winnable": (40, 140, 70, 220), "not winnable": (150, 45, 40, 220)}
STATUS_UNKNOWN = (30, 30, 34, 200)
STOCK_COUNT_SIZE = 0.2  # the stock's count, in card widths
STOCK_COUNT_FILL = (20, 20, 24, 215)


#: The top bar holds its buttons and, centred between them, the figures, when the window is
#: this many bar heights wide; a narrower one (large text) puts the figures on a row below.
FIGURES_BESIDE = 22
FIGURES_ROW = 0.7  # the figures' own row, in bar heights
FIGURE_GAPS = ("   ·   ", "  ·  ", " · ")  # between the figures, the widest that fits between the buttons


def button_bar_height(size: tuple[int, int]) -> int:
    """The height of the top bar's buttons for a window of ``size``: it grows up to 4K, as
    dialogs do, and with the player's text size."""
    return round(max(40, int(min(size[1] * 0.062, size[0] * 0.046))) * ui.Look.text_scale)


def figures_below(size: tuple[int, int]) -> bool:
    """Large text in a narrow window: score, moves and time reflow onto a row of their own."""
    return size[0] < button_bar_height(size) * FIGURES_BESIDE


def bar_height(size: tuple[int, int]) -> int:
    """The whole band above the table: the buttons' bar, and the figures' row when it has one."""
    bar = button_bar_height(size)
    return bar + round(bar * FIGURES_ROW) if figures_below(size) else bar


def status_size(size: tuple[int, int]) -> int:
    """The status pill's text size (the pill sits in a bottom corner, that far from the edges)."""
    return max(12, int(button_bar_height(size) * 0.3))


def status_band(size: tuple[int, int]) -> int:
    """The band at the window's bottom the status pill may fill: its margin, its text (a shaped
    Arabic line up to 1.5 times its size) and its padding. The columns end above it."""
    return 3 * status_size(size)


@dataclass
class Toast:
    text: str
    note: str = ""  # a small second line: the id of a refused move's rule, if rule numbers are shown
    left: float = TOAST_SECONDS
    #: What the sentence is, for the part that said it to take it back (``Hud.withdraw``):
    #: never recognised by its words, which change with the language.
    kind: str = ""


class Hud:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.toast: Toast | None = None

    def say(self, text: str, note: str = "", kind: str = "", spoken: str = "", heard: bool = False) -> None:
        """Show ``text`` for a while (``note`` under it, small), in place of any toast before;
        said to a player who hears the game (issue 36), as ``spoken`` where it differs (cards
        in words, not ``6♣``), unless it was ``heard`` already (shown again, not said again)."""
        self.toast = Toast(text, note, kind=kind)
        if not heard:
            self.app.speech.say(spoken or text)

    def withdraw(self, kind: str) -> None:
        """The toast goes if it is one of ``kind`` (what it said is over); another stays."""
        if self.toast is not None and self.toast.kind == kind:
            self.toast = None

    def hush(self) -> None:
        """The toast goes, whatever it says (it spoke of a table that is covered or gone)."""
        self.toast = None

    def update(self, dt: float) -> None:
        if self.toast is not None:
            self.toast.left -= dt
            if self.toast.left <= 0:
                self.toast = None

    def tell_store_notices(self, store: Any) -> None:
        """Issue 12: a save that fails is told at once, in a notice (once per kind of problem);
        that saving works again, in a passing message."""
        if store is None or not store.notices:
            return
        notices = store.take_notices()
        lines = [i18n.notice_text(n) for n in notices if n.kind != "saving_again"]
        if len(lines) < len(notices):
            self.say(self.app.t("store.saving_again"))
        if lines and self.app.can_open("notice"):
            self.app.open("notice", lines=lines)

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, game: Game, elapsed: float,
             advisor: Advisor, room: int | None = None) -> None:
        """``room``: the width the bar's buttons leave the figures between them."""
        self._draw_figures(surface, bar, game, elapsed, room)
        if advisor.status is not None:
            self._draw_status(surface, advisor.status, advisor.status_key)
        if self.toast is not None:
            self.draw_toast(surface)

    def _draw_figures(self, surface: pygame.Surface, bar: pygame.Rect, game: Game, elapsed: float,
                      room: int | None) -> None:
        """Score, moves and time, as the settings show them, centred in the top bar (smaller
        where they would reach its buttons: TriPeaks' run with large text)."""
        t, settings = self.app.t, self.app.settings
        parts = [t("hud.score", score=game.score_text)]
        if game.scoring.streak:  # TP-6: the run the next card from the peaks adds to
            parts.append(t("hud.run", n=game.streak))
        if settings.show_moves:
            parts.append(t("hud.moves", moves=game.moves))
        if settings.show_time:
            seconds = int(elapsed)
            parts.append(t("hud.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
        size = max(12, int(bar.h * 0.36))
        below = figures_below(surface.get_size())
        text = "   ·   ".join(parts)
        if room is not None and not below:  # closer together first, then smaller
            for gap in FIGURE_GAPS:
                text = gap.join(parts)
                if self.app.text.width(text, size, True) <= room:
                    break
            size = self.app.text.fit_size(text, size, room, True)
        image = self.app.text.render(text, size, ui.INK, True)
        if below:
            row = pygame.Rect(bar.x, bar.bottom, bar.w, round(bar.h * FIGURES_ROW))
            surface.blit(ui.rounded_rect(row.size, 0, (0, 0, 0, 90)), row.topleft)
            surface.blit(image, image.get_rect(center=row.center))
        else:
            surface.blit(image, image.get_rect(center=bar.center))

    def draw_under_cards(self, surface: pygame.Surface, layout: Layout, game: Game) -> None:
        """What the table says of its stock, under the cards in flight: its cards left, and
        which pass through it this is."""
        self.draw_stock_count(surface, layout, game)
        self.draw_passes(surface, layout, game)

    def draw_passes(self, surface: pygame.Surface, layout: Layout, game: Game) -> pygame.Rect | None:
        """"Pass 1 of 3" under the stock, where the game's ``[layout]`` asks for it (``pass_count``:
        Pyramid, whose waste turns back twice, PY-4), the stock count's size; the box it fills."""
        if not layout.rules.layout.get("pass_count", False) or game.passes is None:
            return None
        pile = layout.pile_rect(Pile(STOCK))
        size = max(SMALLEST_PX, int(pile.w * STOCK_COUNT_SIZE))
        number, total = game.passes
        text = self.app.t("hud.pass", n=number, total=total)
        size = self.app.text.fit_size(text, size, int(pile.w * 1.3), True, min_size=SMALLEST_PX)
        image = self.app.text.render(text, size, ui.INK, True)
        box = pygame.Rect(0, 0, image.get_width() + size, image.get_height() + size // 3)
        box.midtop = (pile.centerx, pile.bottom + size // 2)
        box.clamp_ip(surface.get_rect())
        surface.blit(ui.rounded_rect(box.size, box.h // 2, STOCK_COUNT_FILL), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))
        return box

    def draw_stock_count(self, surface: pygame.Surface, layout: Layout, game: Game) -> None:
        """How many cards the stock has left, on it, where the game's ``[layout]`` asks for it
        (``stock_count``: Golf, TriPeaks, Pyramid, whose stock is what a player has to spend;
        Aisleriot says "Stock left" in its status bar)."""
        if not layout.rules.layout.get("stock_count", False):
            return
        pile = layout.pile_rect(Pile(STOCK))
        size = max(SMALLEST_PX, int(pile.w * STOCK_COUNT_SIZE))
        image = self.app.text.render(str(len(game.stock)), size, ui.INK, True)
        box = pygame.Rect(0, 0, max(image.get_width() + size, int(size * 1.8)), image.get_height() + size // 3)
        box.midbottom = (pile.centerx, pile.bottom - size // 2)
        surface.blit(ui.rounded_rect(box.size, box.h // 2, STOCK_COUNT_FILL), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_status(self, surface: pygame.Surface, status: str, status_key: str) -> None:
        """A small pill in the bottom corner: green winnable, red not, grey unknown."""
        w, h = surface.get_size()
        size = status_size((w, h))
        image = self.app.text.render(self.app.t(status_key), size, ui.INK, True)
        box = pygame.Rect(0, 0, image.get_width() + size * 2, image.get_height() + size // 2)
        margin = size
        if i18n.is_rtl():
            box.bottomright = (w - margin, h - margin)
        else:
            box.bottomleft = (margin, h - margin)
        surface.blit(ui.rounded_rect(box.size, box.h // 2, STATUS_COLOURS.get(status, STATUS_UNKNOWN)), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_mark(self, surface: pygame.Surface, text: str) -> None:
        """What this game is, said on the table until it ends (issue 33): a quiet pill in the
        bottom corner the status pill leaves free (a demo played in it, the day of a daily deal)."""
        w, h = surface.get_size()
        size = status_size((w, h))
        size = self.app.text.fit_size(text, size, int(w * 0.45), min_size=SMALLEST_PX)
        image = self.app.text.render(text, size, ui.GOLD_TOP)
        box = pygame.Rect(0, 0, image.get_width() + size * 2, image.get_height() + size // 2)
        margin = status_size((w, h))
        if i18n.is_rtl():
            box.bottomleft = (margin, h - margin)
        else:
            box.bottomright = (w - margin, h - margin)
        surface.blit(ui.rounded_rect(box.size, box.h // 2, (20, 20, 24, 200), None, ui.GOLD, 1), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """A line in a dark pill at the bottom centre, where the toast goes: what the table is
        doing now (the demo playing), for as long as it does it."""
        w, h = surface.get_size()
        size = self.app.text.fit_size(text, max(14, int(button_bar_height((w, h)) * 0.34)), int(w * 0.9), True,
                                      min_size=13)
        image = self.app.text.render(text, size, ui.INK, True)
        box = pygame.Rect(0, 0, image.get_width() + size * 2, image.get_height() + size // 2)
        box.midbottom = (w // 2, h - size)
        surface.blit(ui.rounded_rect(box.size, box.h // 2, (20, 20, 24, 215)), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_toast(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = max(14, int(button_bar_height((w, h)) * 0.36))
        lines = self.app.text.wrap_even(self.toast.text, size, int(w * 0.6))
        images = [self.app.text.render(line, size, ui.INK) for line in lines]
        if self.toast.note:
            images.append(self.app.text.render(self.toast.note, max(SMALLEST_PX, size * 3 // 4), ui.INK_DIM))
        ui.toast_box(surface, images, size, min(1.0, self.toast.left / 0.4))
