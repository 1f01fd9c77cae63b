"""Issue 34's model: piles at places with a covered-by relation, read from a level file by core;
a pile's card is played only once no pile lying on it holds a card, and turns face up then; the
run of column cards sent home scores more at each step (``streak``), a stock card costs
(``stock_turn``); and the one rule module a level file may name. Tried on a game made for it
(tests/core/model/two_peaks.toml, the ``two_peaks`` fixture), so no shipped game's rules are needed;
tests/view/test_layout.py draws it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile, parse_code
from solitaire.core.errors import BadDeal
from solitaire.core.position import game_from_json
from solitaire.core.rules import LevelError, load_level
from tests.positions import build, cards

MODEL = Path(__file__).resolve().parent / "model"
T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
HOME = Pile(FOUNDATION, 0)


def test_a_level_file_places_its_piles_and_says_which_lie_on_which(two_peaks):
    assert two_peaks.places == ((0.5, 0.0), (1.5, 0.0), (0.0, 0.5), (1.0, 0.5), (2.0, 0.5))
    assert two_peaks.covered_by == ((2, 3), (3, 4), (), (), ())  # numbered from 0 once read
    assert two_peaks.covers == ((), (), (0,), (0, 1), (1,))
    assert two_peaks.module.name == "peak_points" and two_peaks.module.points is not None


def test_the_deal_lays_a_covered_pile_face_down_and_an_uncovered_one_face_up(two_peaks):
    game = Game.deal(parse_code("ZP1-D1N-AAAAAAB"))
    assert game.hidden == [1, 1, 0, 0, 0] and [len(pile) for pile in game.tableau] == [1] * 5
    assert len(game.foundations[0]) == 1 and len(game.stock) == 46


def test_a_covered_card_is_refused_naming_the_games_rule_and_is_not_offered(two_peaks):
    game = build("two_peaks", tableau=["5h", "9c", "4S", "6D", "TH"], foundations=["5C"])
    refused = game.check(Move(T(1), HOME))
    assert refused.reason == "covered" and refused.rule == "ZP-2"
    assert [str(move) for move in game.legal_moves()] == ["t3>f1", "t4>f1"]


def test_a_pile_turns_face_up_once_the_last_pile_on_it_leaves(two_peaks):
    game = build("two_peaks", tableau=["5h", "9c", "4S", "3D", "TH"], foundations=["5C"])
    game.apply(Move(T(3), HOME))  # the 4: the 3 still lies on pile 1
    assert game.hidden == [1, 1, 0, 0, 0]
    game.apply(Move(T(4), HOME))  # the 3: pile 1 is uncovered and turns; pile 2 has the 10 on it
    assert game.hidden == [0, 1, 0, 0, 0] and game.check(Move(T(2), HOME)).reason == "covered"
    game.undo()
    assert game.hidden == [1, 1, 0, 0, 0] and game.tableau[3] == cards("3D")


def test_a_run_of_column_cards_scores_one_more_each_a_stock_card_costs_and_ends_it(two_peaks):
    game = build("two_peaks", tableau=["", "", "4S", "3D", "2H"], stock="8C AS", foundations=["5C"])
    game.apply(Move(T(3), HOME))
    game.apply(Move(T(4), HOME))
    assert game.score == 1 + 2 and game.streak == 2
    game.apply(DRAW)
    assert game.score == 3 - 5 and game.streak == 0
    game.apply(Move(T(5), HOME))  # a 2 on the Ace: the run starts again at one point
    assert game.score == -2 + 1
    game.undo()
    game.undo()
    assert (game.score, game.streak) == (3, 2)  # undo takes the points and the run back (C-9)


def test_the_rule_module_scores_what_the_parts_cannot_say(two_peaks):
    game = build("two_peaks", tableau=["4h", "", "", "3D", "TH"], foundations=["4C"])
    game.apply(Move(T(4), HOME))  # the 3 uncovers pile 1 (a peak)
    game.apply(Move(T(1), HOME))  # clearing the peak: 2 for the run, 10 from the rule module
    assert game.score == 1 + 2 + 10
    game.undo()
    assert game.score == 1


def test_the_goal_is_every_pile_cleared_and_the_stock_need_not_be(two_peaks):
    game = build("two_peaks", tableau=["", "", "", "", "TH"], stock="8C", foundations=["9C"])
    game.apply(Move(T(5), HOME))
    assert game.won and game.stock


def test_a_deal_file_with_a_covered_card_face_up_or_an_uncovered_one_face_down_is_refused(two_peaks):
    state = Game.deal(parse_code("ZP1-D1N-AAAAAAB")).to_json()
    assert game_from_json(state).hidden == [1, 1, 0, 0, 0]
    upturned = dict(state, tableau=[[state["tableau"][0][0].upper()]] + state["tableau"][1:])
    with pytest.raises(BadDeal, match="tableau column 1: a card lies on it, so it lies face down"):
        game_from_json(upturned)
    state["foundations"][0] += state["tableau"][2] + state["tableau"][3]  # the row on pile 1 gone home
    state["tableau"][2] = state["tableau"][3] = []
    with pytest.raises(BadDeal, match="tableau column 1: its last card is face down"):
        game_from_json(state)


def test_a_rule_module_that_defines_no_hook_is_one_line(tmp_path):
    text = (MODEL / "two_peaks.toml").read_text("utf-8").replace('rule_module = "peak_points"', 'rule_module = "__init__"')
    (tmp_path / "two_peaks.toml").write_text(text, "utf-8")
    with pytest.raises(LevelError, match=r"^two_peaks.toml: \[game\] rule_module '__init__' defines none of the hooks points$"):
        load_level(tmp_path / "two_peaks.toml")

