"""The search for games whose cards all go onto one pile, one rank up or down (Golf, GO-3): a
depth-first search over every position, each met once.

A position is how many cards each column still holds, how many stock cards have been turned
and the pile's top rank: nothing else changes in such a game (no card ever goes onto a column,
GO-2, and a suit never matters, GO-3). A position met again after one with fewer stock cards
turned was lost is lost too (the one with fewer could turn the difference at once). Two proofs end a line
early: a column card none of whose neighbouring ranks is left to come before it, and, more
generally, column cards that cannot each be given a card of a neighbouring rank of their own to
follow (a matching along the line of ranks). Every position reachable is tried before the
answer is "lost"; a budget spent first gives "unknown". The line found is core Moves, which
``api.solve`` replays with the rules core; ``tests/solver/test_one_pile.py`` compares the
answers with a search that tries every legal move of the core."""

from __future__ import annotations

import time
from typing import Callable

from ..core.cards import RANK
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, TABLEAU, Move, Pile
from .collector import collector_paused
from .search import Outcome


class OnePileSearch:
    """One search from one position of a core Game, with every card known (the stock's order too)."""

    def __init__(self, game: Game) -> None:
        self.ranks = [tuple(RANK[c] for c in cards) for cards in game.tableau]  # only ranks matter (GO-3)
        self.stock = [RANK[c] for c in game.stock[::-1]]  # the next card turned first
        wraps = game.rules.foundation_build == "up_or_down_wrap"
        # next[r]: a bit for each rank that goes on a top of rank r (next[-1]: every rank goes
        # on an empty pile).
        self.next = [0] * 15
        for top in range(1, 14):
            for rank in range(1, 14):
                step = abs(rank - top)
                if step == 1 or (step == 12 and wraps):
                    self.next[top] |= 1 << rank
        self.next[-1] = (1 << 14) - 2
        self.wraps = wraps
        self.bits = max(1, max(len(cards) for cards in game.tableau).bit_length())  # a column's height
        pile = game.foundations[0]
        # A position: each column's height, the stock cards turned, the pile's top rank (its
        # suit never matters, GO-3), or -1 for an empty pile.
        self.start = (tuple(len(cards) for cards in game.tableau), 0, RANK[pile[-1]] if pile else -1)
        self.nodes = 0
        # The line that left the fewest column cards, and how many: what a hint plays towards
        # where no line wins (``api``'s Golf hint).
        self.best: tuple[int, list[Move]] = (sum(self.start[0]) + 1, [])

    @staticmethod
    def _moves(line: list[int]) -> list[Move]:
        return [DRAW if index < 0 else Move(Pile(TABLEAU, index), Pile(FOUNDATION, 0), 1) for index in line]

    @staticmethod
    def _unmatched(demand: list[int], supply: list[int]) -> bool:
        """Every column card left needs a card of a rank next to its own put on the pile just
        before it (a column card, a stock card or the top), and each card can come before one
        card only: where the ranks in play cannot give every column card its own, the position
        is lost. Ranks next to each other form a line (no K-A wrap), so taking the lower rank's
        cards first is the best matching there is."""
        below, this = 0, supply[1]  # cards of the rank below and of this rank not yet given
        for rank in range(1, 14):
            need = demand[rank] - below
            if need < 0:
                need = 0
            above = supply[rank + 1]
            if need > above:
                return True
            below, this = this, above - need
        return False

    def _neighbours(self, rank: int) -> list[int]:
        return [other for other in range(1, 14) if self.next[rank] >> other & 1]

    def _dead_ends(self) -> tuple[list[int], list[list[tuple]]]:
        """What the dead-end test needs: how many cards of each rank are still to play or on top
        (``count``), and for each rank the column cards of that rank with, for each rank next to
        theirs, how many cards of it lie under them in their column (those leave after them, so
        they cannot lead to them)."""
        heights, turned, top = self.start
        count = [0] * 15  # ranks 1 to 13; 0 and 14 hold nothing
        if top >= 0:
            count[top] += 1
        for rank in self.stock[turned:]:
            count[rank] += 1
        cards_of: list[list[tuple]] = [[] for _ in range(14)]
        for index, column in enumerate(self.ranks):
            for place, rank in enumerate(column[:heights[index]]):
                count[rank] += 1
                under = column[:place]
                first, *second = self._neighbours(rank) + [0]  # rank 0: none, never counted
                cards_of[rank].append((index * self.bits, place, first, under.count(first),
                                       second[0], under.count(second[0]) if second[0] else 0))
        return count, cards_of

    def run(self, budget_seconds: float, node_limit: int | None = None,
            should_stop: Callable[[], bool] | None = None) -> Outcome:
        started = time.perf_counter()
        deadline = started + max(0.0, budget_seconds)
        limit = node_limit if node_limit is not None else -1
        # The fewest stock cards turned with which each (heights, top rank) has been searched to
        # its end and lost: a position with more turned is no better (the one with fewer can
        # turn them all at once when the other turns its next), so it is lost too. Kept once a
        # position is finished, not when it is entered: its own stock clicks may meet its key
        # again with more cards turned, and those must be searched for it to be finished.
        fewest: dict[int, int] = {}
        line: list[int] = []  # a column's index, or -1 for a stock click
        ranks, stock, following = self.ranks, self.stock, self.next
        # The heights as one number, ``bits`` a column: a position's key is a small int.
        bits = self.bits
        mask = (1 << bits) - 1
        shifts = [(index, index * bits) for index in range(len(ranks))]
        count, cards_of = self._dead_ends()
        neighbours = [self._neighbours(rank) for rank in range(14)]
        demand = [0] * 15  # column cards left of each rank: each needs a card next to it before it
        for index, column in enumerate(ranks):
            for rank in column[:self.start[0][index]]:
                demand[rank] += 1
        matched = self.wraps or self._unmatched
        cut = False
        left = [sum(self.start[0])]  # column cards left, in a cell the search changes

        def dead(code: int, buried: int) -> bool:
            """A column card that nothing left can lead to, now that a card of rank ``buried``
            is covered for good: only the cards next to that rank can have become such."""
            for rank in neighbours[buried]:
                for shift, place, first, under_first, second, under_second in cards_of[rank]:
                    if count[first] <= under_first and count[second] <= under_second and place < (code >> shift & mask):
                        return True
            return False

        def search(code: int, turned: int, top: int, buried: int) -> bool:
            nonlocal cut
            if not code:
                return True
            key = code << 4 | (top + 1)
            if fewest.get(key, 99) <= turned:
                return False
            self.nodes += 1
            if self.nodes & 1023 == 0 and (time.perf_counter() > deadline or self.nodes >= limit >= 0
                                           or (should_stop is not None and should_stop())):
                cut = True
            if cut:
                return False
            if buried >= 0 and (dead(code, buried) or (matched is not True and matched(demand, count))):
                fewest[key] = min(turned, fewest.get(key, 99))  # lost: proven so
                return False
            takes = following[top]
            if top >= 0:
                count[top] -= 1  # whatever comes next covers the top for good
            try:
                for index, shift in shifts:
                    height = code >> shift & mask
                    if height and takes >> (card := ranks[index][height - 1]) & 1:
                        line.append(index)
                        left[0] -= 1
                        if left[0] < self.best[0]:
                            self.best = (left[0], self._moves(line))
                        demand[card] -= 1
                        won = search(code - (1 << shift), turned, card, top)
                        demand[card] += 1
                        left[0] += 1
                        if won:
                            return True
                        line.pop()
                if turned < len(stock):
                    line.append(-1)
                    if search(code, turned + 1, stock[turned], top):
                        return True
                    line.pop()
                fewest[key] = min(turned, fewest.get(key, 99))  # lost: searched to its end
                return False
            finally:
                if top >= 0:
                    count[top] += 1

        start_heights, start_turned, start_top = self.start
        start = sum(height << shift for height, (_, shift) in zip(start_heights, shifts))
        with collector_paused():  # a line is at most one move a card: the recursion stays shallow
            won = search(start, start_turned, start_top, -1)
        result = "won" if won else "unknown" if cut else "lost"
        moves = self._moves(line)
        return Outcome(result, moves if won else [], self.nodes, time.perf_counter() - started)
