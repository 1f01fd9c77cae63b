"""Which search of this package plays a game's rules: asked by the solver's entry points and by
the computer player, so that a game no search fits is answered from the cards in sight instead
(``seen_hint``), never by a search built for other rules.
"""

from __future__ import annotations

from ..core.game import Game


def search_kind(game: Game) -> str | None:
    """Which search plays ``game``'s rules: "pairs" (Pyramid: one-card piles, cards in sight
    leaving in pairs totalling 13, the stock turned one card at a time onto a waste), "one_pile" (Golf, TriPeaks: every column card onto one pile,
    one rank up or down, the stock turned onto it), "cells" (FreeCell: free cells, every card dealt face
    up, C-2 building, any card into an empty column), "talon" (the Klondike family: a stock
    turned onto a waste, C-2 building) or None (Spider, or building by suit or colour: no search of ours; the hint
    then judges the moves in sight, ``seen_hint``).
    """
    rules = game.rules
    if rules.pairs != "none":  # PY-3: cards leave in pairs totalling 13, a King alone
        fits = (rules.stock == "waste" and game.draw == 1 and rules.goal == "clear_tableau" and rules.decks == 1
                and all(size == 1 for size in rules.columns))
        return "pairs" if fits else None
    if (rules.foundations == "one_pile" and rules.foundation_build != "up_in_suit" and rules.build == "none"
            and rules.stock in ("to_foundation", "none") and rules.goal == "clear_tableau"
            and (not rules.covered_by or max(rules.columns) == 1)):  # TP-2: piles lying on others hold one card
        return "one_pile"  # GO-2, GO-3, GO-5: every card onto one pile, one rank up or down
    if rules.build != "alternate_colours_down" or rules.foundations == "whole_suits":
        return None
    if rules.cells:
        fits = (rules.stock == "none" and not rules.deals_face_down and rules.runs == "ordered"
                and rules.empty_takes_any and rules.decks == 1 and rules.foundation_back == "never")
        return "cells" if fits else None
    return "talon" if rules.stock in ("waste", "none") and rules.runs in ("ordered", "any") else None
