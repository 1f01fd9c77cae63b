"""The search's compact position: how cards, columns and foundations are stored as bytes, the
card tables every move and proof looks up, the foundation moves proven safe, and the settling
of twins (one deck) that makes positions differing only in which twin holds a group one.

See ``search`` for the whole picture: a column is a ``bytes`` of cards bottom to top, a
face-down card stored as ``card + 64``; the foundations are the top rank of each suit (one
deck) or each suit's two slot tops as a sorted pair (two decks).
"""

from __future__ import annotations

from ..core.cards import ACE, KING, RANK, RED_SUITS, SUIT, SUITS, card
from ..core.predicates import alternate_colours_down

HIDDEN = 64  # a face-down card is stored as card + HIDDEN

# Per stored byte value: rank (0 for a face-down card, which never moves or takes a card).
_RANK = [0] * 256
_SUIT = [0] * 256
for _c in range(52):
    _RANK[_c], _SUIT[_c] = RANK[_c], SUIT[_c]
# _BUILDS[a * 256 + b]: card a may go on card b (C-2); False whenever either is face down.
_BUILDS = bytearray(256 * 256)
for _a in range(52):
    for _b in range(52):
        if alternate_colours_down(_a, _b):
            _BUILDS[_a * 256 + _b] = 1
# _ACCEPTS[c]: the cards card c may go on.
_ACCEPTS: list[tuple[int, ...]] = [
    tuple(b for b in range(52) if _BUILDS[a * 256 + b]) if a < 52 else () for a in range(256)
]
# _CHILD_MASK[c]: the bit mask of the cards that may go on card c.
_CHILD_MASK = [sum(1 << a for a in range(52) if _BUILDS[a * 256 + b]) if b < 52 else 0 for b in range(256)]
# _CHILDREN[c]: the cards that may go on card c.
_CHILDREN: list[tuple[int, ...]] = [
    tuple(a for a in range(52) if _BUILDS[a * 256 + b]) if b < 52 else () for b in range(256)
]
# Per suit: the two suits of the other colour, and the other suit of its own colour (C-1).
_OPPOSITE = {s: tuple(o for o in range(len(SUITS)) if (o in RED_SUITS) != (s in RED_SUITS))
             for s in range(len(SUITS))}
_SAME_OTHER = {s: next(o for o in range(len(SUITS)) if o != s and (o in RED_SUITS) == (s in RED_SUITS))
               for s in range(len(SUITS))}
# _CARD[s][r]: the card of suit s and rank r; -1 for the ranks around the deck (0 and 14).
_CARD = tuple(tuple(card(r, s) if ACE <= r <= KING else -1 for r in range(KING + 2)) for s in range(len(SUITS)))
# _TWIN[c]: the card of the same rank and colour in the other suit (one deck).
_TWIN = [0] * 256
for _c in range(52):
    _TWIN[_c] = _CARD[_SAME_OTHER[SUIT[_c]]][RANK[_c]]

# A primitive action, turned into a core Move against a real game when the line is written out:
# ("s",) a stock click; ("wf",) / ("wt", j) the waste top to a foundation / column j;
# ("tf", i) column i's top to a foundation; ("tt", i, n, j) n cards from column i to column j;
# ("ft", card, j) a foundation's top card back to column j.
Action = tuple

# The search state: columns, foundations, talon, waste size, recycles left (-1 = unlimited).
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]


def turn_up(col: bytes) -> bytes:
    """The column with its top card face up: a face-down card a move leaves bare is turned."""
    if col and col[-1] >= HIDDEN:
        return col[:-1] + bytes((col[-1] - HIDDEN,))
    return col


def position_key(state: State, draw: int) -> bytes:
    """The search's key of a position (``Search.key``): the columns sorted, each ended by 0xFF
    (no stored card reaches it), then the foundations, the waste size and recycles left (each
    + 1, so -1 fits a byte) and the talon. With unlimited recycles the waste sizes on the
    recycle cycle (0, the multiples of the draw count, the whole talon) are one, stored as -1.
    """
    cols, found, talon, p, left = state
    if left < 0 and (p == len(talon) or p % draw == 0):
        p = -1
    return b"\xff".join(sorted(cols)) + _SEP + bytes(found) + bytes((p + 1, left + 1)) + talon


_SEP = b"\xff\xff"


def safe_single_deck(rank: int, suit: int, found: tuple[int, ...] | list[int]) -> bool:
    """One deck: a card may go home for good when it is at most 2 above both foundations of the
    other colour and at most 3 above the other foundation of its colour: no card that could
    still need it as a base in a column can be left without another way home.
    """
    if rank <= 2:
        return True
    a, b = _OPPOSITE[suit]
    return found[a] >= rank - 2 and found[b] >= rank - 2 and found[_SAME_OTHER[suit]] >= rank - 3


def safe_double_deck(rank: int, suit: int, found: tuple[int, ...] | list[int]) -> bool:
    """Two decks (DS): the one-deck proof does not hold (a group of any cards may move onto a
    card, DS-2, and each card has a twin), so a card goes home for good only when nothing can
    ever need it as a base: both copies of both opposite-colour cards one rank lower are already
    on the foundations, i.e. all four opposite-colour slots have reached ``rank - 1``. An Ace
    takes no card and a 2 only takes Aces, which always have a free slot of their own row, so
    Aces and 2s are always safe.
    """
    if rank <= 2:
        return True
    a, b = _OPPOSITE[suit]
    need = rank - 1
    return (found[2 * a] >= need and found[2 * a + 1] >= need
            and found[2 * b] >= need and found[2 * b + 1] >= need)


def safe_any_runs(rank: int, suit: int, found: tuple[int, ...] | list[int]) -> bool:
    """One deck where any face-up card leads a group, in order or not (Yukon, YU-2): a card may
    go home for good only when nothing can ever need it as a base. The one-deck proof
    (``safe_single_deck``) counts on a card of the other colour one rank lower going home as
    soon as it is free, but here such a card may carry any cards on it and need a base to
    uncover what lies under it. So: an Ace always; any other card when both cards of the other
    colour one rank lower are home, and both of its own colour two ranks lower (a card coming
    back from a foundation could otherwise be the base one of those needs, C-7).
    """
    if rank <= 1:
        return True
    a, b = _OPPOSITE[suit]
    return found[a] >= rank - 1 and found[b] >= rank - 1 and found[_SAME_OTHER[suit]] >= rank - 2


def twin_bases(col: bytes, any_order: bool = False) -> tuple[int, tuple[tuple[int, int], ...]]:
    """For ``settle_twins``: each group of ``col`` that builds on the card under it, top down, as
    (that card's twin, where the group starts) when the twin has the lower number; and, as one
    int (so that a position's columns are summed up by one ``|`` each), the bit mask of those
    twins and, 64 bits up, the bit of the column's top card (none for an empty column). With ordered
    runs only the groups of the ordered run on top count; with ``any_order`` (YU-2: any
    face-up card leads a group) every face-up card that builds on the face-up card under it.
    """
    out = []
    mask = 0
    k = len(col) - 1
    while k >= 1:
        u = col[k - 1]
        if u >= HIDDEN:
            break
        if not _BUILDS[col[k] * 256 + u]:
            if any_order:
                k -= 1
                continue
            break
        t = _TWIN[u]
        if t < u:
            out.append((t, k))
            mask |= 1 << t
        k -= 1
    return mask | (1 << 64 + col[-1] if col else 0), tuple(out)


def settle_twins(cols: list[bytes], cache: dict[bytes, tuple], acts: list[Action] | None = None,
                 any_order: bool = False) -> bool:
    """One deck (ordered runs, or ``any_order`` as in Yukon): move every group that could go onto the twin of the card it sits
    on (same rank and colour, the other suit) there when that twin has the lower number; return
    whether anything moved. Such a move is always legal and can always be taken back (the card
    left behind is then a top, and the group builds on it), so the settled position and the
    position reach each other: both are won or lost alike, and the search meets one of them
    only. Each move lowers the number of one card's base, so settling ends. ``cache`` keeps
    ``twin_bases`` of the columns met; the moves are added to ``acts``.
    """
    wanted = 0  # the twins wanted, and 64 bits up the column tops (``twin_bases``)
    get = cache.get
    for col in cols:
        b = get(col)
        if b is None:
            b = cache[col] = twin_bases(col, any_order)
        wanted |= b[0]
    if not wanted & wanted >> 64:
        return False
    tops = {col[-1]: j for j, col in enumerate(cols) if col}
    i = 0
    changed = False
    while i < len(cols):
        moved = False
        for t, k in cache[cols[i]][1]:
            j = tops.get(t)
            if j is not None and j != i:  # (in any order, the twin may lie in the group itself)
                col = cols[i]
                cols[j] += col[k:]
                cols[i] = col[:k]
                del tops[t]
                tops[cols[j][-1]] = j
                tops[col[k - 1]] = i
                for m in (i, j):
                    if cols[m] not in cache:
                        cache[cols[m]] = twin_bases(cols[m], any_order)
                if acts is not None:
                    acts.append(("tt", i, len(col) - k, j))
                moved = changed = True
                break
        i = 0 if moved else i + 1
    return changed
