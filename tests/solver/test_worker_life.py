"""Issue 12: the solver worker ends with the game, and a worker's death loses no question."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver.messages import HintAnswer
from solitaire.solver.worker import SolverWorker
from tests.solver.waiting import wait_for_answers

REPO = Path(__file__).resolve().parents[2]
LINUX = sys.platform.startswith("linux")


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="SIGSTOP and SIGKILL are POSIX")
def test_a_question_pending_when_the_worker_dies_is_asked_again() -> None:
    """"Thinking…" stayed until the next move when the worker died with a question pending."""
    state = Game.deal(parse_code("TF1-D1N-AAAAAAB")).to_json()
    with SolverWorker() as worker:
        worker.submit("hint", state, 0.05)
        assert wait_for_answers(worker, 60), "the first worker never answered"
        first = worker._process.pid
        os.kill(first, signal.SIGSTOP)  # it cannot take the next question before it dies
        ticket = worker.submit("hint", state, 0.05)
        os.kill(first, signal.SIGKILL)
        worker._process.join()
        answers = wait_for_answers(worker, 60)
        assert [answer.ticket for answer in answers] == [ticket]
        assert isinstance(answers[0], HintAnswer) and answers[0].move is not None
        assert worker._process.pid != first


def test_start_runs_the_process_before_any_question_and_once() -> None:
    """The Duel starts the worker during its 3-2-1 count, so the race's first question does not
    pay for a process start inside a frame."""
    state = Game.deal(parse_code("TF1-D1N-AAAAAAB")).to_json()
    with SolverWorker() as worker:
        worker.start()
        first = worker._process.pid
        assert worker._process.is_alive()
        worker.start()  # already running: the same process
        worker.submit("hint", state, 0.05)
        assert wait_for_answers(worker, 60), "the started worker never answered"
        assert worker._process.pid == first


def processes_with_parent(parent: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not LINUX, reason="finds the game's children in /proc")
def test_killing_the_game_ends_its_solver_worker_and_resource_tracker(tmp_path: Path) -> None:
    """110 kills of the game left 220 processes running for ever, holding its stdout.

    A real game, on the dummy video driver, plays a Thoughtful deal (whose status line starts
    the worker at once); once the worker and multiprocessing's resource tracker run, the game is
    killed with SIGKILL. Every process that held the game's stdout must go: the pipe reaches
    its end, and neither child runs any more.
    """
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(tmp_path))
    game = subprocess.Popen([sys.executable, str(REPO / "game.py"), "--code", "TF1-D1N-AAAAAAB"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert game.stdout is not None
    try:
        deadline = time.monotonic() + 120
        while len(children := processes_with_parent(game.pid)) < 2 and time.monotonic() < deadline:
            assert game.poll() is None, "the game stopped by itself"
            time.sleep(0.05)
        assert len(children) == 2, f"worker and resource tracker not both started: {children}"
    finally:
        game.send_signal(signal.SIGKILL)
        game.wait()
    try:
        deadline = time.monotonic() + 60
        while select.select([game.stdout], [], [], max(0.0, deadline - time.monotonic()))[0]:
            if not os.read(game.stdout.fileno(), 65536):
                break
        else:
            pytest.fail("a process still holds the killed game's stdout")
        while any(running(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(running(pid) for pid in children), "a child of the killed game still runs"
    finally:
        game.stdout.close()
        for pid in children:
            if running(pid):
                os.kill(pid, signal.SIGKILL)  # leave no orphan behind when this test fails


def test_a_worker_whose_game_is_gone_before_it_had_its_work_exits_quietly() -> None:
    """Issue 32: a game killed while starting (after multiprocessing started the worker, before
    it wrote the worker its work) left the worker printing ``EOFError: Ran out of input``. The
    worker's command line is run here on a pipe whose writer is already gone, as it would be."""
    import multiprocessing.spawn

    from solitaire.solver.worker import quiet_bootstrap

    read, write = os.pipe()
    os.close(write)
    try:
        command = quiet_bootstrap(multiprocessing.spawn.get_command_line(pipe_handle=read))
        run = subprocess.run(command, pass_fds=(read,), capture_output=True, text=True, timeout=60)
    finally:
        os.close(read)
    assert run.returncode == 0 and run.stderr == "", run.stderr


def test_a_worker_started_quietly_still_answers() -> None:
    worker = SolverWorker()
    try:
        worker.submit("hint", Game.deal(parse_code("KL1-D1N-AAAAAAB")).to_json(), 0.2)
        assert isinstance(wait_for_answers(worker, 60)[0], HintAnswer)
    finally:
        worker.shutdown()
