"""``python game.py bench --server``, its part "moves while results wait for the database" (issue 35).

One server process on SQLite (a fresh folder), ``RACING`` duels whose players move once a second,
and beside them a pair of players every ``FINISH_EVERY`` seconds who meet in a room and both press
End: a result to write. Meanwhile the bench holds SQLite's write lock from a connection of its
own for ``HELD_SECONDS`` of every ``HELD_SECONDS + FREE_SECONDS`` (as another process writing, or
a slow disk, would): each result's write waits for it (the server's busy wait, 0.5 s) and is then
kept unwritten and retried. The figures: the racing players' move round trip (median, p99) and the
server's CPU a move; with ``--against GAME_PY`` the same on that checkout's server, in the same run.
A server that writes on its event loop holds every race's moves while a write waits.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from solitaire.benches.server import GAME, ServerProcess, _player, _quantile, _until

RACING = 50  # duels whose moves are measured
MEASURE_SECONDS = 20.0
FINISH_EVERY = 0.5  # a race is ended (a result to write) this often
HELD_SECONDS, FREE_SECONDS = 3.0, 1.0  # SQLite's write lock held, then let go, in turn


def run_locked_bench(against: list[Path]) -> None:
    print(f"  moves while results wait for the database: {RACING} duels moving (a move a second each side), a race "
          f"ended every {FINISH_EVERY:g} s, SQLite's write lock held {HELD_SECONDS:g} s of every "
          f"{HELD_SECONDS + FREE_SECONDS:g} s by another connection; {MEASURE_SECONDS:g} s measured", flush=True)
    for game in (GAME, *against):
        with tempfile.TemporaryDirectory(prefix="solitaire-bench-locked-") as folder:
            server = ServerProcess(Path(folder) / "duels", game=game, stderr=subprocess.DEVNULL)  # its "kept" lines
            try:
                trips, written, cpu = asyncio.run(_locked(server, Path(folder) / "duels" / "duels.sqlite3"))
            finally:
                server.stop()
        here = "here" if game == GAME else str(game)
        print(f"    {here}: {len(trips)} moves, round trip median {_quantile(trips, 0.5) * 1000:.1f} ms, "
              f"p99 {_quantile(trips, 0.99) * 1000:.1f} ms, max {max(trips, default=0) * 1000:.0f} ms; server CPU "
              f"{cpu / max(len(trips), 1) * 1000:.3f} ms a move (results' writes included); {written} races "
              "written by the end", flush=True)


async def _locked(server: ServerProcess, database: Path) -> tuple[list[float], int, float]:
    rng = random.Random(35)
    duels = [await _room(server.url, f"R{n}") for n in range(RACING)]
    keys = [secrets.token_urlsafe(24) for _ in range(2 * int(MEASURE_SECONDS / FINISH_EVERY + 1))]
    for index, key in enumerate(keys):  # known before: their hellos are reads, not writes waiting for the lock
        await (await _player(server.url, "Fb" if index % 2 else "Fa", key)).close()  # as ``_room`` names them
    trips: list[float] = []
    stop = time.perf_counter() + MEASURE_SECONDS
    cpu = server.cpu_seconds()
    tasks = [asyncio.create_task(_mover(ws, rng.random(), stop, trips)) for pair in duels for ws in pair]
    tasks += [asyncio.create_task(_finisher(server.url, keys, stop)), asyncio.create_task(_lock(database, stop))]
    await asyncio.gather(*tasks)
    cpu = server.cpu_seconds() - cpu
    for pair in duels:
        for ws in pair:
            await ws.close()
    await asyncio.sleep(2 * FREE_SECONDS)  # the kept results' retry
    with sqlite3.connect(database) as db:
        written = db.execute("SELECT count(*) FROM duels").fetchone()[0]
    return trips, written, cpu


async def _room(url: str, name: str, keys: tuple[str | None, str | None] = (None, None)) -> tuple[Any, Any]:
    maker, friend = await _player(url, name + "a", keys[0]), await _player(url, name + "b", keys[1])
    await maker.send('{"type":"room","code":""}')
    code = (await _until(maker, "room_made"))["code"]
    await friend.send(json.dumps({"type": "room", "code": code}))
    await _until(maker, "matched")
    await _until(friend, "matched")
    return maker, friend


async def _mover(ws: Any, phase: float, stop: float, trips: list[float]) -> None:
    """A stock click a second; each answer's round trip kept."""
    await asyncio.sleep(phase)
    number = 0
    while time.perf_counter() < stop:
        number += 1
        sent = time.perf_counter()
        await ws.send(json.dumps({"type": "move", "n": number, "move": "s"}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] in ("ok", "no") and message.get("n") == number:
                break
        trips.append(time.perf_counter() - sent)
        await asyncio.sleep(max(0.0, sent + 1.0 - time.perf_counter()))


async def _finisher(url: str, keys: list[str], stop: float) -> None:
    """A race ended every ``FINISH_EVERY`` seconds (both players press End), without waiting for its result."""
    done: list[Any] = []
    index = 0
    while time.perf_counter() < stop and index + 1 < len(keys):
        started = time.perf_counter()
        pair = await _room(url, "F", (keys[index], keys[index + 1]))
        index += 2
        for ws in pair:
            await ws.send('{"type":"end"}')
        done += pair
        await asyncio.sleep(max(0.0, started + FINISH_EVERY - time.perf_counter()))
    for ws in done:
        await ws.close()


async def _lock(database: Path, stop: float) -> None:
    """SQLite's write lock, held and let go in turn (``HELD_SECONDS``, ``FREE_SECONDS``)."""
    db = sqlite3.connect(database, isolation_level=None, timeout=10)
    try:
        while time.perf_counter() < stop:
            db.execute("BEGIN IMMEDIATE")
            await asyncio.sleep(HELD_SECONDS)
            db.execute("COMMIT")
            await asyncio.sleep(FREE_SECONDS)
    finally:
        db.close()
