"""What a click, a double click or a drop means, decided by the rules core (core.intents) for
any table on screen: the play scene's today, the Duel's two tomorrow."""

from __future__ import annotations

from solitaire.core import FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Refusal, intents
from tests.positions import build

T, F, W = (lambda i: Pile(TABLEAU, i)), (lambda i: Pile(FOUNDATION, i)), Pile(WASTE)


def test_a_drop_on_the_foundation_area_goes_to_the_foundation_that_takes_it_TF3():
    game = build("thoughtful", tableau=["AH"], foundations=[])
    # Thoughtful keeps a place per suit: hearts is the second, whichever foundation is aimed at.
    assert intents.drop(game, T(0), 1, F(3)) == Move(T(0), F(1), 1)


def test_a_drop_of_a_group_on_a_foundation_is_refused_K5():
    game = build("klondike", tableau=["3S 2H", ""], foundations=[])
    result = intents.drop(game, T(0), 2, F(0))
    assert isinstance(result, Refusal)


def test_a_drop_on_a_column_that_does_not_take_the_card_names_the_rule_C2():
    game = build("klondike", tableau=["9S", "5H"])
    result = intents.drop(game, T(1), 1, T(0))
    assert isinstance(result, Refusal) and result.rule == "C-2"


def test_movable_counts_face_up_cards_from_the_pressed_one():
    game = build("klondike", tableau=["ks QH JC"], waste="4D 5D")
    assert intents.movable(game, T(0), 0) == 0  # face down
    assert intents.movable(game, T(0), 1) == 2
    assert intents.movable(game, W, 1) == 1 and intents.movable(game, W, 0) == 0
    assert intents.movable(game, Pile(STOCK), 0) == 0


def test_one_tap_plays_to_a_good_place_or_says_why_not_K8():
    game = build("klondike", tableau=["9S", "8H", "KD"])
    assert intents.one_tap(game, T(1), 1) == Move(T(1), T(0), 1)
    assert isinstance(intents.one_tap(game, T(2), 1), Refusal)  # a lone King is not shuttled
    assert intents.one_tap(game, T(0), 0) is None  # nothing picked up


def test_select_then_click_aims_at_the_foundation_that_takes_the_card_K8():
    game = build("klondike", tableau=["AS"], foundations=["AH"])
    assert intents.place_selection(game, T(0), 1, F(0)) == Move(T(0), F(1), 1)
    assert intents.place_selection(game, T(0), 1, T(0)) is None  # the selection let go


def test_a_click_sends_home_and_a_double_click_looks_on_the_tableau_DS8():
    game = build("double", tableau=["AS", "9S", "8H"])
    assert intents.home_click(game, T(0), 1, double=False) == Move(T(0), F(0), 1)
    assert intents.home_click(game, T(2), 1, double=False) is None
    assert intents.home_click(game, T(2), 1, double=True) == Move(T(2), T(1), 1)
