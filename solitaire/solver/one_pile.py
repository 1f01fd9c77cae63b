"""The search for games whose cards all go onto one pile, one rank up or down (Golf, GO-3;
TriPeaks, TP-3, its piles lying on others, TP-2): a depth-first search over every position, each
met once.

A position is how many cards each column still holds, how many stock cards have been turned
and the pile's top rank: nothing else changes in such a game (no card ever goes onto a column,
GO-2, and a suit never matters, GO-3). A position met again after one with fewer stock cards
turned was lost is lost too (the one with fewer could turn the difference at once). Three proofs end a
line early: a column card no card left can come just before (``one_pile_proofs.stuck``), column cards that
cannot each be given a card of a neighbouring rank of their own to follow (a matching along the
line of ranks), and blocks of ranks the column cards hold that cannot each be given their own
top or stock card to start from (``unjoined``, with few stock cards left). Where the King is next
to the Ace the ranks form a ring, and the matching goes round it (``unmatched_round``). Where
piles of one card lie on others (TP-2) a covered card waits, and a position's key holds the cards
open on its top instead of the top (the same open cards, the same positions next); a position
lost makes lost each with the same cards left and fewer of them open. Every position reachable is tried before the
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
from .one_pile_proofs import stuck, unjoined, unmatched, unmatched_round
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
        # TP-2: for each pile, the bits of the piles lying on it in a position's key (below): it
        # is played only when they are all 0.
        mask = (1 << self.bits) - 1
        self.blocked = [sum(mask << above * self.bits for above in game.rules.covered_by[index])
                        if game.rules.covered_by else 0 for index in range(len(game.tableau))]
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

    _unmatched = staticmethod(unmatched)
    _unmatched_round = staticmethod(unmatched_round)
    _unjoined = staticmethod(unjoined)
    _stuck = staticmethod(stuck)

    def _neighbours(self, rank: int) -> list[int]:
        return [other for other in range(1, 14) if self.next[rank] >> other & 1]

    def _dead_ends(self) -> tuple[list[int], list[list[tuple]], list[list[list[int]]]]:
        """What the dead-end test needs: how many cards of each rank are still to play or on top
        (``count``); for each rank the column cards of that rank, each with its column, its place,
        the ranks next to its own and the rank of the card on it (0 for none); and for each column
        and height how many cards of each rank it holds (``held``)."""
        heights, turned, top = self.start
        count = [0] * 15  # ranks 1 to 13; 0 and 14 hold nothing
        if top >= 0:
            count[top] += 1
        for rank in self.stock[turned:]:
            count[rank] += 1
        cards_of: list[list[tuple]] = [[] for _ in range(14)]
        held: list[list[list[int]]] = []
        for index, column in enumerate(self.ranks):
            held.append([[0] * 15])
            for rank in column:
                held[-1].append(held[-1][-1][:])
                held[-1][-1][rank] += 1
            for place, rank in enumerate(column[:heights[index]]):
                count[rank] += 1
                first, *second = self._neighbours(rank) + [0]  # rank 0: none, never counted
                on = column[place + 1] if place + 1 < len(column) else 0
                # At most this many cards of each rank next to it may be left for it to be stuck:
                # those of its column but the one on it, and the pile's top (a quick first test).
                most = [column.count(other) - (on == other) + 1 for other in (first, second[0])]
                cards_of[rank].append((most[0], most[1], index, index * self.bits, place, first, second[0], on))
        return count, cards_of, held

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
        # For each heights, the fewest stock cards turned with which a position of them, whatever
        # its top, was lost: turning the stock from there is lost with as many or more turned (the
        # lost one could turn the same cards to the same top), so that click is not tried.
        turning_lost: dict[int, int] = {}
        line: list[int] = []  # a column's index, or -1 for a stock click
        ranks, stock, following = self.ranks, self.stock, self.next
        # The heights as one number, ``bits`` a column: a position's key is a small int.
        bits = self.bits
        mask = (1 << bits) - 1
        shifts = [(index, index * bits) for index in range(len(ranks))]
        # Piles of one card each (TP-1): for each top (-1 first, an empty pile), the piles whose
        # card goes on it, so a position looks at those alone.
        single = bits == 1
        piles = len(ranks)
        every_pile = (1 << piles) - 1
        # TP-2: for each pile, for each pile it lies on, the bits of the others lying there: the
        # cards that uncover the most are tried first (9% fewer positions on 55 deals).
        opens = [[self.blocked[under] & ~(1 << pile) for under in range(len(ranks)) if self.blocked[under] >> pile & 1]
                 for pile in range(len(ranks))]
        by_top = [[(index, self.blocked[index], ranks[index][0]) for index, _ in shifts
                   if ranks[index] and following[top] >> ranks[index][0] & 1] for top in range(-1, 14)]
        count, cards_of, held = self._dead_ends()
        neighbours = [self._neighbours(rank) for rank in range(14)]
        demand = [0] * 15  # column cards left of each rank: each needs a card next to it before it
        for index, column in enumerate(ranks):
            for rank in column[:self.start[0][index]]:
                demand[rank] += 1
        matched = self._unmatched_round if self.wraps else self._unmatched
        joined = self._unjoined  # blocks along a line of ranks: not where the King and the Ace join
        # A bit for each rank column cards still hold: where they form one block of ranks next
        # to each other, ``joined`` has nothing to add (it is tried only where they form more).
        present = [sum(1 << rank for rank in range(1, 14) if demand[rank])]
        cut = False
        left = [sum(self.start[0])]  # column cards left, in a cell the search changes
        fewest_left = [self.best[0]]  # ``self.best``'s count, read at each move

        stuck = self._stuck
        near = [[card for other in neighbours[rank] for card in cards_of[other]] for rank in range(14)]

        def dead(code: int, buried: int, top: int) -> bool:
            """A column card that nothing left can lead to, now that a card of rank ``buried``
            is covered for good and ``top`` lies on the pile: only the cards next to those ranks
            can have become such."""
            return stuck(count, near[buried], held, code, mask, top)

        if any(self.blocked):  # TP-2: the matching proves what this would (measured: as many positions, more time)
            def dead(code: int, buried: int, top: int) -> bool:
                return False

        def lose(key: int, code: int, turned: int) -> None:
            """A position lost with ``turned`` stock cards turned, piles of one card (TP-2): so
            is each with the same cards left and fewer of them open (its moves are some of this
            one's, to the same positions), and turning the stock with these cards left and as
            many turned or more."""
            fewest[key] = turned
            open_bits = key & every_pile
            sub = open_bits
            while sub:
                sub = (sub - 1) & open_bits
                other = key ^ open_bits | sub
                if fewest.get(other, 99) > turned:
                    fewest[other] = turned
            if turning_lost.get(code, 99) > turned:
                turning_lost[code] = turned

        # Two searches, one per kind of position, each doing at a position only what its kind
        # needs (one search for both did TriPeaks' work at each of Golf's positions: 20% slower).
        near_end = 0 if self.wraps else 7  # ``joined`` where this few stock cards are left (never round the ring)

        def search(code: int, turned: int, top: int, buried: int) -> bool:
            """Golf's columns: each column's top card, in column order, then the stock."""
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
            if buried >= 0 and (matched(demand, count) or (len(stock) - turned < near_end and (present[0] + (present[0] & -present[0])) & present[0]
                                                           and joined(demand, count)) or dead(code, buried, top)):
                fewest[key] = turned  # lost: proven so (any entry there was for more cards turned)
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
                        if left[0] < fewest_left[0]:
                            fewest_left[0] = left[0]
                            self.best = (left[0], self._moves(line))
                        demand[card] -= 1
                        if not demand[card]:
                            present[0] ^= 1 << card
                        won = search(code - (1 << shift), turned, card, top)
                        if not demand[card]:
                            present[0] ^= 1 << card
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
                fewest[key] = turned  # lost: searched to its end
                return False
            finally:
                if top >= 0:
                    count[top] += 1

        def search_piles(code: int, turned: int, top: int, buried: int) -> bool:
            """Piles of one card (TriPeaks, TP-1): the cards open on this top, then the stock."""
            nonlocal cut
            if not code:
                return True
            # TP-2: the cards open on this top; the position's key holds them, not the top: two
            # tops opening the same cards lead to the same positions (none: only the stock).
            playable = []  # loops, not comprehensions, here: those would make ``code`` a cell of search
            key = code << piles
            for index, blocked, card in by_top[top + 1]:
                if code >> index & 1 and not code & blocked:
                    playable.append((index, card))
                    key |= 1 << index
            if fewest.get(key, 99) <= turned:
                return False
            self.nodes += 1
            if self.nodes & 1023 == 0 and (time.perf_counter() > deadline or self.nodes >= limit >= 0
                                           or (should_stop is not None and should_stop())):
                cut = True
            if cut:
                return False
            if buried >= 0 and (matched(demand, count) or (len(stock) - turned < near_end and (present[0] + (present[0] & -present[0])) & present[0]
                                                           and joined(demand, count)) or dead(code, buried, top)):
                lose(key, code, turned)  # lost: proven so (any entry there was for more cards turned)
                return False
            if top >= 0:
                count[top] -= 1  # whatever comes next covers the top for good
            try:
                if len(playable) > 1:  # the cards that uncover the most first
                    playable.sort(key=lambda item, code=code: -sum(1 for other in opens[item[0]] if not code & other))
                for index, card in playable:
                    line.append(index)
                    left[0] -= 1
                    if left[0] < fewest_left[0]:
                        fewest_left[0] = left[0]
                        self.best = (left[0], self._moves(line))
                    demand[card] -= 1
                    if not demand[card]:
                        present[0] ^= 1 << card
                    won = search_piles(code - (1 << index), turned, card, top)  # one card a pile: its bit
                    if not demand[card]:
                        present[0] ^= 1 << card
                    demand[card] += 1
                    left[0] += 1
                    if won:
                        return True
                    line.pop()
                if turned < len(stock) and turning_lost.get(code, 99) > turned:
                    line.append(-1)
                    if search_piles(code, turned + 1, stock[turned], top):
                        return True
                    line.pop()
                lose(key, code, turned)  # lost: searched to its end
                return False
            finally:
                if top >= 0:
                    count[top] += 1

        start_heights, start_turned, start_top = self.start
        start = sum(height << shift for height, (_, shift) in zip(start_heights, shifts))
        with collector_paused():  # a line is at most one move a card: the recursion stays shallow
            won = (search_piles if single else search)(start, start_turned, start_top, -1)
        result = "won" if won else "unknown" if cut else "lost"
        moves = self._moves(line)
        return Outcome(result, moves if won else [], self.nodes, time.perf_counter() - started)
