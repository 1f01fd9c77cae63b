"""What the rest of the game asks of the solver: solve a position, hint a move, say whether a
Thoughtful position can still be won.

Every "won" answer is replayed with the real rules core before it is returned; a line that does
not replay to a win is a solver bug and raises SolverBug rather than being reported.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from ..core.game import Game
from ..core.moves import DRAW, Move, parse_request
from .collector import collector_paused
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
    return any(game.hidden) or (not game.rules.stock_in_sight and bool(game.stock))


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
    from .one_pile import OnePileSearch  # for a table that reads ``has_hidden_cards``
    from .search import Outcome, Search, to_core_moves

    started = time.perf_counter()
    kind = search_kind(game)
    if kind is None or (not known and has_hidden_cards(game)):
        return Result("unknown", [], 0, time.perf_counter() - started)
    with collector_paused():
        if kind == "pairs":
            from .pairs import core_moves, search_of

            search = search_of(game)
            result, steps = search.run(budget_seconds, node_limit, should_stop)
            outcome = Outcome(result, core_moves(steps), search.nodes, 0.0)
        else:
            search = (FreeCellSearch(game) if kind == "cells" else OnePileSearch(game) if kind == "one_pile"
                      else Search(game, settle))
            outcome = search.run(budget_seconds, node_limit, should_stop)
        # The positions the search kept are let go while the collector still sleeps: woken with
        # them alive, it walks every one (10-20 ms after an 80 ms hint search, issue 33 item 10).
        del search
    moves: list[str] = []
    if outcome.result == "won":
        if kind in ("one_pile", "pairs"):
            line = outcome.actions  # core Moves already
        else:
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
    take a card back from a foundation, are never offered. "No useful move" (None) where nothing
    is hidden comes only after a longer search by a count of positions (``LAST_HINT_POSITIONS``).
    """
    from .player import hint_move, seen
    from .seen_hint import seen_hint

    if game.won:
        return None
    kind = search_kind(game)
    verdict = None  # the short search's, where nothing is hidden
    if kind is not None and not has_hidden_cards(game):
        move, verdict = _winning_first(game, budget_seconds)
        if move is not None:
            return move
    if kind == "one_pile":
        return _one_pile_hint(game, budget_seconds)
    if kind == "pairs":
        from .pairs import seen_hint as pairs_hint

        return pairs_hint(game, budget_seconds)
    move = hint_move(seen(game)) if kind == "talon" else seen_hint(game)
    if move is None and verdict == "unknown":
        move, _ = _winning_first(game, LAST_HINT_SECONDS, LAST_HINT_POSITIONS)
    return move


def _winning_first(game: Game, seconds: float, positions: int | None = None) -> tuple[Move | None, str]:
    """The first move of a winning line the search finds within ``seconds`` (and ``positions``),
    else None; and the search's verdict ("won", "lost" or "unknown")."""
    result = solve(game, seconds, positions, known=False, settle=False)
    if result.result == "won" and result.moves:
        return game.resolve(parse_request(result.moves[0])), result.result
    return None, result.result


LAST_HINT_POSITIONS = 20_000
"""Where the hint's short search did not decide and nothing in sight looks useful, the search
goes on for this many positions (a count: a busy machine gives the same hint) before the hint
says no useful move is left. The short search alone said so on 11 of 100 fresh FreeCell deals
(at ~2,500 positions; FC1-D1N-AAAAAAE needs 9,349); at 20,000, on 1 of 100, and that one had a
move in sight."""
LAST_HINT_SECONDS = 10.0  # the longest the table waits for that search, however busy the machine


ONE_PILE_SAMPLES = 8
ONE_PILE_HINT_SECONDS = 0.5  # at least, for every move and sample (the worker thinks; the table waits)
# Golf's and TriPeaks' search looks at ~220,000 positions a second of one core (CPU time, hints of
# GO1/TP1 deals 2-5): a hint's seconds become positions, so a busy machine gives the same hint.
ONE_PILE_POSITIONS_A_SECOND = 200_000


def _one_pile_hint(game: Game, budget_seconds: float) -> Move | None:
    """Golf's and TriPeaks' hint, from what the player sees (GO-1, TP-1): the face-up cards and
    the pile, and which cards the stock and the face-down places hold but not where. Each legal
    move is played on a few deals of those unseen cards into the stock and the face-down places
    (``sampled.best_on_samples``), the rest searched briefly: a won line counts most, a lost one
    nothing, an unfinished one the column cards its best line clears. The move that does best is the hint
    (measured, 8 orders and 0.5 s a hint: its games win 4 of the 9 winnable deals among GO1
    deals 1 to 20, 3 before a win's stock cards were counted, the moves in sight alone none; and
    4 of TP1 deals 1 to 10, all winnable with every card known, 0 before)."""
    from .one_pile import OnePileSearch
    from .sampled import best_on_samples

    hidden = [(index, place) for index, cards in enumerate(game.tableau) for place in range(game.hidden[index])]
    cards = sum(map(len, game.tableau))

    def deal(sample: Game, order: list[int]) -> None:
        sample.stock = order[:len(game.stock)]
        for (index, place), card in zip(hidden, order[len(game.stock):]):
            sample.tableau[index][place] = card

    def value(sample: Game, share: int) -> int:
        search = OnePileSearch(sample)
        outcome = search.run(math.inf, node_limit=share)
        if outcome.result == "won":  # a win keeping more of the stock leaves more room for what is unseen
            return 2 * cards + len(sample.stock) - outcome.actions.count(DRAW)
        return cards - search.best[0]  # lost or unfinished: the column cards its best line clears

    return best_on_samples(
        game, game.legal_moves(), f"{len(game.stock)} {game.foundations[0][-1:]} {sorted(map(len, game.tableau))}",
        sorted(game.stock + [game.tableau[index][place] for index, place in hidden]),  # where each lies unsaid
        ONE_PILE_SAMPLES, round(max(budget_seconds, ONE_PILE_HINT_SECONDS) * ONE_PILE_POSITIONS_A_SECOND), deal, value)
