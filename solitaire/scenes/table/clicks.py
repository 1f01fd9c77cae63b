"""Clicks on a table, as the game's rules ask (``Ruleset.click``): a ``one_tap`` game uses the
one-tap setting or select-then-click (K-8); a ``to_foundation`` game sends a clicked card to its
foundation and a double-clicked one to the tableau (DS-8, TF-6). What a click means is the rules' to say
(``core.intents``); this part keeps the selection and the time of the last click.
"""

from __future__ import annotations

from solitaire.app.events import PickedUp
from solitaire.core import STOCK, Game, Move, Pile, intents
from solitaire.scenes.table.interface import Table

DOUBLE_CLICK_SECONDS = 0.4


class Clicks:
    """The clicks on ``table``: the cards selected to be placed next, and the last click (for
    a double click)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.app = table.app
        self.selection: tuple[Pile, int] | None = None  # K-8: cards picked to be placed next
        self.last_click: tuple[Pile, int, float] | None = None
        self.clock = 0.0

    @property
    def game(self) -> Game:
        return self.table.game

    def reset(self) -> None:
        """Another game on the table: nothing selected, no click to double."""
        self.selection = None
        self.last_click = None

    def update(self, dt: float) -> None:
        """The clicks' own clock runs (a double click is two clicks close on it)."""
        self.clock += dt

    def drop_selection(self) -> None:
        """The selected cards are let go (Escape, a drag, any move on the table)."""
        self.selection = None

    def activate(self, pile: Pile, count: int) -> None:
        """A click (or Enter) on a pile, ``count`` cards from its top being the clicked card."""
        if self.table.frozen:
            return
        if pile.kind == STOCK:
            self.selection = None
            self.table.draw_stock()
            return
        now = self.clock
        double = (
            self.last_click is not None
            and self.last_click[:2] == (pile, count)
            and now - self.last_click[2] <= DOUBLE_CLICK_SECONDS
        )
        self.last_click = (pile, count, now)
        if self.game.rules.click == "one_tap":
            self._tap_or_select(pile, count)
        else:
            self._send_home(pile, count, double)

    def key_click(self, pile: Pile, count: int) -> None:
        """Enter on the board's focused card: a click, or K-8's select-then-click step; with
        cards picked up by the keyboard (``key_pick``), they are put down here."""
        if self.selection is not None and pile.kind != STOCK:
            self._place(pile)
        elif self.app.settings.one_tap or self.game.rules.click != "one_tap":
            self.activate(pile, count)
        else:
            self._tap_or_select(pile, count)

    def key_pick(self, pile: Pile, count: int) -> None:
        """Shift+Enter, the keyboard's drag, in every game: pick up the focused card (and those
        on it), or put down the cards picked up before on the focused place, so any move a
        mouse can drag the keyboard can make too."""
        if self.game.won:
            return
        if self.selection is not None:
            self._place(pile)
        elif count:
            self.selection = (pile, count)
            self.app.events.report(PickedUp(count))

    def _place(self, pile: Pile) -> None:
        assert self.selection is not None
        src, n = self.selection
        self.selection = None
        self._act(intents.place_selection(self.game, src, n, pile))

    def _tap_or_select(self, pile: Pile, count: int) -> None:
        """K-8: one tap moves the card to a good place; otherwise select, then click the place."""
        if self.app.settings.one_tap:
            self._act(intents.one_tap(self.game, pile, count))
        elif self.selection is None:
            if count:
                self.selection = (pile, count)
                self.app.events.report(PickedUp(count))
        else:
            self._place(pile)

    def _send_home(self, pile: Pile, count: int, double: bool) -> None:
        """DS-8 / TF-6: a click sends a top card home; a double click looks on the tableau."""
        double = double and self.app.settings.double_click
        if self._act(intents.home_click(self.game, pile, count, double)):
            self.last_click = None

    def _act(self, intent: intents.Intent) -> bool:
        """Carry out what a click meant: play its move or say its refusal; True if it meant any."""
        if isinstance(intent, Move):
            self.table.play(intent)
        elif intent is not None:
            self.table.refuse(intent)
        return intent is not None
