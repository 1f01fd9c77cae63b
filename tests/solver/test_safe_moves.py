"""The safe foundation rules: one deck (K, TF) and its own rule for two decks (DS)."""

from solitaire.solver.search import safe_double_deck, safe_single_deck

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
