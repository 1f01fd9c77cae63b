"""``solve`` on the command line, the worker process, and the no-pygame rule."""

import json
import subprocess
import sys
import time

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver.cli import run_solve
from solitaire.solver.messages import BACKGROUND, HintAnswer
from solitaire.solver.worker import SolverWorker
from tests.solver.waiting import wait_for_answers


def test_run_solve_prints_json(capsys):
    assert run_solve(["TF1-D1N-AAAAAAD", "--budget", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "won" and out["moves"] and out["nodes"] > 0 and "seconds" in out


@pytest.mark.parametrize("argv", [
    ["XX1-D1N-AAAAAAB"], [], ["KL1-D1N-AAAAAAB", "--budget", "soon"], ["KL1-D1N-AAAAAAB", "--budget", "-3"],
    ["--deal", "/no/such/file.json"], ["KL1-D1N-AAAAAAB", "--deal", "x.json"], ["KL1-D1N-AAAAAAB", "--bogus"],
])
def test_run_solve_bad_input_is_one_line_and_exit_2(argv, capsys):
    assert run_solve(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err


def test_worker_returns_results_and_can_be_cancelled():
    state = Game.deal(parse_code("TF1-D1N-AAAAAAD")).to_json()
    with SolverWorker() as worker:
        ticket = worker.submit("solve", state, 5.0)
        answers = wait_for_answers(worker, 30)
        assert answers and answers[0].ticket == ticket and answers[0].result == "won"
        hard = Game.deal(parse_code("TF1-D3N-AAAAAAB")).to_json()
        worker.submit("solve", hard, 60.0)
        time.sleep(0.3)
        # submit returned while a minute's search runs: nothing is answered yet (a submit that
        # waited for the search would find its answer here), and cancel drops it.
        assert worker.poll() == []
        worker.cancel()
        ticket = worker.submit("hint", state, 0.05)
        answers = wait_for_answers(worker, 10)
        assert [a.ticket for a in answers] == [ticket]
        assert isinstance(answers[0], HintAnswer) and str(answers[0].move)


def test_solver_does_not_import_pygame():
    code = ("import sys, solitaire.solver.api, solitaire.solver.worker, solitaire.solver.cli, "
            "solitaire.benches.solver; sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_background_status_search_is_cancelled_by_a_move_and_gives_way_to_other_questions():
    # Issue 17: the background search runs up to a minute; cancelling it (the next move) or
    # asking anything else (a hint, the Duel's opponent) stops it at once.
    easy = Game.deal(parse_code("TF1-D1N-AAAAAAD")).to_json()
    hard = Game.deal(parse_code("TF1-D3N-AAAAAEA")).to_json()
    with SolverWorker() as worker:
        worker.submit(BACKGROUND, hard, 60.0)
        time.sleep(0.3)
        worker.cancel()
        ticket = worker.submit("winnability", easy, 5.0)
        answers = wait_for_answers(worker, 20)
        assert [(a.ticket, a.verdict) for a in answers] == [(ticket, "winnable")]
        background = worker.submit(BACKGROUND, hard, 60.0)
        time.sleep(0.3)
        ticket = worker.submit("hint", easy, 0.05)
        answers = wait_for_answers(worker, 20)
        answers += wait_for_answers(worker, 20) if len(answers) < 2 else []
        assert [a.ticket for a in answers] == [background, ticket]
        assert answers[0].verdict == "unknown" and str(answers[1].move)
