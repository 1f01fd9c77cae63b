"""Microsoft FreeCell's numbered deals (FC-6), as Jim Horne published the generator.

Microsoft C's ``rand`` (state = state x 214013 + 2531011, a value the state's bits 16-30) is
seeded with the deal number; the deck is ordered by rank, then clubs, diamonds, hearts, spades;
each card dealt is the one at ``rand() % cards left``, the last card taking its place. The cards
go out row by row across the eight columns, as ``Game.deal`` deals every game.
"""

from __future__ import annotations

from .cards import card

MS_SUITS = (3, 2, 1, 0)  # Microsoft's clubs, diamonds, hearts, spades as this game's suits (SHDC)


def ms_deal_order(number: int) -> list[int]:
    """The 52 cards of deal ``number`` in the order they are dealt."""
    state = number
    deck = list(range(52))  # Microsoft's card index: rank x 4 + suit
    dealt = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        j = ((state >> 16) & 0x7FFF) % left
        dealt.append(deck[j])
        deck[j] = deck[left - 1]
    return [card(index // 4 + 1, MS_SUITS[index % 4]) for index in dealt]
