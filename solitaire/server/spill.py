"""Results kept unwritten (``unsaved``), also in a file beside the database, so a process that
dies before the store takes them does not lose them (issue 31).

Each process that keeps a result appends it to a file of its own in the data folder,
``unsaved-<pid>-<random>.jsonl`` (``{"kept": …}`` a line, flushed to disk), and ``{"written": id}``
once the store has it; the file is emptied when nothing is kept, and removed when the process
stops with nothing kept. The process holds an exclusive ``flock`` on its file while it lives; the
system drops that lock when the process dies, however it dies. A server starting on the folder
(``adopt``) takes every file whose lock it can take — a dead process's — and its results not
marked written become its own kept results, written within a second. A duel is written once
(``Store.record``: its id is the key), so a result found twice (a process killed between writing
it and marking it) is counted once.

What this does not cover: a full disk refuses the file's line as it refuses the database's
write (a file on the same disk), and a folder made read-only refuses it too; the result is then
in memory only, as before, and the server says so on its standard error, once. Without ``fcntl``
(Windows) there is no file: memory only.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
from pathlib import Path
from typing import IO

from .store import DuelRecord, SideRecord

try:
    import fcntl
except ImportError:  # Windows: results are kept in memory only
    fcntl = None  # type: ignore[assignment]

PATTERN = "unsaved-*.jsonl"


class Spill:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder if fcntl is not None else None
        self.file: IO[str] | None = None  # ours, opened at the first result kept
        self.path: Path | None = None
        self.refused = ""  # why the file could not take a line ("" while it can)

    def adopt(self) -> list[DuelRecord]:
        """The results kept unwritten in the files of processes no longer alive (their files
        removed: the results are ours now, and in our file)."""
        if self.folder is None or not self.folder.is_dir():
            return []
        found: list[DuelRecord] = []
        for path in sorted(self.folder.glob(PATTERN)):
            try:
                with open(path, "a+", encoding="utf-8") as other:
                    fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises while its process lives
                    other.seek(0)
                    pending = _pending(other.read())
                    if all([self.keep(record) for record in pending]):  # in our file now: theirs goes
                        path.unlink()
                    found += pending
            except OSError:  # alive (BlockingIOError), or gone meanwhile
                continue
        return list({record.id: record for record in found}.values())

    def keep(self, record: DuelRecord) -> bool:
        """``record`` on disk too; False when the file refused it (memory only)."""
        return self._line({"kept": dataclasses.asdict(record)})

    def read_back(self, duels: set[str]) -> dict[str, DuelRecord]:
        """Those of ``duels`` our file keeps (``unsaved`` holds no more than ``WHOLE`` in memory)."""
        if self.path is None:
            return {}
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as error:
            self.refused = str(error)
            return {}
        return {record.id: record for record in _pending(text) if record.id in duels}

    def written(self, duel: str, nothing_kept: bool) -> None:
        """The store has ``duel``; with nothing kept any more the file is emptied."""
        if self.file is None:
            return
        if nothing_kept:
            try:
                self.file.truncate(0)
                self.file.flush()
                os.fsync(self.file.fileno())
            except OSError:
                self._line({"written": duel})
            return
        self._line({"written": duel})

    def close(self, nothing_kept: bool) -> None:
        """The process stops: its file goes when nothing is kept; else it stays, for the next
        server on this folder to write (its lock goes with the process)."""
        if self.file is None or self.path is None:
            return
        if nothing_kept:
            self.path.unlink(missing_ok=True)
        self.file.close()
        self.file = None

    def _line(self, entry: dict) -> bool:
        try:
            if self.file is None:
                if self.folder is None:
                    raise OSError("no data folder" if fcntl is not None else "no file lock on this system")
                self.path = self.folder / f"unsaved-{os.getpid()}-{secrets.token_hex(4)}.jsonl"
                self.file = open(self.path, "a", encoding="utf-8")
                fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())
        except OSError as error:
            self.refused = str(error)
            return False
        self.refused = ""
        return True


def _pending(text: str) -> list[DuelRecord]:
    """The kept results a file holds that it does not mark written (a torn last line skipped)."""
    kept: dict[str, DuelRecord] = {}
    for line in text.splitlines():
        try:
            entry = json.loads(line)
            if "kept" in entry:
                record = record_of(entry["kept"])
                kept[record.id] = record
            else:
                kept.pop(entry["written"], None)
        except (ValueError, KeyError, TypeError):
            continue
    return list(kept.values())


def record_of(fields: dict) -> DuelRecord:
    """A result from its fields as ``dataclasses.asdict`` gave them (a file's line, ``shared_unsaved``)."""
    fields = dict(fields)
    sides = tuple(SideRecord(**side) for side in fields.pop("sides"))
    return DuelRecord(**fields, sides=sides)  # type: ignore[arg-type]
