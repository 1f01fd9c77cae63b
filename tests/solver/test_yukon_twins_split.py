"""Yukon's loss proof, the twins' case split (issue 34, ``HomeProof.never_home``'s docstring,
``twins_split``): for twins x and y anywhere in the columns, the proof run once with y waiting
for x and once with x waiting for y; where both leave a card stuck the game is lost, whichever
of the two leads first. Checked on a deal it calls lost before any move, against a reference
that tries every legal move (random positions only this argument calls lost), and on every
position of won deals' winning lines; each check must catch a wrong rule (only one of the two
cases asked).
"""

from __future__ import annotations

from solitaire.core import Game, parse_code
from solitaire.solver import home_proof
from solitaire.solver.api import solve
from solitaire.solver.search import Search
from tests.solver.yukon_checks import called_lost, called_lost_only_by, won_line_positions


def _one_case_only(self, state, x):
    """The wrong rule: y waits for x, as if x always led first (the second case never asked)."""
    y = home_proof._TWIN[x]
    places = home_proof._ACCEPTS[x]
    both = home_proof._BIT[x] | home_proof._BIT[y]
    return self._never_home(state, ((home_proof._BIT[y], both, home_proof._BIT[places[0]],
                                     home_proof._BIT[places[-1]]),))


def test_YU2_twins_apart_that_share_their_one_place_make_a_deal_lost_at_the_first_position():
    # Tuning seed 11: the 9 of clubs lies on the 2 of spades, the 9 of spades face down on the 4
    # of spades; both need the 10 of diamonds, for the 10 of hearts lies face down under the
    # jack of clubs, which leaves only onto a red queen, both face down under the jack of spades,
    # which leaves only home, after the 2 and the 4. Whichever 9 leads first takes the 10 of
    # diamonds for good. Without the split the search proved it lost after 56,285 positions
    game = Game.deal(parse_code("YU1-D1N-CLSOITC"))
    search = Search(game)
    assert search.never_home(search.start)
    search = Search(game)
    search.twins_split = False
    assert not search.never_home(search.start)
    result = solve(game, 60.0, node_limit=1_000)
    assert result.result == "lost" and result.nodes == 1


def test_YU2_a_layout_met_again_tries_only_the_pairs_that_held_there():
    # the first position of a face-down layout tries every pair; a later one of that layout only
    # the pairs that held, so that the split costs about a proof more a position, not ten
    game = Game.deal(parse_code("YU1-D1N-CLSOITC"))
    search = Search(game)
    calls = []
    proof = search._never_home

    def counted(state, waiting):
        calls.append(waiting)
        return proof(state, waiting)

    search._never_home = counted
    assert search.never_home(search.start)
    first = len(calls)
    assert first > 3 and list(search.split_layouts.values()) == [[home_proof._CARD[0][9]]]
    calls.clear()
    assert search.never_home(search.start)
    assert len(calls) == 3  # the proof, then the pair that held: y waits, x waits


def test_YU2_what_the_split_alone_calls_lost_the_reference_never_wins():
    # (of 2,000 positions, 15 only it calls lost; within 5,000 positions the reference proves
    # 6 of them lost and leaves the others undecided: none won)
    alone, lost, won = called_lost_only_by("twins_split", 34, 2_000)
    assert won == 0 and alone >= 8 and lost >= 2, (alone, lost, won)


def test_YU2_no_position_of_a_winning_line_is_called_lost_by_the_split(monkeypatch):
    # (4,187 positions of 40 deals' winning lines: none called lost; 600 with the first case only)
    games = won_line_positions("twins_split", 40, 5_000)
    assert len(games) >= 2_000
    assert called_lost(games) == 0
    # the check must be able to fail: asking only the first case (y waits, as if x always led
    # first) calls won positions lost
    monkeypatch.setattr(home_proof.HomeProof, "_split_holds", _one_case_only)
    assert called_lost(games) > 0
