"""Klondike (K-1 … K-10), seed 003."""

from collections import Counter

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, WASTE, Game, IllegalMove, Move, Pile, parse_code, parse_request
from solitaire.core.cards import card_text
from solitaire.entry.cli import play_text

from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
F = lambda i: Pile(FOUNDATION, i - 1)  # noqa: E731
W = Pile(WASTE)


def test_K1_deal_has_seven_columns_last_card_up_and_24_in_stock():
    g = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    assert [len(c) for c in g.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert g.hidden == [0, 1, 2, 3, 4, 5, 6]
    assert len(g.stock) == 24 and not g.waste
    assert Counter(g.all_cards()) == Counter(range(52))


@pytest.mark.parametrize("draw", [1, 2, 3])
def test_K2_a_stock_click_turns_draw_cards_or_what_is_left(draw):
    g = build("klondike", stock="AS 2S 3S 4S 5S", draw=draw)
    g.apply(DRAW)
    assert [card_text(c) for c in g.waste] == ["5S", "4S", "3S"][:draw]
    while g.stock:
        g.apply(DRAW)
    assert len(g.waste) == 5 and g.waste[-1] == cards("AS")[0]


def test_K2_with_draw_3_the_top_waste_card_plays_before_the_one_under_it():
    g = build("klondike", tableau=["9C", "9D"], stock="8C 8D", draw=3)
    g.apply(DRAW)  # waste 8♦ 8♣, the 8♣ on top
    refusal = g.check(Move(W, T(1)))
    assert refusal.rule == "C-2" and "8 of clubs" in refusal.text  # the 8♦ under it is not reachable
    g.apply(Move(W, T(2)))  # 8♣ on 9♦
    assert g.check(Move(W, T(1))) is None  # now the 8♦ plays onto the 9♣


def test_K3_recycle_returns_the_waste_in_order_and_deals_in_the_same_click():
    g = build("klondike", stock="4C 3C 2C AC", draw=1)
    for _ in range(4):
        g.apply(DRAW)
    assert not g.stock and [card_text(c) for c in g.waste] == ["AC", "2C", "3C", "4C"]
    g.apply(DRAW)
    assert g.recycles == 1
    assert [card_text(c) for c in g.waste] == ["AC"]  # the first batch, dealt in the same click
    assert [card_text(c) for c in g.stock] == ["4C", "3C", "2C"]  # in order, no shuffle
    for _ in range(10):  # unlimited passes
        g.apply(DRAW)
    assert g.recycles > 1


def test_K3_cards_used_from_the_waste_change_the_next_passes_batches():
    g = build("klondike", tableau=["KD"], stock="QS 6H 5H 4H 3H 2H", draw=3)
    g.apply(DRAW)  # 2H 3H 4H
    g.apply(DRAW)  # 5H 6H QS
    g.apply(Move(W, T(1)))  # Q♠ on K♦
    g.apply(DRAW)  # recycle + first batch of the new pass
    assert [card_text(c) for c in g.waste] == ["2H", "3H", "4H"]
    g.apply(DRAW)
    assert [card_text(c) for c in g.waste] == ["2H", "3H", "4H", "5H", "6H"]


def test_K4_a_run_or_a_shorter_part_of_it_may_move():
    g = build("klondike", tableau=["qs 9D 8C 7H", "TC", "9H", "8S"])
    assert g.check(Move(T(1), T(2), 3)) is None  # 9♦ 8♣ 7♥ on 10♣
    assert g.check(Move(T(1), T(3), 2)) is None  # 8♣ 7♥ on 9♥
    assert g.check(Move(T(1), T(4), 1)) is None  # 7♥ on 8♠
    refusal = g.check(Move(T(1), T(2), 4))
    assert refusal.rule == "K-4" and "face-down" in refusal.text


def test_K4_a_group_that_is_not_an_ordered_run_is_refused():
    g = build("klondike", tableau=["9D 8D", "TC"])
    refusal = g.check(Move(T(1), T(2), 2))
    assert refusal.rule == "K-4" and "not in order" in refusal.text


def test_K5_an_ace_takes_any_empty_foundation_which_then_keeps_its_suit():
    g = build("klondike", tableau=["AH", "2S", "2H"], foundations=[])
    g.apply(Move(T(1), F(3)))
    assert g.check(Move(T(2), F(3))).rule == "C-4"
    assert g.check(Move(T(3), F(3))) is None
    assert g.resolve(parse_request("t3>f")) == Move(T(3), F(3))


def test_K6_scoring_table():
    g = build("klondike", tableau=["9C", "as 2H", "KD"], waste="AH", stock="3C 2C", draw=3)
    g.apply(Move(W, F(1)))
    assert g.score == 15  # waste -> foundation
    g.apply(Move(T(2), F(1)))
    assert g.score == 15 + 10 + 5  # column -> foundation, plus the card it uncovered
    g.apply(Move(T(2), F(2)))
    assert g.score == 40
    g.apply(DRAW)
    g.apply(DRAW)  # a new pass in draw 3: -20
    assert g.recycles == 1 and g.score == 20


def test_K6_waste_to_column_and_no_recycle_penalty_in_draw_1_and_2():
    for draw in (1, 2):
        g = build("klondike", tableau=["9C"], waste="8H", stock="", draw=draw)
        g.apply(Move(W, T(1)))
        assert g.score == 5
        g.waste = cards("2C")
        g.apply(DRAW)
        assert g.recycles == 1 and g.score == 5


def test_K6_foundation_to_column_costs_nothing():
    g = build("klondike", tableau=["9C"], foundations=["AH 2H 3H 4H 5H 6H 7H 8H"])
    g.score = 100
    g.apply(Move(F(1), T(1)))
    assert g.score == 100


def test_K7_each_draw_mode_has_its_own_code_and_deal_state():
    one = Game.deal(parse_code("KL1-D1N-AAAAAAC"))
    three = Game.deal(parse_code("KL1-D3N-AAAAAAC"))
    assert one.draw == 1 and three.draw == 3
    assert str(one.code) != str(three.code)


def test_K8_one_tap_sends_a_card_home_else_to_a_column():
    g = build("klondike", tableau=["AS", "9C", "8H", "KD", ""], waste="QS", foundations=[])
    assert g.resolve(parse_request("t1>*")) == Move(T(1), F(1))
    assert g.resolve(parse_request("t3>*")) == Move(T(3), T(2))
    assert g.resolve(parse_request("w>*")) == Move(W, T(4))
    with pytest.raises(IllegalMove) as refused:
        g.resolve(parse_request("t4>*"))  # a King heading its column: nowhere useful to go
    assert refused.value.refusal.rule == "K-8"


def test_K9_auto_complete_condition_and_sequence():
    g = build("klondike", tableau=["AH", "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H", "AS", "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S"],
              foundations=["AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"])
    assert g.auto_complete_ready()
    g.stock = cards("KH")
    assert not g.auto_complete_ready()  # the stock must be empty
    g.stock = []
    g.hidden[1] = 1
    assert not g.auto_complete_ready()  # every column card must be face up
    g.hidden[1] = 0
    ranks = []
    while (move := g.auto_complete_next()) is not None:
        ranks.append(card_text(g.tableau[move.src.index][-1])[0])
        g.apply(move)
    assert g.won and len(ranks) == 26
    assert ranks[:4] == ["A", "A", "2", "2"]  # the lowest cards go first


def test_K9_replay_a_is_refused_unless_the_condition_holds():
    g = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    with pytest.raises(IllegalMove) as refused:
        play_text(g, "a")
    assert refused.value.refusal.rule == "K-9"


def test_K10_no_time_limit_in_the_rules():
    g = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    assert "duel" not in g.rules.extra  # only the Duel has a clock
