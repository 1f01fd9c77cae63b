"""TriPeaks' rules (docs/RULES.md, TP-*), a game of the one-pile family made of its level file and
one rule module (issue 34): piles at places, each card of the upper rows on two of the row below;
one pile built up or down with the King next to the Ace; a run's rising points.
"""

from __future__ import annotations

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile, parse_code, parse_request, ruleset
from solitaire.core.errors import BadDeal, IllegalMove
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from solitaire.solver.kinds import search_kind
from tests.positions import cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
PILE = Pile(FOUNDATION, 0)
ROWS = (range(1, 4), range(4, 10), range(10, 19), range(19, 29))  # the piles of each row, peaks first


def peaks(left: dict[int, str], pile: str = "", stock: str = "") -> Game:
    """A TriPeaks position: the cards still in the peaks by pile number (lower case face down),
    the others gone; the pile and the stock bottom to top."""
    game = Game(ruleset("tripeaks"), 1, "standard")
    for number, text in left.items():
        game.tableau[number - 1] = cards(text)
        game.hidden[number - 1] = int(text.islower())
    game.foundations[0] = cards(pile)
    game.stock = cards(stock)
    return game


def test_TP1_three_peaks_of_28_cards_the_bottom_row_face_up_23_in_the_stock():
    game = Game.deal(parse_code("TP1-D1N-AAAAAAB"))
    assert [len(pile) for pile in game.tableau] == [1] * 28 and len(game.stock) == 23
    assert [game.hidden[number - 1] for row in ROWS for number in row] == [1] * 18 + [0] * 10
    assert len(game.foundations[0]) == 1 and not game.waste and sorted(game.all_cards()) == list(range(52))
    rules = game.rules
    assert [len([n for n in row if not rules.covers[n - 1]]) for row in ROWS] == [3, 0, 0, 0]  # the peaks lie on none
    for row, below in zip(ROWS, ROWS[1:]):
        for number in row:
            on = [other + 1 for other in rules.covered_by[number - 1]]
            assert len(on) == 2 and all(other in below for other in on) and on[1] == on[0] + 1
    assert rules.places[0] == (1.5, 0.0) and rules.places[27] == (9.0, 1.5)


def test_TP2_a_covered_card_is_refused_and_turns_face_up_when_the_last_card_on_it_goes():
    game = peaks({10: "3h", 19: "5C", 20: "4D"}, pile="6S")
    refused = game.check(Move(T(10), PILE))
    assert refused.rule == "TP-2" and refused.reason == "covered"
    assert [str(move) for move in game.legal_moves()] == ["t19>f1"]
    game.apply(Move(T(19), PILE))
    assert game.hidden[9] == 1 and game.check(Move(T(10), PILE)).reason == "covered"  # the 4 still lies on it
    game.apply(Move(T(20), PILE))
    assert game.hidden[9] == 0 and game.to_json()["tableau"][9] == ["3H"]  # uncovered: face up, and played
    game.apply(Move(T(10), PILE))
    assert game.won
    game.undo()
    game.undo()
    assert game.hidden[9] == 1  # undo lays it face down again (C-9)
    assert game.check(Move(T(20), T(10))).reason == "covered"  # nothing goes onto the peaks either


def test_TP3_the_pile_takes_one_rank_up_or_down_any_suit_the_king_next_to_the_ace():
    game = peaks({19: "KC", 20: "AD", 21: "QH", 22: "9S"}, pile="AS")
    game.apply(Move(T(19), PILE))  # a King on an Ace
    game.apply(Move(T(20), PILE))  # an Ace on a King
    refused = game.check(Move(T(21), PILE))
    assert refused.rule == "TP-3" and refused.reason == "not_next_rank"
    assert game.check(Move(PILE, T(19))).reason == "foundation_final"  # a card on the pile stays


def test_TP4_a_click_turns_the_next_stock_card_onto_the_pile_once_through():
    game = peaks({19: "4H"}, pile="KD", stock="9C 2S")
    game.apply(DRAW)
    assert game.foundations[0] == cards("KD 2S") and game.stock == cards("9C")
    game.apply(DRAW)
    refused = game.check(DRAW)
    assert refused.rule == "TP-4" and refused.reason == "stock_used_up"


def test_TP5_won_when_the_peaks_are_cleared_whatever_the_stock_holds():
    game = peaks({19: "4H"}, pile="5D", stock="9C 2S")
    assert not game.won
    game.play_text("t19>f")
    assert game.won and game.stock and hint(game) is None


def test_TP6_a_run_scores_1_2_3_a_stock_card_costs_5_the_peaks_15_15_and_30():
    game = peaks({1: "2h", 4: "3C", 5: "4D", 2: "9h", 6: "8S", 7: "7D", 3: "QC", 8: "JD", 9: "TH"},
                 pile="5S", stock="9S 6C")
    for number in (5, 4, 1):  # 4, 3, 2: a run of three, the third clearing the first peak
        game.play_text(f"t{number}>f")
    assert game.score == 1 + 2 + 3 + 15
    game.apply(DRAW)  # a 6: the run ends
    assert game.score == 21 - 5
    for number in (7, 6, 2):  # 7, 8, 9 and the second peak
        game.play_text(f"t{number}>f")
    assert game.score == 16 + 1 + 2 + 3 + 15
    game.apply(DRAW)  # a 9
    for number in (9, 8, 3):  # 10, J and the last peak, Q
        game.play_text(f"t{number}>f")
    assert game.won and game.score == 37 - 5 + 1 + 2 + 3 + 30
    while game.undo():
        pass
    assert game.score == 0 and game.streak == 0  # undo has no limit and takes every point back


def test_TP6_a_whole_deal_won_by_its_solved_line_scores_its_runs_and_undoes_to_the_deal():
    code = parse_code("TP1-D1N-AAAAAAC")
    game = Game.deal(code)
    result = solve(game, 5.0)
    assert result.result == "won"
    for text in result.moves:
        game.play_text(text)
    assert game.won and game.score >= 28 + 60 - 5 * result.moves.count("s")
    while game.undo():
        pass
    assert game.to_json() == {**Game.deal(code).to_json(), "moves": game.moves}


def test_TP7_one_tap_sends_a_card_onto_the_pile_else_says_no_place_nothing_moves_by_itself():
    game = peaks({19: "4H", 20: "9C"}, pile="3D")
    assert game.resolve(parse_request("t19>*")) == Move(T(19), PILE)
    with pytest.raises(IllegalMove) as refused:
        game.resolve(parse_request("t20>*"))
    assert refused.value.refusal.rule == "TP-7"
    with pytest.raises(IllegalMove) as refused:
        game.play_text("a")
    assert refused.value.refusal.reason == "no_auto_complete" and refused.value.refusal.rule == "TP-7"


def test_tripeaks_codes_deal_files_saves_and_its_search():
    code = parse_code("TP1-D1N-AAAAAAB")
    game = Game.deal(code)
    start = game.to_json()
    assert search_kind(game) == "one_pile" and game_from_json(start).to_json() == start
    assert str(code) == "TP1-D1N-AAAAAAB"
    for text in ("s", "s"):
        game.play_text(text)
    again, kept, _ = load_save(save_data(game, start, 5.0))
    assert again.to_json() == game.to_json() and kept == start
    upturned = dict(start, tableau=[[start["tableau"][0][0].upper()]] + start["tableau"][1:])
    with pytest.raises(BadDeal, match=r"tableau column 1: a card lies on it, so it lies face down \(TP-1\)"):
        game_from_json(upturned)
    assert solve(Game.deal(code), 2.0).result == "won"


def test_TP1_the_hint_plays_from_what_is_in_sight_never_from_the_face_down_cards():
    game = Game.deal(parse_code("TP1-D1N-AAAAAAB"))
    swapped = game.clone()
    first, second = swapped.tableau[0][0], swapped.tableau[17][0]  # two face-down cards changed round
    swapped.tableau[0][0], swapped.tableau[17][0] = second, first
    swapped.stock[0], swapped.tableau[5][0] = swapped.tableau[5][0], swapped.stock[0]  # and one with the stock
    assert hint(game, 0.05) == hint(swapped, 0.05) is not None
