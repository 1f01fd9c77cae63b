"""FreeCell's rules (docs/RULES.md, FC-*): free cells, runs as long as the cells and empty
columns allow, Microsoft's numbered deals, and the solver that plays it.
"""

from __future__ import annotations

import pytest

from solitaire.core import CELL, DRAW, FOUNDATION, TABLEAU, Game, GameCode, Move, Pile, parse_code, parse_request
from solitaire.core.errors import BadCode
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
C = lambda i: Pile(CELL, i - 1)  # noqa: E731


def rows(game: Game) -> list[str]:
    """The deal as Microsoft's listings show it: rows across the eight columns."""
    text = [[c for c in column] for column in game.to_json()["tableau"]]
    return [" ".join(column[row] for column in text if row < len(column)) for row in range(7)]


def test_FC6_microsoft_deal_1_is_the_published_layout():
    game = Game.deal(parse_code("FC1-MS-1"))
    assert rows(game) == [
        "JD 2D 9H JC 5D 7H 7C 5H", "KD KC 9S 5S AD QC KH 3H", "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S", "3S TD 4S TH 8H 2C JH 7D", "6D 8S 8D QS 6C 3D 8C TC", "6S 9C 2H 6H"]


def test_FC6_microsoft_deals_617_and_11982_are_the_published_layouts():
    assert rows(Game.deal(parse_code("FC1-MS-617")))[0] == "7D AD 5C 3S 5S 8C 2D AH"
    assert rows(Game.deal(parse_code("fc1-ms-11982"))) == [
        "AH AS 4H AC 2D 6S TS JS", "3D 3H QS QC 8S 7H AD KS", "KD 6H 5S 4D 9H JH 9S 3C",
        "JC 5D 5C 8C 9D TD KH 7C", "6C 2C TH QH 6D TC 4S 7S", "JD 7D 8H 9C 2H QD 4C 5H", "KC 8D 2S 3S"]


@pytest.mark.parametrize("text", ["FC1-MS-0", "FC1-MS-32001", "FC1-MS-12a", "KL1-MS-5", "FC1-MS-"])
def test_FC6_a_microsoft_number_outside_1_to_32000_or_of_another_game_is_refused(text):
    with pytest.raises(BadCode):
        parse_code(text)


def test_FC6_a_microsoft_code_reads_back_as_itself_and_the_own_codes_deal_too():
    assert str(parse_code("FC1-MS-11982")) == "FC1-MS-11982"
    own = Game.deal(parse_code("FC1-D1N-AAAAAAB"))
    assert str(own.code) == "FC1-D1N-AAAAAAB" and len(own.all_cards()) == 52
    assert parse_code("FC1-D1N-AAAAAAB") != parse_code("FC1-MS-1")


def test_FC1_all_52_cards_face_up_in_eight_columns_four_cells_no_stock():
    game = Game.deal(GameCode("freecell", 1, "standard", 5))
    assert [len(c) for c in game.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(game.hidden) and game.stock == [] and len(game.cells) == 4
    assert game.check(DRAW).reason == "no_stock" and DRAW not in game.legal_moves()
    assert game.check(DRAW).rule == "FC-1"


def test_FC2_a_cell_holds_one_card_and_gives_it_back():
    game = build("freecell", tableau=["KS QH", "9C"])
    game.apply(Move(T(1), C(2)))
    assert game.cells[1] == cards("QH")
    refused = game.check(Move(T(2), C(2)))
    assert (refused.rule, refused.reason) == ("FC-2", "cell_full")
    assert game.check(Move(T(1), C(3), 1)) is None
    assert game.check(Move(T(1), C(3), 2)).reason == "cell_one_card"
    assert game.resolve(parse_request("t2>c")) == Move(T(2), C(1))
    game.apply(Move(C(2), T(1)))
    assert game.cells[1] == [] and game.tableau[0] == cards("KS QH")


def test_FC3_a_run_moves_as_far_as_free_cells_and_empty_columns_allow():
    run = "KS QH JC TH 9C 8H 7C"
    game = build("freecell", tableau=[run, "9S", "AS", "2S", "3S", "4S", "5S", "6S"])
    assert game.check(Move(T(1), T(2), 2)) is None  # 4 free cells: 5 cards
    game.cells[:] = [cards("AH"), cards("2H"), cards("3H"), []]
    assert game.check(Move(T(1), T(2), 2)) is None  # (1 + 1) x 1 = 2
    game.tableau[2] = []  # an empty column doubles it, when the run goes elsewhere
    game.tableau[1] = cards("TD")
    assert game.check(Move(T(1), T(2), 3)) is None  # (1 + 1) x 2 = 4 >= 3
    game.cells[3] = cards("4H")
    refused = game.check(Move(T(1), T(2), 3))
    assert (refused.rule, refused.reason, dict(refused.params)["limit"]) == ("FC-3", "run_too_long", 2)
    assert game.check(Move(T(1), T(3), 2)).reason == "run_too_long"  # into the empty column: (0 + 1) x 1
    game.cells[3] = []
    assert game.check(Move(T(1), T(3), 2)) is None  # (1 + 1) x 1: the column it goes into does not count
    assert game.check(Move(T(1), T(3), 3)).reason == "run_too_long"


def test_FC3_an_empty_column_takes_any_card():
    game = build("freecell", tableau=["9C 5H", ""])
    assert game.check(Move(T(1), T(2))) is None


def test_FC4_a_card_home_stays_home():
    game = build("freecell", tableau=["9C"], foundations=["AS"])
    refused = game.check(Move(Pile(FOUNDATION, 0), T(1)))
    assert (refused.rule, refused.reason) == ("FC-4", "foundation_final")
    assert not [m for m in game.legal_moves() if m.src.kind == FOUNDATION]


def test_FC5_auto_complete_waits_for_every_column_in_order_then_takes_the_cells_too():
    game = build("freecell", tableau=["AH 2S", "2H AS"], foundations=[])
    assert not game.auto_complete_ready()
    game = build("freecell", tableau=["2S AS", "2H"], foundations=[])
    game.cells[0] = cards("AH")
    assert game.auto_complete_ready()
    played = []
    while (move := game.auto_complete_next()) is not None:
        game.apply(move)
        played.append(str(move))
    assert played == ["t1>f1", "c1>f2", "t1>f1", "t2>f2"]


def test_FC7_ten_points_a_card_home_and_undo_gives_them_back():
    game = build("freecell", tableau=["9C AS"])
    game.apply(Move(T(1), Pile(FOUNDATION, 0)))
    assert game.score == 10
    game.undo()
    assert game.score == 0 and game.tableau[0] == cards("9C AS")


def test_FC8_one_tap_parks_a_card_in_a_free_cell_when_nothing_else_takes_it():
    game = build("freecell", tableau=["9C 5H", "KD", "2S", "3S", "4S", "5S", "8S", "9S"])
    assert game.resolve(parse_request("t1>*")) == Move(T(1), C(1))


def test_FC1_a_deal_file_keeps_its_cells_and_refuses_two_cards_in_one():
    game = build("freecell", tableau=["9C 5H"])
    game.apply(Move(T(1), C(3)))
    data = Game.deal(parse_code("FC1-MS-1")).to_json()
    data["tableau"][0], data["cells"] = data["tableau"][0][:-1], [[], [], [data["tableau"][0][-1]], []]
    assert game_from_json(data).cells[2] == cards(data["cells"][2][0])
    data["cells"] = [[], [], [data["cells"][2][0], "QQ"], []]
    with pytest.raises(ValueError):
        game_from_json(data)


def test_FC2_a_saved_game_with_cell_moves_replays():
    game = Game.deal(parse_code("FC1-MS-1"))
    start = game.to_json()
    for text in ("t1>c", "t2>c"):
        game.apply(game.resolve(parse_request(text)))
    game.apply(game.legal_moves()[0])
    loaded, _, _ = load_save(save_data(game, start, 3.0))
    assert loaded.to_json() == game.to_json()


def test_FC6_the_solver_wins_microsoft_deal_1_and_its_line_replays():
    game = Game.deal(parse_code("FC1-MS-1"))
    result = solve(game, 20)
    assert result.result == "won"
    for text in result.moves:
        game.apply(game.resolve(parse_request(text)))
    assert game.won


def test_FC6_the_solver_never_calls_a_winnable_deal_lost_and_hints_its_first_move():
    game = Game.deal(parse_code("FC1-MS-2"))
    move = hint(game, 5)
    assert move is not None and game.check(move) is None


def test_FC3_the_solver_finishes_a_late_position_through_the_cells():
    game = build("freecell", tableau=["TS JH QS KH", "TH JS QH KS", "", "", "", "", "", ""],
                 foundations=["AS 2S 3S 4S 5S 6S 7S 8S 9S", "AH 2H 3H 4H 5H 6H 7H 8H 9H",
                              "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                              "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"])
    result = solve(game, 5)
    assert result.result == "won"
    for text in result.moves:
        game.apply(game.resolve(parse_request(text)))
    assert game.won
