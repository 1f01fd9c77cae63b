"""A server process's share of finished races, for the test of two processes rating one player at
once (``test_postgresql_store``): ``python -m tests.server.rating_writer DB PLAYER OPPONENT PREFIX
COUNT GO`` writes COUNT duels of PLAYER against OPPONENT, PLAYER winning, once the file GO exists
(both processes have connected by then: their writes overlap). DB: a PostgreSQL url or a SQLite
folder."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from solitaire.server.store import DuelRecord, SideRecord, Store


def main(db: str, player: int, opponent: int, prefix: str, count: int, go: Path) -> None:
    postgres = db.startswith("postgresql://")
    store = Store(Path(db) if not postgres else Path(), busy_seconds=30.0, url=db if postgres else None)
    while not go.exists():
        time.sleep(0.001)
    for index in range(count):
        sides = (SideRecord(player, 50, 10, 60, 4, "end"), SideRecord(opponent, 20, 0, 20, 1, "time"))
        store.record(DuelRecord(f"{prefix}{index}", "DU2-D3N-AAAAAAB", 240, 0.0, 1.0, sides, "first", "",
                                [[1.0, 0, "s", "ok"]]))
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), Path(sys.argv[6]))
