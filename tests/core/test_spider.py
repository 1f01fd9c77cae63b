"""Spider's rules (docs/RULES.md, SP-*): one, two or four suits, building by rank, runs of one
suit, a row dealt onto every column, and whole suits leaving the table by themselves.
"""

from __future__ import annotations

from collections import Counter

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile, parse_code, parse_request
from solitaire.core.cards import SUIT
from solitaire.core.errors import BadCode, BadDeal
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
WHOLE = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_SP1_the_suit_count_stands_where_the_draw_count_does(suits):
    game = Game.deal(parse_code(f"SP1-D{suits}N-AAAAAAB"))
    assert len(game.all_cards()) == 104 and len(game.stock) == 50
    assert [len(c) for c in game.tableau] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert game.hidden == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    counts = Counter(SUIT[c] for c in game.all_cards())
    assert sorted(counts) == list(range(suits)) and set(counts.values()) == {104 // suits}
    assert str(game.code) == f"SP1-D{suits}N-AAAAAAB"


def test_SP1_three_suits_is_no_spider_game():
    with pytest.raises(BadCode):
        parse_code("SP1-D3N-AAAAAAB")


def test_SP2_a_card_goes_on_any_card_one_rank_higher_and_an_empty_column_takes_anything():
    game = build("spider", tableau=["9H", "TS", "5D", ""], draw=4)
    assert game.check(Move(T(1), T(2))) is None
    refused = game.check(Move(T(3), T(2)))
    assert (refused.rule, refused.reason) == ("SP-2", "not_on_rank")
    assert game.check(Move(T(3), T(4))) is None


def test_SP3_only_a_run_of_one_suit_moves_together():
    game = build("spider", tableau=["9S 8S 7H", "9D 8S 7S", "TC"], draw=4)
    refused = game.check(Move(T(1), T(3), 3))
    assert (refused.rule, refused.reason) == ("SP-3", "not_same_suit_run")
    assert game.check(Move(T(2), T(1), 2)) is not None  # 8S on 7H: not a build
    assert Move(T(2), T(3), 3) not in game.legal_moves()
    game.tableau[2] = cards("9H")
    assert Move(T(2), T(3), 2) in game.legal_moves()


def test_SP4_SP7_a_whole_suit_leaves_the_table_with_the_move_that_completes_it_and_comes_back_on_undo():
    game = build("spider", tableau=["8D " + WHOLE, "AS", "qc 4C"], draw=4)
    game.hidden[0] = 1
    game.apply(Move(T(2), T(1)))
    assert game.tableau[0] == cards("8D") and game.hidden[0] == 0  # the card under it turned up
    assert game.foundations[0] == cards(WHOLE + " AS")[::-1] and game.score == 500 + 100 - 1
    game.undo()
    assert game.tableau[0] == cards("8D " + WHOLE) and game.hidden[0] == 1 and game.foundations[0] == []
    assert game.score == 500


def test_SP4_nothing_goes_home_by_hand_and_nothing_comes_back():
    game = build("spider", tableau=["AS"], foundations=["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"], draw=4)
    refused = game.check(Move(T(1), Pile(FOUNDATION, 1)))
    assert (refused.rule, refused.reason) == ("SP-4", "suits_leave_alone")
    assert game.check(Move(Pile(FOUNDATION, 0), T(2))).reason == "foundation_final"
    assert game.foundation_for(cards("AS")[0]) is None


def test_SP5_the_stock_deals_a_row_and_refuses_while_a_column_is_empty():
    game = Game.deal(parse_code("SP1-D2N-AAAAAAC"))
    tops = [column[-1] for column in game.tableau]
    next_row = game.stock[-10:][::-1]
    game.apply(DRAW)
    assert [column[-1] for column in game.tableau] == next_row and len(game.stock) == 40
    assert [column[-2] for column in game.tableau] == tops
    game.undo()
    game.tableau[3] = []
    refused = game.check(DRAW)
    assert (refused.rule, refused.reason, dict(refused.params)["number"]) == ("SP-5", "deal_on_empty", 4)
    assert DRAW not in game.legal_moves()


def test_SP5_a_row_that_completes_a_suit_sends_it_home():
    game = build("spider", tableau=[WHOLE] + ["9H"] * 9, stock="7H 7H 7H 7H 7H 7H 7H 7H 7H AS", draw=4)
    game.apply(DRAW)
    assert game.tableau[0] == [] and game.foundations[0] == cards(WHOLE + " AS")[::-1]


def test_SP5_C9_undo_takes_back_a_row_that_completed_a_suit_exactly():
    """A deal row touches every column and then, the suit it completes leaving, a column again
    and a foundation: undo puts each pile back as it was before the move (a pile touched twice
    ends as it first was)."""
    game = build("spider", tableau=[WHOLE] + ["9H"] * 9, stock="7H 7H 7H 7H 7H 7H 7H 7H 7H AS", draw=4)
    before = game.to_json()
    game.apply(DRAW)
    assert game.foundations[0] and len(game.tableau[0]) < len(before["tableau"][0])  # the suit left
    game.undo()
    assert {**game.to_json(), "moves": 0} == {**before, "moves": 0}


def test_SP6_every_move_costs_a_point_from_500():
    game = Game.deal(parse_code("SP1-D1N-AAAAAAB"))
    assert game.score == 500
    game.apply(DRAW)
    assert game.score == 499


def test_SP1_a_deal_file_of_spider_checks_its_suits_and_whole_suits():
    data = Game.deal(parse_code("SP1-D2N-AAAAAAB")).to_json()
    assert game_from_json(data).to_json() == data
    data["foundations"][0] = ["AS"]
    with pytest.raises(BadDeal):
        game_from_json(data)


def test_SP8_a_hint_from_what_is_seen_and_no_search_claims_more():
    game = Game.deal(parse_code("SP1-D1N-AAAAAAB"))
    assert solve(game, 1).result == "unknown"  # no search of ours plays Spider
    move = hint(game)
    assert move is not None and game.check(move) is None
    stuck = build("spider", tableau=["", "2D 9C", "5H", "7S", "9D", "JC", "KH", "2C", "5S", "7D"],
                  stock="AS AS AS AS AS AS AS AS AS AS", draw=4)
    assert hint(stuck) == Move(T(2), T(1))  # a column is filled so that the stock may deal (SP-5)


def test_SP3_one_tap_moves_a_whole_run_of_one_suit():
    game = build("spider", tableau=["9S 8S 7S", "TS", "4D"], draw=4)
    assert game.resolve(parse_request("t1:3>*")) == Move(T(1), T(2), 3)


def test_SP5_a_saved_spider_game_with_deals_replays():
    game = Game.deal(parse_code("SP1-D4N-AAAAAAD"))
    start = game.to_json()
    game.apply(DRAW)
    game.apply(game.legal_moves()[0])
    game.apply(DRAW)
    game.undo()
    loaded, _, _ = load_save(save_data(game, start, 2.0))
    assert loaded.to_json() == game.to_json() and len(loaded.history) == len(game.history)
