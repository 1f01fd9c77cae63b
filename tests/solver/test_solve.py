"""The search: won lines replay with the real rules core; lost only when every line failed."""

from __future__ import annotations

import pytest

from solitaire.entry.cli import play_text
from solitaire.core import Game, parse_code
from solitaire.solver.api import solve, winnability
from solitaire.solver.search import Search

# Deals the search wins quickly (checked when these tests were written).
WON_CODES = [
    "KL1-D1N-AAAAAAD", "KL1-D3N-AAAAAAD", "KL1-D2N-AAAAAAF",
    "TF1-D1N-AAAAAAD", "TF1-D3N-AAAAAAD",
    "DS1-D1N-AAAAAAD", "DS1-D3N-AAAAAAD",
    "DU2-D3N-AAAAAAD",
]


@pytest.mark.parametrize("code", WON_CODES)
def test_won_line_replays_to_won(code):
    game = Game.deal(parse_code(code))
    result = solve(game, 5.0)
    assert result.result == "won", code
    replay = Game.deal(parse_code(code))
    for text in result.moves:
        play_text(replay, text)
    assert replay.won
    assert replay.to_json()["won"] is True


def test_hand_made_dead_position_is_lost(table):
    # The 2 of spades lies under the Ace of spades' only way out: nothing moves, no stock.
    game = table("thoughtful", tableau=["AS 2S", "AH 2H", "AD 2D", "AC 2C"] + [""] * 3)
    game.stock, game.waste = [], []
    result = solve(game, 5.0)
    assert result.result == "lost"
    assert result.moves == []


def test_tiny_budget_is_unknown_never_lost():
    game = Game.deal(parse_code("TF1-D3N-AAAAAAB"))
    result = solve(game, 5.0, node_limit=50)
    assert result.result == "unknown"
    assert solve(game, 0.0).result in ("unknown", "won")


def test_winnability_of_thoughtful_and_honest_unknown_with_hidden_cards(table):
    assert winnability(Game.deal(parse_code("TF1-D1N-AAAAAAD")), 5.0) == "winnable"
    dead = table("thoughtful", tableau=["AS 2S", "AH 2H", "AD 2D", "AC 2C"] + [""] * 3)
    assert winnability(dead, 5.0) == "not winnable"
    assert winnability(Game.deal(parse_code("KL1-D1N-AAAAAAD")), 5.0) == "unknown"


def test_K3_recycle_deals_and_DS5_vegas_one_pass_in_talon_reach():
    klondike = Search(Game.deal(parse_code("KL1-D3N-AAAAAAB")))
    _, _, talon, p, left = klondike.start
    reach = klondike.talon_reach(talon, p, left)
    assert [q for q, _, _ in reach[:3]] == [3, 6, 9] and reach[0][1] == 1
    # K-3: from the end of the talon one click recycles and deals the first batch
    assert klondike.talon_reach(talon, len(talon), -1)[1] == (3, 1, -1)
    thoughtful = Search(Game.deal(parse_code("TF1-D3N-AAAAAAB")))
    _, _, talon, _, _ = thoughtful.start
    # TF-4: one click recycles, the next draws
    assert thoughtful.talon_reach(talon, len(talon), -1)[1] == (3, 2, -1)
    vegas = Search(Game.deal(parse_code("DS1-D3V-AAAAAAB")))
    _, _, talon, _, left = vegas.start
    assert left == 0
    assert vegas.talon_reach(talon, len(talon), left) == [(len(talon), 0, 0)]


def test_pools_hold_codes_of_their_own_mode_that_the_solver_wins():
    from solitaire.core import Game
    from solitaire.solver.api import solve
    from solitaire.core.pools import winnable_codes

    codes = winnable_codes("thoughtful", 1, "standard")
    assert len(codes) >= 20
    assert all((c.game, c.draw, c.scoring) == ("thoughtful", 1, "standard") for c in codes)
    assert winnable_codes("double", 1, "vegas") == () or winnable_codes("double", 1, "vegas")[0].scoring == "vegas"
    assert solve(Game.deal(codes[0]), 5.0).result == "won"
