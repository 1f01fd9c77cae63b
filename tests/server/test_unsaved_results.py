"""No result lost on the server (issue 31 item 4): a store that cannot write (a full disk, a
database another process holds locked, a read-only one) keeps the results, tells the players
they will be saved, and writes each exactly once when it can again. SQLite's own refusals: another
connection holding the write lock ("database is locked"), the connection made read-only
(``query_only``: "attempt to write a readonly database"); a full disk is the connection's writes
failing as SQLite's do then ("database or disk is full", ``FullDisk``)."""

from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest

from solitaire.server.service import DuelServer
from tests.server.helpers import QUICK, Raw, met_in_a_room, running_server

SETTINGS = replace(QUICK, race_seconds=30)


class FullDisk:
    """The store's connection on a full disk: every write fails as SQLite's does (SQLITE_FULL).
    (Capping the file with ``max_page_count`` refuses only a write that needs a new page, and a
    duel's rows often fit in the pages there are.)"""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if sql.split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)


@contextmanager
def refusing(kind: str, server: DuelServer, folder: Path) -> Iterator[None]:
    """The server's store refuses every write while the block runs, as ``kind`` makes it."""
    db = server.store.db
    if kind == "full":
        server.store.db = FullDisk(db)  # type: ignore[assignment]
        yield
        server.store.db = db
    elif kind == "locked":
        other = sqlite3.connect(folder / "duels.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        yield
        other.execute("COMMIT")
        other.close()
    else:
        db.execute("PRAGMA query_only = 1")
        yield
        db.execute("PRAGMA query_only = 0")


KEYS = ("m" * 30, "f" * 30)  # the same two players each race: known to the store, admitted without a write


def race(url: str) -> list[dict]:
    """Two players meet in a room and both press End at once: the results they are told."""
    maker, friend = met_in_a_room(url, keys=KEYS)
    friend.hear_type("matched")
    for raw in (maker, friend):
        raw.say({"type": "end"})
    told = [maker.hear_type("result"), friend.hear_type("result")]
    for raw in (maker, friend):
        raw.close()
    return told


def written(server: DuelServer) -> list[str]:
    return [row[0] for row in server.store.db.execute("SELECT id FROM duels ORDER BY rowid")]  # in the order written


@pytest.mark.parametrize("kind", ["full", "locked", "read_only"])
def test_results_the_store_cannot_write_are_told_kept_and_written_once_when_it_can(tmp_path, kind):
    with running_server(tmp_path, SETTINGS, busy_seconds=0.05) as (url, server):
        first = race(url)
        assert [r["saved"] for r in first] == [True, True] and written(server) == [first[0]["duel"]]
        with refusing(kind, server, tmp_path):
            kept = [race(url) for _ in range(2)]
            for told in kept:
                assert [r["saved"] for r in told] == [False, False]  # told, and told it will be saved
                assert told[0]["duel"] == told[1]["duel"] and told[0]["you"] == told[1]["opponent"]
            assert written(server) == [first[0]["duel"]] and len(server.unsaved) == 2
        deadline = time.monotonic() + 10  # the retry comes within a second: bounded, not timed
        while server.unsaved and time.monotonic() < deadline:
            time.sleep(0.02)
        after = race(url)
        assert [r["saved"] for r in after] == [True, True]
        ids = written(server)
        assert sorted(ids) == sorted({first[0]["duel"], *(t[0]["duel"] for t in kept), after[0]["duel"]})
        assert server.store.counts()["results"] == 2 * len(ids)  # each written exactly once
        assert not server.unsaved


def test_a_result_kept_unwritten_goes_before_the_next_one(tmp_path):
    """No timer needed: the next result's write writes the kept ones first, oldest first."""
    with running_server(tmp_path, replace(SETTINGS, tick=60.0)) as (url, server):
        for name, key in zip(("M", "F"), KEYS):  # known players: admitted on a full disk
            Raw(url).hello(name, key)
        with refusing("full", server, tmp_path):
            kept = race(url)
        assert len(server.unsaved) == 1
        after = race(url)
        assert after[0]["saved"] and written(server) == [kept[0]["duel"], after[0]["duel"]]


def test_a_new_player_the_store_cannot_write_is_told_so(tmp_path):
    with running_server(tmp_path, SETTINGS) as (url, server):
        with refusing("read_only", server, tmp_path):
            refused = Raw(url).hello("Newcomer")
        assert refused["type"] == "refused" and refused["reason"] == "store"
        assert Raw(url).hello("Newcomer")["type"] == "welcome"
