"""The solver in a worker process, so a search never runs on the frame thread.

The UI submits a job with plain data (the state JSON of ``Game.to_json()``) and calls ``poll()``
once per frame; nothing here blocks. ``cancel()`` raises a shared generation number that the
running search checks every few hundred positions, so a new deal stops the old search within
milliseconds, and results of cancelled jobs are dropped. The process is started with the
"spawn" method, which behaves the same on every platform and inside a PyInstaller bundle.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from typing import Any

KINDS = ("solve", "hint", "winnability")


def _serve(jobs: Any, results: Any, generation: Any) -> None:
    """The worker's loop: one job at a time, until a None job asks it to stop."""
    from ..core.position import game_from_json
    from . import api

    while True:
        job = jobs.get()
        if job is None:
            return
        ticket, job_generation, kind, state, budget = job
        if generation.value != job_generation:
            continue

        def cancelled() -> bool:
            return generation.value != job_generation

        answer: dict = {"ticket": ticket, "kind": kind}
        try:
            game = game_from_json(state)
            if kind == "solve":
                answer.update(api.solve(game, budget, should_stop=cancelled).to_json())
            elif kind == "winnability":
                result = api.solve(game, budget, known=False, should_stop=cancelled).result
                answer["result"] = {"won": "winnable", "lost": "not winnable"}.get(result, "unknown")
            else:
                move = api.hint(game, budget)
                answer["move"] = None if move is None else {
                    "text": str(move), "src": list(move.src), "dst": list(move.dst), "count": move.count,
                }
        except Exception as error:  # a bad state must not kill the worker: report it instead
            answer["error"] = f"{type(error).__name__}: {error}"
        if not cancelled():
            results.put(answer)


class SolverWorker:
    """One worker process, started on first use.

    ``submit`` returns a ticket; ``poll`` returns the finished answers (dicts carrying their
    ticket); ``cancel`` drops every job submitted so far; ``shutdown`` stops the process.
    """

    def __init__(self) -> None:
        self._context = mp.get_context("spawn")
        self._generation = self._context.Value("i", 0, lock=False)
        self._jobs: Any = None
        self._results: Any = None
        self._process: Any = None
        self._next_ticket = 0

    def _ensure_started(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._jobs = self._context.Queue()
        self._results = self._context.Queue()
        self._process = self._context.Process(
            target=_serve, args=(self._jobs, self._results, self._generation), daemon=True,
            name="solitaire-solver",
        )
        self._process.start()

    def submit(self, kind: str, state_json: dict, budget: float) -> int:
        if kind not in KINDS:
            raise ValueError(f"unknown solver job {kind!r} (expected one of {', '.join(KINDS)})")
        self._ensure_started()
        self._next_ticket += 1
        self._jobs.put((self._next_ticket, self._generation.value, kind, state_json, float(budget)))
        return self._next_ticket

    def poll(self) -> list[dict]:
        out: list[dict] = []
        if self._results is None:
            return out
        while True:
            try:
                out.append(self._results.get_nowait())
            except queue.Empty:
                return out

    def cancel(self) -> None:
        """Stop the running search and forget every job submitted until now."""
        self._generation.value += 1
        self.poll()

    def shutdown(self, timeout: float = 1.0) -> None:
        if self._process is None:
            return
        self.cancel()
        try:
            self._jobs.put(None)
            self._process.join(timeout)
        finally:
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout)
            self._process = None

    def __enter__(self) -> SolverWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
