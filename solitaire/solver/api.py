"""What the rest of the game asks of the solver: solve a position, hint a move, say whether a
Thoughtful position can still be won.

Every "won" answer is replayed with the real rules core before it is returned; a line that does
not replay to a win is a solver bug and raises SolverBug rather than being reported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ..core.game import Game
from ..core.moves import Move, parse_request
from .kinds import search_kind

VERSION = "3"


class SolverBug(AssertionError):
    """The search claimed a win that the rules core does not confirm."""


@dataclass
class Result:
    result: str  # "won", "lost" or "unknown"
    moves: list[str] = field(default_factory=list)  # replay notation
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"result": self.result, "moves": self.moves, "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


def has_hidden_cards(game: Game) -> bool:
    """Face-down column cards, or a stock the player cannot see (all but Thoughtful)."""
    return any(game.hidden) or (game.rules.face_up != "all" and bool(game.stock))


def solve(game: Game, budget_seconds: float, node_limit: int | None = None, known: bool = True,
          should_stop: Callable[[], bool] | None = None, settle: bool = True) -> Result:
    """Search ``game`` for a winning line.

    ``known=True`` analyses the deal with every card known (face-down cards and the stock too),
    as KPatience's solver does. ``known=False`` refuses to look at hidden cards: a position that
    still has some cannot be decided that way, and the answer is "unknown". ``settle=False``
    keeps the search from settling groups onto lower twins (``Search``), so that the line's
    first move is never such a shuffle.
    """
    from .freecell import FreeCellSearch, freecell_moves  # the searches: when one is asked for, not
    from .search import Search, to_core_moves  # for a table that reads ``has_hidden_cards``

    started = time.perf_counter()
    kind = search_kind(game)
    if kind is None or (not known and has_hidden_cards(game)):
        return Result("unknown", [], 0, time.perf_counter() - started)
    search = FreeCellSearch(game) if kind == "cells" else Search(game, settle)
    outcome = search.run(budget_seconds, node_limit, should_stop)
    moves: list[str] = []
    if outcome.result == "won":
        line = (freecell_moves if kind == "cells" else to_core_moves)(game, outcome.actions)
        check = game.clone()
        for move in line:
            check.apply(move)
        if not check.won:
            raise SolverBug(f"the solver's line does not win {game.code}")
        moves = [str(m) for m in line]
    return Result(outcome.result, moves, outcome.nodes, time.perf_counter() - started)


def winnability(game: Game, budget_seconds: float) -> str:
    """"winnable", "not winnable" or "unknown" for a position where nothing is hidden
    (Thoughtful). With hidden cards the honest answer is "unknown".
    """
    result = solve(game, budget_seconds, known=False).result
    return {"won": "winnable", "lost": "not winnable"}.get(result, "unknown")


# ------------------------------------------------------------------------------------- hints
def hint(game: Game, budget_seconds: float = 0.08) -> Move | None:
    """A useful move, or None when no useful move is left.

    Where nothing is hidden (Thoughtful, or a Klondike whose cards have all been seen) the first
    move of a winning line found within the budget is preferred. Otherwise, and when the search
    does not find a win, the hint is the computer player's own move (issue 14), from what the
    player sees alone: Hard's search over samples of the unseen cards, on a budget sized for the
    hint (``player.hint_move``). Moves that only shuttle a group between equivalent places, or
    take a card back from a foundation, are never offered.
    """
    from .player import hint_move, seen
    from .seen_hint import seen_hint

    if game.won:
        return None
    kind = search_kind(game)
    if kind is not None and not has_hidden_cards(game):
        result = solve(game, budget_seconds, known=False, settle=False)
        if result.result == "won" and result.moves:
            return game.resolve(parse_request(result.moves[0]))
    return hint_move(seen(game)) if kind == "talon" else seen_hint(game)
