"""Yukon's loss proof (issue 34, ``DeadEnds.never_lead``): a card's going home is an event of its
own, needing the next lower card of its suit home, not merely led somewhere. Checked on a deal
the proof now calls lost before any move, and against a reference that tries every legal move,
which must catch a proof that forgets a way out.
"""

from __future__ import annotations

import random

from solitaire.core import Game, parse_code
from solitaire.solver import dead_ends
from solitaire.solver.api import solve
from solitaire.solver.search import Search
from tests.solver.test_reference import Reference, random_position


def test_YU2_a_suit_whose_ace_can_never_come_home_is_lost_at_the_first_position():
    # Issue 34, tuning seed 11: the Ace of diamonds lies on the 4 and under the 3 of spades,
    # which leads only onto that 4 or the 4 of hearts (face down under the 2 of diamonds, which
    # needs its Ace home first). The Ace can lead onto a black 2, carrying the 3 of spades, so
    # "every lower card must have led" let it through and the search took 23,320 positions;
    # "the Ace must have gone home" does not
    game = Game.deal(parse_code("YU1-D1N-WYYGFBL"))
    assert Search(game).never_lead(Search(game).start)
    result = solve(game, 60.0, node_limit=1_000)
    assert result.result == "lost" and result.nodes == 1


def _wrongly_lost(seed: int, count: int) -> tuple[int, int]:
    """Of ``count`` crowded random Yukon positions: how many the proof calls lost, and how many of
    those the reference (every legal move, no proof) wins; stops at the first such win."""
    rng = random.Random(seed)
    proven = won = 0
    for _ in range(count):
        game = random_position(rng, "yukon", left=(24, 44), crowded=True)
        search = Search(game)
        if search.never_lead(search.start):
            proven += 1
            if Reference(game).run(30.0, node_limit=2_000).result == "won":
                won += 1
                break
    return proven, won


def test_YU2_the_proof_calls_lost_only_positions_the_reference_does_not_win():
    proven, won = _wrongly_lost(2, 150)
    assert proven >= 5 and won == 0, (proven, won)


def test_YU2_a_proof_that_forgets_one_of_the_two_cards_a_card_goes_on_is_caught(monkeypatch):
    # the same check, with each card taking only the first of its two places (C-2): the
    # reference wins a position this wrong proof calls lost
    monkeypatch.setattr(dead_ends, "_ACCEPTS", [places[:1] for places in dead_ends._ACCEPTS])
    proven, won = _wrongly_lost(2, 150)
    assert won == 1, (proven, won)
