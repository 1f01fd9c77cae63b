"""Yukon's loss proof as it stood before issue 34's speed work (``DeadEnds.never_home`` of
version 1.7.0), kept word for word as the reference the faster proof is checked against: its
verdict must be the same on every position (tests/solver/test_home_proof_speed.py). ``self`` is
a ``Search``: only its rule settings are read.
"""

from __future__ import annotations

from solitaire.solver.position import _ACCEPTS, _CARD, _OPPOSITE, _RANK, _SUIT, HIDDEN, KING, State

_HOME = 64  # the event "card c goes home" is bit _HOME + c, "c leads" bit c


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
    """
    if self.decks != 1 or self.empty_any or self.ordered or state[2]:
        return False
    cols, found = state[0], state[1]
    on = [0] * 52  # the bit of the card lying on each column card (0 for a top)
    col_of = [-1] * 52
    idx_of = [0] * 52
    for ci, col in enumerate(cols):
        for i, v in enumerate(col):
            c = v & 63
            col_of[c], idx_of[c] = ci, i
            if i + 1 < len(col):
                on[c] = 1 << (col[i + 1] & 63)
    bottoms = [col[0] & 63 for col in cols if col]
    empty_now = len(bottoms) < len(cols)
    ways_of: list[tuple[int, list[int]]] = []
    stuck = back = _comebacks(found, on, bottoms, empty_now, ways_of)
    rank, suit, accepts = _RANK, _SUIT, _ACCEPTS
    for su in range(4):
        below = 0  # the event "the next lower card went home" (0 when it is home)
        for r in range(found[su] + 1, KING + 1):
            c = _CARD[su][r]
            ci, idx = col_of[c], idx_of[c]
            if ci < 0:
                return False  # a card neither home nor in a column: not a position this proof reads
            way = on[c] | below
            home = below = 1 << (_HOME + c)
            if not way:
                continue  # it can go home now: it can lead now too
            stuck |= home
            ways_of.append((_HOME + c, [way]))
            ways = [home]
            col = cols[ci]
            flip = on[c] if col[idx] >= HIDDEN else 0
            for parent in accepts[c]:
                if rank[parent] <= found[suit[parent]]:
                    way = flip | (1 << parent) & back
                elif col_of[parent] == ci and idx_of[parent] > idx:
                    tail = on[parent] | flip
                    ways.extend(1 << (col[e] & 63) | tail for e in range(idx + 1, idx_of[parent] + 1))
                    continue
                else:
                    way = on[parent] | flip
                if not way:
                    break
                ways.append(way)
            else:
                if r == KING:
                    if empty_now:
                        if not flip:
                            continue
                        ways.append(flip)
                    ways.extend(1 << bottom | flip for bottom in bottoms if bottom != c)
                stuck |= 1 << c
                ways_of.append((c, ways))
    return _stays_stuck(stuck, ways_of)


def _comebacks(found: tuple[int, ...], on: list[int], bottoms: list[int], empty_now: bool,
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
            above = 1 << _CARD[su][r + 1] if r < top else 0
            ways = []
            if r == KING:
                if not empty_now:
                    ways = [1 << bottom for bottom in bottoms]
            else:
                for parent in accepts[c]:
                    way = 1 << parent if rank[parent] <= found[suit[parent]] else on[parent]
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
            stuck |= 1 << c
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
