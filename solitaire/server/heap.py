"""How the duel server process keeps Python's garbage collector from pausing its races (issue
25's figures).

A server holds thousands of connections and races for minutes, and Python's collector, from
time to time, scans every object it watches: with 2,000 connections that full scan paused the
event loop for 100-500 ms (measured with ``gc.callbacks`` under ``bench --server``), and every
move in flight waited; at 1,000 duels the move round trip's p99 was 0.5-1.5 s, its median tens of
milliseconds. So, once a second, what is alive is set aside from the collector's scans
(``gc.freeze``): young objects are still collected as usual, the long-lived ones are not
scanned again (same load: p99 about 0.1-0.2 s, median 3 ms). Garbage in reference cycles among
the objects set aside (a closed connection's) waits for the thaw: every ``THAW_SECONDS``
everything is handed back and collected once — one pause that often instead of many.

For the server's own process only (``cli.serve_until_stopped``): a game or a test running a
server in a thread keeps Python's usual collector.
"""

from __future__ import annotations

import gc
import time
from typing import Callable

SETTLE_SECONDS = 1.0
THAW_SECONDS = 600.0


class Heap:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.thawed_at = clock()

    def settle(self) -> None:
        """Set what lives now aside from the collector's scans; every ``THAW_SECONDS``, first
        hand it all back and collect once."""
        now = self.clock()
        if now - self.thawed_at >= THAW_SECONDS:
            self.thawed_at = now
            gc.unfreeze()
            gc.collect()
        gc.freeze()
