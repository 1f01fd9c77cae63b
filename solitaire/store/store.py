"""The one object the game asks to remember things: settings, statistics and saved games.

Files in the data folder:
    settings.json                  Settings (includes the Continue slot)
    stats.json                     statistics per mode key, and which saved games they count
    saves/<mode key>.json          one saved game per mode, e.g. saves/klondike-d3-vegas.json
    .lock                          taken by whoever is writing (see `lock.py`)
    saves/.<mode key>.playing      held by each copy with a game of that mode on its table (`playing.py`)
    online-key.txt                 the online player's key (`player_key.py`, not this object's)

Players open two copies of the game on one folder, so no copy ever writes back a whole document
it read earlier. Each copy keeps what it changed (settings keys, finished games, saves) as
pending changes; a write takes the folder's lock, reads the file as it is now on disk, applies
the pending changes to it, writes it atomically and lets go. Whatever the number of copies and
the order they play and quit in, every finished game is counted once and a setting changed in
one copy stays changed. (An append-only journal of results would also count every game, but
settings and saves would still need merging under a lock, and statistics would have to be
recomputed from an ever-growing file: one mechanism for all three is simpler to get right.)

Ending a game is one step: its result and the save's token go into `stats.json` in one atomic
write, and only then is the save deleted. A kill between the two leaves a save whose token is
counted, and such a save is never resumed (nor counted again); it is deleted when seen.

Loading never raises for bad data. A damaged file is renamed `<name>.damaged-<YYYYmmdd-HHMMSS>`
so nothing the player had is destroyed, that one document starts from its defaults, and a
notice is added to `notices`. A file this copy may not read, or one a newer version wrote, is
left exactly as it is and never overwritten. Saving never raises for a bad disk: what could not
be written stays pending in memory, is retried with every write, and the player is told once
per kind of problem, and again when saving works again.

Here are the store's questions and answers; reading the folder (the start-up sweep, documents
read back, a damaged file set aside) is its part in ``reading``, writing it under the lock (and
what to do when the lock is taken) its part in ``writing``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TypeVar

from solitaire.core.errors import NewerSave
from solitaire.store.atomic import DamagedFileError, encode_json
from solitaire.store.home import data_dir
from solitaire.store.modes import check_mode_key
from solitaire.store.notices import Notice
from solitaire.store.playing import Playing
from solitaire.store.reading import SAVE_VERSION, SAVES_FOLDER, Reading, _Delete, _token
from solitaire.store.settings import Settings, merge_changes, optional_known_mode
from solitaire.store.daily import DailyPlay, DailyResult, Streaks, streaks, won_days
from solitaire.store.duel_stats import DuelStats, check_duel_result, check_opponent
from solitaire.store.stats import ModeStats, StatsDocument, check_result
from solitaire.store.writing import Writing, _Write

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class Outcome:
    """How a game that counts ended: won or not, its score (Vegas: dollars), time and moves."""

    won: bool
    score: int
    seconds: float
    moves: int


class Store(Reading, Writing):
    """Settings, statistics and saved games of one player, kept in one data folder."""

    def __init__(self, folder: Path | None = None) -> None:
        """Open the data folder (`data_dir()` by default), sweep leftovers of killed writes, and
        load settings and statistics."""
        self.folder = data_dir() if folder is None else folder
        self.notices: list[Notice] = []
        """What to tell the player, oldest first; the interface takes them with `take_notices`."""
        self.save_failed = False
        """True while something could not be written and is only kept in memory."""
        self._told: set[str] = set()
        self._busy_since: float | None = None
        """When a write first found another copy holding the lock (None: it was free)."""
        self._retry_at: float | None = None
        """When to try again what the busy lock turned away (see `retry`)."""
        self._frozen: set[Path] = set()
        self._settings_changes: dict[str, object] = {}
        self._stats_changes: list[Callable[[StatsDocument], StatsDocument]] = []
        self._stats_on_disk = StatsDocument()
        self._stats_seen: tuple[int, int, int] | None = None
        self._saves: dict[str, _Write | _Delete] = {}
        self._owned: dict[str, str | None] = {}
        """Per slot, the token of the game this copy plays there (None: a save from before tokens)."""
        self._minted: set[str] = set()
        """Slots whose game this copy has saved under a token of its own."""
        self._checked: set[str] = set()
        self._settings = Settings()
        self._playing = Playing(self.folder / SAVES_FOLDER)
        self._load()

    def take_notices(self) -> list[Notice]:
        """The notices not yet shown, oldest first; the list is emptied."""
        taken, self.notices = self.notices, []
        return taken

    # Settings

    @property
    def settings(self) -> Settings:
        """This copy's settings: as found at start-up, with this copy's changes."""
        return self._settings

    def update_settings(self, **changes: object) -> Settings:
        """Change some settings and save them; a bad name or value raises ValueError.

        Per-game settings merge: `update_settings(draw={"klondike": 3})` changes Klondike only.
        Only what this call changes is written, so another copy's settings stay as it set them.
        """
        updated = self._settings.updated(**changes)
        delta = self._settings.changes_to(updated)
        if delta:
            self._settings = updated
            self._settings_changes = merge_changes(self._settings_changes, delta)
            self._commit()
        return updated

    # Statistics

    def stats(self, key: str) -> ModeStats:
        """The record of mode `key` (see `mode_key`); an empty record if never played."""
        return self.all_stats().get(check_mode_key(key), ModeStats())

    def all_stats(self) -> dict[str, ModeStats]:
        """Every mode's record, including games another copy has counted since."""
        self._refresh_stats()
        return dict(self._stats().modes)

    def record_result(self, key: str, won: bool, score: int, seconds: float, moves: int) -> ModeStats:
        """Count one game of mode `key` that has ended and has no saved game, and save.

        In a Vegas mode `score` is the game's dollars and is added to the running total.
        """
        check_mode_key(key)
        check_result(won, score, seconds, moves)
        self._stats_changes.append(lambda stats: stats.with_result(key, won, score, seconds, moves))
        self._commit()
        return self.stats(key)

    def duel_stats(self, kind: str) -> DuelStats:
        """The duels against opponent `kind` (``easy`` … ``network``); empty if none yet."""
        self._refresh_stats()
        return self._stats().duels.get(check_opponent(kind), DuelStats())

    def record_duel(self, kind: str, outcome: str, total: int) -> DuelStats:
        """Count one duel against `kind` that has ended (``won``, ``lost`` or ``tied``), and save."""
        check_opponent(kind)
        check_duel_result(outcome, total)
        self._stats_changes.append(lambda stats: stats.with_duel(kind, outcome, total))
        self._commit()
        return self.duel_stats(kind)

    def daily_results(self) -> dict[str, dict[str, DailyResult]]:
        """The local daily leaderboard (DD-3): per ISO day (``2026-12-02``) and daily mode key,
        the best game of that day's deal and how many were counted."""
        self._refresh_stats()
        return {day: dict(modes) for day, modes in self._stats().daily.items()}

    def daily_streaks(self, today: date) -> Streaks:
        """DD-4: the current and best runs of days with a daily deal won."""
        return streaks(won_days(self.daily_results()), today)

    def reset_stats(self, key: str | None = None) -> None:
        """Forget the record of mode `key` (``duel-<opponent>``: those duels), or of every one."""
        if key is not None and key.startswith("duel-"):
            check_opponent(key[5:])
        elif key is not None:
            check_mode_key(key)
        self._stats_changes.append(lambda stats: stats.without(key))
        self._commit()

    # Saved games

    def save_game(self, slot: str, data: Mapping[str, object]) -> None:
        """Save the game of mode `slot` (the rules core's JSON-able dict) and make it the one
        Continue resumes. Data JSON cannot hold raises TypeError or ValueError before any write."""
        check_mode_key(slot)
        if slot not in self._minted:
            self._owned[slot] = secrets.token_hex(8)
        envelope = {"version": SAVE_VERSION, "slot": slot, "token": self._owned[slot], "game": dict(data)}
        self._saves[slot] = _Write(envelope, encode_json(envelope), _ended(self._saves.get(slot)))
        self._minted.add(slot)
        if self._settings.continue_slot != slot:
            self.update_settings(continue_slot=slot)
        else:
            self._commit()

    def end_game(self, slot: str, outcome: Outcome | None, daily: DailyPlay | None = None) -> None:
        """The game this copy plays in `slot` is over: count `outcome` (None: it does not count,
        e.g. no move was made) and delete its save, as one step a kill cannot split. A game of a
        daily deal (`daily`: its day and moves) is also that day's daily result (DD-3), in the same step.

        A save that another copy has written since in the same slot is its game, and stays. A game
        whose token is counted already (another copy gave it up meanwhile) is not counted again.
        """
        check_mode_key(slot)
        owned = slot in self._owned
        token = self._owned.pop(slot, None)
        self._minted.discard(slot)
        if outcome is not None:
            won, score, seconds, moves = outcome.won, outcome.score, outcome.seconds, outcome.moves
            check_result(won, score, seconds, moves)
            self._stats_changes.append(
                lambda stats: stats.with_game_ended(slot, token, won, score, seconds, moves, daily))
        if owned:
            self._saves[slot] = _Delete(_ended(self._saves.get(slot)) | {token})
        self._commit()

    def load_game(self, slot: str, validate: Callable[[dict[str, object]], T]) -> T | None:
        """Return `validate(data)` for the game saved in `slot`, or None if there is none.

        `validate` (from the rules core) turns the saved dict into a game and raises if it
        describes an impossible game; any exception it raises marks the file damaged. The game
        returned is then this copy's: its next save forks it under a new token, so that a second
        copy resuming the same save plays a game of its own.
        """
        path = self._save_path(slot)

        def build(envelope: dict[str, object]) -> T:
            game = envelope.get("game")
            if envelope.get("slot") != slot or not isinstance(game, dict):
                raise DamagedFileError("not a saved game of this mode")
            try:
                return validate(game)
            except NewerSave:  # a newer version's game inside the envelope: not damage
                raise
            except Exception as error:
                raise DamagedFileError(f"the game is impossible: {error!r}") from error

        pending = self._saves.get(slot)
        if isinstance(pending, _Delete):
            return None
        if isinstance(pending, _Write):
            try:
                return build(pending.envelope)
            except DamagedFileError as error:
                log.error("unsaved game %s rejected, falling back to the file: %s", slot, error)
                del self._saves[slot]
        envelope = self._read_save(slot)
        if envelope is None:
            return None
        try:
            game = build(envelope)
        except DamagedFileError as error:
            self._set_aside(path, "save", error)
            return None
        except NewerSave as error:
            log.warning("%s: %s; left as it is", path, error)
            self._leave_alone(path, "save_newer")
            return None
        self._owned[slot] = _token(envelope)
        self._minted.discard(slot)
        return game

    def new_game(self, slot: str) -> None:
        """A new game starts in `slot` on this copy's table: its first save is under a token of its
        own, never that of a game this copy had there before, which another copy may have ended
        since (then this game would not be counted)."""
        self._owned.pop(check_mode_key(slot), None)
        self._minted.discard(slot)

    def playing(self, slot: str) -> None:
        """A table of this copy has a game of mode `slot` on it (see `playing`): another copy
        will not give up that mode's saved game, which may be this table's."""
        self._playing.hold(check_mode_key(slot))

    def not_playing(self, slot: str) -> None:
        """That table's game of mode `slot` is put aside, ended or gone."""
        self._playing.let_go(slot)

    def open_elsewhere(self, slot: str, tell: bool = False) -> bool:
        """Whether another copy of the game has a game of mode `slot` on its table, whose saved
        game this copy must not give up; `tell`: say so to the player (a new deal is made beside it)."""
        elsewhere = self._playing.elsewhere(check_mode_key(slot))
        if elsewhere and tell and (isinstance(self._saves.get(slot), _Write) or self._save_path(slot).exists()):
            self.notices.append(Notice("save_open_elsewhere"))
        return elsewhere

    def continue_slot(self) -> str | None:
        """The slot the title screen's Continue resumes: the game last saved, or when that one
        has ended the most recently saved of those still waiting (issue 33); None: no game waits."""
        slot = self._settings.continue_slot
        if slot is not None and self._waiting(slot):
            return slot
        written = [name for name, pending in self._saves.items() if isinstance(pending, _Write)]
        return next((name for name in written + self._saved_slots() if self._waiting(name)), None)

    def _waiting(self, slot: str) -> bool:
        pending = self._saves.get(slot)
        if pending is not None:
            return isinstance(pending, _Write)
        return self._read_save(slot) is not None

    def _saved_slots(self) -> list[str]:
        """The slots with a save file, the newest first (a mode this version does not play left out)."""
        found = []
        for path in (self.folder / SAVES_FOLDER).glob("*.json"):
            try:
                found.append((path.stat().st_mtime, optional_known_mode(path.stem)))
            except (OSError, ValueError):
                continue
        return [slot for _, slot in sorted(found, reverse=True)]


def _ended(pending: _Write | _Delete | None) -> frozenset[str | None]:
    """The games ended in a slot whose saves a pending change there still has to delete."""
    if isinstance(pending, _Delete):
        return pending.tokens
    return pending.ended if isinstance(pending, _Write) else frozenset()
