"""A game is data (issue 13): a variant the project does not ship, defined by one level file
under tests/core/variants/ and no Python, deals, replays, refuses moves naming its own rules and
is solved. Its rules (KP-1 three passes, KP-2 any card into an empty column) are in the file.
"""

from __future__ import annotations

import json

import pytest

from solitaire.entry import cli
from solitaire.core import DRAW, Game, IllegalMove, parse_code
from solitaire.core.moves import FOUNDATION, TABLEAU, WASTE, Move, Pile
from solitaire.core.position import game_from_json
from solitaire.core.rules import REGISTRY, LevelError, load_level
from solitaire.solver.api import solve
from tests.conftest import VARIANTS

CODE = "KP1-D3N-AAAAAAB"


def _position(waste: list[str], tableau: list[list[str]]) -> dict:
    """A late position of the variant as deal JSON: each suit home below its lowest card placed
    here, the cards above that not placed in the stock.
    """
    used = {card.upper() for pile in tableau for card in pile} | set(waste)
    foundations, stock = [], []
    for suit in "SHDC":
        cards = [rank + suit for rank in "A23456789TJQK"]
        low = min((i for i, card in enumerate(cards) if card in used), default=13)
        foundations.append(cards[:low])
        stock += [card.lower() for card in cards[low:] if card not in used]
    return {"game": "klondike_three_passes", "draw": 1, "tableau": tableau, "stock": stock, "waste": waste,
            "foundations": foundations}


def test_the_registry_reads_the_variant_from_its_folder(three_passes):
    assert REGISTRY.by_code("KP") is three_passes
    assert three_passes.id in REGISTRY.ids() and three_passes.id not in REGISTRY.title_games()
    assert (three_passes.empty_column, three_passes.scoring_systems["standard"].max_recycles) == ("any", 2)
    assert parse_code(CODE).game == three_passes.id


def test_the_variant_is_unknown_until_its_folder_is_loaded():
    assert REGISTRY.by_code("KP") is None
    with pytest.raises(ValueError, match="unknown game"):
        parse_code(CODE)


def test_the_variant_deals_and_replays_through_the_tools(three_passes, capsys):
    assert cli.run(["deal", CODE]) == 0
    dealt = json.loads(capsys.readouterr().out)
    assert dealt["game"] == three_passes.id and dealt["code"] == CODE
    assert [len(column) for column in dealt["tableau"]] == [1, 2, 3, 4, 5, 6, 7] and len(dealt["stock"]) == 24
    assert cli.run(["replay", CODE, "s", "s", "u"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert (replayed["moves"], len(replayed["waste"])) == (2, 3)  # an undo keeps the counter (C-9)


def test_KP2_an_empty_column_takes_any_card_where_C3_takes_only_a_king(three_passes):
    position = _position(["5H"], [[], ["KS"], ["QC"], ["JD"], ["TS"], ["9H"], ["8C"]])
    game = game_from_json(position)
    into_empty = Move(Pile(WASTE), Pile(TABLEAU, 0), 1)
    assert game.check(into_empty) is None and into_empty in game.legal_moves()
    klondike = game_from_json({**position, "game": "klondike"})
    refused = klondike.check(into_empty)
    assert (refused.rule, refused.reason) == ("C-3", "king_only")


def test_KP1_the_stock_is_gone_through_three_times_and_no_more(three_passes):
    game = Game.deal(parse_code(CODE))
    clicks = 0
    while game.recycles < 2 or game.stock:
        game.apply(DRAW)
        clicks += 1
    refused = game.check(DRAW)
    assert (refused.rule, refused.reason) == ("KP-1", "passes_used")
    assert refused.text == "this game goes through the stock 3 times at most: the waste is not turned back again"
    klondike = Game.deal(parse_code("KL1-D3N-AAAAAAB"))
    for _ in range(clicks):
        klondike.apply(DRAW)
    assert klondike.check(DRAW) is None  # Klondike's passes are unlimited (K-3)


def test_C2_and_C4_refusals_of_the_variant_name_the_common_rules(three_passes):
    game = game_from_json(_position(["5H"], [["KS"], ["6D"], ["QC"], ["JD"], ["TS"], ["9H"], ["8C"]]))
    with pytest.raises(IllegalMove) as wrong_colour:
        game.apply(Move(Pile(WASTE), Pile(TABLEAU, 1), 1))
    assert wrong_colour.value.refusal.rule == "C-2"
    with pytest.raises(IllegalMove) as not_next:
        game.apply(Move(Pile(TABLEAU, 5), Pile(FOUNDATION, 0), 1))  # 9H on the 9S
    assert not_next.value.refusal.rule == "C-4"


def test_a_deal_of_the_variant_is_solved_and_its_line_replays_to_a_win(three_passes):
    results = []
    for deal in range(1, 6):
        code = parse_code(f"KP1-D3N-AAAAAA{chr(ord('A') + deal)}")
        result = solve(Game.deal(code), 10.0, node_limit=200_000)
        results.append(result.result)
        if result.result == "won":
            game = Game.deal(code)
            for text in result.moves:
                cli.play_text(game, text)
            assert game.won
    assert "won" in results, results


def test_a_deal_file_of_the_variant_is_checked_by_its_rules(three_passes):
    position = _position([], [["KS", "4H"], [], [], [], [], [], []])
    position["tableau"][0] = ["ks", "4H"]  # face down under face up: fine
    assert game_from_json(position).hidden[0] == 1
    position["recycles"] = 3
    with pytest.raises(ValueError, match="'recycles' cannot exceed 2"):
        game_from_json(position)


def test_a_level_file_naming_a_part_the_engine_lacks_is_refused_in_one_sentence(tmp_path):
    text = (VARIANTS / "klondike_three_passes.toml").read_text("utf-8")
    bad = tmp_path / "klondike_three_passes.toml"
    bad.write_text(text.replace('empty_column = "any"', 'empty_column = "queen"'), "utf-8")
    with pytest.raises(LevelError, match=r"\[rules\] empty_column must be one of king, any, none, not 'queen'"):
        load_level(bad)


def test_a_level_file_missing_a_setting_is_refused_in_one_sentence(tmp_path):
    text = (VARIANTS / "klondike_three_passes.toml").read_text("utf-8")
    bad = tmp_path / "klondike_three_passes.toml"
    bad.write_text(text.replace("order = 90", ""), "utf-8")
    with pytest.raises(LevelError, match=r"klondike_three_passes.toml: \[game\] order is missing"):
        load_level(bad)


def test_a_folder_whose_codes_clash_with_a_shipped_game_is_refused(tmp_path, three_passes):
    text = (VARIANTS / "klondike_three_passes.toml").read_text("utf-8")
    (tmp_path / "other.toml").write_text(text.replace('id = "klondike_three_passes"', 'id = "other"')
                                         .replace('code = "KP"', 'code = "KL"'), "utf-8")
    with pytest.raises(LevelError, match="the code letters KL are klondike's"):
        REGISTRY.load_folder(tmp_path)
    assert "other" not in REGISTRY


def test_the_registry_names_the_variants_modes_and_keeps_its_default_on_the_title(three_passes):
    modes = REGISTRY.modes()
    assert [(three_passes.id, draw, scoring) for draw in three_passes.draws
            for scoring in three_passes.scorings] == [m for m in modes if m[0] == three_passes.id]
    assert REGISTRY.default() == REGISTRY.title_games()[0]
