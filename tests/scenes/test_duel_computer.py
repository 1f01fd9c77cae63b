"""The Duel against the real computer player (the Opponent API over the solver's worker): a
whole computer-vs-computer duel on the simulated clock to the results screen, and a worker
killed mid-duel. Waits on the worker are bounded loops, never timed assertions."""

from __future__ import annotations

import os
import signal
import time

import pytest

from solitaire.core.duel import RivalBack, RivalGone
from solitaire.play.race_clock import thinking_until
from solitaire.solver.player import END, Strength, decide, seen

CODE = "DU2-D3N-AAAAAAB"
STEP = 1 / 120


def play_out(app, opponent="computer:hard", autoplay="medium", limit=120.0, seconds=60.0):
    """A --fast duel, frames until its results; the scene and the results scene."""
    app.open("title")
    duel = app.open("duel", code=CODE, opponent=opponent, autoplay=autoplay, fast=True, seconds=seconds)
    deadline = time.monotonic() + limit  # a guard against a hang, not a measurement
    while duel.duel.result is None and time.monotonic() < deadline:
        app.stack.update(STEP)
        if thinking_until(duel.duel.race, duel.duel.rival, duel.duel.autoplayer) is not None:
            time.sleep(0.002)  # the worker thinks: let it
    return duel, app.stack.top


def decide_stuck(game) -> bool:
    """The side's own strength aside, nothing any strength sees gets anywhere."""
    return all(decide(seen(game), strength) is END for strength in Strength)


def test_a_computer_vs_computer_duel_on_the_simulated_clock_reaches_the_results(app, driver):
    duel, results = play_out(app)
    assert type(results).__name__ == "DuelResultsScene" and results.result is duel.duel.result
    race, result = duel.duel.race, duel.duel.result
    assert race.over and duel.duel.rival_game.moves > 10 and duel.game.moves > 10
    for side, player in ((result.you, 0), (result.opponent, 1)):
        assert side.breakdown.total == race.total(player) == side.breakdown.points.score + side.breakdown.bonus
        assert side.breakdown.points.score == race.games[player].score  # DU-4: the lines add up
        assert side.ended in ("won", "end", "time")
    # the computer decides on its game in the race, which the duel plays its moves on: no copy
    assert duel.duel.rival.game is duel.duel.rival_game
    expected = {"you": "won", "opponent": "lost", "tie": "tied"}[result.winner]
    record = app.services.store.duel_stats("hard")
    assert record.played == 1 and getattr(record, expected) == 1
    driver.draw()
    line = result.to_json()
    assert set(line) == {"code", "you", "opponent", "winner"}
    assert set(line["you"]) == {"score", "bonus", "total", "foundation", "ended"}


def test_DU5_both_computer_sides_play_a_short_race_to_its_end(app):
    """A shorter race (--race-seconds 20): with the few cards home 20 s allow, the bonus that
    ending would bank is worth less than the next card (DU-5), so neither side ends early:
    each plays until it is stuck, or the clock, judged by the race's own length, runs out."""
    duel, _ = play_out(app, seconds=20)
    assert duel.duel.race.limit == 20.0 and duel.duel.race.over
    for player, side in enumerate((duel.duel.result.you, duel.duel.result.opponent)):
        assert side.ended in ("time", "end")
        if side.ended == "end":  # stuck: no line it sees gets anywhere
            assert decide_stuck(duel.duel.race.games[player])


def test_the_same_deal_and_strengths_give_the_same_duel_on_the_simulated_clock(app):
    first, _ = play_out(app)
    app.stack.clear()
    second, _ = play_out(app)
    assert first.duel.result == second.duel.result
    assert first.duel.rival_side.timeline == second.duel.rival_side.timeline


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills the worker with POSIX signals")
def test_the_worker_killed_mid_duel_the_opponent_resumes_never_a_crash(app, monkeypatch):
    app.open("title")
    duel = app.open("duel", code=CODE, opponent="computer:medium", fast=True)
    heard = []
    hear = duel.duel.rival_side.hear
    monkeypatch.setattr(duel.duel.rival_side, "hear", lambda event: heard.append(event) or hear(event))
    deadline = time.monotonic() + 60
    while duel.duel.rival_game.moves < 3 and time.monotonic() < deadline:
        app.stack.update(STEP)
        time.sleep(0.001)
    worker = app.services.solver
    os.kill(worker._process.pid, signal.SIGSTOP)  # it cannot answer before it dies
    while not duel.duel.rival.player.waiting() and time.monotonic() < deadline:
        app.stack.update(STEP)
    os.kill(worker._process.pid, signal.SIGKILL)
    worker._process.join()
    moves = duel.duel.rival_game.moves
    while duel.duel.rival_game.moves < moves + 3 and duel.duel.result is None and time.monotonic() < deadline:
        app.stack.update(STEP)
        time.sleep(0.001)
    assert duel.duel.rival_game.moves >= moves + 3 or duel.duel.race.finished(1)  # it plays on
    assert any(isinstance(e, RivalGone) for e in heard) and any(isinstance(e, RivalBack) for e in heard)
    assert duel.duel.rival_side.note == "" and duel.duel.rival_side.out == ""


def test_a_computer_that_stopped_for_good_is_said_and_ends_its_game(app):
    """After the worker's retries the player answers Stopped: the duel says so, no crash."""
    from solitaire.solver.player import Stopped

    class GaveUp:
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

    app.open("title")
    duel = app.open("duel", code=CODE, opponent="computer:easy", fast=True)
    while not duel.duel.started:
        app.stack.update(STEP)
    duel.duel.rival.player = GaveUp()
    app.stack.update(STEP)
    assert duel.duel.race.finished(1) and duel.duel.rival_side.out == "lost" and duel.duel.rival_side.note == "duel.stopped"
    duel.draw(app.display.surface, 1.0)
    assert not duel.duel.race.over  # your race goes on
