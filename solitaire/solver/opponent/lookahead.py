"""Medium: a short look-ahead over what the player can see.

Each candidate move is tried on the view's position and followed by Easy's moves for a few
more moves while they stay within what is known: a line stops where it turns a face-down card
(what shows is unknown) or clicks a stock not yet seen. The position a line reaches is judged by
what a player counts (cards home, cards turned, empty columns, cards still on the talon), and
the best line's first move is played. The talon is clicked only when no useful move is left
(Easy's rule, which cannot go round in circles). Whether to press End is the player's
(``solver.player``): Medium returns None only when nothing useful is left.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.moves import STOCK, Move
from .priorities import USEFUL, easy_move, ranked
from .sampling import home, still_hidden
from .view import Seen

DEPTH = 4
"""Moves a line looks ahead, the candidate included."""


def judge(game: Game, hidden_at_start: int) -> float:
    """What a position is worth to a player who sees it."""
    empty = sum(1 for column in game.tableau if not column)
    return (10 * home(game) + 6 * (hidden_at_start - still_hidden(game)) + 3 * empty
            - 0.2 * (len(game.stock) + len(game.waste)))


def line(view: Seen, first: Move) -> list[Game]:
    """The positions after ``first`` and Easy's moves that follow within what is known."""
    game = view.game.clone()
    known = view.stock_known
    positions = []
    move: Move | None = first
    while move is not None and len(positions) < DEPTH:
        hidden, drawing_unseen = still_hidden(game), move.src.kind == STOCK and not known
        game.apply(move)
        positions.append(game.clone())
        if still_hidden(game) < hidden or drawing_unseen or game.won:
            break  # what shows next is unknown
        move = easy_move(game, known)
    return positions


def medium_move(view: Seen) -> Move | None:
    """Medium's decision; None when nothing useful is left."""
    moves = [move for score, move in ranked(view.game) if score >= USEFUL][:6]
    if not moves:  # Easy's rule for the talon and the lesser moves: nothing better to do
        fallback = easy_move(view.game, view.stock_known)
        if fallback is None:
            return None
        moves = [fallback]
    hidden = still_hidden(view.game)
    best_move, best_value = None, float("-inf")
    for index, move in enumerate(moves):
        value = judge(line(view, move)[-1], hidden) - 0.01 * index
        if value > best_value:
            best_move, best_value = move, value
    return best_move
