"""Waiting on the real solver worker in tests: polled, bounded in time, never a sleep-and-hope."""

from __future__ import annotations

import time

from solitaire.solver.messages import Answer
from solitaire.solver.worker import SolverWorker


def wait_for_answers(worker: SolverWorker, seconds: float) -> list[Answer]:
    """The first answers the worker gives within ``seconds``; [] if none came."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answers = worker.poll()
        if answers:
            return answers
        time.sleep(0.02)
    return []
