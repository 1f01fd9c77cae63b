"""asyncio's "socket.send() raised exception." counted, and said once (issue 32).

asyncio's transports log that warning for every write to a connection already lost, once five
have failed (``LOG_THRESHOLD_FOR_CONNLOST_WRITES``): a peer flooding the LAN host and vanishing
without closing made it print 360 times on the host's terminal, one line a message the server
still had to send it. Nothing is wrong with the server (the connection is gone, and its task
ends), so the warnings are counted while the server serves, and said as one line when it stops.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

LOST_WRITE = "socket.send() raised exception."

log = logging.getLogger(__name__)


class LostWrites(logging.Filter):
    """Drops asyncio's lost-write warnings, counting them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == LOST_WRITE:
            self.count += 1
            return False
        return True


@contextlib.contextmanager
def lost_writes_counted() -> Iterator[LostWrites]:
    """While the block runs, asyncio's lost-write warnings are counted; at its end, one line
    says how many there were (none: nothing is said)."""
    counter = LostWrites()
    asyncio_log = logging.getLogger("asyncio")
    asyncio_log.addFilter(counter)
    try:
        yield counter
    finally:
        asyncio_log.removeFilter(counter)
        if counter.count:
            log.warning("%d writes to connections already lost were dropped (asyncio: %r), from peers "
                        "gone without closing", counter.count, LOST_WRITE)
