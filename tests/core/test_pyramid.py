"""Pyramid's rules (docs/RULES.md, PY-*), a game of another family made of its level file and the
parts it added (issue 34): one-card piles at places, each under the two below it (the model's
``[tableau]``), cards in sight leaving in pairs totalling 13 (the ``pairs`` part), the stock's top
card in sight; and its own search.
"""

from __future__ import annotations

import pytest

from solitaire.core import DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Game, Move, Pile, parse_code, parse_request
from solitaire.core.errors import IllegalMove
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from solitaire.solver.kinds import search_kind
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
HOME = Pile(FOUNDATION, 0)
W, S = Pile(WASTE), Pile(STOCK)


def pyramid(places: dict[int, str], stock: str = "", waste: str = "") -> Game:
    """A Pyramid position: the cards at the places named (1 the top, 22-28 the bottom row)."""
    return build("pyramid", tableau=[places.get(number, "") for number in range(1, 29)], stock=stock, waste=waste)


def test_PY1_a_pyramid_of_seven_rows_face_up_the_stock_face_down_but_its_top():
    game = Game.deal(parse_code("PY1-D1N-AAAAAAB"))
    assert [len(pile) for pile in game.tableau] == [1] * 28 and game.hidden == [0] * 28
    assert len(game.stock) == 24 and not game.waste and game.foundations == [[]]
    assert sorted(game.all_cards()) == list(range(52))
    stock = game.to_json()["stock"]
    assert stock[-1].isupper() and all(text.islower() for text in stock[:-1])  # only the next card in sight
    assert game.rules.covered_by[0] == (1, 2) and game.rules.covered_by[21:] == ((),) * 7


def test_PY2_only_a_card_nothing_lies_on_is_played():
    game = pyramid({16: "6H", 22: "7C", 23: "QD"}, waste="AS")
    refused = game.check(Move(T(22), T(16)))  # the 6 lies under the 7 and the Queen
    assert refused.rule == "PY-2" and refused.reason == "covered"
    assert sorted(str(move) for move in game.legal_moves()) == ["s", "t23>w"]  # the Queen with the Ace
    game.apply(Move(W, T(23)))
    refused = game.check(Move(T(16), T(22)))  # a card never pairs with one that lies on it
    assert refused.rule == "PY-2" and refused.reason == "covered"


def test_PY3_two_cards_in_sight_totalling_13_leave_together_a_king_alone():
    game = pyramid({22: "6H", 23: "7C", 24: "KD", 25: "QS", 26: "5C"}, waste="AD")
    refused = game.check(Move(T(22), T(26)))
    assert refused.rule == "PY-3" and refused.reason == "pair_not_thirteen"
    refused = game.check(Move(T(25), HOME))
    assert refused.rule == "PY-3" and refused.reason == "pair_needed"  # a Queen needs its Ace
    game.apply(Move(T(22), T(23)))  # 6 + 7
    game.apply(Move(T(24), HOME))  # a King alone
    game.apply(Move(W, T(25)))  # the waste's Ace with the Queen
    assert game.foundations[0] == cards("6H 7C KD AD QS") and game.tableau[21:25] == [[], [], [], []]
    assert game.score == 4  # PY-6: a point a pyramid card
    assert game.check(Move(HOME, T(22))).reason == "foundation_final"
    game.undo()
    assert game.waste == cards("AD") and game.tableau[24] == cards("QS") and game.score == 3


def test_PY3_a_pair_is_written_as_one_card_dropped_on_the_other():
    game = pyramid({22: "8H", 23: "5C"}, stock="9S 4D", waste="KH")
    assert str(game.resolve(parse_request("t22>t23"))) == "t22>t23"
    assert game.resolve(parse_request("w>*")) == Move(W, HOME)  # one tap sends a King away
    with pytest.raises(IllegalMove) as refused:
        game.resolve(parse_request("t22>*"))  # any other card needs its partner
    assert refused.value.refusal.reason == "pair_needed" and refused.value.refusal.rule == "PY-3"
    assert sorted(str(move) for move in game.legal_moves()) == ["s", "t22>t23", "w>f1"]


def test_PY4_the_stocks_top_and_the_wastes_top_pair_with_each_other_and_the_pyramid():
    game = pyramid({22: "9C"}, stock="8D 4H", waste="JS 2C")
    assert sorted(str(move) for move in game.legal_moves()) == ["s", "t22>s"]  # 9 + the stock's 4
    refused = game.check(Move(W, S))
    assert refused.rule == "PY-3" and refused.reason == "pair_not_thirteen"  # 2 + 4
    game.apply(DRAW)  # the 4 onto the waste; the 8 comes into sight
    assert sorted(str(move) for move in game.legal_moves()) == ["s", "t22>w"]
    game.apply(Move(W, T(22)))
    assert game.won and game.waste == cards("JS 2C") and game.stock == cards("8D")


def test_PY4_three_passes_through_the_stock():
    game = pyramid({22: "9C"}, stock="8D 3H")
    for _ in range(2):
        game.apply(DRAW)
        game.apply(DRAW)
        game.apply(DRAW)  # the empty stock: the waste turns back, in the same order
        assert game.stock == cards("8D 3H") and not game.waste
    game.apply(DRAW)
    game.apply(DRAW)
    refused = game.check(DRAW)
    assert refused.rule == "PY-4" and refused.reason == "passes_used" and game.recycles == 2


def test_PY5_won_when_the_pyramid_is_cleared_whatever_the_stock_holds():
    game = pyramid({22: "9C"}, stock="8D 4H")
    assert not game.won
    game.play_text("t22>s")
    assert game.won and game.stock == cards("8D")
    assert hint(game) is None


def test_PY6_a_point_for_each_pyramid_card_undo_unlimited_nothing_by_itself():
    code = parse_code("PY1-D1N-AAAAAAB")
    game = Game.deal(code)
    result = solve(game, 5.0)
    assert result.result == "won"
    for text in result.moves:
        game.play_text(text)
    assert game.won and game.score == 28
    while game.undo():
        pass
    assert game.to_json() == {**Game.deal(code).to_json(), "moves": game.moves}
    with pytest.raises(IllegalMove) as refused:
        game.play_text("a")
    assert refused.value.refusal.reason == "no_auto_complete" and refused.value.refusal.rule == "PY-6"


def test_PY7_one_tap_sends_a_king_away_else_asks_for_the_partner():
    game = pyramid({22: "KC", 23: "3H"})
    assert game.resolve(parse_request("t22>*")) == Move(T(22), HOME)
    with pytest.raises(IllegalMove) as refused:
        game.resolve(parse_request("t23>f"))
    assert refused.value.refusal.rule == "PY-3"


def test_pyramid_codes_deal_files_saves_and_its_own_search():
    code = parse_code("PY1-D1N-AAAAAAB")
    game = Game.deal(code)
    start = game.to_json()
    assert search_kind(game) == "pairs" and game_from_json(start).to_json() == start
    for text in ("s", "s"):
        game.play_text(text)
    again, kept, _ = load_save(save_data(game, start, 5.0))
    assert again.to_json() == game.to_json() and kept == start
    assert solve(Game.deal(parse_code("PY1-D1N-AAAAAAD")), 2.0).result in ("won", "lost")


def test_PY4_the_stocks_top_card_and_a_pair_are_said_in_words():
    from solitaire.play import spoken

    game = pyramid({22: "9C", 23: "6H", 24: "7S"}, stock="8D 4H")
    assert spoken.place_words(game, S) == "Stock, 4 of hearts, 2 cards, pass 1 of 3"
    move = Move(T(23), T(24))
    was = spoken.before(game, move)
    game.apply(move)
    assert spoken.move_words(was, game) == "6 of hearts and 7 of spades leave"
    assert spoken.undo_words(game) == "Taken back: 6 of hearts and 7 of spades leave"


def test_PY3_the_hint_plays_from_what_is_in_sight_and_finds_the_pair_that_wins():
    """With the stock's order unseen (no turn back yet) the hint tries each move on stocks of the
    unseen cards in random orders; here the 6 and the 7 go first, uncovering the Queen, whose Ace
    is the stock's top card."""
    game = pyramid({16: "QC", 22: "6H", 23: "7C"}, stock="5D 9S 2S AD")
    assert hint(game) == Move(T(22), T(23))
    game.apply(Move(T(22), T(23)))
    assert hint(game) == Move(T(16), S)
    game.apply(Move(T(16), S))
    assert game.won and hint(game) is None
