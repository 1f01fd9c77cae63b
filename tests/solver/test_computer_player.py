"""Issue 14: the computer player thinks in the worker process, at its pace on the race clock; a
killed worker is started again and asked again, and after the retries the answer is a clear
``Stopped`` value, never an exception into the frame."""

from __future__ import annotations

import os
import signal
import time

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver.player import PACE, ComputerPlayer, Stopped, Strength, decide, seen
from solitaire.solver.worker import RETRIES, SolverWorker

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills the worker with POSIX signals")

CODE = "DU2-D3N-AAAAAAC"


def until_answered(player: ComputerPlayer, game: Game, race_time: float, seconds: float = 60) -> None:
    """Frames at a standing race clock until the player's question is answered."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert player.update(game, race_time) is None  # the pace has not passed: nothing yet
        if not player.waiting():
            return
        time.sleep(0.01)
    raise AssertionError("the worker never answered")


@pytest.mark.parametrize("strength", list(Strength))
def test_the_decision_comes_from_the_worker_once_the_pace_has_passed(strength):
    game = Game.deal(parse_code(CODE))
    with SolverWorker() as worker:
        player = ComputerPlayer(strength, worker, fast=True, seed=5, limit=240.0)
        assert player.update(game, 0.0) is None and player.waiting()
        assert player.due_at() == PACE[strength]
        until_answered(player, game, PACE[strength] / 2)
        decision = player.update(game, PACE[strength])
    assert decision == decide(seen(game, 240.0), strength, seed=5)
    assert worker.poll() == []  # a kept answer never reaches the hints' poll


def test_the_next_decision_is_paced_from_the_last_one_handed_over():
    game = Game.deal(parse_code(CODE))
    pace = PACE[Strength.EASY]
    with SolverWorker() as worker:
        player = ComputerPlayer(Strength.EASY, worker, limit=240.0)
        player.update(game, 0.0)
        until_answered(player, game, 0.0)
        game.apply(player.update(game, pace + 0.3))  # a late frame
        assert player.update(game, pace + 0.3) is None and player.due_at() == 2 * pace


def test_a_worker_killed_while_thinking_is_restarted_and_the_player_plays_on():
    game = Game.deal(parse_code(CODE))
    with SolverWorker() as worker:
        player = ComputerPlayer(Strength.MEDIUM, worker, limit=240.0)
        player.update(game, 0.0)
        until_answered(player, game, 0.0)
        game.apply(player.update(game, 1.4))
        first = worker._process.pid
        os.kill(first, signal.SIGSTOP)  # it cannot take the next question before it dies
        assert player.update(game, 2.0) is None and player.waiting()
        os.kill(first, signal.SIGKILL)
        worker._process.join()
        assert player.update(game, 2.0) is None and player.retrying()
        until_answered(player, game, 2.0)
        assert worker._process.pid != first
        assert player.update(game, 2.8) == decide(seen(game, 240.0 - 1.4), Strength.MEDIUM)


def test_a_worker_that_dies_every_time_ends_in_a_stopped_value_not_an_exception():
    game = Game.deal(parse_code(CODE))
    with SolverWorker() as worker:
        player = ComputerPlayer(Strength.HARD, worker, limit=240.0)
        killed: set[int] = set()
        outcome = None
        deadline = time.monotonic() + 60
        while outcome is None and time.monotonic() < deadline:
            process = worker._process
            if process is not None and process.pid not in killed:
                os.kill(process.pid, signal.SIGKILL)  # long before a new worker can answer
                killed.add(process.pid)
                process.join()
            outcome = player.update(game, 30.0)
        assert isinstance(outcome, Stopped) and "stopped" in outcome.error
        assert len(killed) == RETRIES + 1
        assert isinstance(player.update(game, 31.0), Stopped)  # it stays stopped, quietly


def test_a_question_cancelled_by_another_user_of_the_worker_is_asked_again():
    """The hints cancel every job on the worker they share: the player does not wait for ever."""
    game = Game.deal(parse_code(CODE))
    with SolverWorker() as worker:
        player = ComputerPlayer(Strength.EASY, worker, limit=240.0)
        assert player.update(game, 0.0) is None
        worker.cancel()  # what the Advisor does before asking for a hint
        until_answered(player, game, 1.0)
        assert player.update(game, 2.0) == decide(seen(game, 240.0), Strength.EASY)


def test_a_won_game_asks_the_worker_nothing():
    from tests.positions import build

    found = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    game = build("duel", foundations=found)
    assert game.won
    player = ComputerPlayer(Strength.HARD, worker=None)  # a worker asked anything would raise
    assert player.update(game, 10.0) is None and not player.waiting() and player.due_at() is None


class Recorder:
    """A worker that keeps every question asked and answers none."""

    def __init__(self):
        self.questions = []

    def submit(self, kind, state, priority, keep=False):
        self.questions.append(state)
        return len(self.questions)

    def take(self, ticket):
        return None

    def asked(self, ticket):
        return True


def test_DU5_the_question_carries_the_races_own_clock_not_the_rulesets():
    """A 60-second race (--race-seconds 60): the player judges End and the bonus by its clock,
    its first decision counted from the race's start whatever frame first asks for it (so a
    real, a simulated and a hurried clock give the same decisions)."""

    game = Game.deal(parse_code(CODE))
    worker = Recorder()
    player = ComputerPlayer(Strength.HARD, worker, limit=60.0)
    assert player.update(game, 12.5) is None
    assert worker.questions[-1]["seen"]["seconds_left"] == 60.0


def test_the_plan_crosses_the_worker_so_a_card_taken_back_from_home_is_used():
    """Issue 31: the side keeps the plan the worker hands back with each decision (the 5 of
    hearts back from home, then the 4 of spades onto it), and asks with it next time."""
    from solitaire.core.duel import notation
    from tests.positions import build

    used = {"6S", "QS", "4S", "AH", "2H", "3H", "4H", "5H"}
    rest = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK" if rank + suit not in used]
    column = " ".join(card.lower() for card in rest) + " 6S"  # a full deck: it crosses as a deal's JSON
    game = build("duel", tableau=[column, "qs 4S"], foundations=["AH 2H 3H 4H 5H"])
    pace = PACE[Strength.HARD]
    played = []
    with SolverWorker() as worker:
        player = ComputerPlayer(Strength.HARD, worker, fast=True, limit=240.0)
        now = 0.0
        for _ in range(4):
            until_answered(player, game, now)
            now += pace
            decision = player.update(game, now)
            if not isinstance(decision, tuple):
                break
            played.append(notation(decision))
            game.apply(decision)
    assert played == ["f1>t1", "t2>t1"] and game.hidden[1] == 0


def test_DU3_an_undo_crosses_the_worker_and_the_next_undo_comes_at_a_key_press():
    """Issue 31: Hard's undo comes back from the worker as an undo; the first of a run is handed
    over at its pace (the decision to go back), the next one a key press later (``UNDO_PACE``)."""
    from solitaire.solver.messages import DecisionAnswer
    from solitaire.solver.player import UNDO, UNDO_PACE

    class Undoer(Recorder):
        def take(self, ticket):
            return DecisionAnswer(ticket, None, (UNDO,), undo=True)

        def retries_of(self, ticket):
            return 0

    game = Game.deal(parse_code(CODE))
    game.apply(next(m for m in game.legal_moves()))
    game.apply(next(m for m in game.legal_moves()))
    worker = Undoer()
    pace = PACE[Strength.HARD]
    player = ComputerPlayer(Strength.HARD, worker, limit=240.0)
    assert player.update(game, pace - 0.01) is None
    assert player.update(game, pace) == UNDO
    game.undo()
    assert player.update(game, pace + UNDO_PACE - 0.01) is None and player.due_at() == pace + UNDO_PACE
    assert player.update(game, pace + UNDO_PACE) == UNDO
    assert worker.questions[-1]["plan"] == ["u"] and "past" in worker.questions[-1]["seen"]
