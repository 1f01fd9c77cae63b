"""One table's picture: its layout fitted to the window, the card art at that size, and the
table view with its sprites. The Duel shows two; the play scene one.

Built from nothing for each game and each language: the cached felt, the slots' marks
(Thoughtful's ♠♥♦♣, Klondike's "A") and the sprites never carry over (issue 11).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from solitaire import i18n
from solitaire.app.events import Dealt
from solitaire.app.tween import Tweener
from solitaire.core import Game
from solitaire.scenes.table.hud import bar_height, status_band
from solitaire.store import Settings
from solitaire.view.cardart import CardArt
from solitaire.view.layout import Layout, Slot
from solitaire.view.palette import Style
from solitaire.view.table import TableView

DEAL_STAGGER = 0.028


class TableScreen:
    def __init__(self, app: Any, tweens: Tweener, game: Game) -> None:
        self.app = app
        self.tweens = tweens
        frame = self._layout(game, app.display.size)
        self.art = CardArt(frame.card, app.settings.card_back, Style.of(app.settings))
        self.unknown: Callable[[], Collection[Slot]] | None = None  # ``TableView.unknown``, for each view made
        self.view = self._view(frame)

    @property
    def layout(self) -> Layout:
        """Where the cards lie now: the window's layout, zoomed out while a column needs it."""
        return self.view.layout

    def _layout(self, game: Game, size: tuple[int, int]) -> Layout:
        """Mirrored for a right-to-left language, and mirrored (back) for a left hand: the
        table's own mirror, independent of the language's."""
        mirrored = i18n.is_rtl() != self.app.settings.left_handed
        return Layout(game.rules, size, bar_height(size), mirrored, Style.of(self.app.settings).index_scale,
                      foot=status_band(size))

    def _view(self, frame: Layout) -> TableView:
        if self.art.size != frame.card:
            self.art.set_size(frame.card, gradual=True)
        view = TableView(self.art, frame, self.tweens)
        view.speed = self.app.settings.animation_speed
        view.reduced_motion = self.app.settings.reduced_motion
        view.unknown = self.unknown
        return view

    def hide_unknown(self, unknown: Callable[[], Collection[Slot]]) -> None:
        """The places whose card is not known (an online duel's table): drawn face down by this
        view and every one made after it (``TableView.unknown``)."""
        self.unknown = self.view.unknown = unknown

    def rebuild(self, game: Game) -> None:
        """A layout and a view made anew for ``game`` (another game, another language)."""
        self.view = self._view(self._layout(game, self.app.display.size))

    def deal(self, game: Game) -> None:
        """Cards fly from the stock to their places, one after another."""
        self.view.sprites.clear()
        stagger = 0.0 if self.app.settings.reduced_motion else DEAL_STAGGER
        self.view.sync(game, animate=True, stagger=stagger, from_slot=self.layout.deal_from())
        self.app.events.report(Dealt())

    def resize(self, game: Game, size: tuple[int, int]) -> None:
        """Cards on the table snap to their new places; before the deal there are none to move."""
        self.view.set_layout(self._layout(game, size), game if self.view.sprites else None)

    def follow(self, settings: Settings, game: Game) -> None:
        """The settings just set, at once: the animation speed and reduced motion (from the next
        move), the card back and style, and the left hand's mirror (cards snap to their places)."""
        self.view.speed = settings.animation_speed
        self.view.reduced_motion = settings.reduced_motion
        back, style = settings.card_back, Style.of(settings)
        if back != self.art.back_name or style != self.art.style:
            self.art.set_back(back)
            self.art.set_style(style)
            self.view.invalidate()
        if self.layout.rtl != (i18n.is_rtl() != settings.left_handed):
            self.resize(game, self.app.display.size)
            self.view.invalidate()
