"""Yukon's loss proof (``never_home``, issue 34): a position where some cards can provably
never go home is lost at once, without searching it. Asked at every position a Yukon search
expands (except after a move that only loosens what it reads: ``loosening``), it was 60-77% of
the search's time; it is worked out here on bit masks over every card at once, with what each
column alone decides kept per column met (the masks and what a column alone tells it:
``home_columns``). Where it does not hold, a case split over twins
(``_twins_split``: whichever of two twins leads first) runs it again with one more card waiting.

``HomeProof`` is one part of ``Search`` (through ``DeadEnds``); it reads the search's settings
and the ``home_columns`` and ``split_layouts`` caches set up by ``Search.__init__`` (the columns
met, and the pairs of twins that held per layout of face-down cards met), and keeps there which
card lies on which (``lies_on``, ``lying``) for the columns it read last (``lies_on_columns``),
and what it read of the position it was last asked about (``proof_of``).
"""

from __future__ import annotations

from .home_columns import _ACES, _ALL, _BIT, _GUARDS, _HOMES, _KINGS, _PAIRED, _RANKS12, _TAKERS, column_facts
from .position import _ACCEPTS, _CARD, _OPPOSITE, _RANK, _SUIT, _TWIN, HIDDEN, KING, State

# per foundations met: whether some suit is two ranks past both of the other colour's, the one
# case where ``_comebacks`` has cards to look at (at most 14 ** 4 entries)
_AHEAD: dict[tuple[int, ...], bool] = {}
_FACE_UP = bytes(range(HIDDEN))  # the stored values of the face-up cards


class HomeProof:
    home_columns_cap = 10_000  # columns ``_home_column`` keeps (about 2 kB each; a 40,000-position search met 4,467)
    twin_places = True  # the twins' one place (``never_home``'s docstring); off, the proof of version 1.7.1
    twins_split = True  # the twins' case split (``never_home``'s docstring); off, the proof of version 1.7.2
    split_layouts_cap = 10_000  # face-down layouts ``_twins_split`` keeps

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

        Twins that share their one place (issue 34): x and its twin y (same rank and colour) go
        onto the same two cards. Where y lies face down under x, with only face-down cards between,
        y cannot lead before x has led. If neither can go home and one of the two places is shut
        (covered by a card whose leading is in S, or home and unable to come back), x's leads go
        onto the other place, and x then never leaves it: its one way off is the shut place or
        home. So that place is covered from x's first lead on, and y, which leads only after it,
        has nowhere to go: y's leading stays in S while those hold. (The first event of S at
        time t: if it is y's leading, x led before t, onto the open place, since nothing of S had
        happened, and still lies there.) Tuning seed 11's YU1-D1N-LCCYNSX: the 7 of clubs lowest
        face up on the 7 of spades, the 8 of diamonds face down under the 4 of hearts, which
        waits for the 3 of hearts under the 7 of spades: lost at once instead of after 93,296
        positions.

        The twins' case split (issue 34, ``twins_split``): the same holds for twins x and y
        anywhere in the columns, whichever leads first. Split every play in two: y does not
        lead before x (it leads after x, or never), or x does not lead before y. In the first
        case, run the fixed point with y waiting (as above: y's ways taken away whenever neither
        can go home and one of the two places is shut); let the first event of that S happen at
        time t. If it is y's leading, x led before t; it could not go home nor onto the shut
        place (the events keeping them so are of S, not yet happened), so it went onto the other
        place and still lies there (its only ways off are the same two), and y has nowhere to
        go: a contradiction, as for any other event of S. The second case is the same with x
        and y swapped. So where both fixed points leave some card stuck, every play leaves one:
        the game is lost. (Neither case needs the twins to be in one column: the argument above
        is this split's first case made certain by y lying face down under x.) Tuning seed 11's
        YU1-D1N-CLSOITC: the black 9s both need the 10 of diamonds, the 10 of hearts lying face
        down under the jack of clubs, which leaves only when the jack of spades goes home, which
        needs the 2 and 4 of spades under the 9s freed: lost at once instead of after 56,285
        positions. Each pair costs one or two fixed points more, so a position tries every pair
        only the first time its layout of face-down cards is met, and later positions of that
        layout only the pairs that held there (``_twins_split``).

        How it is worked out, for speed (the proof was 60-77% of a Yukon search's time, issue
        34), with the same verdict as the events and ways written out one by one
        (tests/solver/test_home_proof_masks.py):

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
          a face-down card with a way open is freed as soon as the card on it leaves S, in the
          same round (a column of face-down cards is taken down in one round, not one a card);
        - what a column alone decides is worked out once per column met (``_home_column``).

        Starting from every card rather than from the cards not free at once changes nothing:
        a card free at once leaves S in the first round, and S ends the largest such set either
        way.
        """
        if self.decks != 1 or self.empty_any or self.ordered or state[2]:
            return False
        if self._never_home(state, ()):
            return True
        return self.twins_split and self._twins_split(state)

    def _twins_split(self, state: State) -> bool:
        """The twins' case split (``never_home``'s docstring): whether, for some twins x and y
        both in the columns, the proof holds both when y waits for x and when x waits for y.
        Tried for every such pair only the first time a layout of the face-down cards is met
        (``split_layouts``, by the face-down cards of each column); later, at a position with
        that layout, only the pairs that held there before, since trying every pair at every
        position costs about ten proofs a position.
        """
        cols = state[0]
        layouts = self.split_layouts
        key = b"|".join(cols).translate(None, _FACE_UP)  # each column's face-down cards
        held = layouts.get(key)
        if held is not None:
            for x in held:
                if self._split_holds(state, x):
                    return True
            return False
        if len(layouts) >= self.split_layouts_cap:
            layouts.clear()
        held = layouts[key] = []
        where = {v & 63: i + 1 == len(col) for col in cols for i, v in enumerate(col)}  # is it a top
        for x in where:
            y = _TWIN[x]
            if y < x or y not in where or _RANK[x] == KING:
                continue
            places = _ACCEPTS[x]
            if where.get(places[0]) and where.get(places[-1]):
                continue  # both places bare now: neither can be shut
            if self._split_holds(state, x):
                held.append(x)
                return True
        return False

    def _split_holds(self, state: State, x: int) -> bool:
        """Whether the proof holds both when x's twin waits for x and when x waits for it."""
        y, places = _TWIN[x], _ACCEPTS[x]
        both, p, q = _BIT[x] | _BIT[y], _BIT[places[0]], _BIT[places[-1]]
        return (self._never_home(state, ((_BIT[y], both, p, q),))
                and self._never_home(state, ((_BIT[x], both, p, q),)))

    def _never_home(self, state: State, waiting: tuple[tuple[int, int, int, int], ...]) -> bool:
        """``never_home``'s fixed point, with ``waiting`` (as ``_home_column``'s ``twins``: a
        card's bit, its and its twin's bits, their two places' bits) added to the twins whose
        card waits.

        Asked at nearly every position a Yukon search meets, so it does no work it can leave
        out, with the same verdict (issue 34: 1.7.3's and 1.7.4's gave the same answer on all 72,811
        calls of five hard deals' searches, and 1.7.4's took 0.87 of the time): what it reads of
        the position before its rounds is read once for the position and the twins' split
        that may follow on it (``_proof_setup``); the cards home coming back are looked at only
        where some foundation is two ranks past both of the other colour's (``_comebacks``'s
        one case); and a special or a pair of twins is dropped from the rounds once its answer
        can no longer change, for what they read only grows: ``uncovered``, ``place`` and
        ``home_way`` only gain cards and S only loses them. A special whose card has left S, or
        whose way has opened (its way stays open: its card is then added to ``opened``, a way
        every round), is dropped; so is a pair whose card can go home or whose places are both
        open.
        """
        twin_places = self.twin_places
        if self.proof_of is not None and self.proof_of[0] is state and self.proof_of[1] == twin_places:
            setup = self.proof_of[2]  # the same position again, for the twins' case split
        else:
            setup = self._proof_setup(state, twin_places)
            self.proof_of = (state, twin_places, setup)
        if setup is None:
            return False  # a card neither home nor in a column: not a position this proof reads
        (cards, face_up, covered, below, specials, pairs, bottom_mask, homes, back, comebacks, spec, kings,
         always, paired) = setup
        if waiting:
            pairs = pairs + list(waiting)
        t0, t1, t2, t3 = _TAKERS
        s0, s1, s2, s3 = spec
        m12, guards, aces = _RANKS12, _GUARDS, _ACES
        opened = 0  # the specials' cards whose way has opened (it stays open)
        stuck = cards | back
        # ``covered``: the cards whose card lying on them is in S (at first, every card with one on it)
        while True:
            uncovered = cards ^ covered
            place = (homes & ~stuck) | uncovered  # a card of one rank higher that takes a card now
            if paired:
                ways = ((((place >> 1) | (place >> 43)) & m12) * t0
                        | (((place >> 15) | (place >> 29)) & m12) * t1)
            else:
                ways = (((place >> 1) & m12) * t0 & s0 | ((place >> 15) & m12) * t1 & s1
                        | ((place >> 29) & m12) * t2 & s2 | ((place >> 43) & m12) * t3 & s3)
                if specials:
                    left = []
                    for item in specials:
                        c_bit = item[0]
                        if c_bit & stuck:
                            if item[1] & uncovered and item[2] & ~stuck:
                                opened |= c_bit
                            else:
                                left.append(item)
                    specials = left
                ways |= opened
            # home: no card of its suit up to it waits on S, the bits under each suit's lowest
            # covered card (every bit of a suit with none): one subtraction for the four suits
            low = covered | guards
            home_way = (low - aces) & ~low
            ways |= home_way | always
            if pairs:
                left = []
                for item in pairs:
                    # twins that cannot go home, one of their two places shut: y waits
                    if not home_way & item[1] and not (place & item[2] and place & item[3]):
                        ways &= ~item[0]
                        left.append(item)
                pairs = left
            if kings:
                free = bottom_mask & ~stuck  # a column emptied: its bottom card leads
                if free & (free - 1):
                    ways |= kings
                elif free:
                    ways |= kings & ~free
            ways &= stuck & cards
            freed = ways & (face_up | uncovered)  # face up, or the card lying on it can lead
            if comebacks:
                back_freed = 0
                left = []
                for item in comebacks:
                    for way in item[1]:
                        if not way & stuck:
                            back_freed |= _BIT[item[0]]
                            break
                    else:
                        left.append(item)
                comebacks = left
                if back_freed:
                    stuck ^= back_freed
                    if not freed:
                        continue
            if not freed:
                return bool(stuck)
            stuck ^= freed
            if not stuck:
                return False
            waiting = ways & stuck  # face-down cards with a way, waiting for the card on them to lead
            while freed:
                bit = freed & -freed
                freed ^= bit
                under = below[bit]
                covered &= ~under
                if under & waiting:  # turned up by that card's leading: free now too
                    waiting ^= under
                    stuck ^= under
                    freed |= under

    def _proof_setup(self, state: State, twin_places: bool) -> tuple | None:
        """What ``_never_home`` reads of ``state`` before its rounds, whatever card waits (the
        twins' case split asks the same position up to twice a pair, ``_twins_split``), or None
        where a card is neither home nor in a column.
        """
        cols, found = state[0], state[1]
        cache = self.home_columns
        # a column card's bit -> the bit of the card it lies on (0 at the bottom): one dict kept
        # from call to call (``lies_on``), right for the cards of the columns last read, so that
        # only the columns not among those are written into it (a card lies in one column only)
        below = self.lies_on
        on = self.lying  # by card, the bit of the card lying on it (0 for a top), kept the same way
        known = self.lies_on_columns
        cards = face_up = covered = bottom_mask = 0
        specials: list[tuple[int, int, int, int]] = []
        pairs: list[tuple[int, int, int, int]] = []  # ``_home_column``'s ``twins``
        filled = 0  # the columns with cards
        for col in cols:
            if col:
                info = cache.get(col) or self._home_column(col)
                cards |= info[0]
                face_up |= info[1]
                covered |= info[2]
                if col not in known:
                    below.update(info[4])
                    on.update(info[3])
                filled += 1
                if info[5]:
                    specials += info[5]
                if info[7] and twin_places:
                    pairs += info[7]
                bottom_mask |= info[6]
        homes = _HOMES[0][found[0]] | _HOMES[1][found[1]] | _HOMES[2][found[2]] | _HOMES[3][found[3]]
        if cards | homes != _ALL or cards & homes:
            self.lies_on_columns = set()  # (a card in two columns may have been written wrong)
            return None
        self.lies_on_columns = set(cols)
        empty_now = filled < len(cols)
        comebacks: list[tuple[int, list[int]]] = []
        ahead = _AHEAD.get(found)
        if ahead is None:
            ahead = _AHEAD[found] = any(found[s] > min(found[a], found[b]) + 1 for s, (a, b) in _OPPOSITE.items())
        if ahead:
            bottoms = [col[0] & 63 for col in cols if col]
            back = _comebacks(found, on, bottoms, empty_now, comebacks)
        else:
            back = 0  # (``_comebacks`` has no card to look at)
        spec = [-1, -1, -1, -1]  # per suit of the place: the cards whose place of that suit lies above them
        for c_bit, _, _, place_suit in specials:
            spec[place_suit] &= ~c_bit
        kings = _KINGS & cards
        paired = _PAIRED and not specials  # the suits of one colour shifted as one
        always = 0  # the cards a way is open to whatever S is: the Kings, with an empty column now
        if empty_now:
            always, kings = kings, 0
        return (cards, face_up, covered, below, specials, pairs, bottom_mask, homes, back, comebacks, spec, kings,
                always, paired)

    def _home_column(self, col: bytes) -> tuple:
        """What ``never_home`` reads of one column alone (``home_columns.column_facts``), kept per
        column met (``home_columns``, emptied when it holds ``home_columns_cap`` columns).
        """
        cache = self.home_columns
        if len(cache) >= self.home_columns_cap:
            cache.clear()
        info = cache[col] = column_facts(col)
        return info


def _comebacks(found: tuple[int, ...], on: dict[int, int], bottoms: list[int], empty_now: bool,
               ways_of: list[tuple[int, list[int]]]) -> int:
    """``never_home``'s events for the cards home now: card c's bit (``_BIT[c]``) is the event
    "c first comes back to a column" (C-7). It must be its foundation's top by then, so the card
    above it there has come back first; and it lands on a card that takes it (C-2), which must be
    uncovered (the card lying on it has led: ``on``, by card in a column, the bit of the card lying on it) or
    have come back itself, or, a King, in an empty column (one now, or a column's bottom card has
    led: C-3). Adds the ways of each such event not free now to ``ways_of`` (card, the ways' bit
    masks) and returns the bit mask of those events. A card is a place to land only for
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
