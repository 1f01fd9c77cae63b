"""The search keeps the finished children of the positions it met (``Search.expanded``), so a
restart that meets a position again only sorts them again: the children, their order under
each attempt's random tie-breaks, and so every line searched must be those of a fresh build.
"""

from __future__ import annotations

import gc
import random

from solitaire.core import Game, parse_code
from solitaire.solver.search import Search

DEALS = ("TF1-D3N-AAAAAJD", "KL1-D1N-AAAAAAC", "DS1-D3N-AAAAAAB")


def _walk(search: Search, steps: int) -> list:
    """The positions met by following the first child ``steps`` times from the start."""
    states, state = [], search.start
    for _ in range(steps):
        kids = search.children(state)
        if not kids:
            break
        state = kids[0][1]
        states.append(state)
    return states


def test_kept_children_come_back_as_a_fresh_build_would_give_them():
    for code in DEALS:
        kept = Search(Game.deal(parse_code(code)))
        states = [kept.start] + _walk(kept, 12)
        for seed in (None, 1, 7):
            for state in states:
                again = kept.children(state, random.Random(seed) if seed is not None else None)
                fresh = Search(Game.deal(parse_code(code)))
                built = fresh.children(state, random.Random(seed) if seed is not None else None)
                assert again == built, (code, seed)
        assert set(kept.expanded) >= set(states)


def test_the_kept_children_never_outgrow_their_cap():
    search = Search(Game.deal(parse_code("TF1-D3N-AAAAAJD")))
    search.expanded_cap = 5
    outcome = search.run(60.0, node_limit=300)
    assert outcome.nodes == 300 and 0 < len(search.expanded) <= 5


def test_the_cycle_collector_runs_again_after_a_search():
    assert gc.isenabled()
    Search(Game.deal(parse_code("TF1-D3N-AAAAAJD"))).run(60.0, node_limit=50)
    assert gc.isenabled()
