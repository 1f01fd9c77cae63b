"""The search for games with free cells and nothing hidden (FreeCell): can a deal be won, and how.

A position is kept compact: the columns as ``bytes`` (cards bottom to top, in their real
order), the free cells as a sorted ``bytes`` (which cell holds a card never matters) and the top
rank of each suit's foundation. Its key sorts the columns too, so positions that differ only in
which column or cell holds what are met once.

The moves are the atomic ones a player makes one card at a time (a column's top or a cell's card
to a foundation, a free cell or a column) and, as shortcuts, a whole movable run onto a column
(FC-3's limit: free cells + 1, doubled per empty column). Every run move is made of atomic moves,
so the atomic moves alone reach every position: nothing is lost by the shortcuts, and "lost"
means every line was tried. A card goes home at once, without branching, when no card left can
ever need it as a base (both foundations of the other colour are at least its rank less one).

The search is best first over every position, by a heuristic (cards not home, cards lying above
a lower card of their column, cards in cells); every position met is kept, so none is searched
twice, and when no open position is left every line has been tried. It stops at a node or time budget with
"unknown", never "lost".
"""

from __future__ import annotations

import time
from heapq import heappop, heappush
from typing import Callable

from ..core.cards import KING, RANK, RED, SUIT
from ..core.game import Game
from ..core.moves import CELL, FOUNDATION, TABLEAU, Move, Pile
from ..core.predicates import run_capacity
from .collector import collector_paused
from .search import Outcome

FreeCellState = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]  # columns, cells (sorted), foundation ranks
_BUILDS = [[RED[a] != RED[b] and RANK[a] + 1 == RANK[b] for b in range(52)] for a in range(52)]
_OTHER_COLOUR = [tuple(s for s in range(4) if (s in (1, 2)) != (suit in (1, 2))) for suit in range(4)]


class FreeCellSearch:
    """One search from one FreeCell position: every card is known (FC-1)."""

    def __init__(self, game: Game) -> None:
        self.cells = game.rules.cells
        found = [0, 0, 0, 0]
        for pile in game.foundations:
            if pile:
                found[SUIT[pile[-1]]] = RANK[pile[-1]]
        cells = bytes(sorted(c for cell in game.cells for c in cell))
        self.start: FreeCellState = (tuple(bytes(column) for column in game.tableau), cells, tuple(found))
        self.nodes = 0
        self.column_cache: dict[bytes, tuple[int, dict[int, int]]] = {}  # per column met: _column_info

    @staticmethod
    def key(state: FreeCellState) -> bytes:
        columns, cells, found = state
        return b"\xff".join(sorted(columns)) + b"\xfe" + cells + b"\xfe" + bytes(found)

    # --------------------------------------------------------------------------- moves
    def _home(self, columns: list[bytes], cells: bytes, found: list[int], acts: list,
              first: tuple[int, ...] | None = None) -> bytes:
        """Send home every card no other card can still need (both foundations of the other
        colour at least its rank less one), until none is left. ``first``: the only column that
        can hold such a card at first (a move from a finished position that uncovered a card
        there and left the foundations as they were); every column and cell after that.
        """
        progress = True
        while progress:
            progress = False
            for i in range(len(columns)) if first is None else first:
                column = columns[i]
                if column:
                    c = column[-1]
                    s, r = SUIT[c], RANK[c]
                    a, b = _OTHER_COLOUR[s]
                    if found[s] == r - 1 and (r <= 2 or found[a] >= r - 1 and found[b] >= r - 1):
                        found[s] = r
                        columns[i] = column[:-1]
                        acts.append(("tf", i))
                        progress = True
            for c in cells if first is None else b"":
                s, r = SUIT[c], RANK[c]
                a, b = _OTHER_COLOUR[s]
                if found[s] == r - 1 and (r <= 2 or found[a] >= r - 1 and found[b] >= r - 1):
                    found[s] = r
                    cells = cells.replace(bytes((c,)), b"", 1)
                    acts.append(("cf", c))
                    progress = True
            first = None
        return cells

    def children(self, state: FreeCellState) -> list[tuple[int, list, FreeCellState]]:
        """Every move worth trying, as (heuristic, actions, finished child), best first."""
        columns, cells, found = state
        free = self.cells - len(cells)
        empties = [j for j, column in enumerate(columns) if not column]
        first_empty = empties[0] if empties else -1
        out: list[tuple[int, list, FreeCellState]] = []
        column_cache = self.column_cache
        if len(column_cache) > 200_000:
            column_cache.clear()

        def add(acts: list, ncols: list[bytes], ncells: bytes, nfound: list[int],
                first: tuple[int, ...] | None = None) -> None:
            ncells = self._home(ncols, ncells, nfound, acts, first)
            child = (tuple(ncols), ncells, tuple(nfound))
            out.append((_score(child, column_cache), acts, child))

        tops = {column[-1]: j for j, column in enumerate(columns) if column}
        # to the foundations (what _home left: not yet proven safe)
        for i, column in enumerate(columns):
            if column and found[SUIT[column[-1]]] == RANK[column[-1]] - 1:
                nfound = list(found)
                nfound[SUIT[column[-1]]] += 1
                ncols = list(columns)
                ncols[i] = column[:-1]
                add([("tf", i)], ncols, cells, nfound)
        for c in set(cells):
            if found[SUIT[c]] == RANK[c] - 1:
                nfound = list(found)
                nfound[SUIT[c]] += 1
                add([("cf", c)], list(columns), cells.replace(bytes((c,)), b"", 1), nfound)
        # a cell's card onto a column
        for c in set(cells):
            targets = [j for top, j in tops.items() if _BUILDS[c][top]]
            if first_empty >= 0:
                targets.append(first_empty)
            for j in targets:
                ncols = list(columns)
                ncols[j] = columns[j] + bytes((c,))
                add([("ct", c, j)], ncols, cells.replace(bytes((c,)), b"", 1), list(found), ())
        # runs and single cards from column to column
        for i, column in enumerate(columns):
            if not column:
                continue
            run = 1
            while run < len(column) and _BUILDS[column[-run]][column[-run - 1]]:
                run += 1
            for j, target in enumerate(columns):
                if j == i:
                    continue
                if target:
                    need = target[-1]
                    for n in range(1, run + 1):
                        if _BUILDS[column[-n]][need]:
                            if n <= run_capacity(free, len(empties)):
                                ncols = list(columns)
                                ncols[i], ncols[j] = column[:-n], target + column[-n:]
                                add([("tt", i, n, j)], ncols, cells, list(found), (i,))
                            break
                elif j == first_empty and len(column) > 1:
                    limit = min(run, run_capacity(free, len(empties) - 1))
                    for n in {1, limit} if run < len(column) else {1, min(limit, len(column) - 1)}:
                        ncols = list(columns)
                        ncols[i], ncols[j] = column[:-n], column[-n:]
                        add([("tt", i, n, j)], ncols, cells, list(found), (i,))
        # a column's top into a free cell
        if free:
            for i, column in enumerate(columns):
                if column:
                    ncols = list(columns)
                    ncols[i] = column[:-1]
                    add([("tc", i)], ncols, bytes(sorted(cells + column[-1:])), list(found), (i,))
        out.sort(key=_first)
        return out

    # --------------------------------------------------------------------------- searching
    def run(self, budget_seconds: float, node_limit: int | None = None,
            should_stop: Callable[[], bool] | None = None) -> Outcome:
        """Search until a win is found, every position has been tried, or the budget is spent
        (Python's cycle collector paused meanwhile, as in ``Search.run``).
        """
        with collector_paused():
            return self._run(budget_seconds, node_limit, should_stop)

    def _run(self, budget_seconds: float, node_limit: int | None,
             should_stop: Callable[[], bool] | None) -> Outcome:
        started = time.perf_counter()
        deadline = started + max(0.0, budget_seconds)
        columns, cells, found = self.start
        root_acts: list = []
        ncols, nfound = list(columns), list(found)
        cells = self._home(ncols, cells, nfound, root_acts)
        root = (tuple(ncols), cells, tuple(nfound))
        if sum(root[2]) == 52:
            return Outcome("won", root_acts, 1, time.perf_counter() - started)
        # Best first: the open position with the lowest heuristic is expanded next; each
        # position met is kept with the one it came from and the actions between.
        came: dict[bytes, tuple[bytes | None, list]] = {self.key(root): (None, root_acts)}
        heap = [(0, 0, self.key(root), root)]
        nodes = 1
        order = 1
        limit = node_limit if node_limit is not None else -1
        key = self.key
        while heap:
            _, _, parent_key, state = heappop(heap)
            for score, acts, child in self.children(state):
                k = key(child)
                if k in came:
                    continue
                came[k] = (parent_key, acts)
                nodes += 1
                if sum(child[2]) == 52:
                    return Outcome("won", _line(came, k), nodes, time.perf_counter() - started)
                order += 1
                heappush(heap, (score, order, k, child))
            if nodes >= limit >= 0 or (
                    time.perf_counter() > deadline or (should_stop is not None and should_stop())):
                return Outcome("unknown", [], nodes, time.perf_counter() - started)
        return Outcome("lost", [], nodes, time.perf_counter() - started)


def _line(came: dict[bytes, tuple[bytes | None, list]], k: bytes | None) -> list:
    """The actions from the root to position ``k``."""
    steps = []
    while k is not None:
        k, acts = came[k]
        steps.append(acts)
    return [a for step in reversed(steps) for a in step]


def _first(item: tuple) -> int:
    return item[0]


def _score(state: FreeCellState, cache: dict[bytes, tuple[int, dict[int, int]]]) -> int:
    """Lower is better: the cards still out; the cards lying above a lower card of their column
    (each must move before that card can go home); the cards above the next card each
    foundation needs; and the cards in cells.
    """
    columns, cells, found = state
    blocked = 0
    buried = 0
    wanted = [_CARD[s][r + 1] for s, r in enumerate(found) if r < KING]
    for column in columns:
        info = cache.get(column)
        if info is None:
            info = cache[column] = _column_info(column)
        blocked += info[0]
        above = info[1]
        for c in wanted:
            buried += above.get(c, 0)
    return W_OUT * (52 - sum(found)) + W_BLOCKED * blocked + W_BURIED * buried + W_CELLS * len(cells)


def _column_info(column: bytes) -> tuple[int, dict[int, int]]:
    """A column's cards lying above a lower card, and how many cards lie above each card."""
    blocked = 0
    lowest = KING + 1
    for c in column:
        r = RANK[c]
        if r > lowest:
            blocked += 1
        else:
            lowest = r
    size = len(column)
    return blocked, {c: size - 1 - depth for depth, c in enumerate(column)}


_CARD = [[s * 13 + r - 1 if 1 <= r <= KING else -1 for r in range(KING + 2)] for s in range(4)]
# The heuristic's weights, tried on Microsoft deals 1-40 at 1 s (3, 2, 1, 1 decided the most).
W_OUT, W_BLOCKED, W_BURIED, W_CELLS = 3, 2, 1, 1


def freecell_moves(game: Game, actions: list) -> list[Move]:
    """Turn a line of search actions into core Moves, playing them on a copy of ``game`` (raises
    IllegalMove if one is not legal: that would be a solver bug).
    """
    board = game.clone()
    moves: list[Move] = []
    for action in actions:
        kind = action[0]
        if kind == "tf":
            src = Pile(TABLEAU, action[1])
        elif kind == "tc":
            src = Pile(TABLEAU, action[1])
        elif kind == "tt":
            src = Pile(TABLEAU, action[1])
        else:
            src = Pile(CELL, next(i for i, cell in enumerate(board.cells) if cell and cell[-1] == action[1]))
        if kind in ("tf", "cf"):
            target = board.foundation_for(board.pile(src)[-1])
            move = Move(src, Pile(FOUNDATION, -1 if target is None else target), 1)
        elif kind == "tc":
            free = next((i for i, cell in enumerate(board.cells) if not cell), -1)
            move = Move(src, Pile(CELL, free), 1)
        elif kind == "ct":
            move = Move(src, Pile(TABLEAU, action[2]), 1)
        else:
            move = Move(src, Pile(TABLEAU, action[3]), action[2])
        board.apply(move)
        moves.append(move)
    return moves
