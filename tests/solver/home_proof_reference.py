"""Yukon's loss proof as it stood before issue 34's speed work (``DeadEnds.never_home`` of
version 1.7.0), kept as the reference the faster proof is checked against: its verdict must be
the same on every position (tests/solver/test_home_proof_masks.py). Its fixed point
(``_stays_stuck``) is still ``dead_ends``' own, which that module's other proof uses. ``self`` is
a ``Search``: only its rule settings are read.
"""

from __future__ import annotations

from solitaire.solver.dead_ends import _stays_stuck  # still dead_ends' fixed point (its other proof)
from solitaire.solver.position import _ACCEPTS, _CARD, _OPPOSITE, _RANK, _SUIT, HIDDEN, KING, State

_HOME = 64  # the event "card c goes home" is bit _HOME + c, "c leads" bit c


def never_home(self, state: State) -> bool:
    """The proof event by event, one card and one way at a time: the events, their ways and why
    it is sound are those of ``home_proof.HomeProof.never_home``'s docstring (the same words
    stood here in version 1.7.0).
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
