"""The solver's summary of the foundations: how high each suit has been built.

One deck: the top rank of each suit (0 for none yet), in suit order. Two decks: each suit's two
slot tops as a sorted pair, since which slot holds which copy never matters. The search starts
from it and the hint's "is this card safe to send home" reads it, so both judge the same board.
"""

from __future__ import annotations

from ..core.cards import RANK, SUIT, SUITS
from ..core.game import Game


def foundation_ranks(game: Game) -> list[int]:
    """4 ranks (one deck) or 8 (two decks: suit ``s`` at ``2s`` and ``2s + 1``, lower first)."""
    tops: list[list[int]] = [[] for _ in SUITS]
    for pile in game.foundations:
        if pile:
            tops[SUIT[pile[-1]]].append(RANK[pile[-1]])
    if game.rules.decks == 1:
        return [suit_tops[0] if suit_tops else 0 for suit_tops in tops]
    ranks: list[int] = []
    for suit_tops in tops:
        ranks += sorted(suit_tops + [0] * (2 - len(suit_tops)))
    return ranks
