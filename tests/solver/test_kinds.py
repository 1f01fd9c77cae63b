"""Which search plays a game (``solver.kinds``), and the computer player where none does."""

from __future__ import annotations

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver.kinds import search_kind
from solitaire.solver.player import END, decide, seen


@pytest.mark.parametrize("code,kind", [("KL1-D3N-AAAAAAB", "talon"), ("DS1-D1V-AAAAAAB", "talon"),
                                       ("TF1-D1N-AAAAAAB", "talon"), ("FC1-MS-1", "cells"),
                                       ("SP1-D4N-AAAAAAB", None)])
def test_each_shipped_game_is_played_by_the_search_its_rules_fit(code, kind):
    assert search_kind(Game.deal(parse_code(code))) == kind


@pytest.mark.parametrize("code", ["SP1-D1N-AAAAAAB", "FC1-MS-11982"])
def test_SP8_FC8_the_computer_player_plays_games_no_talon_search_fits_from_the_cards_in_sight(code):
    game = Game.deal(parse_code(code))
    decision = decide(seen(game), "hard")
    assert decision is END or game.check(decision) is None
