"""Per-address limits across a cluster's processes when JetStream cannot count them (issue 31,
``cluster_limits``): the processes ask each other over plain NATS, so two processes together
still admit one allowance of connections and wrong room codes, not one each; and a process
just started does not count a dead process's connections. Real ``game.py server`` processes
on one ``nats-server -js``, players connecting from other addresses of 127.0.0.0/8."""

from __future__ import annotations

import asyncio

import nats

from solitaire.server import shared_limits
from solitaire.server.cluster import ClusterServer
from solitaire.server.link import PEER_SECONDS, ROOMS, beat, node_subject
from solitaire.server.store import Store
from solitaire.server.shared_limits import SharedLimits
from tests.server.cluster_helpers import ServerProcess, nats_server
from tests.server.helpers import QUICK, Raw
from tests.server.test_cluster_limits import MANY, admitted_soon, refused


async def _without_jetstream_limits(url: str) -> None:
    """The limits' bucket and stream deleted (JetStream's counts gone; the races' kept)."""
    nc = await nats.connect(url)
    js = nc.jetstream()
    await js.delete_key_value(shared_limits.BUCKET)
    await js.delete_stream(shared_limits.STREAM)
    await nc.close()


def test_with_jetstream_out_two_processes_admit_one_allowance_of_connections_and_wrong_codes(tmp_path):
    with nats_server() as url:
        first, second = (ServerProcess(tmp_path, url, "--per-address", "3", *MANY, wait=False) for _ in range(2))
        try:
            first.ready(), second.ready()  # started at once
            asyncio.run(_without_jetstream_limits(url))
            kept = [Raw(first.url, "127.0.0.2"), Raw(first.url, "127.0.0.2"), Raw(second.url, "127.0.0.2")]
            for raw in kept:
                assert raw.hello("Kept")["type"] == "welcome"
            assert refused(second.url, "127.0.0.2")  # 3 open on the two (each alone would take 3)
            assert refused(first.url, "127.0.0.2")
            kept.pop().close()  # one closed on the second: one more may open, on either
            kept.append(admitted_soon(first.url, "127.0.0.2"))
            assert refused(second.url, "127.0.0.2")

            maker, friend = Raw(second.url, "127.0.0.5"), Raw(first.url, "127.0.0.6")
            on_second = Raw(second.url, "127.0.0.6")
            for raw, name in ((maker, "M"), (friend, "F"), (on_second, "G")):
                assert raw.hello(name)["type"] == "welcome"
            maker.say({"type": "room", "code": ""})
            friend.say({"type": "room", "code": maker.hear_type("room_made")["code"]})  # right: uncounted
            assert friend.hear_type("matched")["opponent"]["name"] == "M"
            guessing = Raw(first.url, "127.0.0.6")
            assert guessing.hello("G2")["type"] == "welcome"
            for raw in (guessing, guessing, guessing, on_second, on_second):
                raw.say({"type": "room", "code": "ZZZZZ"})
                assert raw.hear_type("refused")["reason"] == "no_room"
            for raw in (on_second, guessing):  # 5 a minute for the address, counted by the two together
                raw.say({"type": "room", "code": "ZZZZZ"})
                assert raw.hear_type("refused")["reason"] == "throttled"
            for raw in (*kept, maker, friend, on_second, guessing):
                raw.close()
        finally:
            second.stop()
            first.stop()


def test_a_process_just_started_does_not_count_a_dead_processs_connections(tmp_path):
    with nats_server() as url:
        dead = ServerProcess(tmp_path, url, "--per-address", "2", *MANY)
        gone = [Raw(dead.url, "127.0.0.2"), Raw(dead.url, "127.0.0.2")]
        try:
            assert [raw.hello("Gone")["type"] for raw in gone] == ["welcome", "welcome"]  # its count: 2
        finally:
            dead.kill()
            for raw in gone:
                raw.close()
        started = ServerProcess(tmp_path, url, "--per-address", "2", *MANY)  # in its first seconds:
        try:  # it has not heard who beats yet, and the dead one's 2 are in the key
            kept = [Raw(started.url, "127.0.0.2"), Raw(started.url, "127.0.0.2")]
            assert [raw.hello("Here")["type"] for raw in kept] == ["welcome", "welcome"]
            assert refused(started.url, "127.0.0.2")
            for raw in kept:
                raw.close()
        finally:
            started.stop()


def test_counts_changed_while_jetstream_was_out_are_written_when_it_is_back():
    with nats_server() as url:
        asyncio.run(_back(url))


async def _back(url: str) -> None:
    connections = [await nats.connect(url) for _ in range(2)]
    limits = [SharedLimits(node, {"a", "b"}.__contains__) for node in ("a", "b")]
    for limit, nc in zip(limits, connections):
        await limit.start(nc, 1)
    await _without_jetstream_limits(url)
    ours = {"a": 2, "b": 1}  # a admitted 2 from the address meanwhile (counted over plain NATS)
    assert await limits[0].connect("10.0.0.9", 3, lambda: ours["a"]) is None
    assert limits[0].out() and await limits[0].connect("10.0.0.9", 3, lambda: ours["a"]) is None  # not asked again
    for limit, nc in zip(limits, connections):  # JetStream back (made again by a process starting)
        await limit.start(nc, 1)
    limits[0].again = 0.0  # its pause over
    assert await limits[0].connect("10.0.0.8", 3, lambda: 1)  # a's first write taken: its missed counts follow
    while limits[0].missed or "10.0.0.9" in limits[0].locks:
        await asyncio.sleep(0.01)
    assert await limits[1].connect("10.0.0.9", 3, lambda: ours["b"])  # 2 + 1: the limit
    ours["b"] += 1
    assert not await limits[1].connect("10.0.0.9", 3, lambda: ours["b"])  # a's 2 counted: not 4
    for nc in connections:
        await nc.close()


def test_a_room_code_is_asked_of_each_process_and_of_all_at_once_when_one_does_not_answer(tmp_path):
    with nats_server() as url:
        asyncio.run(_rooms_asked(tmp_path, url))


async def _rooms_asked(tmp_path, url: str) -> None:
    """Wrong once every process has said no (one gone counts as no, at once); a process that
    does not answer (an older version, in a rolling restart) has the code asked of all at once,
    where its maker answers."""
    server = ClusterServer(Store(tmp_path), QUICK, url)
    await server.link.connect({})
    server.joined = server.clock() - PEER_SECONDS
    other = await nats.connect(url)

    async def new_version(msg) -> None:
        await msg.respond(b"none")

    async def maker(msg) -> None:
        if msg.data.decode().split(" ")[2] == "ABCDE":
            await msg.respond(b"ok")

    await other.subscribe(node_subject("newer"), cb=new_version)
    await other.subscribe(ROOMS, cb=maker)
    await other.flush()
    for node in ("newer", "gone"):
        server.peers.heard(beat(node, 0, []), server.clock())
    assert await server._ask_rooms(f"{server.node} 1 ZZZZZ Sara") is None
    assert await server._ask_rooms(f"{server.node} 1 ABCDE Sara") is None  # only the maker's own subject says it
    asked_node = server.link.ask_node

    async def older_version(node: str, text: str) -> str | None:
        """An older process hears the question and never answers: ``ask_node``'s "" after its
        wait, given at once here (a whole-suite run at load 20 let the maker's own 1 s answer
        time out behind that wait)."""
        return "" if node == "older" else await asked_node(node, text)

    server.link.ask_node = older_version
    server.peers.heard(beat("older", 0, []), server.clock())
    assert await server._ask_rooms(f"{server.node} 1 ABCDE Sara") == "ok"
    await other.close()
    await server.link.close()
    server.worker.close()
    server.store.close()
