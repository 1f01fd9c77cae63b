"""The server's store on PostgreSQL (issue 35 item 1), against a real PostgreSQL the tests start
(``postgresql_server``): one versioned schema for both databases, a result written exactly once,
a rating change one transaction (two processes finishing two races of one player at once lose
neither update), and the server refusing a database it cannot use in one line."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from solitaire.server.cli import run_server
from solitaire.server.ratings import Skill
from solitaire.server.recorded import pick_run, raced
from solitaire.server.schema import ADDED, VERSION, migrate
from solitaire.server.store import DuelRecord, SideRecord, Store
from tests.server.helpers import QUICK, met_in_a_room, running_server
from tests.server.test_unsaved_results import KEYS, race

ROOT = Path(__file__).resolve().parents[2]


def record(duel_id: str, first: int, second: int, outcome: str = "first") -> DuelRecord:
    sides = (SideRecord(first, 50, 10, 60, 4, "end"), SideRecord(second, 20, 0, 20, 1, "time"))
    return DuelRecord(duel_id, "DU2-D3N-AAAAAAB", 240, 0.0, 1.0, sides, outcome, "",
                      [[0.5, 0, "s", "ok"], [0.7, 1, "s", "ok"]])


def columns(store: Store, table: str) -> set[str]:
    return store.db.columns(table)


def test_one_schema_for_both_databases_at_one_version(tmp_path, postgres_url):
    sqlite, postgres = Store(tmp_path), Store(tmp_path, url=postgres_url)
    for table in ("players", "duels", "results", "daily_results", "newcomers", "schema_version"):
        assert columns(sqlite, table) == columns(postgres, table) != set()
    for store in (sqlite, postgres):
        assert store.db.execute("SELECT version FROM schema_version").fetchall() == [(VERSION,)]
        assert migrate(store.db) == VERSION  # opened again: nothing to do, and still one row
        assert store.db.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)
        store.close()


def test_a_sqlite_file_of_the_first_schema_is_migrated_and_keeps_its_players(tmp_path):
    with sqlite3.connect(tmp_path / "duels.sqlite3") as old:
        old.executescript("CREATE TABLE players (id INTEGER PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, "
                          "name TEXT NOT NULL, base TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, "
                          "duels INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);"
                          "CREATE TABLE duels (id TEXT PRIMARY KEY, code TEXT NOT NULL, seconds INTEGER NOT NULL, "
                          "started REAL NOT NULL, ended REAL NOT NULL, winner INTEGER, why TEXT NOT NULL, "
                          "log TEXT NOT NULL);"
                          "INSERT INTO players VALUES (7, 'h', 'Sara', 'old', 25.0, 8.0, 0, 0, 0.0);")
    old.close()
    store = Store(tmp_path)
    assert {column for table, column, _ in ADDED} <= set().union(*(columns(store, t) for t, _, _ in ADDED))
    assert store.db.execute("SELECT id, name, base FROM players").fetchall() == [(7, "Sara", "sara")]
    assert store.db.execute("SELECT version FROM schema_version").fetchone() == (VERSION,)


def test_a_result_is_written_once_whichever_process_writes_it(tmp_path, postgres_url):
    one, other = Store(tmp_path, url=postgres_url), Store(tmp_path, url=postgres_url)  # two connections
    a, b = one.player("a" * 30, "A").id, other.player("b" * 30, "B").id
    before, after = one.record(record("d1", a, b))
    assert after[0].number > before[0].number
    assert other.record(record("d1", a, b, outcome="second")) == (before, after)  # as written first
    assert other.counts() == {"duels": 1, "results": 2, "players": 2}
    assert [side.outcome for side in other.written("d1")] == ["win", "loss"]
    with pytest.raises(psycopg.errors.UniqueViolation):  # the duel's id is unique in the table itself
        other.db.execute("INSERT INTO duels (id, code, seconds, started, ended, why, log) "
                         "VALUES ('d1', '', 1, 0, 0, '', '[]')")
    assert other.skill(a) == after[0] and one.leaderboard(a)[1]["duels"] == 1


def test_players_are_named_and_ranked_on_postgresql_as_on_sqlite(tmp_path, postgres_url):
    store = Store(tmp_path, url=postgres_url)
    sara = store.player("k" * 30, "Sara")
    assert (sara.name, store.player("j" * 30, "sara").name) == ("Sara", "Sara#2")
    assert store.player("k" * 30, "Sara").id == sara.id and store.known("k" * 30) and not store.known("x" * 30)
    ids = [store.player(f"{n}" * 30, f"P{n}").id for n in range(5)]
    for index in range(40):
        store.record(record(f"d{index}", ids[index % 4], ids[index % 4 + 1]))
    top, you = store.leaderboard(ids[4], limit=2)
    assert [line["place"] for line in top] == [1, 2] and you["name"] == "P4" and you["place"] == 5
    run = pick_run(store, sara.id)  # a recorded run comes from PostgreSQL too
    assert run is not None and run.deal == "DU2-D3N-AAAAAAB" and run.player != sara.id
    assert run.moves == (((0.5, "s"),), ((0.7, "s"),))[run.player != ids[int(run.duel[1:]) % 4]]
    for _ in range(2):  # raced: never offered again (written once, the second time a conflict ignored)
        raced(store, sara.id, run)
    assert store.db.execute("SELECT count(*) FROM recorded_raced").fetchone() == (1,)
    assert pick_run(store, sara.id).duel != run.duel


def _chain(rows: list[tuple[float, float, float, float]]) -> Skill:
    """Follow one player's rating changes from a new player's rating: each change must start
    where exactly one other ended; the rating reached."""
    now = Skill()
    left = list(rows)
    while left:
        starting = [row for row in left if (row[0], row[1]) == (now.mu, now.sigma)]
        assert len(starting) == 1, f"{len(starting)} changes start from {now}: an update was lost"
        left.remove(starting[0])
        now = Skill(starting[0][2], starting[0][3])
    return now


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_processes_finishing_races_of_one_player_at_once_lose_neither_update(tmp_path, kind, request):
    db = request.getfixturevalue("postgres_url") if kind == "postgresql" else str(tmp_path / "data")
    store = Store(Path(db) if kind == "sqlite" else tmp_path, url=db if kind == "postgresql" else None)
    sara, ann, bob = (store.player(c * 30, name).id for c, name in (("s", "Sara"), ("a", "Ann"), ("b", "Bob")))
    go, each = tmp_path / "go", 25
    writers = [subprocess.Popen([sys.executable, "-m", "tests.server.rating_writer", db, str(sara), str(other),
                                 prefix, str(each), str(go)], cwd=ROOT)
               for other, prefix in ((ann, "a"), (bob, "b"))]
    go.touch()
    assert [writer.wait(120) for writer in writers] == [0, 0]
    rows = store.db.execute("SELECT mu_before, sigma_before, mu_after, sigma_after FROM results WHERE player = ?",
                            (sara,)).fetchall()
    assert len(rows) == 2 * each
    assert _chain(rows) == store.skill(sara)
    assert store.db.execute("SELECT duels, wins FROM players WHERE id = ?", (sara,)).fetchone() == (2 * each, 2 * each)
    store.close()


def test_a_race_on_postgresql_is_written_there(tmp_path, postgres_url):
    with running_server(tmp_path, db=postgres_url) as (url, server):
        maker, friend = met_in_a_room(url)
        friend.hear_type("matched")
        for raw in (maker, friend):
            raw.say({"type": "end"})
        told = [maker.hear_type("result"), friend.hear_type("result")]
        assert [r["saved"] for r in told] == [True, True]
        for raw in (maker, friend):
            raw.close()
    assert not (tmp_path / "duels.sqlite3").exists()
    assert Store(tmp_path, url=postgres_url).written(told[0]["duel"]) is not None


def test_a_database_the_server_cannot_use_is_one_line_and_exit_2(tmp_path, postgres_url, postgresql, capsys):
    Store(tmp_path, url=postgres_url).db.execute("UPDATE schema_version SET version = 99")
    for argv, said in ((["--db", postgres_url, "--leaderboard"], "schema is version 99"),
                       (["--db", postgresql.url("no_such_database"), "--leaderboard"], "no_such_database"),
                       (["--db", "mysql://x"], "expected postgresql://"),
                       ([], "--data DIR (SQLite there) or --db URL")):
        assert run_server(argv) == 2, argv
        told = capsys.readouterr().err
        assert said in told and len(told.strip().splitlines()) == 1, (argv, told)
    assert run_server(["--db", postgresql.url("x").replace("postgres@", "postgres:hidden@"), "--leaderboard"]) == 2
    assert "hidden" not in capsys.readouterr().err


def test_postgresql_restarted_mid_race_keeps_the_result_and_writes_it_once_when_back(tmp_path, postgresql):
    """The database stops while two players race (a restart, a failover): the race ends, both
    are told their result and that it will be saved; once the database is back the server's
    retry writes it, once, and the next race is written at once (``unsaved``)."""
    db = postgresql.fresh()
    with running_server(tmp_path, replace(QUICK, race_seconds=30), db=db) as (url, server):
        maker, friend = met_in_a_room(url, keys=KEYS)
        friend.hear_type("matched")
        postgresql.stop()
        try:
            for raw in (maker, friend):
                raw.say({"type": "end"})
            kept = [maker.hear_type("result"), friend.hear_type("result")]
            assert [r["saved"] for r in kept] == [False, False] and len(server.unsaved) == 1
        finally:
            postgresql.start()
            for raw in (maker, friend):
                raw.close()
        deadline = time.monotonic() + 10  # the retry comes within a second: bounded, not timed
        while server.unsaved and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not server.unsaved
        after = race(url)
        assert [r["saved"] for r in after] == [True, True]
    store = Store(tmp_path, url=db)
    assert store.written(kept[0]["duel"]) is not None and store.written(after[0]["duel"]) is not None
    assert store.counts() == {"duels": 2, "results": 4, "players": 2}  # each written exactly once


def test_three_processes_opening_a_new_database_at_once_make_its_schema_once(postgres_url):
    """Each on its own connection, at the same moment (``schema.migrate``'s advisory lock)."""
    go = threading.Barrier(3)
    opened: list[Store | BaseException] = []

    def open_it() -> None:
        go.wait()
        try:
            opened.append(Store(Path(), url=postgres_url))
        except BaseException as error:  # noqa: BLE001 - the test says which
            opened.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(isinstance(store, Store) for store in opened), opened
    assert opened[0].db.execute("SELECT version FROM schema_version").fetchall() == [(VERSION,)]
    for store in opened:
        store.close()


def test_processes_naming_new_players_of_one_name_at_once_number_them_apart(postgres_url):
    """Four connections each make an "Alice" at the same moment (``Store.player``'s advisory lock)."""
    stores = [Store(Path(), url=postgres_url) for _ in range(4)]
    go = threading.Barrier(len(stores))
    names: list[str] = []

    def name_one(index: int) -> None:
        go.wait()
        names.append(stores[index].player(f"{index}" * 30, "Alice").name)

    threads = [threading.Thread(target=name_one, args=(index,)) for index in range(len(stores))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(names) == ["Alice", "Alice#2", "Alice#3", "Alice#4"]
    for store in stores:
        store.close()
