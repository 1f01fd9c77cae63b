"""A slow database holds no race's moves (issue 35): the server's database calls run on a
thread of their own (``server.db_thread``), so while one race's result waits for a lock the
test holds, another race's moves are answered; the result is written once the lock goes (told
saved, written once)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

import psycopg
import pytest

from solitaire.server.db_thread import DbThread
from tests.server.helpers import QUICK, Raw, met_in_a_room, running_server

SETTINGS = replace(QUICK, race_seconds=60)


@contextmanager
def holding_the_lock(db: str | None, folder, players: list[int]) -> Iterator[Any]:
    """The lock a result's write needs, held by another connection while the block runs: SQLite's
    write lock, or PostgreSQL's row locks on the race's players (as another process finishing
    a race of theirs holds them)."""
    if db is None:
        other = sqlite3.connect(folder / "duels.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield other
        finally:
            other.execute("COMMIT")
            other.close()
        return
    with psycopg.connect(db) as other:
        with other.transaction():
            other.execute("SELECT id FROM players WHERE id = ANY(%s) FOR UPDATE", (players,))
            yield other


def answer(raw: Raw) -> dict:
    """The answer to the raw player's move (its rival's progress skipped)."""
    while True:
        message = raw.hear()
        if message["type"] in ("ok", "no"):
            return message


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_moves_of_other_races_are_answered_while_a_result_waits_for_a_lock(tmp_path, engine, request):
    db = request.getfixturevalue("postgres_url") if engine == "postgresql" else None
    # the lock outlasts the test's wait for an answer (5 s), so a write holding the loop fails the test
    with running_server(tmp_path, SETTINGS, busy_seconds=10.0, db=db) as (url, server):
        ending = met_in_a_room(url, ("A1", "A2"))
        racing = met_in_a_room(url, ("B1", "B2"))
        for raw in (ending[1], racing[1]):
            raw.hear_type("matched")
        players = [row[0] for row in server.store.db.execute("SELECT id FROM players WHERE name IN ('A1', 'A2')")]
        with holding_the_lock(db, tmp_path, players) as other:
            for raw in ending:
                raw.say({"type": "end"})  # the race is over: its write waits for the lock
            for n in (1, 2, 3):
                racing[0].say({"type": "move", "n": n, "move": "s"})
                assert answer(racing[0])["n"] == n  # answered while the write waits
            assert other.execute("SELECT count(*) FROM duels").fetchone()[0] == 0  # (the store's connection waits)
        told = [raw.hear_type("result") for raw in ending]
        assert [result["saved"] for result in told] == [True, True]  # written once the lock went, not kept
        assert server.store.counts() == {"duels": 1, "results": 2, "players": 4}
        for raw in (*ending, *racing):
            raw.close()


def test_an_urgent_job_runs_before_the_jobs_waiting_after_the_one_running():
    """A job another process waits on (a room's code asked across a cluster, answered within a
    second) is not queued behind a burst of hellos: it runs next, after the job running."""
    worker = DbThread()
    started, running, ran = threading.Event(), threading.Event(), []

    def held() -> None:
        started.set()
        running.wait(5)
        ran.append("running")

    async def jobs() -> None:
        worker.run(held)
        while not started.is_set():  # the thread has taken it: the others wait
            await asyncio.sleep(0.001)
        for n in range(3):
            worker.run(lambda n=n: ran.append(f"hello {n}"))
        urgent = asyncio.ensure_future(worker.call(lambda: ran.append("room") or "answered", urgent=True))
        await asyncio.sleep(0)
        running.set()
        assert await urgent == "answered"
        await worker.settled()

    asyncio.run(jobs())
    worker.close()
    assert ran == ["running", "room", "hello 0", "hello 1", "hello 2"]


def test_a_job_whose_asker_stopped_waiting_is_not_run_and_the_thread_goes_on():
    worker = DbThread()
    running, ran = threading.Event(), []

    async def jobs() -> None:
        worker.run(lambda: running.wait(5))
        asked = asyncio.ensure_future(worker.call(lambda: ran.append("dropped")))
        await asyncio.sleep(0)
        asked.cancel()
        with contextlib.suppress(asyncio.CancelledError):  # the cancel reaches the job before the thread goes on
            await asked
        running.set()
        assert await worker.call(lambda: ran.append("next") or "ok") == "ok"

    asyncio.run(jobs())
    worker.close()
    assert ran == ["next"]
