"""The solver in a worker process, so a search never runs on the frame thread.

The UI submits a question about a position (the state JSON of ``Game.to_json()``) and calls
``poll()`` once per frame for typed answers (:mod:`.messages`, which alone encodes what crosses
the process boundary); nothing here blocks. ``cancel()`` raises a shared generation number that the
running search checks every few hundred positions, so a new deal stops the old search within
milliseconds, and results of cancelled jobs are dropped. The process is started with the
"spawn" method, which behaves the same on every platform and inside a PyInstaller bundle.

The worker ends with the game however the game ends: a thread in the worker waits on the
parent's sentinel (a pipe on POSIX, the process handle on Windows), which the system signals
when the parent is gone, even by SIGKILL; the worker then exits at once, and with it the last
holder of multiprocessing's resource tracker's pipe, so that exits too. A worker that dies
with questions pending (a crash, the system killing it) is started again and asked them again.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import multiprocessing.connection
import multiprocessing.spawn
import os
import threading
from collections.abc import Iterator
from typing import Any, Callable

from ..core.moves import Move
from .messages import (BACKGROUND, Answer, DecisionAnswer, ErrorAnswer, HintAnswer, Question, SolveAnswer,
                       WinnabilityAnswer, decode, encode)

RETRIES = 2
"""Times a question is asked again of a new worker before it is answered with an error."""


def _exit_with_parent() -> None:
    """Exit the worker the moment the game's process is gone."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="solitaire-solver-parent-watch", daemon=True).start()


_SPAWN_MAIN = "from multiprocessing.spawn import spawn_main; "
_spawning = threading.Lock()


def quiet_bootstrap(command: list[str]) -> list[str]:
    """The worker's command line, its program made to exit quietly, status 0, when the game is
    gone before it has sent the worker its work (issue 32: a game killed while starting left the
    worker printing multiprocessing's ``EOFError: Ran out of input`` traceback on the terminal).

    Only that: the worker's own errors are caught in ``_serve``, and an ``EOFError`` later in the
    worker's life never reaches the program's top (``Process._bootstrap`` reports it). A frozen
    game starts its workers its own way (``--multiprocessing-fork``), which is left as it is.
    """
    if "-c" not in command:
        return command
    at = command.index("-c") + 1
    if not command[at].startswith(_SPAWN_MAIN):
        return command
    return [*command[:at], f"import os\ntry:\n    {command[at]}\nexcept EOFError:\n    os._exit(0)\n",
            *command[at + 1:]]


@contextlib.contextmanager
def _quiet_spawn() -> Iterator[None]:
    """While a worker starts, multiprocessing's spawn builds its command line through
    ``quiet_bootstrap`` (multiprocessing offers no other way in before the worker has its work)."""
    spawn = multiprocessing.spawn
    with _spawning:
        original = spawn.get_command_line
        spawn.get_command_line = lambda **kwds: quiet_bootstrap(original(**kwds))
        try:
            yield
        finally:
            spawn.get_command_line = original


def _serve(jobs: Any, results: Any, generation: Any) -> None:
    """The worker's loop: one job at a time, until a None job asks it to stop. A background
    question's search also stops as soon as another question waits."""
    _exit_with_parent()
    while True:
        job = jobs.get()
        if job is None:
            return
        question = decode(job)
        if generation.value != question.generation:
            continue

        def cancelled() -> bool:
            return generation.value != question.generation

        def gives_way() -> bool:
            return cancelled() or not jobs.empty()

        answer: Answer
        try:
            answer = _answer(question, gives_way if question.kind == BACKGROUND else cancelled)
        except Exception as error:  # a bad state must not kill the worker: report it instead
            answer = ErrorAnswer(question.ticket, question.kind, f"{type(error).__name__}: {error}")
        if not cancelled():
            results.put(encode(answer))


def _answer(question: Question, cancelled: Callable[[], bool]) -> Answer:
    """Search for the answer ``question`` asks (in the worker; a bad state raises)."""
    from ..core.position import game_from_json
    from . import api

    ticket, budget = question.ticket, question.budget
    if question.kind == "decide":  # its state is a player's view (player.decide_question)
        from .player import Undo, answer_question

        decision, plan = answer_question(question.state)
        return DecisionAnswer(ticket, decision if isinstance(decision, Move) else None, plan,
                              undo=isinstance(decision, Undo))
    game = game_from_json(question.state)
    if question.kind == "solve":
        result = api.solve(game, budget, should_stop=cancelled)
        return SolveAnswer(ticket, result.result, tuple(result.moves), result.nodes, round(result.seconds, 3))
    if question.kind in ("winnability", BACKGROUND):
        result = api.solve(game, budget, known=False, should_stop=cancelled).result
        return WinnabilityAnswer(ticket, {"won": "winnable", "lost": "not winnable"}.get(result, "unknown"))
    return HintAnswer(ticket, api.hint(game, budget))


class SolverWorker:
    """One worker process, started on first use.

    ``submit`` returns a ticket; ``poll`` returns the finished answers (typed values of
    :mod:`.messages`, carrying their ticket); ``cancel`` drops every job submitted so far; ``shutdown`` stops the process.
    A question submitted with ``keep=True`` is answered to ``take(ticket)`` instead of ``poll``,
    so that several users of one worker (the hints, a computer player) never see each other's
    answers.
    Every job is kept until answered, so that a worker that dies does not leave the game
    waiting for ever ("Thinking…"): ``poll`` starts a new one and asks again.
    """

    def __init__(self) -> None:
        self._context = mp.get_context("spawn")
        self._generation = self._context.Value("i", 0, lock=False)
        self._jobs: Any = None
        self._results: Any = None
        self._process: Any = None
        self._next_ticket = 0
        self._pending: dict[int, Question] = {}
        self._retries: dict[int, int] = {}
        self._kept: set[int] = set()  # tickets whose answers wait for take()
        self._held: dict[int, Answer] = {}  # their answers, by ticket
        self._loose: list[Answer] = []  # answers for poll() gathered by a take()

    def start(self) -> None:
        """Start the process now, if it is not running, without a question: a user who knows
        one is coming (the Duel, during its 3-2-1 count) pays the process start outside a frame.
        Safe to call again."""
        self._ensure_started()

    def _ensure_started(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._close_process()  # a worker that died: its pipes and thread go before new ones come
        self._jobs = self._context.Queue()
        self._results = self._context.SimpleQueue()
        self._process = self._context.Process(
            target=_serve, args=(self._jobs, self._results, self._generation), daemon=True,
            name="solitaire-solver",
        )
        with _quiet_spawn():
            self._process.start()

    def submit(self, kind: str, state_json: dict, budget: float, keep: bool = False) -> int:
        question = Question(self._next_ticket + 1, self._generation.value, kind, state_json, float(budget))
        self._ensure_started()
        self._next_ticket = question.ticket
        self._pending[question.ticket] = question
        if keep:
            self._kept.add(question.ticket)
        self._jobs.put(encode(question))
        return question.ticket

    def poll(self) -> list[Answer]:
        """The answers in (never those kept for ``take``)."""
        self._gather()
        out, self._loose = self._loose, []
        return out

    def take(self, ticket: int) -> Answer | None:
        """The answer to the kept question ``ticket`` if it is in, else None; never blocks."""
        self._gather()
        answer = self._held.pop(ticket, None)
        if answer is not None:
            self._kept.discard(ticket)
        return answer

    def asked(self, ticket: int) -> bool:
        """``ticket`` is still being answered or its answer waits: not cancelled, not taken."""
        return ticket in self._pending or ticket in self._held

    def retries_of(self, ticket: int) -> int:
        """Times ``ticket`` has been asked again of a new worker (0: its first worker still runs)."""
        return self._retries.get(ticket, 0)

    def forget(self, ticket: int) -> None:
        """Drop one question: its answer, if it comes, is dropped."""
        self._pending.pop(ticket, None)
        self._retries.pop(ticket, None)
        self._held.pop(ticket, None)
        self._kept.discard(ticket)

    def _gather(self) -> None:
        answers = self._collect()
        if self._pending and not self._process.is_alive():
            answers += self._collect()  # answers the worker sent just before it died
            answers += self._ask_again()
        for answer in answers:
            if answer.ticket in self._kept:
                self._held[answer.ticket] = answer
            else:
                self._loose.append(answer)

    def _collect(self) -> list[Answer]:
        out: list[Answer] = []
        if self._results is None:
            return out
        while not self._results.empty():
            answer = decode(self._results.get())
            if answer.ticket not in self._pending:
                continue  # forgotten, or cancelled
            self._pending.pop(answer.ticket, None)
            self._retries.pop(answer.ticket, None)
            out.append(answer)
        return out

    def _ask_again(self) -> list[Answer]:
        """The worker died with jobs pending: a new one gets them; a job that has already
        outlived `RETRIES` workers is answered with an error instead (it may be what kills them)."""
        failed: list[Answer] = []
        for ticket, question in sorted(self._pending.items()):
            self._retries[ticket] = self._retries.get(ticket, 0) + 1
            if self._retries[ticket] > RETRIES:
                failed.append(ErrorAnswer(ticket, question.kind, "the solver worker stopped"))
                del self._pending[ticket], self._retries[ticket]
        if self._pending:
            self._ensure_started()
            for _, question in sorted(self._pending.items()):
                self._jobs.put(encode(question))
        return failed

    def cancel(self) -> None:
        """Stop the running search and forget every job submitted until now."""
        self._generation.value += 1
        self._pending.clear()
        self._retries.clear()
        self._kept.clear()
        self._held.clear()
        self._loose.clear()
        self._collect()

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
            self._close_process()

    def _close_process(self) -> None:
        """Close what a stopped worker leaves in this process: both pipes, the thread that fed
        the jobs' pipe, the process's own handle. Left to the garbage collector they stay open
        until it comes by, a game started many times in one process holding hundreds (issue 23)."""
        if self._jobs is not None:
            if self._process is None or self._process.exitcode != 0:
                self._jobs.cancel_join_thread()  # no reader took them: queued jobs are dropped, never waited on
            self._jobs.close()
            self._jobs.join_thread()
            self._results.close()
        if self._process is not None and self._process.exitcode is not None:
            self._process.close()
        self._jobs = self._results = self._process = None

    def __enter__(self) -> SolverWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
