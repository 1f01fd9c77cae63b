"""Every variant of tests/core/variants/ is a game from its level file alone (issue 24): it deals,
plays, saves and replays, refuses moves naming its own rules (those its file lists, or the
common C-*), and the solver gives its deal the answer expected of its rules. The rules of Whitehead (WH-*) and
Gargantua (GA-*) are in their files' comments.
"""

from __future__ import annotations

import random
import re

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, WASTE, Game, GameCode, Move, Pile, parse_code, parse_request
from solitaire.core.save import load_save, save_data
from solitaire.solver.api import hint, solve
from tests.conftest import VARIANTS
from tests.core.test_refusals import every_try
from tests.positions import build, cards
from tests.test_rule_ids import rule_ids

VARIANT_FILES = sorted(path.stem for path in VARIANTS.glob("*.toml"))
#: What the solver answers for each variant's deal 7 within 20,000 positions: the two that keep the
#: Klondike family's building are won (the line is replayed to a win below); Whitehead builds by
#: colour, which no search of ours plays (``solver.kinds.search_kind``), so it is unknown unsearched.
SOLVED = {"gargantua": "won", "klondike_three_passes": "won", "whitehead": "unknown"}
T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731


def own_rules(game_id: str) -> set[str]:
    """The rule ids a variant's file defines in its comments (``#   WH-1  …``)."""
    text = (VARIANTS / f"{game_id}.toml").read_text("utf-8")
    return set(re.findall(r"^#\s+([A-Z]+-\d+)\s", text, re.M))


@pytest.mark.parametrize("game_id", VARIANT_FILES)
def test_a_variant_plays_saves_and_replays_and_cites_only_its_own_rules(variants, game_id):
    rules = variants[game_id]
    rng = random.Random(game_id)
    allowed = own_rules(game_id) | set(rule_ids())  # its file's rules, or the shipped games' it borrows
    for draw in rules.draws:
        code = GameCode(game_id, draw, rules.scorings[0], 7)
        game = Game.deal(code)
        start = game.to_json()
        cited = set()
        for _ in range(150):
            cited |= {refusal.rule for refusal in every_try(game)}
            moves = game.legal_moves()
            if not moves:
                break
            game.apply(rng.choice(moves))
            if rng.random() < 0.1:
                game.undo()
        assert cited and cited <= allowed, sorted(cited - allowed)
        loaded, _, _ = load_save(save_data(game, start, 1.0))
        assert loaded.to_json() == game.to_json()
        result = solve(Game.deal(code), 60.0, node_limit=20_000)  # the positions bound it, not the clock
        assert result.result == SOLVED[game_id]
        if result.result == "won":
            line = Game.deal(code)
            for word in result.moves:
                line.apply(line.resolve(parse_request(word)))
            assert line.won
        else:
            assert result.nodes == 0 and result.moves == []
        move = hint(game, 0.05)
        assert move is None or game.check(move) is None


def test_WH1_all_cards_face_up_in_klondikes_shape(variants):
    game = Game.deal(parse_code("WH1-D1N-AAAAAAB"))
    assert [len(c) for c in game.tableau] == [1, 2, 3, 4, 5, 6, 7] and not any(game.hidden)
    assert len(game.stock) == 24


def test_WH2_a_card_goes_on_one_rank_higher_of_the_same_colour(variants):
    game = build("whitehead", tableau=["9H", "TD", "TS"])
    assert game.check(Move(T(1), T(2))) is None
    refused = game.check(Move(T(1), T(3)))
    assert (refused.rule, refused.reason) == ("WH-2", "not_on_same_colour")


def test_WH3_only_a_run_of_one_suit_moves_together(variants):
    game = build("whitehead", tableau=["9H 8D", "9D 8D", "TH"])
    refused = game.check(Move(T(1), T(3), 2))
    assert (refused.rule, refused.reason) == ("WH-3", "not_same_suit_run")
    assert game.check(Move(T(2), T(3), 2)) is None


def test_WH4_an_empty_column_takes_any_card(variants):
    game = build("whitehead", tableau=["KS 5H", ""])
    assert game.check(Move(T(1), T(2))) is None


def test_WH5_one_pass_through_the_stock(variants):
    game = build("whitehead", tableau=["KS"], stock="2H 3H")
    game.apply(DRAW)
    game.apply(DRAW)
    refused = game.check(DRAW)
    assert (refused.rule, refused.reason) == ("WH-5", "vegas_one_pass")


def test_WH6_auto_complete_finishes_a_game_built_by_colour(variants):
    game = build("whitehead", tableau=["KS QS JS", "2H AH"], foundations=["", "", "", ""])
    assert game.auto_complete_ready()
    assert str(game.auto_complete_next()) == "t2>f1"


def test_GA1_two_decks_in_nine_columns(variants):
    game = Game.deal(parse_code("GA1-D1N-AAAAAAB"))
    assert [len(c) for c in game.tableau] == list(range(1, 10)) and len(game.stock) == 59
    assert len(game.foundations) == 8 and len(game.all_cards()) == 104


def test_GA2_only_a_king_goes_into_an_empty_column_and_ordered_runs_move(variants):
    game = build("gargantua", tableau=["QH", "", "KS QH JC", "KC"])
    refused = game.check(Move(T(1), T(2)))
    assert (refused.rule, refused.reason) == ("C-3", "king_only")
    assert game.check(Move(T(3), T(4), 2)) is None


def test_GA3_two_passes_through_the_stock(variants):
    game = build("gargantua", tableau=["KS"], stock="2H")
    for _ in range(3):
        game.apply(DRAW)  # draw, recycle, draw
    refused = game.check(DRAW)
    assert (refused.rule, refused.reason) == ("GA-3", "passes_used")


def test_GA4_a_one_tap_sends_an_ace_home_to_any_empty_foundation(variants):
    game = build("gargantua", waste="AH", tableau=["KS"])
    game.foundations[0] = cards("AS")
    assert game.resolve(parse_request("w>*")) == Move(Pile(WASTE), Pile(FOUNDATION, 1))


def test_no_python_of_the_game_names_a_variant():
    """The variants are data alone (issue 24): the package and the tools never name them."""
    root = VARIANTS.parents[2]
    sources = [path for folder in ("solitaire", "tools") for path in (root / folder).rglob("*.py")]
    named = [(path.name, game_id) for path in sources for game_id in VARIANT_FILES
             if game_id in path.read_text("utf-8").lower()]
    assert named == []
