"""The computer in a duel (``play.computer``) with no display: given the solver worker and the
strings, never the App; computer-vs-computer duels on the simulated clock to their result, the
same every time; a short race played to its end; "See the result now" on the real clock; a
worker killed mid-duel, and one that stopped for good. Waits on the worker are bounded loops,
never timed assertions."""

from __future__ import annotations

import os
import signal
import time

import pytest

from solitaire import i18n
from solitaire.core.duel import RivalBack, RivalGone
from solitaire.play.computer import ComputerRival, make_rival
from solitaire.play.duel import Duel, new_race
from solitaire.play.rival import RIVAL
from solitaire.solver.opponent.escape import search
from solitaire.solver.player import END, PACE, Stopped, Strength, decide, seen
from solitaire.solver.worker import SolverWorker
from solitaire.store import Store
from tests.play.races import CODE, STEP, computer_duel, finish


@pytest.fixture
def solver():
    """The solver worker the computer thinks in (its process, if started, stopped after)."""
    worker = SolverWorker()
    yield worker
    worker.shutdown()


def decide_stuck(game) -> bool:
    """The side's own strength aside, nothing any strength sees gets anywhere."""
    return all(decide(seen(game), strength) is END for strength in Strength)


def test_the_computer_rival_is_named_in_the_language_of_the_moment(solver):
    rival = make_rival("computer:hard", solver, i18n.t, fast=True, limit=240.0)
    assert isinstance(rival, ComputerRival) and rival.kind == "hard" and rival.solver is solver
    assert rival.name == "Computer · Hard"
    i18n.set_language("ar")
    try:
        assert rival.name == i18n.t("duel.computer", strength=i18n.t("duel.strength.hard")) != "Computer · Hard"
    finally:
        i18n.set_language("en")
    with pytest.raises(ValueError):
        make_rival("network", solver, i18n.t, fast=True, limit=240.0)


def test_a_computer_vs_computer_duel_on_the_simulated_clock_reaches_its_result(tmp_path, solver):
    """Hard against Medium (playing our side) to the end of a 60 s race: the computer keeps no
    copy of its game (the duel plays its moves on its game in the race); the result adds up and
    is counted."""
    store = Store(tmp_path)
    duel = computer_duel(seconds=60, solver=solver, store=store)
    race, result = duel.race, duel.result
    assert result is not None and race.over and duel.rival_game.moves > 10 and duel.game.moves > 10
    for side, player in ((result.you, 0), (result.opponent, 1)):
        assert side.breakdown.total == race.total(player) == side.breakdown.points.score + side.breakdown.bonus
        assert side.breakdown.points.score == race.games[player].score  # DU-4: the lines add up
        assert side.ended in ("won", "end", "time")
    assert duel.rival.game is duel.rival_game
    expected = {"you": "won", "opponent": "lost", "tie": "tied"}[result.winner]
    record = store.duel_stats("hard")
    assert record.played == 1 and getattr(record, expected) == 1
    line = result.to_json()
    assert set(line) == {"code", "you", "opponent", "winner"}
    assert set(line["you"]) == {"score", "bonus", "total", "foundation", "ended"}


def test_DU4_both_computer_sides_play_a_short_race_to_its_end(solver):
    """A shorter race (--race-seconds 20): neither side ends to bank the bonus (issue 31): each
    plays until it is stuck, or until its next card home or turned cannot come before the
    clock, judged by the race's own length, runs out."""
    duel = computer_duel(seconds=20, solver=solver)
    assert duel.race.limit == 20.0 and duel.race.over
    for player, (side, strength) in enumerate(((duel.result.you, "medium"), (duel.result.opponent, "hard"))):
        assert side.ended in ("time", "end")
        if side.ended == "end":  # stuck, or the next card cannot come in the time left
            pace = PACE[Strength(strength)]
            asked_with = duel.race.limit - duel.race.finished_at[player] + pace  # End takes a pace too
            way = search(duel.race.games[player].clone(), True)
            assert decide_stuck(duel.race.games[player]) or way.moves * pace > asked_with


def test_the_same_deal_and_strengths_give_the_same_duel_on_the_simulated_clock(solver):
    first = computer_duel(seconds=60, solver=solver)
    second = computer_duel(seconds=60, solver=solver)
    assert first.result == second.result
    assert first.rival_side.timeline == second.rival_side.timeline


def ended_at_five(solver: SolverWorker, hurry: bool):
    """A 30-second duel against the real computer on the real clock (fixed frames): we press
    End at 5 s; then either wait or press "See the result now". The duel's result."""
    race = new_race(CODE, 30)
    duel = Duel(race, ComputerRival(solver, i18n.t, "medium", False, race.limit))
    while not duel.started:
        duel.step(1 / 30)
    while duel.race.elapsed < 5.0:
        duel.step(1 / 30)
    duel.end()
    if hurry:
        duel.hurry()
        assert duel.hurried
    return finish(duel, step=1 / 30)


def test_see_the_result_now_gives_the_result_waiting_gives(solver):
    waited = ended_at_five(solver, hurry=False)
    hurried = ended_at_five(solver, hurry=True)
    assert waited.opponent.home > 0 and waited.opponent.breakdown.points.score > 0
    assert hurried == waited


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills the worker with POSIX signals")
def test_the_worker_killed_mid_duel_the_opponent_resumes_never_a_crash(solver, monkeypatch):
    race = new_race(CODE)
    duel = Duel(race, ComputerRival(solver, i18n.t, "medium", True, race.limit), fast=True)
    heard = []
    hear = duel.rival_side.hear
    monkeypatch.setattr(duel.rival_side, "hear", lambda event: heard.append(event) or hear(event))
    deadline = time.monotonic() + 60
    while duel.rival_game.moves < 3 and time.monotonic() < deadline:
        duel.step(STEP)
        time.sleep(0.001)
    os.kill(solver._process.pid, signal.SIGSTOP)  # it cannot answer before it dies
    while not duel.rival.player.waiting() and time.monotonic() < deadline:
        duel.step(STEP)
    os.kill(solver._process.pid, signal.SIGKILL)
    solver._process.join()
    moves = duel.rival_game.moves
    while duel.rival_game.moves < moves + 3 and duel.result is None and time.monotonic() < deadline:
        duel.step(STEP)
        time.sleep(0.001)
    assert duel.rival_game.moves >= moves + 3 or duel.race.finished(RIVAL)  # it plays on
    assert any(isinstance(e, RivalGone) for e in heard) and any(isinstance(e, RivalBack) for e in heard)
    assert duel.rival_side.note == "" and duel.rival_side.out == ""


class GaveUp:
    """A computer player past the worker's retries: its answer is Stopped."""

    def update(self, game, race_time):
        return Stopped("the solver worker stopped")

    def retrying(self):
        return False

    def waiting(self):
        return False

    def due_at(self):
        return None

    def close(self):
        pass


def test_a_computer_that_stopped_for_good_is_said_and_ends_its_game(solver):
    """After the worker's retries the player answers Stopped: the duel says so, no crash."""
    race = new_race(CODE)
    duel = Duel(race, ComputerRival(solver, i18n.t, "easy", True, race.limit), fast=True)
    while not duel.started:
        duel.step(STEP)
    duel.rival.player = GaveUp()
    duel.step(STEP)
    assert duel.race.finished(RIVAL) and duel.rival_side.out == "lost" and duel.rival_side.note == "duel.stopped"
    assert not duel.race.over and duel.playing  # your race goes on
