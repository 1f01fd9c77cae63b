"""Issue 31: which column the computer turns first when it may turn either. The rule of thumb of
Klondike strategy guides (Jupiter Scientific, "A Strategy for Winning Klondike Solitaire",
principle II: turn cards over in the columns with the most face-down cards, where a blocked
column is likeliest) is Easy's ranking and Medium's (and so Hard's anchor). Measured on the
tuning deals (seeds 11, 5001, 5002; 120 deals, Medium alone): the fewest first instead lost 25
duels to Easy where the rule lost 9, and cleared 17 deals to 20."""

from __future__ import annotations

from solitaire.core import Move, Pile
from solitaire.core.moves import TABLEAU
from solitaire.solver.opponent.lookahead import medium_move
from solitaire.solver.opponent.priorities import easy_move
from solitaire.solver.player import seen
from tests.positions import build


def test_easy_and_medium_turn_the_column_with_more_face_down_cards_first():
    """A red 7 onto the 8 of spades from a column with one card under it or one with four, in
    either order on the table."""
    for shallow, deep in ((0, 1), (1, 0)):
        columns = ["", "", "8S"]
        columns[shallow], columns[deep] = "2c 7H", "3c 4c 5c 6c 7D"
        view = seen(build("duel", tableau=columns, stock="9C TC", draw=3), 200.0)
        deeper = Move(Pile(TABLEAU, deep), Pile(TABLEAU, 2), 1)
        assert easy_move(view.game, view.stock_known) == deeper
        assert medium_move(view) == deeper
