"""Two server processes started at once on one new ``--data`` folder (the cluster tests do): the
second failed to start, 1 or 2 times in 100, "database is locked" — SQLite gives up switching a
file another process holds for that instant to WAL at once, without waiting for it."""

from __future__ import annotations

import sqlite3

import pytest

from solitaire.server import databases
from solitaire.server.databases import SqliteDb


class BusyAtFirst:
    """A connection whose first ``times`` switches to WAL fail with ``error`` (a file another
    process holds for that instant: "database is locked")."""

    def __init__(self, connection: sqlite3.Connection, error: str, times: int) -> None:
        self.connection = connection
        self.error, self.times = error, times
        self.refused = 0

    def execute(self, sql: str, parameters=()):
        if sql == "PRAGMA journal_mode=WAL" and self.refused < self.times:
            self.refused += 1
            raise sqlite3.OperationalError(self.error)
        return self.connection.execute(sql, parameters)

    def close(self) -> None:
        self.connection.close()


def opening(monkeypatch, error: str, times: int) -> list[BusyAtFirst]:
    opened: list[BusyAtFirst] = []
    real_connect = sqlite3.connect

    def connect(*args, **kwargs):
        opened.append(BusyAtFirst(real_connect(*args, **kwargs), error, times))
        return opened[-1]

    monkeypatch.setattr(databases.sqlite3, "connect", connect)
    return opened


def test_a_file_held_for_an_instant_when_opened_is_waited_for(tmp_path, monkeypatch):
    opened = opening(monkeypatch, "database is locked", times=3)
    db = SqliteDb(tmp_path, busy_seconds=2)
    assert opened[0].refused == 3
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_another_error_on_opening_is_said_at_once(tmp_path, monkeypatch):
    opened = opening(monkeypatch, "disk I/O error", times=3)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        SqliteDb(tmp_path, busy_seconds=2)
    assert opened[0].refused == 1  # not tried again: only a held file is waited for
