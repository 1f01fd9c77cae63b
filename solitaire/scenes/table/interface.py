"""The table as its parts see it: what the mouse, the clicks, the board focus, the glows and the
game's ending may read of the scene that holds them, and what they may ask of it.

The parts import this, never the scene (``table.TableScene`` has all of it, and the Duel with
it), so imports between the scene and its parts go one way. A part keeps its own state and
never clears another's: what one part's event means for the others (a drag starting drops the
selection and the hint) is the scene's to route, through the requests below.
"""

from __future__ import annotations

from typing import Protocol

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import Game, Move, Pile, Refusal
from solitaire.view.cardart import CardArt
from solitaire.view.layout import Layout
from solitaire.view.table import TableView


class Table(Protocol):
    """One table in play, as its parts need it."""

    app: App
    #: The scene's widgets: the board is their first stop, the buttons the rest.
    group: ui.WidgetGroup
    #: The win's card cascade and win panel end a won game (the Duel has its own end).
    celebrate_win: bool

    # ----------------------------------------------------------------- what the parts read
    @property
    def game(self) -> Game:
        """The game on the table."""

    @property
    def frozen(self) -> bool:
        """No card may be moved (the game is won; in the Duel, this side's race is over)."""

    @property
    def layout(self) -> Layout:
        """Where each pile lies on screen."""

    @property
    def view(self) -> TableView:
        """The cards' sprites."""

    @property
    def art(self) -> CardArt:
        """The card art at the table's size."""

    # ----------------------------------------------------------------- what the parts ask
    def play(self, move: Move) -> bool:
        """Play ``move`` through the core (refused: said); True if it was played."""

    def spoken_figures(self) -> str:
        """The score and moves (the time, the Duel's clock) as a screen reader says them."""

    def refuse(self, refusal: Refusal) -> None:
        """Say why a move may not be played."""

    def draw_stock(self) -> None:
        """A click on the stock: draw (or turn the waste over)."""

    def clicked(self, pile: Pile, count: int) -> None:
        """The mouse clicked ``pile``, ``count`` cards from its top being the clicked card."""

    def entered(self, pile: Pile, count: int, pick: bool) -> None:
        """Enter (``pick``: Shift+Enter) on the board's focused card, ``count`` movable cards."""

    def drag_started(self) -> None:
        """The mouse has picked cards up: a selection or a hint shown before are let go."""
