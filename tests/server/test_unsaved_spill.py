"""Results kept unwritten survive the process (issue 31, a gap of item 4): each is also in a file
of the process's own beside the database (``spill``), and a server started on the folder after
the process died writes them, each once. Where the disk refuses that file too, the server says
the results are in memory only, and at its stop that they are lost."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from solitaire.server.service import DuelServer
from solitaire.server import unsaved as unsaved_module
from solitaire.server.store import DuelRecord, SideRecord, Store
from solitaire.server.unsaved import Unsaved
from tests.server.helpers import Raw
from tests.server.test_fair_ratings import finished, human_gaps, new_race, play, players
from tests.server.test_unsaved_results import KEYS, FullDisk, race

ROOT = Path(__file__).resolve().parents[2]


def kept_races(server: DuelServer, count: int) -> list[str]:
    """``count`` races finished while the store refuses every write: their duels' ids."""
    store = server.store
    a, b = players(store, 2)
    db = store.db
    store.db = FullDisk(db)  # type: ignore[assignment]
    ids = []
    for n in range(count):
        duel = new_race(server, a, b)
        end = max(play(duel, 0, human_gaps(random.Random(n), 6)), play(duel, 1, human_gaps(random.Random(9), 6), seed=7))
        assert not finished(server, duel, end + 1)[0].saved
        ids.append(duel.id)
    store.db = db
    return ids


def test_results_kept_by_a_process_that_died_are_written_once_by_the_next(tmp_path):
    dead = DuelServer(Store(tmp_path))
    ids = kept_races(dead, 2)
    assert len(dead.unsaved) == 2 and dead.store.counts()["duels"] == 0
    assert Unsaved(tmp_path).kept == []  # its process lives (holds its file's lock): not taken
    dead.unsaved.spill.file.close()  # what dying does to the file: its lock goes, its lines stay
    store = Store(tmp_path)
    server = DuelServer(store)
    assert sorted(record.id for record in server.unsaved.kept) == sorted(ids)
    assert server.unsaved.retry(store) == 2 and store.counts() == {"duels": 2, "results": 4, "players": 2}
    assert list(tmp_path.glob("unsaved-*")) == [server.unsaved.spill.path]  # the dead one's file is gone
    assert server.unsaved.spill.path.read_text() == ""  # nothing kept: emptied
    server.stop()
    assert not list(tmp_path.glob("unsaved-*"))
    assert DuelServer(Store(tmp_path)).unsaved.kept == []  # nothing twice


def test_a_result_the_disk_refuses_twice_is_said_to_be_in_memory_only_and_lost_at_the_stop(tmp_path, capsys):
    server = DuelServer(Store(tmp_path))
    server.unsaved.spill.folder = tmp_path / "gone"  # a folder that refuses the file (root ignores chmod)
    kept_races(server, 1)
    assert "in memory only, lost if the process dies" in capsys.readouterr().err
    server.store.db = FullDisk(server.store.db)  # type: ignore[assignment]
    server.stop()
    err = capsys.readouterr().err
    assert "stopping: 1 results the store refused (database or disk is full) are LOST" in err


def test_a_server_killed_while_the_database_is_locked_loses_no_result(tmp_path):
    """The real thing: ``game.py server`` killed outright (SIGKILL) with a result kept while
    another connection holds the database's lock; a server opened on the folder once the lock
    is gone writes that result, once."""
    process = subprocess.Popen([sys.executable, "game.py", "server", "--data", str(tmp_path), "--port", "0",
                                "--count-seconds", "0.1", "--one-address", "--race-seconds", "30"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = json.loads(process.stdout.readline())["listening"]
        for name, key in zip(("M", "F"), KEYS):  # known players: admitted under the lock by a read
            Raw(url).hello(name, key)
        lock = sqlite3.connect(tmp_path / "duels.sqlite3", isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")
        told = race(url)
        assert [result["saved"] for result in told] == [False, False]
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    lock.execute("COMMIT")
    lock.close()
    store = Store(tmp_path)
    server = DuelServer(store)
    assert server.unsaved.retry(store) == 1
    assert [row[0] for row in store.db.execute("SELECT id FROM duels")] == [told[0]["duel"]]
    assert store.counts()["results"] == 2
    server.stop()
    assert not list(tmp_path.glob("unsaved-*"))


def test_a_server_stopped_with_results_kept_says_where_and_the_next_one_writes_them(tmp_path, capsys):
    server = DuelServer(Store(tmp_path))
    ids = kept_races(server, 1)
    server.store.db = FullDisk(server.store.db)  # type: ignore[assignment]
    server.stop()
    path = server.unsaved.spill.path
    assert f"stopping: 1 results the store refused (database or disk is full) are kept in {path}" in capsys.readouterr().err
    assert path is not None and path.exists()
    store = Store(tmp_path)
    after = DuelServer(store)
    assert [record.id for record in after.unsaved.kept] == ids and not path.exists()
    assert after.unsaved.retry(store) == 1 and store.counts()["results"] == 2


def _kept_record(n: int, a: int, b: int) -> DuelRecord:
    log = [[round(k * 0.9, 3), k % 2, "t2:4>t5", "ok"] for k in range(200)]
    sides = (SideRecord(a, 50, 0, 50, 4, "end", quick=True), SideRecord(b, 40, 0, 40, 3, "end"))
    return DuelRecord(f"d{n}", "DU:3:standard:1", 240, time.time(), time.time() + n, sides, "second", "", log)


def test_past_whole_results_kept_those_on_disk_are_held_by_their_summary_and_each_written_once(tmp_path, monkeypatch):
    monkeypatch.setattr(unsaved_module, "WHOLE", 3)
    for spilled in (True, False):  # False: no spill file (or one the disk refuses): memory is the only copy
        folder = tmp_path / str(spilled)
        store = Store(folder)
        a, b = players(store, 2)
        unsaved = Unsaved(folder if spilled else None)
        records = [_kept_record(n, a, b) for n in range(8)]
        db = store.db
        store.db = FullDisk(db)  # type: ignore[assignment]
        for record in records:
            assert not unsaved.write(store, record)[1]
        store.db = db
        whole = [kept for kept in unsaved.kept if isinstance(kept, DuelRecord)]
        assert whole == (records[:3] if spilled else records)  # the file has the others: 3 held whole
        assert [kept.id for kept in unsaved.kept] == [record.id for record in records]
        assert unsaved.quick_losses(a, 0.0) == {record.id for record in records}  # every one counted
        assert unsaved.retry(store) == 8 and unsaved.kept == [] and unsaved.retry(store) == 0
        assert store.counts()["duels"] == 8
        for record in records:
            assert json.loads(store.db.execute("SELECT log FROM duels WHERE id = ?", (record.id,)).fetchone()[0]) \
                == record.log
