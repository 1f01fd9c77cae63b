"""Per-address limits hold across the processes of a cluster (issue 31, ``shared_limits``):
an address spread over two processes gets one process's allowance of connections at once and
of wrong room codes, not twice it. Real ``game.py server`` processes on one ``nats-server -js``
and one data folder, players connecting from other addresses of 127.0.0.0/8."""

from __future__ import annotations

import asyncio
import json
import time

import nats
from websockets.exceptions import ConnectionClosed

from solitaire.server.shared_limits import REFRESH_SECONDS, SharedLimits, address_key
from tests.server.cluster_helpers import nats_server, two_processes
from tests.server.helpers import Raw

MANY = ("--newcomers", "100")  # every Raw player is a new key: the day's cap is not what is tested


def refused(url: str, source: str) -> bool:
    """A connection from ``source`` is shut at once (too many from that address)."""
    raw = Raw(url, source)
    try:
        raw.hello("Extra")
    except ConnectionClosed as closed:
        return closed.rcvd is not None and closed.rcvd.code == 1008
    finally:
        raw.close()
    return False


def admitted_soon(url: str, source: str) -> Raw:
    """A connection from ``source`` admitted, once the count a closed connection lowered has
    reached the cluster (a write on its way; at most a few seconds)."""
    deadline = time.monotonic() + 10
    while True:
        raw = Raw(url, source)
        try:
            assert raw.hello("Later")["type"] == "welcome"
            return raw
        except ConnectionClosed:
            raw.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_connections_from_one_address_are_counted_across_the_processes(tmp_path):
    with two_processes(tmp_path / "data", "--per-address", "3", *MANY) as (first, second):
        kept = [Raw(first.url, "127.0.0.2"), Raw(first.url, "127.0.0.2")]
        for raw in kept:
            assert raw.hello("Kept")["type"] == "welcome"
        kept.append(Raw(second.url, "127.0.0.2"))
        assert kept[-1].hello("Third")["type"] == "welcome"
        assert refused(second.url, "127.0.0.2")  # 3 open on the two: the 4th is refused on either
        assert refused(first.url, "127.0.0.2")
        other = Raw(second.url, "127.0.0.3")  # another address has its own allowance
        assert other.hello("Other")["type"] == "welcome"
        kept.pop(0).close()  # one closed on the first: the second may take one more
        kept.append(admitted_soon(second.url, "127.0.0.2"))
        assert refused(second.url, "127.0.0.2")
        for raw in kept + [other]:
            raw.close()


def test_wrong_room_codes_from_one_address_are_counted_across_the_processes(tmp_path):
    with two_processes(tmp_path / "data", *MANY) as (first, second):
        on_first, on_second = Raw(first.url, "127.0.0.4"), Raw(second.url, "127.0.0.4")
        maker, friend = Raw(first.url, "127.0.0.5"), Raw(first.url, "127.0.0.4")
        for raw, name in ((on_first, "G1"), (on_second, "G2"), (maker, "M"), (friend, "F")):
            assert raw.hello(name)["type"] == "welcome"
        maker.say({"type": "room", "code": ""})
        friend.say({"type": "room", "code": maker.hear_type("room_made")["code"]})  # right: not counted
        assert friend.hear_type("matched")["opponent"]["name"] == "M"
        guesses = (on_first, on_first, on_first, on_second, on_second)  # all at once: each waits for no answer
        for raw in guesses:
            raw.say({"type": "room", "code": "ZZZZZ"})
        assert [raw.hear_type("refused")["reason"] for raw in guesses] == ["no_room"] * 5
        for raw in (on_second, on_first):  # 5 a minute for the address, whichever process it tries
            raw.say({"type": "room", "code": "ZZZZZ"})
            assert raw.hear_type("refused")["reason"] == "throttled"
        makers = [Raw(second.url, "127.0.0.7") for _ in range(7)]  # 7 rooms, joined at once from one
        friends = [Raw(first.url, "127.0.0.8") for _ in range(7)]  # address (a household, a school):
        for raw in makers + friends:  # right codes are never throttled, however many at once
            assert raw.hello("P")["type"] == "welcome"
        for raw in makers:
            raw.say({"type": "room", "code": ""})
        codes = [raw.hear_type("room_made")["code"] for raw in makers]
        for raw, code in zip(friends, codes):
            raw.say({"type": "room", "code": code})
        assert all(raw.hear_type("matched")["opponent"]["name"].startswith("P") for raw in friends)
        for raw in (on_first, on_second, maker, friend, *makers, *friends):
            raw.close()


def test_admissions_at_once_on_two_processes_never_pass_the_limit_and_a_dead_ones_count_goes():
    with nats_server() as url:
        asyncio.run(_admitting(url))


async def _admitting(url: str) -> None:
    alive = {"a", "b"}
    connections = [await nats.connect(url) for _ in range(2)]
    limits = [SharedLimits(node, alive.__contains__) for node in ("a", "b")]
    for limit, nc in zip(limits, connections):
        await limit.start(nc, 1)
    ours = {"a": 0, "b": 0}  # each process's own count of the address's connections (``per_address``)

    async def connect(limit: SharedLimits) -> bool:
        ours[limit.node] += 1  # counted here first, as the server does
        if await limit.connect("10.0.0.9", 5, lambda: ours[limit.node]):
            return True
        ours[limit.node] -= 1
        return False

    assert sum(await asyncio.gather(*(connect(limits[n % 2]) for n in range(12)))) <= 5  # writes refused, read again
    while sum(ours.values()) < 5:
        assert await connect(limits[sum(ours.values()) % 2])
    assert not await connect(limits[0]) and not await connect(limits[1])
    alive.discard("a")  # a's beats stopped: what it counted does not count
    for _ in range(5 - ours["b"]):
        assert await connect(limits[1])
    assert not await connect(limits[1])
    ours["b"] -= 1
    await limits[1].disconnect("10.0.0.9", lambda: ours["b"])
    assert await connect(limits[1])
    key = address_key("10.0.0.9")  # held for half the bucket's memory: written again before it forgets
    written = (await limits[1].kv.get(key)).revision
    limits[1].written[key] = (time.monotonic() - REFRESH_SECONDS, limits[1].written[key][1])
    limits[1].order.appendleft((limits[1].written[key][0], key))
    await limits[1].refresh()
    assert (await limits[1].kv.get(key)).revision > written
    assert json.loads((await limits[1].kv.get(key)).value) == {"b": 5}  # the dead a's count dropped
    crowd = {"a": 0, "b": 0}  # many at once from one address on both, under a high limit (a school,
    alive.add("a")  # a carrier's NAT): each process's writes refused by the other's are tried again

    async def crowded(limit: SharedLimits) -> bool:
        crowd[limit.node] += 1
        return await limit.connect("10.0.0.10", 1000, lambda: crowd[limit.node])

    assert all(await asyncio.gather(*(crowded(limits[n % 2]) for n in range(200))))
    assert json.loads((await limits[0].kv.get(address_key("10.0.0.10"))).value) == {"a": 100, "b": 100}
    for nc in connections:
        await nc.close()
