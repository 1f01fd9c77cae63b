"""One writer at a time in a data folder, across processes.

Two copies of the game open on one folder must not both read a file, change it and write it
back: the second write would undo the first. Every write therefore runs under an exclusive
lock on a small file in the folder (`.lock`), taken with the operating system's own file
locks (`fcntl.flock` on POSIX, `msvcrt.locking` on Windows). The system drops such a lock when
its holder dies, however it dies, so a killed copy never blocks the others.

A write holds the lock for milliseconds. A copy stopped while holding it (suspended in a
debugger, say) must not freeze the other's frames forever, so waiting is bounded: after
`WAIT_SECONDS` the write gives up with TimeoutError, and the store keeps it in memory and
retries it with the next write.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

LOCK_FILE = ".lock"
WAIT_SECONDS = 5.0
RETRY_SECONDS = 0.005

if os.name == "nt":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@contextlib.contextmanager
def folder_lock(folder: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the folder's write lock for the body of a `with` block.

    Raises OSError when the lock file cannot be opened (a read-only folder, a home that is not
    a folder): then nothing could be written anyway, and the caller reports it as such.
    """
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise TimeoutError(f"another copy of the game has held {folder / LOCK_FILE} for {wait:g} s")
            time.sleep(RETRY_SECONDS)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
