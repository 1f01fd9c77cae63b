"""Golf's rules (docs/RULES.md, GO-*), a game of another family made of its level file and the
parts it added (issue 34): one pile built up or down whatever the suit, a stock turned onto it,
the columns to clear; and its own search.
"""

from __future__ import annotations

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile, parse_code, parse_request
from solitaire.core.errors import BadDeal, IllegalMove
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from solitaire.solver.kinds import search_kind
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
PILE = Pile(FOUNDATION, 0)


def test_GO1_seven_columns_of_five_face_up_the_stocks_first_card_starts_the_pile():
    game = Game.deal(parse_code("GO1-D1N-AAAAAAB"))
    assert [len(column) for column in game.tableau] == [5] * 7 and game.hidden == [0] * 7
    assert len(game.stock) == 16 and len(game.foundations) == 1 and len(game.foundations[0]) == 1
    assert not game.waste and sorted(game.all_cards()) == list(range(52))
    assert game.to_json()["stock"][0].islower()  # the stock lies face down


def test_GO2_only_a_columns_top_card_moves_only_onto_the_pile():
    game = build("golf", tableau=["9S 4H", "5C", "", "", "", "", ""], foundations=["3D"])
    assert game.check(Move(T(1), T(2))).reason == "no_building"
    assert game.check(Move(T(2), T(3))).rule == "GO-2"  # an empty column stays empty
    assert game.check(Move(T(1), PILE, 2)).reason == "one_at_a_time"
    assert [str(move) for move in game.legal_moves()] == ["t1>f1"]


def test_GO3_the_pile_takes_one_rank_up_or_down_whatever_the_suit_no_wrap():
    game = build("golf", tableau=["4H", "2C", "QS", "KD", "AS", "", ""], foundations=["3D"])
    game.apply(Move(T(1), PILE))  # a 4 on a 3
    refused = game.check(Move(T(2), PILE))
    assert refused.rule == "GO-3" and refused.reason == "not_next_rank"
    game = build("golf", tableau=["QS", "KD", "AS", "", "", "", ""], foundations=["KH"])
    assert game.check(Move(T(3), PILE)).reason == "not_next_rank"  # no Ace on a King
    game.apply(Move(T(1), PILE))
    game.apply(Move(T(2), PILE))  # a King on a Queen
    assert game.check(Move(PILE, T(4))).reason == "foundation_final"  # a card on the pile stays


def test_GO4_a_click_turns_the_next_stock_card_onto_the_pile_once_through():
    game = build("golf", tableau=["4H", "", "", "", "", "", ""], stock="9C 2S", foundations=["KD"])
    game.apply(DRAW)
    assert game.foundations[0] == cards("KD 2S") and game.stock == cards("9C")
    game.apply(DRAW)
    refused = game.check(DRAW)
    assert refused.rule == "GO-4" and refused.reason == "stock_used_up"
    game.undo()
    assert game.foundations[0] == cards("KD 2S") and game.stock == cards("9C")


def test_GO5_won_when_the_columns_are_empty_whatever_the_stock_holds():
    game = build("golf", tableau=["4H", "", "", "", "", "", ""], stock="9C 2S", foundations=["5D"])
    assert not game.won
    game.play_text("t1>f")
    assert game.won and game.stock
    assert hint(game) is None


def test_GO6_a_point_for_each_column_card_nothing_for_a_stock_card_undo_unlimited():
    game = Game.deal(parse_code("GO1-D1N-AAAAAAC"))
    result = solve(game, 2.0)
    assert result.result == "won"
    for text in result.moves:
        game.play_text(text)
    assert game.won and game.score == 35
    while game.undo():
        pass
    assert game.to_json() == {**Game.deal(parse_code("GO1-D1N-AAAAAAC")).to_json(), "moves": game.moves}


def test_GO7_one_tap_sends_a_top_card_onto_the_pile_else_says_no_place():
    game = build("golf", tableau=["4H", "9C", "", "", "", "", ""], foundations=["3D"])
    assert game.resolve(parse_request("t1>*")) == Move(T(1), PILE)
    with pytest.raises(IllegalMove) as refused:
        game.resolve(parse_request("t2>*"))
    assert refused.value.refusal.rule == "GO-7"
    with pytest.raises(IllegalMove) as refused:
        game.play_text("a")
    assert refused.value.refusal.reason == "no_auto_complete" and refused.value.refusal.rule == "GO-7"


def test_golf_codes_deal_files_saves_and_its_own_search():
    code = parse_code("GO1-D1N-AAAAAAB")
    game = Game.deal(code)
    start = game.to_json()
    assert search_kind(game) == "one_pile" and game_from_json(start).to_json() == start
    for text in ("s", "s"):
        game.play_text(text)
    again, kept, _ = load_save(save_data(game, start, 5.0))
    assert again.to_json() == game.to_json() and kept == start
    position = dict(start, waste=["AS"])
    with pytest.raises(BadDeal, match=r"Golf has no waste \(GO-4\)"):
        game_from_json(position)
    assert solve(Game.deal(code), 2.0).result in ("won", "lost")  # decided, not "unknown"
