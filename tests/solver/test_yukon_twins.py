"""Yukon's loss proof, twins that share their one place (issue 34, ``HomeProof.never_home``'s
docstring, ``twin_places``): a card face down under its twin, with only face-down cards between,
leads only after it, and where neither can go home and one of their two places is shut, the
twin above takes the other place for good. Checked on a deal it calls lost before any move,
against a reference that tries every legal move (random positions only this argument calls
lost), and on every position of won deals' winning lines; each check must catch a wrong rule.
The twins' case split (``twins_split``, which holds wherever this argument does) is off here:
it has its own checks (test_yukon_twins_split.py).
"""

from __future__ import annotations

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver import home_proof
from solitaire.solver.api import solve
from solitaire.solver.search import Search
from tests.solver.yukon_checks import called_lost, called_lost_only_by, won_line_positions


@pytest.fixture(autouse=True)
def _without_twins_split(monkeypatch):
    monkeypatch.setattr(home_proof.HomeProof, "twins_split", False)


def test_YU2_twins_that_share_their_one_place_make_a_deal_lost_at_the_first_position():
    # Tuning seed 11: the 7 of clubs lies lowest face up on the 7 of spades, face down, which
    # lies on the 3 of hearts; the 4 of hearts waits for that 3 (the black 5s are face down under
    # it), and the 8 of diamonds lies face down under the 4. So both black 7s have the 8 of
    # hearts only: the 7 of clubs takes it for good, and the 7 of spades never leads. Without
    # the argument the search proved it lost after 93,296 positions
    game = Game.deal(parse_code("YU1-D1N-LCCYNSX"))
    search = Search(game)
    assert search.never_home(search.start)
    search.twin_places = False
    assert not search.never_home(search.start)
    result = solve(game, 60.0, node_limit=1_000)
    assert result.result == "lost" and result.nodes == 1


def test_YU2_what_the_twins_alone_call_lost_the_reference_never_wins():
    # (of 2,000 positions, 11 only it calls lost; within 5,000 positions the reference proves
    # 2 of them lost and leaves the others undecided: none won)
    alone, lost, won = called_lost_only_by("twin_places", 34, 2_000)
    assert won == 0 and alone >= 8 and lost >= 2, (alone, lost, won)


def test_YU2_no_position_of_a_winning_line_is_called_lost():
    games = won_line_positions("twin_places", 40, 5_000)
    assert len(games) >= 2_000 and called_lost(games) == 0


def test_YU2_twins_taken_to_share_a_shut_place_always_are_caught(monkeypatch):
    # the checks must be able to fail: with the twins' places never open (their bits 0), a
    # card under its twin waits whenever neither can go home, and positions that are won are
    # called lost
    real = home_proof.HomeProof._home_column

    def shut(self, col):
        info = real(self, col)
        info = info[:7] + (tuple((y, both, 0, 0) for y, both, _, _ in info[7]),)
        self.home_columns[col] = info
        return info

    monkeypatch.setattr(home_proof.HomeProof, "_home_column", shut)
    assert called_lost(won_line_positions("twin_places", 40, 5_000)) > 0
