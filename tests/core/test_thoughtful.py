"""Thoughtful Solitaire, "Solitaire Réfléchi" (TF-1 … TF-7), seed 002."""

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, WASTE, Game, IllegalMove, Move, Pile, parse_code, parse_request
from solitaire.core.cards import card_text
from solitaire.core.position import game_from_json

from tests.positions import build

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
F = lambda i: Pile(FOUNDATION, i - 1)  # noqa: E731
W = Pile(WASTE)


def test_TF1_klondike_layout_all_face_up():
    g = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    k = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    assert g.tableau == k.tableau and g.stock == k.stock  # the only difference is the facing
    assert g.hidden == [0] * 7 and len(g.stock) == 24 and len(g.foundations) == 4
    assert all(text.isupper() for column in g.to_json()["tableau"] for text in column)


def test_TF2_a_group_moves_only_if_already_ordered_king_to_ace_at_most():
    g = build("thoughtful", tableau=["5D 9S 8H 7C", "TH", "3C 9C 8H 2S", ""])
    assert g.check(Move(T(1), T(2), 3)) is None  # 9♠ 8♥ 7♣
    refusal = g.check(Move(T(3), T(2), 3))  # 9♣ 8♥ 2♠: seen, but out of order
    assert refusal.rule == "TF-2" and "not in order" in refusal.text
    long_run = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    g = build("thoughtful", tableau=["2C " + long_run, ""])
    assert g.check(Move(T(1), T(2), 13)) is None
    assert g.check(Move(T(1), T(2), 14)).rule == "TF-2"


def test_TF3_each_suit_has_its_fixed_foundation():
    g = build("thoughtful", tableau=["AD", "AS"], foundations=[])
    assert [g.rules.foundation_suit(i) for i in range(4)] == [0, 1, 2, 3]
    assert g.check(Move(T(1), F(1))).rule == "TF-3"
    assert g.resolve(parse_request("t1>f")) == Move(T(1), F(3))
    assert g.resolve(parse_request("t2>f")) == Move(T(2), F(1))


@pytest.mark.parametrize("draw", [1, 3])
def test_TF4_recycle_returns_the_waste_in_the_same_order_and_costs_100(draw):
    g = build("thoughtful", waste="AC 2C 3C 4C", draw=draw)
    assert g.rules.default_draw == 1
    g.score = 40
    g.apply(DRAW)
    assert not g.waste and [card_text(c) for c in g.stock] == ["4C", "3C", "2C", "AC"]
    assert g.score == 0 and g.recycles == 1  # floor 0
    g.apply(DRAW)
    assert [card_text(c) for c in g.waste] == ["AC", "2C", "3C"][:draw]


def test_TF5_points():
    g = build("thoughtful", tableau=["9C", "AS"], waste="8H", foundations=[])
    g.apply(Move(W, T(1)))
    g.apply(Move(T(2), F(1)))
    assert g.score == 5 + 10
    assert g.scoring.flip == 5 and 52 * g.scoring.column_to_foundation == 520


def test_TF6_tap_double_tap_and_undo_limit_100():
    g = build("thoughtful", tableau=["9C", "TD 9S", "8H", "", "QH KD"], foundations=[])
    assert g.resolve(parse_request("t3>t")) == Move(T(3), T(2))  # the longer column first
    assert g.resolve(parse_request("t5>t")) == Move(T(5), T(4))  # a King: the empty column
    g = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    for _ in range(130):
        g.apply(DRAW)
    undone = 0
    while g.undo():
        undone += 1
    assert undone == 100


def test_TF7_refusals_explain_the_rule_in_words():
    g = build("thoughtful", tableau=["7S", "6C", "5H", ""], foundations=[])
    refusal = g.check(Move(T(2), T(1)))
    assert refusal.rule == "C-2" and refusal.text == (
        "a card goes on a card of the other colour, red on black or black on red: "
        "a 6 of clubs cannot go on a 7 of spades")
    assert g.check(Move(T(3), T(4))).text == (
        "an empty column takes only a King, alone or with the cards on it, so not the 5 of hearts")
    with pytest.raises(IllegalMove) as refused:
        g.apply(Move(T(3), F(2)))
    assert str(refused.value) == "C-4: a foundation starts with an Ace, so it cannot take the 5 of hearts first"


def test_TF1_deal_file_with_a_face_down_card_is_refused():
    data = Game.deal(parse_code("TF1-D1N-AAAAAAB")).to_json()
    data["tableau"][6][0] = data["tableau"][6][0].lower()
    with pytest.raises(ValueError, match="TF-1"):
        game_from_json(data)
