"""The bit masks over the cards that Yukon's loss proof (``home_proof``) works on, and what it
reads of one column alone (``column_facts``), which ``HomeProof`` keeps per column met: the
tables and the column apart from the proof's rounds, so that each file does one job.
"""

from __future__ import annotations

from .position import _ACCEPTS, _CARD, _OPPOSITE, _RANK, _SUIT, _TWIN, HIDDEN, KING

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
# _PLACE_SUITS[s]: the suits of the places a card of suit s goes onto (those whose _TAKERS hold s)
_PLACE_SUITS = tuple(tuple(a for a in range(4) if _TAKERS[a] >> 14 * s & 1) for s in range(4))
# the suits of one colour take the same suits (C-2), so their places can be shifted as one
_PAIRED = _TAKERS[0] == _TAKERS[3] and _TAKERS[1] == _TAKERS[2]


def column_facts(col: bytes) -> tuple:
    """What Yukon's loss proof (``HomeProof.never_home``) reads of one column alone: the bit masks of its cards, of its
    face-up cards and of the cards with a card on them; per card the bit of the card lying
    on it (0 for the top) and, by bit, the bit of the card it lies on (0 for the bottom); and
    the ``specials``: each card whose place (a card of one rank higher of a suit in
    ``_TAKERS``) lies above it in this column, as (its bit, the place's bit, the bits of the
    cards from the one on it up to the place, the place's suit): it goes there once the
    place's card on it has led and one of those cards has led (until then it rides in the
    card's own group); the bit of its bottom card; and the ``twins``: each card y face down
    under its twin x with only face-down cards between, as (y's bit, x's and y's bits, the
    bits of their two places).
    """
    plain = [v & 63 for v in col]
    n = len(plain)
    cards = face_up = 0
    on = {}
    below = {}
    at = {}  # card -> its index in the column
    under = 0
    for i, c in enumerate(plain):
        bit = _BIT[c]
        cards |= bit
        if col[i] < HIDDEN:
            face_up |= bit
        on[c] = _BIT[plain[i + 1]] if i + 1 < n else 0
        below[bit] = under
        under = bit
        at[c] = i
    specials = []
    for i, c in enumerate(plain):
        rank = _RANK[c]
        if rank == KING:
            continue
        for place_suit in _PLACE_SUITS[_SUIT[c]]:
            parent = _CARD[place_suit][rank + 1]
            j = at.get(parent, -1)
            if j > i:
                between = 0
                for e in range(i + 1, j + 1):
                    between |= _BIT[plain[e]]
                specials.append((_BIT[c], _BIT[parent], between, place_suit))
    twins = []
    for k in range(1, n):
        x = plain[k]
        if _RANK[x] == KING:
            continue
        j = k - 1
        while j >= 0 and col[j] >= HIDDEN:  # the face-down cards right under x
            if plain[j] == _TWIN[x]:
                places = _ACCEPTS[x]  # (C-2: two; one where a test takes a place away)
                p, q = places[0], places[-1]
                twins.append((_BIT[plain[j]], _BIT[x] | _BIT[plain[j]], _BIT[p], _BIT[q]))
            j -= 1
    return (cards, face_up, cards ^ under, on, below, tuple(specials), _BIT[plain[0]],
            tuple(twins))
