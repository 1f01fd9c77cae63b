"""``python game.py bench --store [--db URL]``: what a finished race's write costs the server
(issue 35 item 1), on SQLite in a scratch folder and on the PostgreSQL at ``--db`` (a scratch
schema there, dropped after), in one run.

The store is called from the server's event loop: a result's write (the duel, both results, both
rating changes: one transaction, ``Store.record``) holds the loop for as long as it takes, as
does a rating read (``Store.skill``, each match). Medians and p99 of ``WRITES`` writes, one after
another, the connection made once (as the server keeps it). Then what a result kept unwritten
(``server.unsaved``: the database down) costs a process's memory, as read back from a spill
file or JetStream: whole, with its moves' log (``KEPT_MOVES`` moves a side), and held by its
summary (``unsaved.Summarised``; what every process of a cluster holds of the others', ``shared_unsaved``).
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from solitaire.core.args import UsageError
from solitaire.server.store import DuelRecord, SideRecord, Store

WRITES = 1000
KEPT = 200  # results measured together
KEPT_MOVES = (100, 250)  # moves a side: a quick race, a long one (4 minutes at a person's pace)


def run_store_bench(url: str | None, writes: int = WRITES) -> None:
    admin = _admin(url) if url else None  # a database that does not answer: said before anything runs
    print(f"== The server's store (issue 35): {writes} results written one after another, and as many rating reads")
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-store-") as folder:
        _measure("SQLite (--data, WAL)", Store(Path(folder)), writes)
    _kept_memory()
    if url is None or admin is None:
        print("  PostgreSQL: give --db postgresql://… to measure it beside SQLite")
        return
    schema = f"bench_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f"CREATE SCHEMA {schema}")
        try:
            separator = "&" if "?" in url else "?"
            _measure("PostgreSQL (--db, psycopg 3)",
                     Store(Path(), url=f"{url}{separator}options=-csearch_path%3D{schema}"), writes)
        finally:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


def _admin(url: str) -> Any:
    """A connection to the database at ``url`` (the bench's scratch schema is made and dropped on it)."""
    import psycopg

    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        raise UsageError(f"game.py bench: --db: {str(error).strip().splitlines()[0]}") from error


def _measure(label: str, store: Store, writes: int) -> None:
    players = [store.player(secrets.token_urlsafe(24), name).id for name in ("Bench A", "Bench B")]
    write_times, read_times = [], []
    for index in range(writes):
        sides = (SideRecord(players[index % 2], 50, 10, 60, 4, "end"), SideRecord(players[1 - index % 2], 20, 0, 20, 1, "time"))
        record = DuelRecord(f"bench-{index}", "DU2-D3N-AAAAAAB", 240, 0.0, 1.0, sides, "first", "",
                            [[1.0, 0, "s", "ok"]] * 60)
        started = time.perf_counter()
        store.record(record)
        write_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        store.skill(players[0])
        read_times.append(time.perf_counter() - started)
    store.close()
    print(f"  {label}: a result's write median {_ms(write_times, 50)} ms, p99 {_ms(write_times, 99)} ms; "
          f"a rating read median {_ms(read_times, 50)} ms, p99 {_ms(read_times, 99)} ms", flush=True)


def _kept_memory() -> None:
    from solitaire.server.spill import record_of
    from solitaire.server.unsaved import Summarised, _summary

    for moves in KEPT_MOVES:
        log = [[round(n * 0.9, 3), n % 2, ("s", "w>t3", "t2:4>t5", "t6>f")[n % 4], "ok"] for n in range(2 * moves)]
        sides = (SideRecord(1, 500, 30, 530, 20, "end"), SideRecord(2, 400, 0, 400, 15, "time"))
        lines = [json.dumps(dataclasses.asdict(DuelRecord(f"d{n}", "DU2-D3N-OAJBPDG", 240, 0.0, 240.0, sides, "first",
                                                          "time", log))) for n in range(KEPT)]
        tracemalloc.start()
        whole = [record_of(json.loads(line)) for line in lines]
        held_whole = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        tracemalloc.start()
        summaries = [Summarised(record.id, *_summary(record)) for record in whole]
        held_summaries = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"  a result kept unwritten, {moves} moves a side: {held_whole / KEPT / 1024:.1f} KiB in memory whole "
              f"({len(lines[0]) / 1024:.1f} KiB of JSON), {held_summaries / KEPT / 1024:.2f} KiB held by its summary "
              f"({len(summaries)} measured)", flush=True)


def _ms(times: list[float], percent: int) -> str:
    value = statistics.median(times) if percent == 50 else statistics.quantiles(times, n=100)[percent - 1]
    return f"{value * 1000:.3f}"
