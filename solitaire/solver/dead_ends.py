"""Dead-end proofs for the search: a position where some cards can never move again
(``dead_end``), or in Yukon never go home (``never_home``, in ``home_proof``), is lost at once,
without searching it.

``DeadEnds`` is one part of ``Search``; it reads the search's settings and caches set up by
``Search.__init__``.
"""

from __future__ import annotations

from .home_proof import HomeProof
from .position import _ACCEPTS, _BUILDS, _CARD, _CHILDREN, _RANK, _SUIT, HIDDEN, KING, State

class DeadEnds(HomeProof):
    def _column(self, col: bytes) -> tuple[int, bool, int]:
        """What one column offers, kept per column met: the bit mask of the cards that can lead a
        group out of it now (the face-up run on top with ordered runs, every face-up card in
        Double Solitaire, DS-2), whether a face-up King lies above the column's bottom (leading
        a group or not), and where the lowest card that can lead a group lies.
        """
        mask = 0
        ordered = self.ordered
        start = len(col)
        k = start - 1
        while k >= 0 and col[k] < HIDDEN:
            start = k
            mask |= 1 << col[k]
            if ordered and k > 0 and not _BUILDS[col[k] * 256 + col[k - 1]]:
                break
            k -= 1
        king = any(c < HIDDEN and _RANK[c] == KING for c in col[1:])
        info = self.column_cache[col] = (mask, king, start)
        return info

    def _movable(self, cols: tuple[bytes, ...]) -> tuple[int, bool]:
        """The bit mask of the cards that can lead a group out of their column now, and whether
        a face-up King lies above the bottom of some column.
        """
        cache = self.column_cache
        mask, king = 0, False
        for col in cols:
            info = cache.get(col) or self._column(col)
            mask |= info[0]
            king = king or info[1]
        return mask, king

    def _on_foundation_top(self, c: int, found: tuple[int, ...]) -> bool:
        r, su = _RANK[c], _SUIT[c]
        if self.decks == 1:
            return found[su] == r
        return found[2 * su] == r or found[2 * su + 1] == r

    def _king_can_move(self, movable: tuple[int, bool], reachable: frozenset[int], found: tuple[int, ...]) -> bool:
        """A King that could come into an empty column: face up above the bottom of a column
        (covered or not: what covers it may leave first), in the talon within reach of clicks
        (further cards come within reach only by talon moves, which never wait on an empty
        column), or on top of a foundation.
        """
        if movable[1]:
            return True
        for c in reachable:
            if _RANK[c] == KING:
                return True
        if self.decks == 1:
            return KING in found
        return any(r == KING for r in found)

    def _run_can_end(self, c: int, movable: tuple[int, bool], talon: bytes, found: tuple[int, ...]) -> bool:
        """Draw 1, unlimited passes: whether a card from outside the talon that goes on ``c``
        can move now (leading a group in a column, or on top of a foundation), or onto the end of
        a run of talon cards built down from ``c``.
        """
        mask = movable[0]
        for child in _CHILDREN[c]:
            if mask >> child & 1 or self._on_foundation_top(child, found):
                return True
            if child in talon and self._run_can_end(child, movable, talon, found):
                return True
        return False

    def dead_end(self, state: State) -> bool:
        """Whether some cards can provably never move, so the game is lost (one deck, an empty
        column for Kings only: the games whose rule parts say both, with runs ordered or not).

        The set M of stuck cards is the largest set in which every first move of every card
        needs some card of M to have moved before it (so, taking the first move that moves a
        card of M and the lowest card of M it moves, no card of M ever moves). A card's ways out:

        - home, from where it lies: every card above it, and every lower card of its suit not yet
          home, must have moved first (a lower card below it in its own column cannot), and
          such a lower card must itself have been uncovered;
        - leading a group onto a card that takes it: every card above the first break in order
          above it must have left first, and the card it goes on must be reachable: in a column
          once every card above it has left, in the talon once it moves, on a foundation always;
        - carried in a group by the card under it, which builds on it and moves: the cards above
          the first break must have left first here too.

        Where any face-up card leads a group in any order (Yukon, YU-2) there is no break: a
        face-up card leads whatever lies on it, and is carried by any face-up card under it
        (which must then move too: the card right under it moves with it).

        Talon cards only need a way home or a card to go on (every talon card is taken as
        reachable), Kings are never counted stuck (an empty column may come), and a face-down
        card counts as able to move once uncovered. Each way is a bit mask of the cards that
        must move first; a card is free when one of its ways misses M.
        """
        if self.decks != 1 or self.empty_any:
            return False  # the proof counts on C-3: any other card may wait for an empty column
        ordered = self.ordered
        cols, found = state[0], state[1]
        builds = _BUILDS
        rank, suit = _RANK, _SUIT
        col_of = [-1] * 52   # column index, -1 elsewhere
        idx_of = [0] * 52
        above = [0] * 52     # mask of the cards above a column card
        above_brk = [0] * 52  # mask of the cards above the first break in order above it
        for ci, col in enumerate(cols):
            n = len(col)
            suf = 0
            brk_mask = 0  # cards above the break of the run the current card belongs to
            for i in range(n - 1, -1, -1):
                v = col[i]
                c = v & 63
                col_of[c] = ci
                idx_of[c] = i
                above[c] = suf
                if not ordered:
                    brk_mask = suf if v >= HIDDEN else 0  # YU-2: a face-up card leads whatever lies on it
                elif i == n - 1 or not builds[col[i + 1] * 256 + v]:
                    brk_mask = suf
                above_brk[c] = brk_mask
                suf |= 1 << c
        stuck = 0
        ways_of: list[tuple[int, list[int]]] = []
        accepts = _ACCEPTS
        for su in range(4):
            suit_cards = _CARD[su]
            home = found[su]
            low_mask = 0  # the lower cards of the suit not yet home, and the cards above them
            low_at: dict[int, int] = {}  # column -> lowest index of such a lower card there
            for r in range(home + 1, KING):
                c = suit_cards[r]
                ci = col_of[c]
                if ci >= 0:
                    idx = idx_of[c]
                    lowest = low_at.get(ci, 99)
                    if lowest < idx:
                        mask = -1  # a lower card of its suit lies under it
                    else:
                        mask = above[c] | low_mask
                        if mask == 0:
                            low_mask |= 1 << c
                            if idx < lowest:
                                low_at[ci] = idx
                            continue
                    ways = [] if mask == -1 else [mask]
                    brk = above_brk[c]
                    free = False
                    for parent in accepts[c]:
                        if rank[parent] <= found[suit[parent]]:
                            mask = brk
                        elif col_of[parent] >= 0:
                            mask = brk | above[parent]
                        else:
                            mask = brk | (1 << parent)
                        if mask == 0:
                            free = True
                            break
                        ways.append(mask)
                    if not free:
                        if idx > 0:
                            col = cols[ci]
                            under = col[idx - 1]
                            if not ordered:
                                if col[idx] < HIDDEN and under < HIDDEN:
                                    ways.append(1 << under)  # carried by any face-up card under it
                            elif builds[col[idx] * 256 + under]:
                                ways.append(brk | (1 << (under & 63)))
                        stuck |= 1 << c
                        ways_of.append((c, ways))
                    low_mask |= (1 << c) | above[c]
                    if idx < lowest:
                        low_at[ci] = idx
                else:
                    low = low_mask
                    low_mask |= 1 << c
                    if low == 0:
                        continue
                    ways = [low]
                    free = False
                    for parent in accepts[c]:
                        if rank[parent] <= found[suit[parent]]:
                            free = True
                            break
                        mask = above[parent] if col_of[parent] >= 0 else 1 << parent
                        if mask == 0:
                            free = True
                            break
                        ways.append(mask)
                    if not free:
                        stuck |= 1 << c
                        ways_of.append((c, ways))
        return _stays_stuck(stuck, ways_of)

def _stays_stuck(stuck: int, ways_of: list[tuple[int, list[int]]]) -> bool:
    """Whether a set of cards is left each of whose ways out (``ways_of``: a card and the masks
    of cards each of its ways needs gone first) needs another card of the set: ``stuck`` is
    taken down to its largest such part, a card leaving it as soon as one way needs none of it."""
    pending = ways_of  # the cards still in ``stuck``, each with its ways
    while stuck:
        left = []
        for item in pending:
            for way in item[1]:
                if not way & stuck:
                    stuck ^= 1 << item[0]
                    break
            else:
                left.append(item)
        if len(left) == len(pending):
            return True
        pending = left
    return False
