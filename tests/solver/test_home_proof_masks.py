"""Yukon's loss proof worked out on bit masks (issue 34, ``HomeProof.never_home``) gives the same
verdict as the proof written out event by event that it replaced (``home_proof_reference``), on
positions Yukon's search meets, on crowded random positions, and on Klondike's (and the other
one-deck games'), where both decline: only Yukon's rules make it apply. The argument the proof
learnt since, twins that share their one place (``HomeProof.twin_places``) and the twins' case
split (``HomeProof.twins_split``), are off here: they have their own checks (test_yukon_twins.py,
test_yukon_twins_split.py).
"""

from __future__ import annotations

import random

import pytest

from solitaire.core import Game, parse_code
from solitaire.core.codes import GameCode
from solitaire.solver import home_proof
from solitaire.solver.search import Search
from tests.solver import home_proof_reference as reference
from tests.solver.test_reference import random_position


@pytest.fixture(autouse=True)
def _without_twin_places(monkeypatch):
    monkeypatch.setattr(home_proof.HomeProof, "twin_places", False)
    monkeypatch.setattr(home_proof.HomeProof, "twins_split", False)


def _searched_positions(code: str, positions: int) -> tuple[Search, list]:
    """Every position a search of ``positions`` positions of deal ``code`` asks the proof about."""
    search = Search(Game.deal(parse_code(code)))
    asked = []
    proof = search.never_home

    def recorded(state):
        asked.append(state)
        return proof(state)

    search.never_home = recorded
    search.run(60.0, node_limit=positions)
    return search, asked


def _disagreements(search: Search, states: list) -> tuple[int, int]:
    """How many of ``states`` the two proofs judge differently, and how many the new one calls lost."""
    differ = lost = 0
    for state in states:
        verdict = search.never_home(state)
        lost += verdict
        differ += verdict != reference.never_home(search, state)
    return differ, lost


@pytest.mark.parametrize("code", ["YU1-D1N-DTNNVSZ", "YU1-D1N-LCCYNSX", "YU1-D1N-WMADSTR"])
def test_YU2_the_proof_on_masks_judges_every_position_a_search_meets_as_the_old_one(code):
    # three hard deals of tuning seed 11: about half the positions their searches expand are lost
    search, states = _searched_positions(code, 4_000)
    differ, lost = _disagreements(Search(Game.deal(parse_code(code))), states)
    assert differ == 0 and len(states) >= 2_500 and 500 <= lost <= len(states) - 500, (differ, lost, len(states))


@pytest.mark.parametrize("left, count, least_lost", [((24, 44), 400, 20), ((30, 52), 400, 20), ((8, 20), 1_500, 3)])
def test_YU2_the_proof_on_masks_judges_random_positions_as_the_old_one(left, count, least_lost):
    # crowded positions (every column used) and others, early, in between and late (where the
    # cards home are most of the places to land, C-7, and few positions are lost): Kings with an
    # empty column and without, places above a card in its own column
    rng = random.Random(34 + left[0])
    states = []
    for _ in range(count):
        search = Search(random_position(rng, "yukon", left=left, crowded=rng.random() < 0.8))
        states.append(search.start)
    differ, lost = _disagreements(search, states)
    assert differ == 0 and least_lost <= lost <= len(states) - 20, (differ, lost)


def _played_positions(code: str, moves: int, seed: int) -> list[Search]:
    """A search from each position of a random game of deal ``code``, ``moves`` random legal moves long."""
    game = Game.deal(parse_code(code))
    rng = random.Random(seed)
    searches = [Search(game)]
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.apply(rng.choice(legal))
        searches.append(Search(game))
    return searches


@pytest.mark.parametrize("game_id, draw", [("klondike", 1), ("klondike", 3), ("thoughtful", 3), ("double", 1)])
def test_the_proof_declines_other_games_as_the_old_one_did(game_id, draw):
    # only Yukon's search asks the proof at every position (``home_proof``); the others ask it
    # at the root, and it reads Yukon's rules only (one deck, groups in any order, no talon):
    # dealt, played and late random positions of the other games are called lost by neither
    rng = random.Random(7)
    searches = [Search(random_position(rng, game_id, left=(8, 30), crowded=True)) for _ in range(40)]
    for number in range(1, 4):
        searches += _played_positions(str(GameCode(game_id, draw, "standard", number)), 40, number)
    for search in searches:
        assert not search.never_home(search.start) and not reference.never_home(search, search.start)


def test_YU2_played_yukon_games_are_judged_as_by_the_old_proof():
    # random legal moves from dealt Yukon games (the core's own positions, not the search's)
    searches = [search for number in range(1, 9)
                for search in _played_positions(str(GameCode("yukon", 1, "standard", number)), 60, number)]
    differ = sum(search.never_home(search.start) != reference.never_home(search, search.start) for search in searches)
    lost = sum(search.never_home(search.start) for search in searches)
    assert differ == 0 and len(searches) >= 300 and lost >= 20, (differ, lost, len(searches))


@pytest.mark.parametrize("cap", [20, 3])
def test_YU2_a_full_column_cache_is_emptied_and_the_verdicts_stay_the_same(cap):
    # a cap of 3 empties it while one position's seven columns are read, early and late in games
    # (late: cards home that must come back, which read what lies on each column card)
    search, states = _searched_positions("YU1-D1N-DTNNVSZ", 600)
    rng = random.Random(cap)
    states += [Search(random_position(rng, "yukon", left=(8, 20), crowded=True)).start for _ in range(300)]
    fresh = Search(Game.deal(parse_code("YU1-D1N-DTNNVSZ")))
    fresh.home_columns_cap = cap
    verdicts = [fresh.never_home(state) for state in states]
    assert len(fresh.home_columns) <= cap
    assert verdicts == [reference.never_home(fresh, state) for state in states]


def test_YU2_a_proof_on_masks_that_forgets_a_suits_places_is_caught():
    # the comparison must be able to fail: with the spades taking no card (``_TAKERS``), the
    # red Aces to Queens have one place left, and some position is judged otherwise
    search, states = _searched_positions("YU1-D1N-DTNNVSZ", 600)
    saved = home_proof._TAKERS
    home_proof._TAKERS = (0,) + saved[1:]
    try:
        differ, _ = _disagreements(Search(Game.deal(parse_code("YU1-D1N-DTNNVSZ"))), states)
    finally:
        home_proof._TAKERS = saved
    assert differ > 0


def _verdicts_in_any_order() -> tuple[list[bool], list[bool]]:
    """The proof's verdicts on a hard deal's searched positions and random ones, shuffled, asked
    of one search one after another, and of a fresh search each."""
    _, states = _searched_positions("YU1-D1N-DTNNVSZ", 1_500)
    rng = random.Random(5)
    states += [Search(random_position(rng, "yukon", left=(8, 44), crowded=True)).start for _ in range(300)]
    rng.shuffle(states)
    one = Search(Game.deal(parse_code("YU1-D1N-DTNNVSZ")))
    fresh = [Search(Game.deal(parse_code("YU1-D1N-DTNNVSZ"))).never_home(state) for state in states]
    return [one.never_home(state) for state in states], fresh


def test_YU2_what_the_proof_keeps_from_one_position_to_the_next_never_changes_a_verdict():
    # the proof keeps which card lies on which from call to call and writes only the columns it
    # did not read last time (``HomeProof._proof_setup``): asked in any order, one search judges
    # every position as a fresh one does
    kept, fresh = _verdicts_in_any_order()
    assert kept == fresh and 200 <= sum(fresh) <= len(fresh) - 200, sum(fresh)


def test_YU2_a_proof_that_trusts_every_column_it_ever_read_is_caught(monkeypatch):
    # the check must be able to fail: taking every column met before, not only the last
    # position's, as written right leaves cards that moved since lying on the wrong cards
    real = home_proof.HomeProof._proof_setup

    def trusting(self, state, twin_places):
        out = real(self, state, twin_places)
        self.ever = getattr(self, "ever", set()) | set(state[0])  # this search's columns met
        self.lies_on_columns = self.ever
        return out

    monkeypatch.setattr(home_proof.HomeProof, "_proof_setup", trusting)
    kept, fresh = _verdicts_in_any_order()
    assert kept != fresh
