"""Dead-end proofs for the search: a position where some cards can never move again
(``dead_end``), or in Yukon never go home (``never_home``), is lost at once, without
searching it.

``DeadEnds`` is one part of ``Search``; it reads the search's settings and caches set up by
``Search.__init__``.
"""

from __future__ import annotations

from .position import _ACCEPTS, _BUILDS, _CARD, _CHILDREN, _OPPOSITE, _RANK, _SUIT, HIDDEN, KING, State

# ``never_home``'s bit masks over the cards: card c (suit s, rank r) is bit 14 * s + r - 1,
# _BIT[c], so that each suit has 14 bits, its 13 ranks and a spare bit above them that keeps a
# subtraction in one suit from borrowing from the next (``_GUARDS``). The cards home with a
# foundation at rank r (_HOMES[s][r]), every card, the Kings, the 12 ranks below the King.
_BIT = tuple(1 << (c + c // 13) for c in range(52))
_HOMES = tuple(tuple(((1 << r) - 1) << 14 * s for r in range(KING + 1)) for s in range(4))
_ALL = sum(_BIT)
_KINGS = sum(_BIT[_CARD[s][KING]] for s in range(4))
_RANKS12 = (1 << 12) - 1
_ACES = sum(_BIT[_CARD[s][1]] for s in range(4))  # the lowest bit of each suit
_GUARDS = _ACES << 13  # the spare bit of each suit
# _TAKERS[a]: the suits s whose cards go onto the cards of suit a one rank higher (C-2: the other
# colour), as bits 14 * s, so that a 12-bit mask of suit a's places times it lies on those suits
_TAKERS = tuple(sum(1 << 14 * s for s in range(4) if a in _OPPOSITE[s]) for a in range(4))


class DeadEnds:
    home_columns_cap = 20_000  # columns ``_home_column`` keeps (a few MB)

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

    def never_home(self, state: State) -> bool:
        """Whether some cards can provably never go home, so the game is lost (issue 34): one
        deck, every card in the columns or home, an empty column for Kings only, and any face-up
        card leading whatever lies on it (Yukon: YU-1, YU-2, YU-3).

        ``dead_end`` asks when a card can first move at all, and in Yukon almost every card can
        be carried by a card under it. This asks, of each card not home, when it can first lead
        a move and when it can first go home: the set S of these events that never happen is the
        largest in which each event's every way needs an event of S to have happened first. A
        card only leaves the card it lies on by leading (a card carried keeps what lies on it),
        so the ways, each the events that must have happened before, are:

        - a card goes home: the card lying on it has led (it must be a top), and the next lower
          card of its suit has gone home (which a lower card leading onto another card is not:
          issue 34, that was the proof's weak point);
        - a card leads: it goes home; or it goes onto a card that takes it (C-2) once the card
          lying on that one has led (none if it is home, C-7); if it lies above in the card's
          own column, one card from just above the card up to it must have led too (until then
          it rides in the card's own group); or a King goes into an empty column (C-3): one now,
          or some column's bottom card has led (nothing else empties a column);

        and a face-down card must first be turned up: the card lying on it must have led (C-6).
        A card home now leads when it first comes back to a column (C-7), so a card going onto
        it needs that (``_comebacks``: a card home is not a free place to land, issue 34).
        Since the first event of S to happen would need one that happened before, none of S ever
        happens; every card must go home for a win.

        How it is worked out, for speed (the proof was 60-77% of a Yukon search's time, issue
        34), with the same verdict as the events and ways written out one by one
        (tests/solver/test_home_proof_speed.py):

        - "goes home" has one way only, so it is not an event of its own: unfolded down its suit,
          a card goes home once every card lying on a card of its suit, from the foundation up
          to it, has led; S keeps the same leading and coming-back events (a way that needs an
          event is met exactly when that event's one way is);
        - S is a bit mask over the cards (a column card's bit: it leads; a card home: it comes
          back), and S is taken down a round at a time for every card at once: the cards whose
          leading waits on a card of S (``covered``: the card lying on them is in S) decide
          every way; a card of suit s goes onto the cards of one rank higher of the suits in
          ``_TAKERS`` by one shift of the places free now; a card goes home once no card of its
          suit up to it is ``covered``; only a card whose place lies above it in its own column
          (``_home_column``'s ``specials``) and the coming-back events are looked at one by one;
        - what a column alone decides is worked out once per column met (``_home_column``).

        Starting from every card rather than from the cards not free at once changes nothing:
        a card free at once leaves S in the first round, and S ends the largest such set either
        way.
        """
        if self.decks != 1 or self.empty_any or self.ordered or state[2]:
            return False
        cols, found = state[0], state[1]
        cache = self.home_columns
        on: dict[int, int] = {}  # the bit of the card lying on each column card (0 for a top)
        below: dict[int, int] = {}  # a column card's bit -> the bit of the card it lies on (0 at the bottom)
        cards = face_up = covered = 0
        specials: list[tuple[int, int, int, int]] = []
        bottoms = []
        for col in cols:
            if col:
                info = cache.get(col) or self._home_column(col)
                cards |= info[0]
                face_up |= info[1]
                covered |= info[2]
                on.update(info[3])
                below.update(info[4])
                if info[5]:
                    specials += info[5]
                bottoms.append(col[0] & 63)
        homes = _HOMES[0][found[0]] | _HOMES[1][found[1]] | _HOMES[2][found[2]] | _HOMES[3][found[3]]
        if cards | homes != _ALL or cards & homes:
            return False  # a card neither home nor in a column: not a position this proof reads
        empty_now = len(bottoms) < len(cols)
        comebacks: list[tuple[int, list[int]]] = []
        back = _comebacks(found, on, bottoms, empty_now, comebacks)
        spec = [-1, -1, -1, -1]  # per suit of the place: the cards whose place of that suit lies above them
        for c_bit, _, _, place_suit in specials:
            spec[place_suit] &= ~c_bit
        bottom_mask = 0
        for bottom in bottoms:
            bottom_mask |= _BIT[bottom]
        kings = _KINGS & cards
        t0, t1, t2, t3 = _TAKERS
        s0, s1, s2, s3 = spec
        m12, guards, aces = _RANKS12, _GUARDS, _ACES
        stuck = cards | back
        # the cards the card lying on which is in S: at first every card with a card on it
        while True:
            uncovered = cards ^ covered
            flip_ok = face_up | uncovered  # face up, or the card lying on it can lead
            place = (homes & ~stuck) | uncovered  # a card of one rank higher that takes a card now
            ways = (((place >> 1) & m12) * t0 & s0 | ((place >> 15) & m12) * t1 & s1
                    | ((place >> 29) & m12) * t2 & s2 | ((place >> 43) & m12) * t3 & s3)
            # home: no card of its suit up to it waits on S, the bits under each suit's lowest
            # covered card (every bit of a suit with none): one subtraction for the four suits
            low = covered | guards
            ways |= (low - aces) & ~low
            if kings:
                if empty_now:
                    ways |= kings
                else:
                    free = bottom_mask & ~stuck  # a column emptied: its bottom card leads
                    if free & (free - 1):
                        ways |= kings
                    elif free:
                        ways |= kings & ~free
            for c_bit, parent_bit, between, _ in specials:
                if parent_bit & uncovered and between & ~stuck:
                    ways |= c_bit
            ways &= stuck & cards
            freed = ways & flip_ok
            if comebacks:
                left = []
                for item in comebacks:
                    for way in item[1]:
                        if not way & stuck:
                            freed |= _BIT[item[0]]
                            break
                    else:
                        left.append(item)
                comebacks = left
            if not freed:
                return bool(stuck)
            stuck ^= freed
            if not stuck:
                return False
            freed &= cards
            ways &= ~face_up  # face-down cards with a way, waiting for the card on them to lead
            while freed:
                low = freed & -freed
                freed ^= low
                under = below[low]
                covered &= ~under
                if under & ways & stuck:  # turned up by that card's leading: free now too
                    stuck ^= under
                    freed |= under

    def _home_column(self, col: bytes) -> tuple:
        """What ``never_home`` reads of one column alone, kept per column met (``home_columns``,
        emptied when it holds ``home_columns_cap`` columns): the bit masks of its cards, of its
        face-up cards and of the cards with a card on them; per card the bit of the card lying
        on it (0 for the top) and, by bit, the bit of the card it lies on (0 for the bottom); and
        the ``specials``: each card whose place (a card of one rank higher of a suit in
        ``_TAKERS``) lies above it in this column, as (its bit, the place's bit, the bits of the
        cards from the one on it up to the place, the place's suit): it goes there once the
        place's card on it has led and one of those cards has led (until then it rides in the
        card's own group).
        """
        cache = self.home_columns
        if len(cache) >= self.home_columns_cap:
            cache.clear()
        plain = [v & 63 for v in col]
        n = len(plain)
        cards = face_up = 0
        on = {}
        below = {}
        specials = []
        under = 0
        for i, c in enumerate(plain):
            bit = _BIT[c]
            cards |= bit
            if col[i] < HIDDEN:
                face_up |= bit
            on[c] = _BIT[plain[i + 1]] if i + 1 < n else 0
            below[bit] = under
            under = bit
        for i, c in enumerate(plain):
            rank = _RANK[c]
            if rank == KING:
                continue
            for place_suit in range(4):
                if _TAKERS[place_suit] >> 14 * _SUIT[c] & 1:
                    parent = _CARD[place_suit][rank + 1]
                    if parent in plain[i + 1:]:
                        j = plain.index(parent, i + 1)
                        between = 0
                        for e in range(i + 1, j + 1):
                            between |= _BIT[plain[e]]
                        specials.append((_BIT[c], _BIT[parent], between, place_suit))
        info = cache[col] = (cards, face_up, cards ^ _BIT[plain[-1]], on, below, tuple(specials))
        return info


def _comebacks(found: tuple[int, ...], on: dict[int, int], bottoms: list[int], empty_now: bool,
               ways_of: list[tuple[int, list[int]]]) -> int:
    """``never_home``'s events for the cards home now: card c's bit is the event "c first comes
    back to a column" (C-7). It must be its foundation's top by then, so the card above it there
    has come back first; and it lands on a card that takes it (C-2), which must be uncovered
    (the card lying on it has led) or have come back itself, or, a King, in an empty column (one
    now, or a column's bottom card has led: C-3). Adds the ways of each such event not free now
    to ``ways_of`` and returns the bit mask of those events. A card is a place to land only for
    a card of the other colour one rank lower not home, so the cards under the lowest such place
    of each suit are left out (free): no way asks for them.
    """
    stuck = 0
    rank, suit, accepts = _RANK, _SUIT, _ACCEPTS
    for su in range(4):
        top = found[su]
        a, b = _OPPOSITE[su]
        for r in range(top, min(found[a], found[b]) + 1, -1):  # from the top down: the card above first
            c = _CARD[su][r]
            above = _BIT[_CARD[su][r + 1]] if r < top else 0
            ways = []
            if r == KING:
                if not empty_now:
                    ways = [_BIT[bottom] for bottom in bottoms]
            else:
                for parent in accepts[c]:
                    way = _BIT[parent] if rank[parent] <= found[suit[parent]] else on[parent]
                    if not way:
                        ways = []
                        break
                    ways.append(way)
            if ways:
                ways = [way | above for way in ways]
            elif above & stuck:
                ways = [above]
            else:
                continue  # it can come back as soon as it is its foundation's top
            stuck |= _BIT[c]
            ways_of.append((c, ways))
    return stuck


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
