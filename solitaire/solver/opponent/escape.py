"""A way out for a player whose policy sees nothing worth doing: before pressing End (DU-4,
"at a dead end"), look for a short line of legal moves — the ones the priorities call pointless
too (a King from column to column, a group moved sideways), stock clicks and recycles included
— that sends a card home or turns a face-down card. Never a card back from a foundation: the
policy, asked again after the line's first move, would send it straight home, round and round.

The search runs on what the player sees: it stops at the first card turned (what shows is
unknown) and clicks the stock only once its order is known. It is breadth first, so the line it
finds is a shortest one, and the next decision finds the rest of it (one move shorter); it
looks at no more than ``LIMIT`` positions, so a decision stays bounded by work, never by time.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.moves import FOUNDATION, STOCK, Move
from .sampling import home, still_hidden
from .view import Seen

DEPTH = 8
"""The longest line looked for, in moves."""
LIMIT = 3000
"""Positions a search may look at."""


def _state(game: Game) -> tuple:
    """The position, counters apart (a recycle's cost does not make a new place to be)."""
    return (tuple(map(tuple, game.tableau)), tuple(game.hidden), tuple(game.stock), tuple(game.waste),
            tuple(map(len, game.foundations)))


def way_out(view: Seen) -> Move | None:
    """The first move of a shortest line to a card home (more than now) or a card turned; None
    when there is none within DEPTH moves and LIMIT positions: the player is stuck."""
    start = view.game
    home_now, hidden_now = home(start), still_hidden(start)
    visited = {_state(start)}
    frontier: list[tuple[Game, Move | None]] = [(start, None)]
    for _ in range(DEPTH):
        following: list[tuple[Game, Move | None]] = []
        for game, first in frontier:
            for move in game.legal_moves():
                if (move.src.kind == STOCK and not view.stock_known) or move.src.kind == FOUNDATION:
                    continue  # an unseen stock gives the unknown; a card from home goes back
                child = game.clone()
                child.apply(move)
                if home(child) > home_now or still_hidden(child) < hidden_now:
                    return first or move
                state = _state(child)
                if state in visited:
                    continue
                if len(visited) >= LIMIT:
                    return None
                visited.add(state)
                following.append((child, first or move))
        if not following:
            return None
        frontier = following
    return None
