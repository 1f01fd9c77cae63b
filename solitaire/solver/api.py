"""What the rest of the game asks of the solver: solve a position, hint a move, say whether a
Thoughtful position can still be won.

Every "won" answer is replayed with the real rules core before it is returned; a line that does
not replay to a win is a solver bug and raises SolverBug rather than being reported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ..core.cards import KING, RANK, SUIT
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, STOCK, WASTE, Move, parse_request
from .foundations import foundation_ranks
from .position import safe_double_deck, safe_single_deck
from .search import Search, to_core_moves

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
    started = time.perf_counter()
    if not known and has_hidden_cards(game):
        return Result("unknown", [], 0, time.perf_counter() - started)
    outcome = Search(game, settle).run(budget_seconds, node_limit, should_stop)
    moves: list[str] = []
    if outcome.result == "won":
        line = to_core_moves(game, outcome.actions)
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

    Where nothing is hidden (Thoughtful) the first move of a winning line found within the budget
    is preferred. Otherwise, and when the search does not find a win, legal moves are ranked by
    what a player can see: safe foundation moves, uncovering face-down cards, emptying a column
    for a King, waste plays, other foundation moves, then a stock click. Moves that only shuttle a
    group between equivalent places, or take a card back from a foundation, are never offered.
    """
    if game.won:
        return None
    if not has_hidden_cards(game):
        result = solve(game, budget_seconds, known=False, settle=False)
        if result.result == "won" and result.moves:
            return _first_move(game, result.moves[0])
    return _heuristic_hint(game)


def _first_move(game: Game, text: str) -> Move:
    return game.resolve(parse_request(text))


def _is_safe(game: Game, card: int) -> bool:
    ranks = foundation_ranks(game)
    if game.rules.decks == 2:
        return safe_double_deck(RANK[card], SUIT[card], ranks)
    return safe_single_deck(RANK[card], SUIT[card], ranks)


def _score(game: Game, move: Move) -> int | None:
    """A score for one legal move from what is visible; None for a move that is not useful."""
    src, dst, count = move
    if src.kind == STOCK:
        return None  # judged apart: a click is useful only when the talon may still give something
    if src.kind == FOUNDATION:
        return None
    if src.kind == WASTE:
        c = game.waste[-1]
        if dst.kind == FOUNDATION:
            return 90 if _is_safe(game, c) else 60
        return 55 if RANK[c] != KING else 50
    column = game.tableau[src.index]
    hidden = game.hidden[src.index]
    moving = column[-count]
    below = len(column) - count
    uncovers = below > 0 and below == hidden
    if dst.kind == FOUNDATION:
        if _is_safe(game, moving):
            return 100
        return 80 if uncovers else 45
    if uncovers:
        return 70 + hidden
    if below == 0:
        if not game.tableau[dst.index]:
            return None  # a King that already heads its column: a pointless shuttle
        return 65 if _card_waiting(game, src.index) else None
    under = column[below - 1]
    if game.rules.builds_on(moving, under):
        return None  # the group already sits on a card that takes it: a sideways shuttle
    return 40  # frees a card that was out of order (Thoughtful, Double Solitaire)


def _card_waiting(game: Game, emptied: int) -> bool:
    """A card a player can see that an empty column would take and help: at the head of a
    column with face-down cards under it, or on the waste (a King, where C-3 rules).
    """
    takes = game.rules.empty_takes
    if game.waste and takes(game.waste[-1]):
        return True
    for index, column in enumerate(game.tableau):
        hidden = game.hidden[index]
        if index != emptied and hidden and takes(column[hidden]):
            return True
    return False


def _talon_may_help(game: Game) -> bool:
    """Whether a stock click can still lead anywhere, judged on what the player has seen: while
    the first pass is not over there may be anything in the stock; after a recycle every talon
    card has been on the waste, so we look for one that a column or a foundation takes.
    """
    if not game.stock and (not game.waste or not game.can_recycle):
        return False
    if game.recycles == 0 and game.rules.face_up != "all":
        return True
    tops = [column[-1] for column in game.tableau if column]
    has_empty = any(not column for column in game.tableau)
    for c in game.stock + game.waste[:-1]:
        if game.foundation_for(c) is not None:
            return True
        if any(game.rules.builds_on(c, top) for top in tops) or (has_empty and game.rules.empty_takes(c)):
            return True
    return False


def _heuristic_hint(game: Game) -> Move | None:
    best: Move | None = None
    best_score = -1
    for move in game.legal_moves():
        score = _score(game, move)
        if score is not None and score > best_score:
            best, best_score = move, score
    if best is not None and best_score >= 45:
        return best
    if DRAW in game.legal_moves() and _talon_may_help(game):
        return DRAW
    return best
