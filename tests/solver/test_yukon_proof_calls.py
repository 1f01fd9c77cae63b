"""Yukon's search asks its loss proof (``never_home``) only after a move that can have made it
hold (issue 34): after a move that only sends cards home, brings a card back from a foundation, or
moves a group onto its base's twin as that base goes home it almost never can (``loosening``:
a card sent home can take a landing place away, rarely), and leaving a proof out is sound.
"""

from __future__ import annotations

import random

from solitaire.core import Game, parse_code
from solitaire.solver import home_proof
from solitaire.solver.loosening import loosens
from solitaire.solver.search import Search
from tests.solver.test_reference import random_position


def _counting(code: str) -> tuple[Search, list[int]]:
    search = Search(Game.deal(parse_code(code)))
    calls = [0]
    proof = search.never_home

    def counted(state):
        calls[0] += 1
        return proof(state)

    search.never_home = counted
    return search, calls


def test_YU2_the_proof_is_not_asked_after_a_move_that_only_loosens_it():
    # tuning seed 11's JTKEWJK: many of its moves bring a card back from a foundation; asking the
    # proof after every move asked it 876 times in its first 1,000 positions (483 then), for
    # nothing more found; since Yukon's sideways follow-ups (``sideways``), 938 and 720
    search, calls = _counting("YU1-D1N-JTKEWJK")
    outcome = search.run(60.0, node_limit=1_000)
    assert outcome.nodes == 1_000 and calls[0] < 800, calls


def test_YU2_leaving_out_those_proofs_changes_no_line_of_a_hard_search(monkeypatch):
    # without the twins' case split, which calls MGAWTCH lost at its first position, and whose
    # memory of the face-down layouts met makes a proof asked more often change later verdicts
    monkeypatch.setattr(home_proof.HomeProof, "twins_split", False)
    counts = []
    for asked_always in (False, True):
        if asked_always:
            monkeypatch.setattr("solitaire.solver.search.loosens", lambda parent, acts: False)
        search, calls = _counting("YU1-D1N-MGAWTCH")
        outcome = search.run(60.0, node_limit=600)
        counts.append((outcome.result, outcome.nodes, len(search.expanded), calls[0]))
    assert counts[0][:3] == counts[1][:3] and counts[0][3] < counts[1][3], counts


def test_YU2_a_loosening_move_almost_never_leads_to_a_position_the_proof_calls_lost():
    # every loosening child of crowded random positions the proof does not call lost: at most one
    # in a hundred is (8 of 9,651 measured, each a card sent home that was a place to land)
    rng = random.Random(5)
    checked = proven = 0
    for _ in range(120):
        search = Search(random_position(rng, "yukon", left=(24, 44), crowded=True))
        start = search.start
        if search.never_home(start):
            continue
        for acts, child, _ in search.children(start):
            if loosens(start, acts):
                checked += 1
                proven += search.never_home(child)
    assert checked >= 100 and proven * 100 <= checked, (checked, proven)
