"""One writer at a time in a data folder, across processes.

Two copies of the game open on one folder must not both read a file, change it and write it
back: the second write would undo the first. Every write therefore runs under an exclusive
lock on a small file in the folder (`.lock`), taken with the operating system's own file
locks (`fcntl.flock` on POSIX, `msvcrt.locking` on Windows). The system drops such a lock when
its holder dies, however it dies, so a killed copy never blocks the others.

A write holds the lock for milliseconds. A copy stopped while holding it (suspended in a
debugger, `kill -STOP`) must not freeze the other's frames at all, so by default a write tries
the lock once and, finding it taken, gives up at once with `FolderBusy`; the store keeps its
changes in memory and tries again later (see `writing`). Waiting, bounded by `WAIT_SECONDS`, is
for when no frame is at stake (the game ending).
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

    def try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class FolderBusy(TimeoutError):
    """Another copy holds the folder's lock (writing now, or stopped while writing)."""


class LockNotAFile(OSError):
    """A folder takes the lock file's place (issue 32: every save failed until the game closed):
    the store sets it aside as damage, or writes without the lock, saying so."""


@contextlib.contextmanager
def folder_lock(folder: Path, wait: float = 0.0) -> Iterator[None]:
    """Hold the folder's write lock for the body of a `with` block, waiting `wait` seconds at
    most for it (0: one try) before FolderBusy.

    Raises OSError when the lock file cannot be opened (a read-only folder, a home that is not
    a folder): then nothing could be written anyway, and the caller reports it as such.
    """
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
    except OSError as error:  # a folder: EISDIR on POSIX, EACCES on Windows
        if not os.path.isdir(folder / LOCK_FILE):
            raise
        raise LockNotAFile(error.errno, "a folder, not a file", str(folder / LOCK_FILE)) from error
    try:
        deadline = time.monotonic() + wait
        while not try_lock(fd):
            if time.monotonic() >= deadline:
                raise FolderBusy(f"another copy of the game holds {folder / LOCK_FILE}")
            time.sleep(RETRY_SECONDS)
        try:
            yield
        finally:
            unlock(fd)
    finally:
        os.close(fd)
