"""Results the store could not write (issue 31 item 4): kept in memory, written later, once.

SQLite refuses a write with ``sqlite3.OperationalError`` when the disk is full ("database or disk
is full"), when another process holds the write lock past the store's busy wait ("database is
locked") or when the file or its folder became read-only ("attempt to write a readonly
database"); PostgreSQL (``--db``) with ``psycopg.OperationalError`` when the database cannot be
reached or was restarted (its connection is made again at the next write). Either is the store's
``unavailable``. A finished race's result is then **kept here**, its players are told it at once
(``Result.saved`` false: it will be saved), and it is written before the next result is
(``write``) and every second while any is kept (``service.run_until``), oldest first. A duel's
id is its primary key and ``Store.record`` writes a duel once, so a retry after a write that did
land (its answer lost) cannot count it twice. Nothing is dropped while the process lives; each
kept result is also written to a file of the process's own beside the database (``spill``), so a
process that dies with results kept leaves them to the next server started on that folder —
unless the disk refuses that file too (a full disk, a read-only folder): then they are in memory
only, and the standard error says so when it happens and again when the process stops.

The fairness counts that read results from the store (quick losses, DU-9; rematches a day, DU-8)
add the results kept here (``quick_losses``, ``met``): a result waiting to be saved counts at once,
as it will once written (a kept result leaves ``kept`` only when it is written, so none counts twice).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .ratings import Skill, rated
from .spill import Spill
from .store import DuelRecord, Store

Ratings = tuple[tuple[Skill, Skill], tuple[Skill, Skill]]


class Unsaved:
    def __init__(self, folder: Path | None = None) -> None:
        """``folder``: the data folder, where kept results are also written (``spill``), and
        where the results a dead process kept are taken over from."""
        self.spill = Spill(folder)
        self.kept: list[DuelRecord] = self.spill.adopt()
        self.failing = ""  # the last refusal's words while results are kept ("" when none is)
        if self.kept:
            print(f"duel server: {len(self.kept)} results a stopped server kept unwritten are taken over "
                  f"({self.spill.path}), to write", file=sys.stderr, flush=True)

    def __len__(self) -> int:
        return len(self.kept)

    def write(self, store: Store, record: DuelRecord) -> tuple[Ratings, bool]:
        """Write the kept results, then ``record``: its (before, after) ratings and True; or,
        when the store refuses, ``record`` kept and its ratings as they would be now, False."""
        try:
            self.retry(store, quiet=True)
            return store.record(record), True
        except store.unavailable as error:
            self.kept.append(record)
            if not self.spill.keep(record):
                print(f"duel server: cannot keep a result on disk either ({self.spill.refused}): in memory only, "
                      "lost if the process dies before the store takes it", file=sys.stderr, flush=True)
            self._refused(error)
        return _would_be(store, record), False

    def retry(self, store: Store, quiet: bool = False) -> int:
        """Write the kept results, oldest first, until one is refused (raised when ``quiet``);
        how many were written."""
        written = 0
        while self.kept:
            try:
                store.record(self.kept[0])
            except store.unavailable as error:
                self._refused(error)
                if quiet:
                    raise
                return written
            self.spill.written(self.kept.pop(0).id, not self.kept)
            written += 1
        if self.failing:
            print("duel server: results written again", file=sys.stderr, flush=True)
            self.failing = ""
        return written

    def stopped(self) -> str:
        """The process stops: what becomes of the results still kept, in words for its stderr."""
        on_disk = self.spill.path is not None and not self.spill.refused
        self.spill.close(not self.kept)
        if not self.kept:
            return ""
        if on_disk:
            return (f"{len(self.kept)} results the store refused ({self.failing}) are kept in {self.spill.path}: "
                    "a server started on this folder writes them")
        return (f"{len(self.kept)} results the store refused ({self.failing}) are LOST: the disk refused them "
                f"too ({self.spill.refused})")

    def quick_losses(self, player: int, since: float) -> int:
        """``player``'s quick losses among the kept results ended since ``since`` (``Store.quick_losses``)."""
        return sum(1 for record in self.kept if record.ended >= since
                   for side in record.sides if side.player == player and side.quick)

    def met(self, first: int, second: int, since: float) -> int:
        """Rated races of these two players among the kept results ended since ``since`` (``Store.met``)."""
        return sum(1 for record in self.kept if record.ended >= since and not record.unrated
                   and {side.player for side in record.sides} == {first, second})

    def _refused(self, error: Exception) -> None:
        """Said once on the server's standard error when writing starts failing."""
        if not self.failing:
            print(f"duel server: cannot write results ({error}); {len(self.kept)} kept, retrying",
                  file=sys.stderr, flush=True)
        self.failing = str(error)


def _would_be(store: Store, record: DuelRecord) -> Ratings:
    """The ratings a result will have once written, as the store reads now (a full or read-only
    disk still reads; a player unknown to it counts as new)."""
    try:
        before = (store.skill(record.sides[0].player), store.skill(record.sides[1].player))
    except (*store.unavailable, TypeError):
        before = (Skill(), Skill())
    return before, (before if record.unrated else rated(*before, record.outcome))
