"""The duel server's database calls, off its event loop (issue 35): one thread does them all.

A write waiting for a lock another process holds (SQLite's busy wait, a PostgreSQL row lock) or
for a database that does not answer (its connect timeout) used to hold the event loop, so every
race's moves waited with it. Every call of the store, and of the results it kept unwritten
(``unsaved``), is now a **job** run on one thread of its own, in the order it was asked; what
the job's answer changes on the server (a result told, a player admitted, a pair seated) is
done back on the event loop (``then``). One thread, not a pool: the store's one connection is
used by one thread at a time, jobs keep their order (a result is written before the next one,
the kept ones first, as on the loop), and a rating change stays one transaction of that one
connection. Moves never wait for a job: a race's move is refereed in memory. A job another
process waits on (a room's code asked across a cluster, answered within a second) is
``urgent``: it runs before the jobs waiting (a burst of new players' hellos), after the one
running.

Called with no event loop running (the command line, the unit tests driving the server by
hand), a job runs at once on the caller's thread: there is no loop to hold.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from concurrent.futures import Future
from typing import Any, Callable, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


class DbThread:
    def __init__(self) -> None:
        self.jobs: deque[tuple[Callable[[], Any], Future]] = deque()
        self.urgent: deque[tuple[Callable[[], Any], Future]] = deque()
        self.ready = threading.Condition()
        self.thread: threading.Thread | None = None  # started with the first job
        self.closed = False
        self.asked = 0  # jobs asked and not yet answered on the loop
        self.quiet: asyncio.Event | None = None  # set while no job is waiting (``settled``)

    def run(self, job: Callable[[], T], then: Callable[[T], Any] | None = None, urgent: bool = False) -> None:
        """Run ``job`` on the database thread, then ``then(its answer)`` on the event loop. A job
        that raises is logged and its ``then`` not called (the jobs catch what they expect)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            answer = job()
            if then is not None:
                then(answer)
            return
        self.asked += 1
        if self.quiet is None:
            self.quiet = asyncio.Event()
        self.quiet.clear()
        self._submit(job, urgent).add_done_callback(lambda done: _back(loop, self._answered, done, then))

    async def call(self, job: Callable[[], T], urgent: bool = False) -> T:
        """``job``'s answer, run on the database thread (for code that awaits anyway)."""
        return await asyncio.wrap_future(self._submit(job, urgent))

    def _submit(self, job: Callable[[], Any], urgent: bool) -> Future:
        future: Future = Future()
        with self.ready:
            if self.thread is None:
                self.thread = threading.Thread(target=self._work, name="duel-db", daemon=True)
                self.thread.start()
            (self.urgent if urgent else self.jobs).append((job, future))
            self.ready.notify()
        return future

    def _work(self) -> None:
        while True:
            with self.ready:
                while not self.urgent and not self.jobs and not self.closed:
                    self.ready.wait()
                if not self.urgent and not self.jobs:
                    return
                job, future = (self.urgent or self.jobs).popleft()
            if not future.set_running_or_notify_cancel():
                continue  # whoever asked no longer waits (its task was cancelled): not run
            try:
                answer = job()
            except BaseException as error:  # handed to whoever waits for it
                future.set_exception(error)
            else:
                future.set_result(answer)

    def _answered(self, done: Future, then: Callable[[Any], Any] | None) -> None:
        self.asked -= 1
        try:
            error = done.exception()
            if error is not None:
                log.error("a database job failed", exc_info=error)
            elif then is not None:
                then(done.result())
        finally:
            if not self.asked and self.quiet is not None:
                self.quiet.set()

    def drain(self) -> None:
        """Wait, on the caller's thread, until every job asked so far has run (the server stops:
        its last results are written before it goes; their ``then`` runs when the loop next turns)."""
        if self.thread is not None:
            self._submit(lambda: None, False).result()

    async def settled(self) -> None:
        """Wait until every job asked so far has run and its ``then`` too."""
        while self.asked and self.quiet is not None:
            await self.quiet.wait()

    def close(self) -> None:
        """The jobs asked run, then the thread ends."""
        with self.ready:
            self.closed = True
            self.ready.notify()
        if self.thread is not None:
            self.thread.join()


def _back(loop: asyncio.AbstractEventLoop, answered: Callable[..., None], done: Future, then: Any) -> None:
    """On the database thread: hand the answer back to the loop (gone already: nobody to tell)."""
    try:
        loop.call_soon_threadsafe(answered, done, then)
    except RuntimeError:
        pass
