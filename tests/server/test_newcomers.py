"""New players an address makes a day (issue 31 item 2, ``--newcomers``) are counted in the
store, not in a process's memory: a restarted server, or a second process of the same database
(SQLite or PostgreSQL), counts the ones made before. A day later the address may make more, and
its rows are deleted."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solitaire.server.service import Settings
from solitaire.server.store import NEWCOMER_DAY, Store, TooManyNewcomers
from tests.server.helpers import QUICK, Raw, running_server

ADDRESS = "203.0.113.7"


def test_a_restarted_server_still_counts_the_new_players_an_address_made_today(tmp_path):
    settings = replace(QUICK, newcomers=3)
    keys = [f"{n}" * 30 for n in range(4)]
    with running_server(tmp_path, settings) as (url, _):
        for key in keys[:3]:
            raw = Raw(url)
            assert raw.hello("New", key)["type"] == "welcome"
            raw.close()
    with running_server(tmp_path, settings) as (url, _):  # the same database, a new process's memory
        assert Raw(url).hello("New", keys[3])["reason"] == "throttled"
        assert Raw(url).hello("Again", keys[0])["type"] == "welcome"  # a known player is no newcomer


def count_across(first: Store, second: Store) -> None:
    """Two processes' stores of one database share one count an address."""
    first.player("a" * 30, "A", ADDRESS, 3, now=1000.0)
    second.player("b" * 30, "B", ADDRESS, 3, now=1001.0)
    first.player("c" * 30, "C", ADDRESS, 3, now=1002.0)
    with pytest.raises(TooManyNewcomers):
        second.player("d" * 30, "D", ADDRESS, 3, now=1003.0)
    assert not second.known("d" * 30)
    second.player("d" * 30, "D", "198.51.100.1", 3, now=1003.0)  # another address: its own count
    first.player("e" * 30, "E", ADDRESS, 3, now=1000.0 + NEWCOMER_DAY)  # a day after the first
    assert first.db.execute("SELECT made FROM newcomers WHERE address = ? ORDER BY made",
                            (ADDRESS,)).fetchall() == [(1001.0,), (1002.0,), (1000.0 + NEWCOMER_DAY,)]


def test_two_processes_of_one_sqlite_file_share_the_count(tmp_path):
    count_across(Store(tmp_path), Store(tmp_path))


def test_two_processes_of_one_postgresql_database_share_the_count(tmp_path, postgres_url):
    count_across(Store(tmp_path, url=postgres_url), Store(tmp_path, url=postgres_url))


def test_the_default_is_a_households_not_a_farms():
    assert 1 <= Settings().newcomers <= 10 and NEWCOMER_DAY == 86400
