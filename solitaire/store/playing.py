"""Which modes another copy of the game has a game on its table in (issue 32).

Two copies open on one folder share one saved game per mode. A copy dealing anew in a mode gives
up that mode's saved game (issue 11's policy), which is right when the game was put aside and
wrong when another copy is playing it: both would count it. So each copy marks the modes it has
a game on the table in, with a shared lock on a small file per mode (``saves/.<mode key>.playing``),
and a copy about to give up a saved game first asks whether another copy holds that mark.

The operating system drops a lock with its holder, however it dies, so a killed copy never
leaves a mode marked. On POSIX the mark is ``flock``'s shared lock (many copies may play one
mode) and the question an exclusive try; on Windows, where ``msvcrt.locking`` has no shared
lock, the first copy in a mode holds it alone and the others play there unmarked. The files
are never deleted (deleting a lock file races with a copy opening it); they are empty.

A folder where the mark cannot be made (read-only, full) marks nothing: nothing can be saved
there either, so there is no saved game to count twice.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from solitaire.store.lock import try_lock, unlock

PLAYING_SUFFIX = ".playing"

log = logging.getLogger(__name__)

if os.name == "nt":
    def _mark(fd: int) -> bool:
        return try_lock(fd)

    def _alone(fd: int) -> bool:
        """Whether no other copy holds the mark, ``fd`` holding it or not."""
        return True

    def _free(fd: int) -> bool:
        if not try_lock(fd):
            return False
        unlock(fd)
        return True
else:
    import fcntl

    def _mark(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _alone(fd: int) -> bool:
        """Whether no other copy holds the mark: this copy's shared lock made exclusive for a
        moment (it can be only if no other copy shares it), then shared again."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        finally:
            _mark(fd)
        return True

    def _free(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True


class Playing:
    """This copy's marks in the folder ``saves``: per mode key, the open file holding it and how
    many of this copy's tables hold it (a table replaced in the same mode takes the mark before
    the old one lets it go)."""

    def __init__(self, saves: Path) -> None:
        self.saves = saves
        self._held: dict[str, tuple[int, int]] = {}

    def hold(self, slot: str) -> None:
        """A table of this copy has a game in mode ``slot``."""
        if slot in self._held:
            fd, count = self._held[slot]
            self._held[slot] = fd, count + 1
            return
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._path(slot), os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError as error:
            log.info("cannot mark %s as played here: %s", slot, error)
            return
        if not _mark(fd):
            os.close(fd)
            return
        self._held[slot] = fd, 1

    def let_go(self, slot: str) -> None:
        """One table of this copy no longer has a game in mode ``slot``."""
        if slot not in self._held:
            return
        fd, count = self._held.pop(slot)
        if count > 1:
            self._held[slot] = fd, count - 1
        else:
            os.close(fd)  # closing drops the lock

    def elsewhere(self, slot: str) -> bool:
        """Whether another copy has a game on its table in mode ``slot``."""
        if slot in self._held:
            return not _alone(self._held[slot][0])
        try:
            fd = os.open(self._path(slot), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return False  # never marked, or a folder that cannot be read: no copy plays there
        try:
            return not _free(fd)
        finally:
            os.close(fd)

    def close(self) -> None:
        for fd, _ in self._held.values():
            os.close(fd)
        self._held.clear()

    def _path(self, slot: str) -> Path:
        return self.saves / f".{slot}{PLAYING_SUFFIX}"
