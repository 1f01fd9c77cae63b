"""The search for games whose cards leave in pairs totalling 13 (Pyramid, PY-3): a depth-first
search over every position, each met once, with every card's place known.

A position is which cards are still in play, how many times the stock has been turned back and
where the stock has got to. The cards that are not in the pyramid (the talon) keep one order for
the whole game: the waste's cards from the bottom up, then the stock's from the next one turned
(PY-4 turns the waste back in the same order). So a position is one number of bits, one for each
card still in play (the pyramid's places, then the talon's), and a pointer into the talon: the
cards in play before it are the waste, the others the stock. Two positions with the same cards
in play differ only in how far the stock has gone: one that has turned the stock back fewer
times, or as often but turned fewer cards since, can reach every pointer the other can by
clicking the stock, so it is at least as good. The search keeps, for each set of cards in play,
the best pointer it has searched from, and never searches a worse one; stock clicks are no
moves of their own, but each pair or King at every place the stock can be turned to, in one go.

A line ends early when a pyramid card can no longer leave (``dead``): no card of the rank it
needs is in play, but for cards it covers or that cover it, which can never lie exposed at the
same time as it (PY-2). Every position reachable is tried before the answer is "lost"; a budget
spent first gives "unknown". ``tests/solver/test_pairs.py`` compares the answers with a search
that plays every legal move one at a time.
"""

from __future__ import annotations

import math
import time
from typing import Callable, Sequence

from ..core.cards import KING, RANK
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from .collector import collector_paused
from .sampled import best_on_samples

PAIR_TOTAL = 13  # PY-3: two cards leave together when their ranks total 13; a King alone

# A step of a line found: ("draw",) a click on the stock (a recycle when it is empty), or the
# cards that leave, each ("place", index), ("waste",) or ("stock",).
Step = tuple


class PairSearch:
    """One search from one position, with every card known (the stock's order too).

    ``pyramid`` holds each place's card or None where it has gone; ``covered_by[i]`` the places
    whose cards lie on place ``i`` (PY-2). ``waste`` bottom to top, ``stock`` the next card first;
    ``recycles_left`` how many more times the waste may be turned back (PY-4).
    """

    def __init__(self, pyramid: Sequence[int | None], covered_by: Sequence[Sequence[int]],
                 waste: Sequence[int], stock: Sequence[int], recycles_left: int) -> None:
        self.places = len(pyramid)
        talon = list(waste) + list(stock)
        self.talon_size = len(talon)
        self.ranks = [RANK[c] if c is not None else 0 for c in pyramid] + [RANK[c] for c in talon]
        self.recycles_left = recycles_left
        places = self.places
        cover = [0] * places  # the places lying on each place
        for place, over in enumerate(covered_by):
            for other in over:
                cover[place] |= 1 << other
        self.cover = cover
        # Every place lying on a place, however far up; and every place under it.
        above = [0] * places
        for place in sorted(range(places), key=lambda p: -_depth(covered_by, p)):
            above[place] = cover[place]
            for other in covered_by[place]:
                above[place] |= above[other]
        below = [0] * places
        for place in range(places):
            for other in range(places):
                if above[other] >> place & 1:
                    below[place] |= 1 << other
        # partners[i]: every card in play at the start that place i's card may leave with (a rank
        # totalling 13 with its own, not above or under it).
        rank_bits = [0] * 14
        for index, rank in enumerate(self.ranks):
            if rank and (index >= places or pyramid[index] is not None):
                rank_bits[rank] |= 1 << index
        self.rank_bits = rank_bits
        self.partners = [0] * places
        for place in range(places):
            rank = self.ranks[place]
            if rank and rank != KING:
                self.partners[place] = rank_bits[PAIR_TOTAL - rank] & ~(above[place] | below[place])
        self.pyramid_bits = sum(1 << p for p in range(places) if pyramid[p] is not None)
        self.start = (self.pyramid_bits | (((1 << len(talon)) - 1) << places), len(waste))
        self.nodes = 0
        self.relaxed: dict[tuple[int, tuple[int, ...]], bool] = {}  # ``_clearable``'s answers
        self.relaxed_by: dict[tuple[int, int], bool] = {}  # ``clearable``'s, by the talon's signature
        # For each byte of the talon's bits, each value's count of every rank, 3 bits a rank.
        self.byte_counts = [[sum(1 << 3 * self.ranks[places + 8 * byte + bit] for bit in range(8)
                                 if value >> bit & 1 and 8 * byte + bit < len(talon))
                             for value in range(256)] for byte in range((len(talon) + 7) // 8)]
        # The line that left the fewest pyramid cards, and how many: what a hint plays towards
        # where no line wins.
        self.best: tuple[int, list[Step]] = (bin(self.pyramid_bits).count("1") + 1, [])

    def dead(self, cards: int, rank: int) -> bool:
        """A pyramid card of the rank totalling 13 with ``rank`` has no partner left in ``cards``."""
        need = PAIR_TOTAL - rank
        if need == 0 or not 1 <= need <= 12:
            return False
        bits = self.rank_bits[need] & cards & self.pyramid_bits
        while bits:
            low = bits & -bits
            place = low.bit_length() - 1
            if not cards & self.partners[place]:
                return True
            bits ^= low
        return False

    def clearable(self, cards: int) -> bool:
        """Whether the pyramid could be cleared were every talon card in play at hand at any time
        (in any order, each once): where not, it cannot be cleared either with the stock turned as
        PY-4 lets it (a relaxation; the answers are kept for every pyramid left and talon ranks)."""
        places = self.places
        talon = cards >> places
        signature = 0  # the talon's cards in play as 3 bits of count a rank, read a byte at a time
        for table in self.byte_counts:
            signature += table[talon & 255]
            talon >>= 8
        pyramid = cards & ((1 << places) - 1)
        known = self.relaxed_by.get((pyramid, signature))
        if known is None:
            counts = [signature >> (3 * rank) & 7 for rank in range(14)]
            known = self.relaxed_by[(pyramid, signature)] = self._clearable(pyramid, counts)
        return known

    def _clearable(self, pyramid: int, counts: list[int]) -> bool:
        if not pyramid:
            return True
        key = (pyramid, tuple(counts))
        known = self.relaxed.get(key)
        if known is not None:
            return known
        self.relaxed[key] = False  # no line returns to a position: its cards only ever leave
        ranks, cover = self.ranks, self.cover
        exposed = [p for p in _bits(pyramid) if not pyramid & cover[p]]
        answer = False
        king = next((p for p in exposed if ranks[p] == KING), None)
        if king is not None:
            answer = self._clearable(pyramid & ~(1 << king), counts)
        else:
            for i, place in enumerate(exposed):
                need = PAIR_TOTAL - ranks[place]
                for other in exposed[i + 1:]:
                    if ranks[other] == need and self._clearable(pyramid & ~(1 << place) & ~(1 << other), counts):
                        answer = True
                        break
                if answer:
                    break
                if counts[need]:
                    counts[need] -= 1
                    answer = self._clearable(pyramid & ~(1 << place), counts)
                    counts[need] += 1
                    if answer:
                        break
        self.relaxed[key] = answer
        return answer

    def run(self, budget_seconds: float, node_limit: int | None = None,
            should_stop: Callable[[], bool] | None = None) -> tuple[str, list[Step]]:
        """"won" with its line, "lost", or "unknown" when the budget runs out first."""
        deadline = time.perf_counter() + max(0.0, budget_seconds)
        limit = node_limit if node_limit is not None else -1
        places, size, ranks, cover = self.places, self.talon_size, self.ranks, self.cover
        pyramid_mask = (1 << places) - 1
        best_seen: dict[int, int] = {}  # cards in play -> best (recycles used, pointer) searched, as one int
        stride = size + 1
        line: list[Step] = []
        dead = self.dead

        def windows(cards: int, pointer: int, used: int) -> list[tuple[int, int, int, int]]:
            """Each place the stock can be turned to from here, once, with the fewest turns back:
            (recycles used, pointer, waste top's index or -1, stock top's index or -1)."""
            present = []
            talon = cards >> places
            while talon:
                low = talon & -talon
                present.append(low.bit_length() - 1)
                talon ^= low
            found = []
            later = used < self.recycles_left
            tops = [-1] + present  # the waste top for each pointer: the last card in play before it
            for position in range(len(present) + 1):  # ``position`` cards of the talon in the waste
                waste_top = tops[position]
                stock_top = present[position] if position < len(present) else -1
                pointer_at = waste_top + 1
                if pointer_at >= pointer:
                    found.append((used, pointer_at, waste_top, stock_top))
                elif later:
                    found.append((used + 1, pointer_at, waste_top, stock_top))
            found.sort()
            return found

        def search(cards: int, pointer: int, used: int) -> str:
            nonlocal limit
            if not cards & pyramid_mask:
                return "won"
            key = used * stride + pointer
            seen = best_seen.get(cards)
            if seen is not None and seen <= key:
                return "lost"
            best_seen[cards] = key
            self.nodes += 1
            if self.nodes & 1023 == 0 and (time.perf_counter() > deadline or (should_stop and should_stop())):
                raise _OutOfTime
            if limit >= 0 and self.nodes > limit:
                raise _OutOfTime
            if not self.clearable(cards):
                return "lost"
            left = bin(cards & pyramid_mask).count("1")
            if left < self.best[0]:
                self.best = (left, list(line))
            exposed = [p for p in range(places) if cards >> p & 1 and not cards & cover[p]]
            by_rank: dict[int, list[int]] = {}
            for place in exposed:
                by_rank.setdefault(ranks[place], []).append(place)
            # A King exposed in the pyramid leaves at once: it is nobody's partner (PY-3).
            kings = by_rank.get(KING)
            if kings:
                line.append((("place", kings[0]),))
                if search(cards & ~(1 << kings[0]), pointer, used) == "won":
                    return "won"
                line.pop()
                return "lost"
            # What to search next: (order, cards after, pointer after, recycles used after, the
            # window's pointer, its cards leaving). Pairs within the pyramid first, then pairs of
            # a pyramid card and a talon card by how far the stock must be turned, then the
            # talon's own (a King, or the waste's top with the stock's), which clear nothing.
            tries: list[tuple[int, int, int, int, int, tuple]] = []
            for place in exposed:
                need = PAIR_TOTAL - ranks[place]
                for other in by_rank.get(need, ()):
                    if other > place:
                        tries.append((0, cards & ~(1 << place) & ~(1 << other), pointer, used, pointer,
                                      (("place", place), ("place", other))))
            for order, (win_used, at, waste_top, stock_top) in enumerate(windows(cards, pointer, used), 1):
                for index, name in ((waste_top, "waste"), (stock_top, "stock")):
                    if index < 0:
                        continue
                    rank = ranks[places + index]
                    bit = 1 << (places + index)
                    after = at if name == "stock" else _pointer_after(cards & ~bit, places, index)
                    if rank == KING:
                        tries.append((order, cards & ~bit, after, win_used, at, ((name,),)))
                        continue
                    for other in by_rank.get(PAIR_TOTAL - rank, ()):
                        tries.append((order, cards & ~bit & ~(1 << other), after, win_used, at,
                                      ((name,), ("place", other))))
                if waste_top >= 0 and stock_top >= 0 and ranks[places + waste_top] + ranks[places + stock_top] == PAIR_TOTAL:
                    gone = cards & ~(1 << (places + waste_top)) & ~(1 << (places + stock_top))
                    tries.append((order, gone, _pointer_after(gone, places, waste_top), win_used, at,
                                  (("waste",), ("stock",))))
            tries.sort(key=lambda t: t[0])
            for _, after_cards, after_pointer, after_used, at, leaving in tries:
                seen = best_seen.get(after_cards)
                if seen is not None and seen <= after_used * stride + after_pointer:
                    continue
                removed = cards & ~after_cards
                low = removed & -removed
                if dead(after_cards, ranks[low.bit_length() - 1]) or (
                        removed != low and dead(after_cards, ranks[(removed ^ low).bit_length() - 1])):
                    continue
                steps = _clicks(cards, places, size, pointer, used, at, after_used)
                steps.append(leaving)
                line.extend(steps)
                if search(after_cards, after_pointer, after_used) == "won":
                    return "won"
                del line[len(line) - len(steps):]
            return "lost"

        cards, pointer = self.start
        with collector_paused():
            try:
                result = search(cards, pointer, 0)
            except _OutOfTime:
                return "unknown", []
            except RecursionError:
                return "unknown", []
        return result, (line if result == "won" else [])


class _OutOfTime(Exception):
    pass


def _depth(covered_by: Sequence[Sequence[int]], place: int) -> int:
    return 1 + max((_depth(covered_by, other) for other in covered_by[place]), default=0)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _pointer_after(cards: int, places: int, index: int) -> int:
    """The pointer once the waste's top card (talon ``index``) has gone: after the card in play
    under it, or 0."""
    below = (cards >> places) & ((1 << index) - 1)
    return below.bit_length()


def _clicks(cards: int, places: int, size: int, pointer: int, used: int, at: int, at_used: int) -> list[Step]:
    """The stock clicks from ``pointer`` to ``at``: the cards turned, each click a step, a turn
    back where the window lies in the next pass (a click on the empty stock, PY-4)."""
    talon = cards >> places

    def turned(start: int, stop: int) -> int:
        return bin(talon & (((1 << stop) - 1) & ~((1 << start) - 1))).count("1")

    if at_used == used:
        return [("draw",)] * turned(pointer, at)
    return [("draw",)] * (turned(pointer, size) + 1 + turned(0, at))


def core_moves(line: Sequence[Step]) -> list[Move]:
    """A line of the search as core Moves (PY-3's notation): a click, a King leaving from the
    pyramid or the waste (one on the stock is turned onto the waste first), a pair as one card
    dropped on the other (a pyramid card or the waste's top on the stock's top card)."""
    piles = {"waste": Pile(WASTE), "stock": Pile(STOCK)}
    moves: list[Move] = []
    for step in line:
        if step == ("draw",):
            moves.append(DRAW)
            continue
        cards = [Pile(TABLEAU, part[1]) if part[0] == "place" else piles[part[0]] for part in step]
        if len(cards) == 1:
            if cards[0].kind == STOCK:
                moves.append(DRAW)
                cards = [Pile(WASTE)]
            moves.append(Move(cards[0], Pile(FOUNDATION, 0), 1))
        else:
            first, second = sorted(cards, key=lambda pile: pile.kind == STOCK)  # the stock's card is the partner
            moves.append(Move(first, second, 1))
    return moves


def search_of(game: Game) -> PairSearch:
    """The search from a core Game's position, every card known (the stock's order too)."""
    pyramid = [cards[-1] if cards else None for cards in game.tableau]
    covered_by = game.rules.covered_by or tuple(() for _ in game.tableau)
    left = game.scoring.max_recycles - game.recycles if game.scoring.max_recycles >= 0 else 2 * len(game.all_cards())
    return PairSearch(pyramid, covered_by, game.waste, game.stock[::-1], left)


SAMPLES = 8
POSITIONS_A_SECOND = 10_000  # a sample's search, its setting up included (CPU time, PY1 deals): seconds -> positions


def seen_hint(game: Game, budget_seconds: float = 0.0, least: float = 0.5) -> Move | None:
    """Pyramid's hint (``api.hint``) and the computer's move in a demo (``player.decide``), from what the player sees (PY-1, PY-4): the pyramid, the waste, the
    stock's top card and which cards lie under it but not their order, until the waste has been
    turned back once (from then on the player has seen every card's place, the order kept, and
    the first move of a winning line is the hint, when the search finds one). Each legal move is
    played on a few stocks with those cards in orders drawn at random (``sampled.best_on_samples``),
    the rest searched briefly, as Golf's hint does: a won line counts most, any other the
    pyramid cards its best line clears (a search that ends lost has seen every line: a move that
    clears more is still the better one where nothing wins). ``least``: the seconds it takes
    at the least, for every move and sample (a hint's half second; a demo's move less)."""
    if game.won:
        return None
    if game.recycles or len(game.stock) <= 1:
        result, steps = search_of(game).run(max(budget_seconds, least))
        if result == "won" and steps:
            return core_moves(steps)[0]
    cards = sum(map(len, game.tableau))

    def deal(sample: Game, order: list[int]) -> None:
        sample.stock = order + game.stock[-1:]

    def value(sample: Game, share: int) -> int:
        search = search_of(sample)
        result, _ = search.run(math.inf, node_limit=share)
        return 2 * cards if result == "won" else cards - search.best[0]

    return best_on_samples(game, sorted(game.legal_moves(), key=lambda move: move == DRAW),  # a tie: a pair or a King
                           f"{len(game.stock)} {game.waste[-1:]} {cards}", game.stock[:-1], SAMPLES,
                           round(max(budget_seconds, least) * POSITIONS_A_SECOND), deal, value)
