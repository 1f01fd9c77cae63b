"""The event loop the duel server's own process runs on (issue 25's figures): uvloop's when it
is installed (requirements-server.txt pins it), else asyncio's.

At a move a second per player the server's time goes to the event loop, its transports and the
kernel as much as to the referee: uvloop runs the loop and transports in C (same API, same
sockets) and reads into one buffer, where asyncio's loop reads each message into a fresh 256 KiB
one (three more system calls a read: mmap, mremap, munmap). Measured under 100-500 duels: 4.7
system calls a move instead of 7.8, and the server's CPU a move 1.26x lower (two servers loaded
at once, the same run); the simulated players' about 1.25x lower. It is optional: without it
(Windows, where it does not exist; a game that hosts a LAN duel; an install without
requirements-server.txt) everything runs on asyncio's loop unchanged.

A process of a cluster (``--nats``) runs on it too. Until the cluster's late-seek fix (a seek
heard after its player was matched re-seated and dropped them, ``cluster._seat_if_here``), its
two-process run on uvloop saw 1 or 2 of 500-1,000 players' connections aborted and it stayed on
asyncio's loop; since, four runs of ``bench --server``'s two processes (250-1,500 duels) dropped
none, and held 1,000 duels where asyncio's loop held 500 on the same loaded machine.
"""

from __future__ import annotations

import asyncio
from typing import Callable

try:  # optional: see the module's docstring
    import uvloop
except ImportError:  # not installed, or no build for this platform
    uvloop = None


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes the server process's loop (``asyncio.Runner(loop_factory=...)``)."""
    return uvloop.new_event_loop if uvloop is not None else asyncio.new_event_loop


def loop_name() -> str:
    """Which loop ``loop_factory`` makes ("uvloop" or "asyncio"), as the benchmark prints it."""
    return "uvloop" if loop_factory() is not asyncio.new_event_loop else "asyncio"
