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

A process of a cluster (``--nats``) stays on asyncio's loop: on uvloop, ``bench --server``'s
two-process run saw the server abort 1 or 2 of 500-1,000 players' connections in 2 runs of 3
(none in 2 runs on asyncio's loop; the connections were aborted, not closed: no close frame);
until that is understood, only a process alone runs on uvloop.
"""

from __future__ import annotations

import asyncio
from typing import Callable

try:  # optional: see the module's docstring
    import uvloop
except ImportError:  # not installed, or no build for this platform
    uvloop = None


def loop_factory(alone: bool = True) -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes the server process's loop (``asyncio.Runner(loop_factory=...)``); ``alone``:
    a process not in a cluster (see the module's docstring)."""
    return uvloop.new_event_loop if uvloop is not None and alone else asyncio.new_event_loop


def loop_name(alone: bool = True) -> str:
    """Which loop ``loop_factory`` makes ("uvloop" or "asyncio"), as the benchmark prints it."""
    return "uvloop" if loop_factory(alone) is not asyncio.new_event_loop else "asyncio"
