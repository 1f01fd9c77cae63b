"""The safe foundation rules: one deck (K, TF) and its own rule for two decks (DS)."""

from solitaire.solver.position import safe_double_deck, safe_single_deck

S, H, D, C = 0, 1, 2, 3


def test_single_deck_rule():
    # 5 of hearts: both black foundations at 3 or more, the diamonds at 2 or more
    assert safe_single_deck(5, H, [3, 0, 2, 3])
    assert not safe_single_deck(5, H, [2, 0, 2, 3])
    assert not safe_single_deck(5, H, [3, 0, 1, 3])
    assert safe_single_deck(2, C, [0, 0, 0, 0])


def test_DS3_double_deck_needs_both_copies_of_the_opposite_colour_cards_below():
    # slots: spades, hearts, diamonds, clubs, two each (sorted)
    assert safe_double_deck(1, S, [0] * 8) and safe_double_deck(2, S, [0] * 8)
    # the 5 of spades waits for both 4 of hearts and both 4 of diamonds
    assert safe_double_deck(5, S, [0, 4, 4, 4, 4, 4, 0, 0])
    assert not safe_double_deck(5, S, [0, 4, 3, 4, 4, 4, 0, 0])
    # where the one-deck rule would already call it safe, two decks do not
    assert safe_single_deck(5, S, [4, 3, 3, 2])
    assert not safe_double_deck(5, S, [4, 4, 3, 3, 3, 3, 2, 2])


def test_draw_one_safe_card_anywhere_in_the_talon_goes_home_at_once(table):
    # Draw 1 with unlimited passes: clicking round to a talon card changes nothing else, so a
    # safe one goes home without a branch wherever it lies, clicks and all; the line still
    # replays (solve checks every won line with the rules core).
    from solitaire.solver.api import solve
    from solitaire.solver.search import Search
    rest = {"H": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "D": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}
    game = table("thoughtful", tableau=["KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "3S", "", "", "", "", ""],
                 stock="KS QS JS TS 9S 8S 7S 6S 5S 4S AC 2S", waste="",
                 foundations=["AS", rest["H"], rest["D"], ""], draw=1)
    search = Search(game)
    cols, found, talon, p, left = search.start
    acts = []
    talon, p = search._close(list(cols), list(found), talon, p, acts)
    assert acts[:2] == [("s",), ("wf",)]  # the 2 of spades, drawn first
    game = table("thoughtful", tableau=["KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "3S", "", "", "", "", ""],
                 stock="KS QS JS TS 9S 8S 7S 6S 5S AC 2S 4S", waste="",
                 foundations=["AS", rest["H"], rest["D"], ""], draw=1)  # the 4 of spades first
    search = Search(game)
    cols, found, talon, p, left = search.start
    acts = []
    search._close(list(cols), list(found), talon, p, acts)
    assert acts[:3] == [("s",), ("s",), ("wf",)]
    assert solve(game, 5.0).result == "won"
