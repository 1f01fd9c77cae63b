"""A way out for a player whose policy sees nothing worth doing, and the dead end that says
End (DU-4, "at a dead end"): a search over every line of legal moves — the ones the priorities
call pointless too (a King from column to column, a group moved sideways), stock clicks and
recycles as many as it takes, the costly ones too — for the first that sends a card home or turns
a face-down card. A card back from a foundation only with ``from_home`` (at most ``returns`` in
a line): the policy, asked again after the line's first move, would send it straight home, round
and round, so such a line is followed whole, as a plan (``player.decide_plan``); ``Way.line``.

The search runs on what it is given: a card turned ends a line (what shows is unknown), and a
click on a stock not yet seen is a way out in itself (it shows cards). Once the stock has been
through the waste, every card a line can move is known, so what the search finds on a player's
view is exactly what it finds on the real position. This search plays the moves on a ``Game``,
so it fits every game of the Klondike family; ``bench --opponent``'s "gave up" runs it on the
real game, after the fact. The player itself runs ``lines.search``, the same search on compact
positions, where its rules fit (a test holds the two to the same answers).

It is breadth first (fewest moves first by ``stuck.Floors`` where a bound holds, which still
finds a shortest line where no card is face down; with cards face down it looks on towards a gain
first, and the line it finds, within ``max_moves``, may be longer than a shortest one): the next
decision finds the rest of a shortest line, one move shorter, and a line taken as a plan is
followed whole, so following it always arrives. Positions are told apart by their cards
alone (a recycle's cost does not make a new place to be), so the search ends. ``LIMIT`` bounds
it all the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional

from ...core.game import Game
from ...core.moves import FOUNDATION, STOCK, Move
from ..foundations import foundation_ranks
from .sampling import home, still_hidden
from .stuck import Floors, any_face_down, fits, stuck

LIMIT = 60000
"""Positions a search may look at; past it the search says it does not know (``Way.found`` None)."""


@dataclass(frozen=True)
class Way:
    """What the search found: ``found`` True with the first move of a shortest line and its
    length in moves, False for a dead end (every line tried), None when ``LIMIT`` stopped it."""

    found: bool | None
    move: Move | None = None
    moves: int = 0
    line: tuple[Move, ...] = ()  # the whole line found, ``move`` first
    positions: int = 0  # positions the search met (what ``limit`` counts)


Trail = Optional[tuple]
"""A line as it is searched: (last move, the trail before it), None for no move yet; shared by
every line that goes on from it, so keeping a line costs one pair."""


def _line(trail: Trail) -> tuple[Move, ...]:
    moves = []
    while trail is not None:
        moves.append(trail[0])
        trail = trail[1]
    return tuple(reversed(moves))


def _state(game: Game) -> tuple:
    """The position as far as a line can change it: the columns in any order (which column holds
    what never changes where a line can go), the talon; not the foundations (a line that adds
    to them has arrived, and none takes from them), nor the counters (a recycle's cost does not
    make a new place to be)."""
    return (tuple(sorted(zip(game.hidden, map(tuple, game.tableau)))), tuple(game.stock), tuple(game.waste))


def _state_with_home(game: Game) -> tuple:
    """``_state`` with the foundations, for lines that may take cards back from them."""
    return _state(game) + (tuple(sorted(map(len, game.foundations))),)


def search(start: Game, stock_seen: bool, limit: int = LIMIT, from_home: bool = False, returns: int = 52,
           max_moves: int | None = None) -> Way:
    """The shortest line from ``start`` to a card home (more than now), a card turned, or (while
    ``stock_seen`` is False) a click that shows stock cards not seen yet. ``from_home``: lines
    may take cards back from the foundations too, at most ``returns`` in a line. ``max_moves``:
    no longer line is looked at (found False when there is none as short); with cards back from
    home allowed and the talon known, a position is not looked through when no line through it
    can end within it: neither those cards and one more, and those a floor still asks to come out,
    all home again, nor (cards face down) the cards a floor still asks out and one turned
    (``stuck.Floors``). A position ``stuck`` proves a dead end is not searched at all."""
    if fits(start) and stuck(start, stock_seen):
        return Way(False, positions=1)  # no line of any length: proven without listing them
    home_now, hidden_now = home(start), still_hidden(start)
    # with cards face down, only where the floors are worked out (other games keep breadth first)
    bounded = (max_moves is not None and from_home and (stock_seen or not (start.stock or start.waste))
               and (not hidden_now or fits(start)))
    ranks_now = tuple(foundation_ranks(start))
    # no floor lower than now: ``extra`` adds nothing to ``short``, nor to the one move that turns a card
    floors_ = Floors([ranks_now], [ranks_now] if any_face_down(start) else [])
    if bounded and fits(start):
        worked_out = Floors.of(start, max_moves)
        if worked_out.none_fit():
            return Way(False, positions=1)  # every line that gains or turns a card is longer than max_moves
        floors_ = worked_out.or_else(floors_).towards_gain()  # the judge needs any line in time, not a shortest
    key = _state_with_home if from_home else _state
    best = {key(start): 0}  # each position met: the fewest moves it was reached in
    # positions by the fewest moves a line through them takes (``Floors.fewest``: its order), looked
    # through fewest first: breadth first where no bound holds (every bound is 1)
    bound: dict[int, list[tuple]] = {1: [(start, None, 0, 0, key(start), ranks_now)]}
    while bound:
        at = min(bound)
        if max_moves is not None and at > max_moves:
            return Way(False, positions=len(best))
        frontier = bound.pop(at)
        for game, trail, taken, made, state_then, low in (last_first(frontier) if bounded else frontier):
            if bounded and best[state_then] < made:
                continue  # reached in fewer moves since: looked through from there
            depth = made + 1
            for move in game.legal_moves():
                back = move.src.kind == FOUNDATION
                if back and (not from_home or taken >= returns):
                    continue  # a card from home goes back
                if move.src.kind == STOCK and not stock_seen:
                    return _found((move, trail), depth, len(best))  # the click shows what was never seen
                game.apply(move)
                if home(game) > home_now or still_hidden(game) < hidden_now:
                    game.undo()
                    return _found((move, trail), depth, len(best))
                lowest, clow = depth + 1, low
                if bounded:
                    ranks = foundation_ranks(game)
                    clow = tuple(map(min, low, ranks)) if back else low
                    fewest, lowest = floors_.fewest(depth, home_now - home(game), ranks, clow, max_moves)
                    if fewest > max_moves:
                        game.undo()
                        continue  # the cards back from home cannot all come home, and one more, in time
                state = key(game)
                before = best.get(state)
                if before is None or before > depth:
                    if before is None and len(best) >= limit:
                        game.undo()
                        return Way(None, positions=len(best))
                    best[state] = depth
                    node = (game.clone(), (move, trail), taken + back, depth, state, clow)
                    (frontier if lowest == at else bound.setdefault(lowest, [])).append(node)
                game.undo()
    return Way(False, positions=len(best))


def last_first(nodes: list) -> Iterator:
    """``nodes`` last first, those added while it runs included: among positions a line through
    which takes as many moves, the ones furthest along first (any order finds a shortest line;
    this one reaches the end of the last layer soonest)."""
    while nodes:
        yield nodes.pop()


def _found(trail: Trail, depth: int, positions: int) -> Way:
    line = _line(trail)
    return Way(True, line[0], depth, line, positions)
