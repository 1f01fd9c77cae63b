"""The one object the game asks to remember things: settings, statistics and saved games.

Files in the data folder:
    settings.json                  Settings (includes the Continue slot)
    stats.json                     statistics per mode key
    saves/<mode key>.json          one saved game per mode, e.g. saves/klondike-d3-vegas.json

Loading never raises for bad data. A damaged file is renamed `<name>.damaged-<YYYYmmdd-HHMMSS>`
so nothing the player had is destroyed, that one document starts from its defaults, and one
sentence is added to `messages`. Saving never raises for a bad disk: what could not be written
stays in memory, is retried on the next write, and the player is told once.
"""

from __future__ import annotations

import errno
import logging
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from solitaire.store.atomic import DamagedFileError, read_json, remove_stale_temp_files, write_json_atomic
from solitaire.store.home import data_dir
from solitaire.store.messages import message
from solitaire.store.modes import check_mode_key
from solitaire.store.settings import SETTINGS_MIGRATIONS, SETTINGS_VERSION, Settings
from solitaire.store.stats import (STATS_MIGRATIONS, STATS_VERSION, ModeStats, is_vegas, stats_from_document,
                                   stats_to_document)
from solitaire.store.versions import Migration, upgrade

SAVE_VERSION = 1
"""Version of the envelope around a saved game; the rules core versions the game inside it."""
SAVE_MIGRATIONS: dict[int, Migration] = {}

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
SAVES_FOLDER = "saves"

log = logging.getLogger(__name__)
T = TypeVar("T")


class Store:
    """Settings, statistics and saved games of one player, kept in one data folder."""

    def __init__(self, folder: Path | None = None) -> None:
        """Open the data folder (`data_dir()` by default), sweep leftovers of killed writes, and
        load settings and statistics."""
        self.folder = data_dir() if folder is None else folder
        self.messages: list[str] = []
        """Sentences for the player, oldest first; the UI shows them and may clear the list."""
        self.save_failed = False
        """True while something could not be written and is only kept in memory."""
        self._told_cannot_save = False
        self._unsaved: dict[Path, object | None] = {}
        for folder_to_sweep in (self.folder, self.folder / SAVES_FOLDER):
            if folder_to_sweep.is_dir():
                for temp in remove_stale_temp_files(folder_to_sweep):
                    log.info("removed %s left by an interrupted write", temp)
        self._settings = self._load(self.folder / SETTINGS_FILE, "settings", SETTINGS_VERSION,
                                    SETTINGS_MIGRATIONS, Settings.from_document) or Settings()
        self._stats = self._load(self.folder / STATS_FILE, "stats", STATS_VERSION, STATS_MIGRATIONS,
                                 stats_from_document) or {}

    # Settings

    @property
    def settings(self) -> Settings:
        return self._settings

    def update_settings(self, **changes: object) -> Settings:
        """Change some settings and save them; a bad name or value raises ValueError.

        Per-game settings merge: `update_settings(draw={"klondike": 3})` changes Klondike only.
        """
        updated = self._settings.updated(**changes)
        if updated != self._settings:
            self._settings = updated
            self._write(self.folder / SETTINGS_FILE, updated.to_document())
        return updated

    # Statistics

    def stats(self, key: str) -> ModeStats:
        """The record of mode `key` (see `mode_key`); an empty record if never played."""
        return self._stats.get(check_mode_key(key), ModeStats())

    def all_stats(self) -> dict[str, ModeStats]:
        return dict(self._stats)

    def record_result(self, key: str, won: bool, score: int, seconds: float, moves: int) -> ModeStats:
        """Count one game of mode `key` that has ended, and save.

        Call it once per game that had at least one move: when it is won, and when it is given up
        or abandoned by starting another (then `won=False`). In a Vegas mode `score` is the
        game's dollars and is added to the running total.
        """
        record = self.stats(key).after(won, score, seconds, moves, vegas=is_vegas(key))
        self._stats[key] = record
        self._write(self.folder / STATS_FILE, stats_to_document(self._stats))
        return record

    def reset_stats(self, key: str | None = None) -> None:
        """Forget the record of mode `key`, or of every mode."""
        if key is None:
            self._stats.clear()
        else:
            self._stats.pop(check_mode_key(key), None)
        self._write(self.folder / STATS_FILE, stats_to_document(self._stats))

    # Saved games

    def save_game(self, slot: str, data: Mapping[str, object]) -> None:
        """Save the game of mode `slot` (the rules core's JSON-able dict) and make it the one
        Continue resumes. Data JSON cannot hold raises TypeError or ValueError before any write."""
        path = self._save_path(slot)
        self._write(path, {"version": SAVE_VERSION, "slot": slot, "game": dict(data)})
        if self._settings.continue_slot != slot:
            self.update_settings(continue_slot=slot)

    def load_game(self, slot: str, validate: Callable[[dict[str, object]], T]) -> T | None:
        """Return `validate(data)` for the game saved in `slot`, or None if there is none.

        `validate` (from the rules core) turns the saved dict into a game and raises if it
        describes an impossible game; any exception it raises marks the file damaged.
        """
        path = self._save_path(slot)

        def build(document: dict[str, object]) -> T:
            game = document.get("game")
            if document.get("slot") != slot or not isinstance(game, dict):
                raise DamagedFileError("not a saved game of this mode")
            try:
                return validate(game)
            except Exception as error:
                raise DamagedFileError(f"the game is impossible: {error!r}") from error

        if path in self._unsaved:
            pending = self._unsaved[path]
            if pending is None:
                return None
            try:
                return build(upgrade(pending, SAVE_VERSION, SAVE_MIGRATIONS))
            except DamagedFileError as error:
                log.error("unsaved game %s rejected, falling back to the file: %s", slot, error)
                del self._unsaved[path]
        return self._load(path, "save", SAVE_VERSION, SAVE_MIGRATIONS, build)

    def delete_game(self, slot: str) -> None:
        """Forget the saved game of `slot` (won or given up), so that mode deals a new one."""
        self._write(self._save_path(slot), None)

    def continue_slot(self) -> str | None:
        """The slot the title screen's Continue resumes, or None if that game no longer exists."""
        slot = self._settings.continue_slot
        if slot is None:
            return None
        path = self._save_path(slot)
        exists = self._unsaved[path] is not None if path in self._unsaved else path.is_file()
        return slot if exists else None

    # Writing

    def flush(self) -> bool:
        """Try again to write what the disk refused (e.g. before quitting); True if all is saved."""
        for path, content in list(self._unsaved.items()):
            try:
                self._apply(path, content)
            except OSError as error:
                self._cannot_save(error)
                break
            del self._unsaved[path]
        self.save_failed = bool(self._unsaved)
        return not self.save_failed

    def _write(self, path: Path, content: object | None) -> None:
        """Write `content` (None deletes); on a disk error keep it in memory instead."""
        try:
            self._apply(path, content)
        except OSError as error:
            self._unsaved[path] = content
            self._cannot_save(error)
            return
        self._unsaved.pop(path, None)
        if self._unsaved:
            self.flush()

    @staticmethod
    def _apply(path: Path, content: object | None) -> None:
        if content is None:
            path.unlink(missing_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(path, content)

    def _cannot_save(self, error: OSError) -> None:
        self.save_failed = True
        log.warning("cannot save in %s: %s", self.folder, error)
        if not self._told_cannot_save:
            self._told_cannot_save = True
            full = error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
            self.messages.append(message("cannot_save_full") if full
                                 else message("cannot_save", folder=self.folder))

    # Reading

    def _save_path(self, slot: str) -> Path:
        return self.folder / SAVES_FOLDER / f"{check_mode_key(slot)}.json"

    def _load(self, path: Path, kind: str, version: int, migrations: Mapping[int, Migration],
              build: Callable[[dict[str, object]], T]) -> T | None:
        """Read, upgrade and build one document; None if absent, or damaged (and then set aside)."""
        try:
            return build(upgrade(read_json(path), version, migrations))
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            self._set_aside(path, kind, error)
            return None

    def _set_aside(self, path: Path, kind: str, reason: DamagedFileError) -> None:
        """Rename a damaged file so it can be recovered by hand and is never overwritten."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        counter = 2
        while os.path.lexists(aside):
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
            counter += 1
        try:
            os.replace(path, aside)
        except OSError as error:
            log.error("%s is damaged (%s) and cannot be set aside: %s", path, reason, error)
            self.messages.append(message(f"{kind}_damaged_kept", name=path.name))
            return
        log.warning("%s is damaged (%s); set aside as %s", path, reason, aside.name)
        self.messages.append(message(f"{kind}_damaged", aside=aside.name))
