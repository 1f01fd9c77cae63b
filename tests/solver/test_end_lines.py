"""Issue 31: the search the computer runs before it presses End (``opponent.lines``) is complete
over what it has seen: any number of cards back from home, as many positions as the bench's strict
check looks through; and it finds what the check's own search (``escape.search``) finds."""

from __future__ import annotations

import random

import pytest

from solitaire.benches.opponent import gave_up
from solitaire.core.codes import GameCode
from solitaire.core.game import Game
from solitaire.core.moves import FOUNDATION
from solitaire.solver.opponent import escape, lines
from solitaire.solver.player import PACE, Strength, moves_within
from tests.positions import build
from tests.solver.test_dead_end import deep, played_to_end


def ladder():
    """The 4 of clubs can leave the Queen of spades only onto a red 5: the 5 of hearts, at home
    under nothing, needs a black 6 to come down onto, the 6 of spades needs a red 7, and the 7 of
    diamonds needs the 8 of spades: three cards back from home in a line, then the turn."""
    return build("duel", tableau=["ks 8S", "qs 4C"],
                 foundations=["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D 6D 7D"])


def test_DU4_every_strength_takes_three_cards_back_from_home_when_that_is_the_only_way_on():
    """It took at most two back in a line, so it pressed End here (the strict "gave up" of seeds
    4242 and 777; one End of the tuning deals needed five)."""
    assert escape.search(ladder(), True, 100_000, from_home=True, returns=2).found is False
    for strength in Strength:
        game = ladder()
        assert played_to_end(game, strength) == ["f3>t1", "f1>t1", "f2>t1", "t2>t1"]
        assert game.hidden[1] == 0 and not gave_up(game, 200.0, PACE[strength], from_home=True)


def _positions(count: int, seed: int) -> list[Game]:
    """Positions from random play (cards sent home more often than not), every card known."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = Game.deal(GameCode("duel", 3, "standard", rng.randrange(10**6)))
        for _ in range(rng.randrange(20, 160)):
            moves = game.legal_moves()
            home = [move for move in moves if move.dst.kind == FOUNDATION]
            game.apply(rng.choice(home if home and rng.random() < 0.6 else moves))
        games.append(game)
    return games


@pytest.mark.parametrize("returns", [0, 52])
def test_the_compact_search_finds_the_shortest_line_the_checks_search_finds(returns):
    for game in _positions(8, returns):
        for stock_seen in (True, False):
            ours = lines.search(game, stock_seen, 50_000, returns)
            reference = escape.search(game.clone(), stock_seen, 50_000, returns > 0, returns)
            assert (ours.found, ours.moves) == (reference.found, reference.moves)
            if ours.found:  # the line is legal and arrives
                board = game.clone()
                for move in ours.line:
                    board.apply(move)
                home, hidden = sum(map(len, board.foundations)), sum(board.hidden)
                assert (home > sum(map(len, game.foundations)) or hidden < sum(game.hidden)
                        or (not stock_seen and move.src.kind == "s"))


def test_the_search_looks_no_further_than_the_clock_lets_a_line_end():
    assert lines.search(deep(), True, max_moves=15).found is False
    assert lines.search(deep(), True, max_moves=16).moves == 16


def test_moves_within_counts_the_moves_that_land_before_0_00():
    assert moves_within(32.0, 2.0) == 15  # the 16th is due at 0:00 exactly: the race is over
    assert moves_within(32.01, 2.0) == 16
    assert moves_within(1.0, 2.0) == 0
    assert moves_within(8.0, 0.8) == 9
