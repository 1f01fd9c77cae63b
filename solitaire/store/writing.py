"""Writing the data folder: every pending change merged with what is on disk, under the folder's
lock, and what the player is told when that cannot be done.

``Writing`` is the writing part of ``Store`` (as ``Reading`` is its reading part): it writes the
store's pending changes (settings keys, statistics changes, saves) that ``Store`` collects.

The game writes on the frame thread, so a write never waits for the lock (issue 23: a copy of
the game stopped while holding it, ``kill -STOP``, froze the other for 5 s at start-up and at
every move). Finding the lock taken, a write keeps everything pending and the game tries again
a moment later (``retry``, every frame of a game in play, and with the next write); the player
is told once the folder has been taken for ``BUSY_TELL_SECONDS`` (two copies writing at once wait
milliseconds, which is nothing to tell), and told again when saving works. Only ``flush``, when
the game ends and no frame waits on it, waits for the lock, and for ``WAIT_SECONDS`` at most.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from solitaire.store.atomic import (DamagedFileError, UnreadableFileError, encode_json, read_json,
                                    write_bytes_atomic)
from solitaire.store.lock import LOCK_FILE, WAIT_SECONDS, FolderBusy, LockNotAFile, folder_lock
from solitaire.store.notices import Notice
from solitaire.store.reading import (SAVE_MIGRATIONS, SAVE_VERSION, SETTINGS_FILE, STATS_FILE, _Frozen, _signature,
                                     _token, aside_name)
from solitaire.store.settings import SETTINGS_MIGRATIONS, SETTINGS_VERSION, Settings, apply_changes
from solitaire.store.stats import stats_to_document
from solitaire.store.versions import NewerVersionError, upgrade

READ_ONLY = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
DISK_FULL = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
NOT_A_FOLDER = frozenset({errno.ENOTDIR, errno.EEXIST})

BUSY_RETRY_SECONDS = 1.0
"""A write the busy lock turned away is tried again this long after (``retry``)."""
BUSY_TELL_SECONDS = 3.0
"""The lock taken this long: another copy stopped while writing, not one writing now. Told."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Write:
    """A save waiting to be written: its envelope (for reading back) and its bytes, and the
    tokens of the games ended before it in the slot whose saves still wait to be deleted (a
    busy lock): written, it replaces them; ended first, its delete takes them along."""

    envelope: dict[str, object]
    data: bytes
    ended: frozenset[str | None] = frozenset()


class Writing:

    def flush(self) -> bool:
        """Write what is still pending, waiting for the lock if another copy holds it (the game
        is ending: no frame waits); True if all is saved."""
        self._commit(wait=WAIT_SECONDS)
        return not (self.save_failed or self._pending())

    def retry(self) -> None:
        """Write now what a busy folder turned away, if its moment has come; nothing otherwise
        (called every frame of a game in play: it costs a clock reading)."""
        if self._retry_at is not None and time.monotonic() >= self._retry_at:
            self._commit()

    def _pending(self) -> bool:
        return bool(self._settings_changes or self._stats_changes or self._saves)

    def _commit(self, wait: float = 0.0) -> None:
        """Write every pending change, merged with what is on disk, under the folder's lock;
        waiting ``wait`` seconds at most for it.

        Only a write that succeeds proves that saving works again; with nothing to write, a
        problem told stays told.
        """
        if not self._pending():
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with contextlib.ExitStack() as stack:
                self._take_lock(stack, wait)
                self._commit_settings()
                self._commit_stats()
                self._commit_saves()
        except FolderBusy as busy:
            self._folder_busy(busy)
            return
        except OSError as error:
            self._cannot_save(error)
            return
        self._busy_since = self._retry_at = None
        if self.save_failed:
            self._saving_again()

    def _take_lock(self, stack: contextlib.ExitStack, wait: float = 0.0) -> None:
        """Hold the folder's lock until ``stack`` closes. A folder in the lock file's place is
        set aside as damage (``.lock.damaged-DATE``, with all it holds) and the lock taken; when it
        cannot be set aside, writing goes on without the lock, and the player is told once: two
        copies writing at the same instant could then lose one's change, which is less than
        every change (issue 32)."""
        try:
            stack.enter_context(folder_lock(self.folder, wait))
            return
        except LockNotAFile as error:
            path = self.folder / LOCK_FILE
            aside = aside_name(path)
            try:
                os.replace(path, aside)
            except FileNotFoundError:
                pass  # another copy set it aside a moment ago
            except OSError as cannot:
                log.warning("%s: %s, and it cannot be set aside (%s): writing without the lock", path, error, cannot)
                if "lock_unusable" not in self._told:
                    self._told.add("lock_unusable")
                    self.notices.append(Notice("lock_unusable", {"name": LOCK_FILE}))
                return
            else:
                log.warning("%s is %s; set aside as %s", path, error.strerror, aside.name)
                self.notices.append(Notice("lock_damaged", {"aside": aside.name}))
        stack.enter_context(folder_lock(self.folder, wait))

    def _commit_settings(self) -> None:
        if not self._settings_changes:
            return
        path = self.folder / SETTINGS_FILE
        try:
            document = self._read(path, "settings", SETTINGS_VERSION, SETTINGS_MIGRATIONS)
        except _Frozen:
            self._settings_changes = {}
            return
        if document is None:
            document = Settings().to_document()  # a new file lists every setting, for a reader's eyes
        write_bytes_atomic(path, encode_json(apply_changes(document, self._settings_changes)))
        self._settings_changes = {}

    def _commit_stats(self) -> None:
        if not self._stats_changes:
            return
        try:
            stats = self._read_stats(dropped_said=True)
        except _Frozen:
            self._stats_on_disk = self._stats()
            self._stats_changes = []
            return
        for change in self._stats_changes:
            stats = change(stats)
        path = self.folder / STATS_FILE
        write_bytes_atomic(path, encode_json(stats_to_document(stats)))
        self._stats_on_disk, self._stats_changes = stats, []
        self._stats_seen = _signature(path)

    def _commit_saves(self) -> None:
        """Save writes and deletes, after the statistics: a delete waits until its result is
        counted on disk (`_commit_stats` raises first when it cannot write)."""
        for slot, change in list(self._saves.items()):
            path = self._save_path(slot)
            if path not in self._frozen:
                if isinstance(change, _Write):
                    self._write_save(slot, path, change)
                else:
                    self._delete_save(slot, path, change.tokens)
            del self._saves[slot]

    def _write_save(self, slot: str, path: Path, change: _Write) -> None:
        """Write a save; the first time in a session, look first whether a newer version's save
        is there, which must not be overwritten."""
        if slot not in self._checked:
            try:
                self._read(path, "save", SAVE_VERSION, SAVE_MIGRATIONS)
            except _Frozen:
                return
            self._checked.add(slot)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, change.data)

    def _delete_save(self, slot: str, path: Path, tokens: frozenset[str | None]) -> None:
        try:
            envelope = upgrade(read_json(path), SAVE_VERSION, SAVE_MIGRATIONS)
        except (FileNotFoundError, DamagedFileError, NewerVersionError, UnreadableFileError):
            return  # nothing there, or not this copy's game: a damaged file is set aside when loaded
        if envelope.get("slot") == slot and _token(envelope) in tokens:
            path.unlink(missing_ok=True)

    def _folder_busy(self, busy: FolderBusy) -> None:
        """Another copy holds the lock: everything stays pending, to be tried again in a moment;
        told once the lock has been taken for BUSY_TELL_SECONDS."""
        now = time.monotonic()
        if self._busy_since is None:
            self._busy_since = now
        self._retry_at = now + BUSY_RETRY_SECONDS
        if now - self._busy_since >= BUSY_TELL_SECONDS and "cannot_save_busy" not in self._told:
            self._cannot_save(busy)

    def _cannot_save(self, error: OSError) -> None:
        """Keep everything pending, and tell the player once per kind of problem."""
        self.save_failed = True
        log.warning("cannot save in %s: %s", self.folder, error)
        if isinstance(error, FolderBusy):
            notice = Notice("cannot_save_busy", {"folder": str(self.folder)})
        elif error.errno in DISK_FULL:
            notice = Notice("cannot_save_disk_full")
        elif error.errno in READ_ONLY:
            notice = Notice("cannot_save_read_only", {"folder": str(self.folder)})
        elif error.errno in NOT_A_FOLDER:
            notice = Notice("cannot_save_not_folder", {"folder": str(self.folder)})
        else:
            notice = Notice("cannot_save", {"folder": str(self.folder)})
        if notice.kind not in self._told:
            self._told.add(notice.kind)
            self.notices.append(notice)

    def _saving_again(self) -> None:
        self.save_failed = False
        if self._told:
            self._told.clear()
            self.notices.append(Notice("saving_again"))
