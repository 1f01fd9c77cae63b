"""Reading the data folder: the sweep at start-up, settings, statistics and saved games read
back, and a damaged file set aside. Loading never raises for bad data (see ``store``).

``Reading`` is the reading part of ``Store``: it reads and fills the store's state (the
documents on disk, the files frozen for this copy, the notices) that ``Store.__init__`` sets up.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from solitaire.store.atomic import DamagedFileError, UnreadableFileError, read_json, remove_stale_temp_files
from solitaire.store.lock import FolderBusy
from solitaire.store.modes import check_mode_key
from solitaire.store.notices import Notice
from solitaire.store.settings import SETTINGS_FILE, SETTINGS_MIGRATIONS, SETTINGS_VERSION, Settings
from solitaire.store.stats import STATS_MIGRATIONS, STATS_VERSION, StatsDocument, stats_from_document
from solitaire.store.versions import Migration, NewerVersionError, upgrade

SAVE_VERSION = 1
"""Version of the envelope around a saved game; the rules core versions the game inside it."""
SAVE_MIGRATIONS: dict[int, Migration] = {}

STATS_FILE = "stats.json"
SAVES_FOLDER = "saves"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Delete:
    """A save to delete, if the file still holds a game with one of these tokens (not another
    copy's): the game just ended, and any ended before it whose deletion still waited for the
    lock when this slot's next game was saved."""

    tokens: frozenset[str | None]


class _Frozen(Exception):
    """The document may not be written by this copy (newer version, or unreadable)."""


class Reading:

    def _load(self) -> None:
        """Sweep, then read settings and statistics (under the lock if the folder allows it, so no
        other copy is half-way through a merge; a folder that does not let us take the lock will
        not let us save either, and the player is told now rather than after a game). A lock
        another copy holds is not waited for: each file it writes is replaced whole, so reading
        goes on, and what this copy has to write is written later (see ``writing``)."""
        if not self._folder_readable():
            return
        for folder in (self.folder, self.folder / SAVES_FOLDER):
            if folder.is_dir():
                for temp in remove_stale_temp_files(folder):
                    log.info("removed %s left by an interrupted write", temp)
        with contextlib.ExitStack() as stack:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._take_lock(stack)
            except FolderBusy:
                log.info("another copy holds the lock of %s; reading without it", self.folder)
            except OSError as error:
                self._cannot_save(error)
            self._load_settings()
            with contextlib.suppress(_Frozen):
                self._stats_on_disk = self._read_stats(dropped_said=False)
        if self._stats_changes:
            self._commit()

    def _folder_readable(self) -> bool:
        try:
            os.listdir(self.folder)
        except (FileNotFoundError, NotADirectoryError):
            return True  # nothing saved there yet; the first write says whether it can be
        except OSError as error:
            log.warning("cannot read %s: %s", self.folder, error)
            self.notices.append(Notice("folder_unreadable", {"folder": str(self.folder)}))
            self._frozen.update({self.folder / SETTINGS_FILE, self.folder / STATS_FILE})
            return False
        return True

    def _load_settings(self) -> None:
        with contextlib.suppress(_Frozen):
            document = self._read(self.folder / SETTINGS_FILE, "settings", SETTINGS_VERSION, SETTINGS_MIGRATIONS)
            self._settings = Settings() if document is None else Settings.from_document(document)

    def _stats(self) -> StatsDocument:
        """The statistics as this copy sees them: the disk's, with this copy's pending changes."""
        stats = self._stats_on_disk
        for change in self._stats_changes:
            stats = change(stats)
        return stats

    def _refresh_stats(self) -> None:
        """Read the statistics again if another copy has written them since (a cheap `stat`)."""
        path = self.folder / STATS_FILE
        if path in self._frozen or _signature(path) == self._stats_seen:
            return
        with contextlib.suppress(_Frozen):
            self._stats_on_disk = self._read_stats(dropped_said=True)

    def _read_stats(self, dropped_said: bool) -> StatsDocument:
        """The statistics on disk. Records that are wrong are dropped; at start-up
        (`dropped_said` False) the file is copied aside, the player told, and a repaired file
        written; later they are simply dropped again, having been told."""
        path = self.folder / STATS_FILE
        self._stats_seen = _signature(path)
        document = self._read(path, "stats", STATS_VERSION, STATS_MIGRATIONS)
        if document is None:
            return StatsDocument()
        try:
            stats, dropped = stats_from_document(document)
        except DamagedFileError as error:
            self._set_aside(path, "stats", error)
            return StatsDocument()
        if dropped and not dropped_said:
            self._drop_records(path, dropped)
        return stats

    def _drop_records(self, path: Path, dropped: Mapping[str, str]) -> None:
        log.warning("%s: records set aside: %s", path, dropped)
        modes = ", ".join(sorted(dropped))
        try:
            aside = self._aside_name(path)
            shutil.copyfile(path, aside)
        except OSError as error:
            log.error("cannot keep a copy of %s: %s", path, error)
            self.notices.append(Notice("stats_records_ignored", {"modes": modes}))
            return
        self.notices.append(Notice("stats_records_dropped", {"modes": modes, "aside": aside.name}))
        self._stats_changes.append(lambda stats: stats)  # writes the file again without them

    def _read_save(self, slot: str) -> dict[str, object] | None:
        """The envelope of the save in `slot`, or None: none, damaged (set aside), not this copy's
        to read, or left by a game whose result is already counted (then deleted)."""
        path = self._save_path(slot)
        try:
            envelope = self._read(path, "save", SAVE_VERSION, SAVE_MIGRATIONS)
        except _Frozen:
            return None
        if envelope is None:
            return None
        self._refresh_stats()
        if self._stats().is_ended(slot, _token(envelope)):
            log.info("%s is the save of a game already counted; deleting it", path)
            self._saves[slot] = _Delete(frozenset({_token(envelope)}))
            self._commit()
            return None
        return envelope

    def _save_path(self, slot: str) -> Path:
        return self.folder / SAVES_FOLDER / f"{check_mode_key(slot)}.json"

    def _read(self, path: Path, kind: str, version: int, migrations: Mapping[int, Migration]) -> dict[str, object] | None:
        """The upgraded document in `path`; None if absent or damaged (and then set aside).

        Raises _Frozen, once the player has been told, for a file this copy must leave alone.
        """
        if path in self._frozen:
            raise _Frozen
        try:
            return upgrade(read_json(path), version, migrations)
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            self._set_aside(path, kind, error)
            return None
        except NewerVersionError as error:
            log.warning("%s: %s; left as it is", path, error)
            notice = f"{kind}_newer"
        except UnreadableFileError as error:
            log.warning("cannot read %s: %s; left as it is", path, error)
            notice = f"{kind}_unreadable"
        self._leave_alone(path, notice)
        raise _Frozen

    def _leave_alone(self, path: Path, notice: str) -> None:
        """Never read or write `path` again in this run, and tell the player why once."""
        self._frozen.add(path)
        self.notices.append(Notice(notice, {"name": path.name}))

    def _set_aside(self, path: Path, kind: str, reason: DamagedFileError) -> None:
        """Rename a damaged file so it can be recovered by hand and is never overwritten."""
        aside = self._aside_name(path)
        try:
            os.replace(path, aside)
        except OSError as error:
            log.error("%s is damaged (%s) and cannot be set aside: %s", path, reason, error)
            self.notices.append(Notice(f"{kind}_damaged_kept", {"name": path.name}))
            return
        log.warning("%s is damaged (%s); set aside as %s", path, reason, aside.name)
        self.notices.append(Notice(f"{kind}_damaged", {"aside": aside.name}))

    @staticmethod
    def _aside_name(path: Path) -> Path:
        return aside_name(path)


def aside_name(path: Path) -> Path:
    """The name a damaged file is set aside as: ``<name>.damaged-<YYYYmmdd-HHMMSS>``, never one taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 2
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
        counter += 1
    return aside


def _token(envelope: Mapping[str, object]) -> str | None:
    token = envelope.get("token")
    return token if isinstance(token, str) else None


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What changes when the file is replaced: enough to notice another copy's write."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino
