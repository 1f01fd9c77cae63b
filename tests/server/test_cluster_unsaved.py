"""Every process of a cluster sees the results the others keep unwritten (issue 31,
``shared_unsaved``): quick losses waiting to be saved on one process hold the player on another
(DU-9), rated races waiting on one process count toward a pair's rematches a day on another
(DU-8), and a process killed with results kept has them written by another."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import nats

from solitaire.net.online import OnlineClient, new_key
from solitaire.net.online_messages import Matched, Ok, Result, Welcome
from solitaire.entry.online_play import expect
from solitaire.server.fairness import QUICK_LIMIT, REMATCHES_A_DAY
from solitaire.server.service import DuelServer
from solitaire.server.shared_unsaved import BUCKET, REFRESH, SharedUnsaved
from solitaire.server import unsaved as unsaved_module
from solitaire.server.store import DuelRecord, SideRecord, Store
from solitaire.server.unsaved import Unsaved
from tests.server.cluster_helpers import nats_server, two_processes
from tests.server.helpers import met_in_a_room
from tests.server.test_cluster_postgresql import ended_while_postgresql_is_down, three_processes, written_within
from tests.server.test_unsaved_results import FullDisk

QUICK = ("--race-seconds", "30", "--count-seconds", "0.2")


def joined(url: str, key: str, name: str) -> OnlineClient:
    client = OnlineClient(url, key, name)
    client.start()
    expect(client, Welcome, 10)
    return client


def raced(farmer: OnlineClient, other: OnlineClient, farmer_moves: int) -> tuple[Result, Result]:
    """A queue race: the farmer draws ``farmer_moves`` times, the other draws once; both press End."""
    farmer.find()
    other.find()
    starts = max(expect(client, Matched, 15).starts_in for client in (farmer, other))
    time.sleep(starts + 0.05)  # a move before race time 0 is refused
    for client, moves in ((farmer, farmer_moves), (other, 1)):
        for n in range(1, moves + 1):
            client.move(n, "s")
            expect(client, Ok, 10)
    farmer.end()
    other.end()
    return expect(farmer, Result, 15), expect(other, Result, 15)


def test_DU9_quick_losses_kept_unwritten_on_one_process_hold_the_player_on_another(tmp_path):
    data = tmp_path / "data"
    keys = {name: new_key() for name in ("Farmer", "Other")}
    with two_processes(data, *QUICK) as (first, second):
        for name, key in keys.items():  # made while the database can be written
            joined(first.url, key, name).close()
        lock = sqlite3.connect(data / "duels.sqlite3", isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")  # another connection holds the write lock: results are kept
        farmer, other = (joined(first.url, keys[name], name) for name in ("Farmer", "Other"))
        for _ in range(QUICK_LIMIT):  # End before a move: quick losses (aborted), kept on the first process
            told = raced(farmer, other, 0)
            assert told[0].unrated == "aborted" and not told[0].saved
        farmer.close()
        other.close()
        farmer, other = (joined(second.url, keys[name], name) for name in ("Farmer", "Other"))
        told = raced(farmer, other, 1)  # on the second process, which wrote none of them either
        assert (told[0].unrated, told[1].unrated) == ("quick_losses", "opponent_quick_losses")
        assert not told[0].saved
        lock.rollback()
        farmer.close()
        other.close()


def test_a_result_kept_in_memory_only_postgresql_down_is_written_by_another_process_when_its_own_dies(
        tmp_path, postgresql):
    db = postgresql.fresh()  # PostgreSQL: no file beside the database keeps the result (``spill``)
    with three_processes(tmp_path, db, *QUICK) as processes:
        maker, friend = met_in_a_room(processes[1].url, ("Ann", "Bob"), processes[2].url)  # the race runs on [1]
        friend.hear_type("matched")
        with ended_while_postgresql_is_down(postgresql, maker, friend) as told:
            processes[1].kill()  # the result only in its memory, and in JetStream
        store = written_within(tmp_path, db, told[0]["duel"])  # found gone after 3 s without its beats, then taken over
        assert store.written(told[0]["duel"]) is not None, "the result the killed process kept was lost"
        assert store.counts() == {"duels": 1, "results": 2, "players": 2}
        store.close()


def test_DU8_rated_races_kept_unwritten_on_one_process_count_toward_the_day_on_another(tmp_path):
    with nats_server() as url:
        asyncio.run(_rematches(tmp_path, url))


async def _rematches(tmp_path, url: str) -> None:
    connections = [await nats.connect(url) for _ in range(2)]
    servers = []
    for index, nc in enumerate(connections):  # two processes' results kept unwritten, as a cluster shares them
        store = Store(tmp_path / f"p{index}")
        server = DuelServer(store)
        server.unsaved.shared = SharedUnsaved(f"p{index}")
        await server.unsaved.shared.start(nc, 1)
        servers.append(server)
    kept, asking = servers
    a, b = (kept.store.player(new_key(), name).id for name in ("A", "B"))
    kept.store.db = FullDisk(kept.store.db)  # type: ignore[assignment]
    for n in range(REMATCHES_A_DAY):
        assert asking.may_race("10.0.0.1", a, "10.0.0.2", b)
        sides = (SideRecord(a, 50, 0, 50, 4, "end"), SideRecord(b, 40, 0, 40, 3, "end"))
        record = DuelRecord(f"d{n}", "DU:3:standard:1", 240, time.time(), time.time(), sides, "first", "", [])
        assert not kept.unsaved.write(kept.store, record)[1]
        while len(asking.unsaved.shared.all()) <= n:  # on its way over NATS
            await asyncio.sleep(0.01)
    assert not asking.may_race("10.0.0.1", a, "10.0.0.2", b) and not asking.may_race("10.0.0.2", b, "10.0.0.1", a)
    kept.store.db = kept.store.db.db  # the disk has room again: written, and no longer shown as kept
    assert kept.unsaved.retry(kept.store) == REMATCHES_A_DAY
    while asking.unsaved.shared.all():
        await asyncio.sleep(0.01)
    assert asking.may_race("10.0.0.1", a, "10.0.0.2", b)  # (the asking process's own store has none of them)
    for server in servers:
        await server.unsaved.shared.close()
        server.worker.close()
        server.store.close()
    for nc in connections:
        await nc.close()


def test_a_process_holds_a_summary_of_the_others_kept_results_and_reads_them_whole_to_take_them_over():
    with nats_server() as url:
        asyncio.run(_summaries_held(url))


async def _summaries_held(url: str) -> None:
    """What another process keeps through an outage costs each process a summary in memory
    (0.2 KiB), not the whole result with its moves' log (42–105 KiB once read): nothing of it
    lost, read whole from JetStream when its process is gone."""
    connections = [await nats.connect(url) for _ in range(2)]
    keeping, watching = SharedUnsaved("a"), SharedUnsaved("b")
    for shared, nc in zip((keeping, watching), connections):
        await shared.start(nc, 1)
    log = [[round(n * 0.9, 3), n % 2, "t2:4>t5", "ok"] for n in range(400)]
    sides = (SideRecord(1, 500, 30, 530, 20, "end", quick=True), SideRecord(2, 400, 0, 400, 15, "time"))
    record = DuelRecord("d1", "DU:3:standard:1", 240, time.time() - 240, time.time(), sides, "first", "", log)
    keeping.kept(record)
    while "d1" not in watching.seen:  # on its way over NATS
        await asyncio.sleep(0.01)
    assert watching.seen["d1"] == ("a", record.summary()) == ("a", (record.ended, "", ((1, True), (2, False))))
    assert watching.all() == [("d1", record.summary())]
    assert watching.orphans({"a"}.__contains__) == []  # its process alive: its to write
    assert watching.orphans(set().__contains__) == ["d1"]
    assert await watching.whole(["d1", "d2"]) == [record]  # d2: written meanwhile (not there): left out
    for shared in (keeping, watching):
        await shared.close()
    for nc in connections:
        await nc.close()


def test_with_jetstream_out_the_others_still_hear_of_results_kept_and_written():
    with nats_server() as url:
        asyncio.run(_told_without_jetstream(url))


async def _told_without_jetstream(url: str) -> None:
    """The bucket gone (JetStream's copies unavailable): a result kept on one process still
    counts on the other (DU-9's quick losses, DU-8's rematches read ``all``), and goes once written."""
    connections = [await nats.connect(url, no_echo=True) for _ in range(2)]
    keeping, watching = SharedUnsaved("a"), SharedUnsaved("b")
    for shared, nc in zip((keeping, watching), connections):
        await shared.start(nc, 1)
    await connections[0].jetstream().delete_key_value(BUCKET)
    sides = (SideRecord(1, 50, 0, 50, 4, "end", quick=True), SideRecord(2, 40, 0, 40, 3, "end"))
    record = DuelRecord("d1", "DU:3:standard:1", 240, time.time(), time.time(), sides, "second", "", [])
    keeping.kept(record)
    for _ in range(500):  # on its way over NATS
        if watching.all():
            break
        await asyncio.sleep(0.01)
    assert watching.all() == [("d1", record.summary())]
    keeping.written("d1")
    for _ in range(500):
        if not watching.all():
            break
        await asyncio.sleep(0.01)
    assert watching.all() == []
    for shared in (keeping, watching):
        shared.outgoing.clear()  # JetStream's tries, refused: not waited for
        await shared.close()
    for nc in connections:
        await nc.close()


def test_past_whole_results_kept_those_jetstream_has_are_held_by_their_summary_and_each_written_once(
        tmp_path, monkeypatch):
    monkeypatch.setattr(unsaved_module, "WHOLE", 3)
    with nats_server() as url:
        asyncio.run(_held_in_jetstream(tmp_path, url))


async def _held_in_jetstream(tmp_path, url: str) -> None:
    """No spill file (PostgreSQL without ``--data``, or a full disk): JetStream's copy lets the
    process hold by their summary the results past ``WHOLE``, read back when written."""
    nc = await nats.connect(url)
    store = Store(tmp_path)
    a, b = (store.player(new_key(), name).id for name in ("A", "B"))
    unsaved = Unsaved(None)
    unsaved.shared = SharedUnsaved("p")
    await unsaved.shared.start(nc, 1)
    log = [[round(k * 0.9, 3), k % 2, "t2:4>t5", "ok"] for k in range(200)]
    sides = (SideRecord(a, 50, 0, 50, 4, "end", quick=True), SideRecord(b, 40, 0, 40, 3, "end"))
    records = [DuelRecord(f"d{n}", "DU:3:standard:1", 240, time.time(), time.time() + n, sides, "second", "", log)
               for n in range(9)]
    db = store.db
    store.db = FullDisk(db)  # type: ignore[assignment]
    for record in records[:8]:
        assert not unsaved.write(store, record)[1]
    while not all(unsaved.shared.has(record.id) for record in records[:8]):  # JetStream's copies on their way
        await asyncio.sleep(0.01)
    assert not unsaved.write(store, records[8])[1]
    assert [kept for kept in unsaved.kept if isinstance(kept, DuelRecord)] == [records[0], records[1], records[8]]
    assert unsaved.quick_losses(a, 0.0) == {record.id for record in records}
    store.db = db
    await unsaved.shared.kv.delete(records[2].id)  # taken over and written by another process while this
    store.record(records[2])  # one was cut off from NATS: in the store, not in JetStream
    assert await asyncio.to_thread(unsaved.retry, store) == 8  # on the database thread, as the server does
    assert store.counts()["duels"] == 9
    assert unsaved.kept == [] and await asyncio.to_thread(unsaved.retry, store) == 0
    for record in records:
        assert json.loads(store.db.execute("SELECT log FROM duels WHERE id = ?", (record.id,)).fetchone()[0]) \
            == record.log
    await unsaved.shared.close()
    await nc.close()
    store.close()


def test_our_kept_results_in_jetstream_are_put_again_before_the_bucket_forgets_them():
    with nats_server() as url:
        asyncio.run(_put_again(url))


async def _put_again(url: str) -> None:
    nc = await nats.connect(url)
    shared = SharedUnsaved("p")
    await shared.start(nc, 1)
    sides = (SideRecord(1, 50, 0, 50, 4, "end"), SideRecord(2, 40, 0, 40, 3, "end"))
    shared.kept(DuelRecord("d1", "DU:3:standard:1", 240, time.time(), time.time(), sides, "second", "", []))
    while not shared.has("d1"):
        await asyncio.sleep(0.01)
    put = (await shared.kv.get("d1")).revision
    assert not shared.due()
    shared.stored = {"written": time.time() - REFRESH - 2, "d1": time.time() - REFRESH - 1}  # "written": gone since
    assert shared.due()
    await shared.refresh()
    assert (await shared.kv.get("d1")).revision > put and list(shared.stored) == ["d1"] and not shared.due()
    await shared.close()
    await nc.close()
