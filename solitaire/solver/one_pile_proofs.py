"""The proofs that end a line of the one-pile search early (``one_pile``: Golf, GO-3; TriPeaks,
TP-3): each says from the cards left alone that a position is lost. Plain functions, so that the
search calls them without looking them up on its object."""

from __future__ import annotations

# The ring of TP-3's ranks as ``unmatched_round`` walks it: each column card's rank, the next
# one walked, and the rank whose cards lie between them (a 2's between the Aces and the 3s).
_ORDER = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)
_RING = tuple((rank, _ORDER[i + 1], rank % 13 + 1) for i, rank in enumerate(_ORDER[:-1]))


def unmatched(demand: list[int], supply: list[int]) -> bool:
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


def unmatched_round(demand: list[int], supply: list[int]) -> bool:
    """``unmatched`` where the King and the Ace are next to each other (TP-3): the ranks
    form a ring, and each column card's rank and the two ranks next to it a ring of 26
    (an Ace's card before it a 2 or a King, a 3's a 2 or a 4 …: odd ranks' cards and even
    ranks' alternate). Cut the ring at the Kings giving to the Aces, trying each number of
    them, the rest is a line, taken in order as ``unmatched`` takes it."""
    most = min(demand[1], supply[13])
    for given in range(most + 1):  # Kings' cards given to the Aces
        need = demand[1] - given
        for rank, next_rank, giver in _RING:
            spare = supply[giver] - need
            if spare < 0:
                break
            need = demand[next_rank] - spare if demand[next_rank] > spare else 0
        else:
            if need + given <= supply[13]:  # the last: the Kings' cards give the 12s and the Aces
                return False
    return True


def unjoined(demand: list[int], count: list[int]) -> bool:
    """The column cards left are put on the pile in runs, each just after a card that is not
    one of them (the pile's top, then stock cards), one rank up or down at each step: a run's
    ranks are one block of ranks next to each other that column cards hold, and the card
    before it is of a rank in that block or next to it. So every block needs its own such
    card (the top or a stock card left): where the blocks cannot each be given one, the
    position is lost. The blocks lie along the line of ranks (no K-A wrap), so giving each,
    from the lowest, the lowest card it can take is the best there is."""
    taken = -1  # the rank between two blocks whose card the lower one took, if it did
    rank = 1
    while rank <= 13:
        if not demand[rank]:
            rank += 1
            continue
        low = rank
        while demand[rank]:  # demand[14] is 0
            rank += 1
        for start in range(low - 1, rank + 1):  # count - demand: the top and the stock's cards
            if count[start] - demand[start] > (start == taken):
                taken = start
                break
        else:
            return True
    return False


def stuck(count: list[int], cards: list[tuple], held: list[list[list[int]]], code: int,
           mask: int, top: int) -> bool:
    """Whether one of ``cards`` (column cards, as ``OnePileSearch._dead_ends`` gives them) can never be
    played: the card put on the pile just before it must be of a rank next to its own, and
    none left can be. Such a card is a stock card, a column card of another column, the card
    lying on it in its own column (none under it, nor higher up: those leave before it, and
    the card between stays on it), or the pile's top where it is its column's top card now.
    ``count`` holds the cards of each rank left in the stock, the columns and on top."""
    for most_first, most_second, index, shift, place, first, second, on in cards:
        if count[first] > most_first or count[second] > most_second:
            continue
        height = code >> shift & mask
        if place >= height:
            continue
        same = held[index][height]
        exposed = place + 1 == height
        if (count[first] - same[first] + (on == first and not exposed) - (top == first and not exposed) <= 0
                and (not second or count[second] - same[second] + (on == second and not exposed)
                     - (top == second and not exposed) <= 0)):
            return True
    return False
