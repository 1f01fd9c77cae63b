"""Python's cycle collector paused while a search runs.

A search makes no reference cycles, but the positions and children it keeps set the collector
off again and again to walk them all (a tenth of the Klondike speed probe's time); both searches
pause it and leave it as they found it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
