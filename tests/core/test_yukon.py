"""Yukon's rules (docs/RULES.md, YU-*), a game made of its level file alone (issue 34): every
card dealt, groups moved whatever their order, and the Klondike family's search playing it.
"""

from __future__ import annotations

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile, parse_code, parse_request
from solitaire.core.errors import IllegalMove
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from solitaire.solver.kinds import search_kind
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
F = lambda i: Pile(FOUNDATION, i - 1)  # noqa: E731


def test_YU1_all_52_cards_in_seven_columns_face_down_by_place_five_face_up():
    game = Game.deal(parse_code("YU1-D1N-AAAAAAB"))
    assert [len(column) for column in game.tableau] == [1, 6, 7, 8, 9, 10, 11]
    assert game.hidden == [0, 1, 2, 3, 4, 5, 6]
    assert [game.face_up_count(i) for i in range(7)] == [1, 5, 5, 5, 5, 5, 5]
    assert not game.stock and not game.waste and sorted(game.all_cards()) == list(range(52))


def test_YU1_there_is_no_stock_to_click_and_a_deal_file_with_one_is_refused():
    game = Game.deal(parse_code("YU1-D1N-AAAAAAB"))
    assert game.check(DRAW).rule == "YU-1" and DRAW not in game.legal_moves()
    position = game.to_json()
    position["stock"] = [position["tableau"][6].pop(0)]
    with pytest.raises(ValueError, match=r"'stock': Yukon has no stock \(YU-1\)"):
        game_from_json(position)


def test_YU1_a_deal_file_may_hold_dealt_face_up_cards_out_of_order():
    position = Game.deal(parse_code("YU1-D1N-AAAAAAB")).to_json()
    assert game_from_json(position).to_json() == position


def test_YU2_a_face_up_card_moves_with_every_card_on_it_in_order_or_not():
    game = build("yukon", tableau=["9S", "kd 8H 2C KC 4D", "", "", "", "", ""])
    game.apply(Move(T(2), T(1), 4))  # the 8 of hearts fits the 9 of spades; what lies on it comes along
    assert game.tableau[0] == cards("9S 8H 2C KC 4D") and game.tableau[1] == cards("KD") and game.hidden[1] == 0
    assert game.score == 5  # YU-6: the King turned face up


def test_YU2_the_card_taken_must_build_by_C2_and_the_refusal_cites_yukon():
    game = build("yukon", tableau=["9H", "kd 8H 2C", "", "", "", "", ""])
    refused = game.check(Move(T(2), T(1), 2))
    assert refused.rule == "YU-2" and refused.reason == "not_on_colour"
    assert game.check(Move(T(2), T(1), 3)).reason == "face_down"


def test_YU3_an_empty_column_takes_a_king_with_whatever_lies_on_it_and_nothing_else():
    game = build("yukon", tableau=["", "kd KS 3H 9C", "QH 5C"])
    assert game.check(Move(T(3), T(1), 2)).rule == "YU-3"
    game.apply(Move(T(2), T(1), 3))
    assert game.tableau[0] == cards("KS 3H 9C")


def test_YU4_an_ace_takes_any_empty_foundation_and_a_top_card_may_come_back():
    game = build("yukon", tableau=["AH", "2H", "3S"], foundations=["AS 2S", "", "", ""])
    assert game.resolve(parse_request("t1>f")) == Move(T(1), F(2))
    game.apply(Move(T(1), F(2)))
    game.apply(game.resolve(parse_request("t2>f")))
    assert game.foundations[1] == cards("AH 2H")
    assert game.check(Move(F(1), T(3))).rule == "YU-2"  # the 2 of spades on the 3 of spades
    assert game.check(Move(F(2), T(3))) is None  # the 2 of hearts comes back onto it (C-7)


def test_YU5_auto_complete_once_every_card_is_face_up_and_every_column_descends():
    assert not build("yukon", tableau=["AS 2S", "2H AH"]).auto_complete_ready()  # not descending
    assert not build("yukon", tableau=["2s AS", "2H AH"]).auto_complete_ready()  # a card face down
    game = build("yukon", tableau=["2S AS", "2H AH"])
    assert game.auto_complete_ready()
    game.play_text("a")
    assert not any(game.tableau) and sorted(map(len, game.foundations)) == [0, 0, 2, 2]


def test_YU6_a_won_game_scores_625_and_undo_has_no_limit():
    game = Game.deal(parse_code("YU1-D1N-AAAAAAB"))
    result = solve(game, 10.0)
    assert result.result == "won"
    for text in result.moves:
        game.play_text(text)
    back_from_home = sum(1 for text in result.moves if text.startswith("f"))  # each goes home again: +10
    assert game.won and game.score == 625 + 10 * back_from_home
    while game.undo():
        pass
    assert game.to_json() == {**Game.deal(parse_code("YU1-D1N-AAAAAAB")).to_json(), "moves": game.moves}


def test_YU7_one_tap_sends_a_card_home_else_to_a_column_that_takes_it():
    game = build("yukon", tableau=["AH", "8D", "9C", "9S 5H", "", "", ""])
    assert game.resolve(parse_request("t1>*")) == Move(T(1), F(1))
    assert game.resolve(parse_request("t2>*")) == Move(T(2), T(3))
    with pytest.raises(IllegalMove) as refused:
        game.resolve(parse_request("t4:2>*"))  # the 9 of spades and what lies on it: no red 10, no King
    assert refused.value.refusal.rule == "YU-7"


def test_yukon_codes_deal_replay_save_and_solve_through_the_klondike_search():
    code = parse_code("YU1-D1N-AAAAAAC")
    assert str(code) == "YU1-D1N-AAAAAAC" and code.game == "yukon"
    game = Game.deal(code)
    start = game.to_json()
    assert search_kind(game) == "talon"
    result = solve(game, 10.0)
    assert result.result == "won"
    for text in result.moves[:10]:
        game.play_text(text)
    again, kept_start, elapsed = load_save(save_data(game, start, 12.0))
    assert again.to_json() == game.to_json() and kept_start == start and elapsed == 12.0
    assert hint(game) is not None
