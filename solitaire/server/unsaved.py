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
add the results kept here (``quick_losses``, ``met``: the duels' ids, so a result written between
the two reads counts once): a result waiting to be saved counts at once, as it will once written.
In a cluster they add every other process's kept results too (``shared``, ``shared_unsaved``),
and the results a process gone kept are taken over by the others (``adopt``).

**Memory, through a long outage**: a kept result with its moves' log is 42–105 KiB in memory
(``bench --store``). At most ``WHOLE`` are held whole; past that, a result the spill file holds,
or in a cluster JetStream (``shared_unsaved``: taken by its bucket, put again there every half
day), is held by its summary (``Summarised``, what the counts need, about 0.2 KiB) and read back
from there when its turn to be written comes (``WHOLE`` at a time, oldest first). One that
neither holds (a full or read-only disk, no ``--data``, no JetStream) is held whole whatever
their number: memory is then its only copy, and nothing is dropped.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Union

from .ratings import Skill, rated
from .spill import Spill
from .store import DuelRecord, Store, Summary

if TYPE_CHECKING:
    from .shared_unsaved import SharedUnsaved

Ratings = tuple[tuple[Skill, Skill], tuple[Skill, Skill]]
WHOLE = 200  # kept results held whole in memory at most, while the spill file or JetStream holds the others


@dataclass(frozen=True)
class Summarised:
    """A kept result the spill file or JetStream holds, held here by what the counts need
    (``Summary``)."""

    id: str
    ended: float
    unrated: str
    sides: tuple[tuple[int, bool], ...]  # (player, lost quickly) a side

    def summary(self) -> Summary:
        return self.ended, self.unrated, self.sides


Kept = Union[DuelRecord, Summarised]


class Unsaved:
    def __init__(self, folder: Path | None = None) -> None:
        """``folder``: the data folder, where kept results are also written (``spill``), and
        where the results a dead process kept are taken over from."""
        self.spill = Spill(folder)
        self.kept: list[Kept] = list(self.spill.adopt())
        self.whole = len(self.kept)  # of them held whole (``DuelRecord``)
        self.on_disk: set[str] = set()  # of them our spill file has (those taken over stay whole)
        self.failing = ""  # the last refusal's words while results are kept ("" when none is)
        self.shared: SharedUnsaved | None = None  # a cluster's: every process's kept results
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
            if self.shared is not None:
                self.shared.kept(record)
            on_disk = self.spill.keep(record)
            self._hold(record, on_disk)
            if not on_disk:
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
                first = self._first_whole(store)
                if first is not None:
                    store.record(first)
            except store.unavailable as error:
                self._refused(error)
                if quiet:
                    raise
                return written
            kept = self.kept.pop(0)
            duel = kept.id
            self.whole -= isinstance(kept, DuelRecord)
            self.on_disk.discard(duel)
            self.spill.written(duel, not self.kept)
            if self.shared is not None:
                self.shared.written(duel)
            written += first is not None
        if self.failing:
            print("duel server: results written again", file=sys.stderr, flush=True)
            self.failing = ""
        return written

    def adopt(self, store: Store, records: list[DuelRecord]) -> int:
        """Results another process kept and can no longer write (it died: ``shared_unsaved``),
        kept here as ours (once each) and written now if the store takes them: how many were."""
        ours = {record.id for record in self.kept}
        taken = [record for record in records if record.id not in ours]
        for record in taken:
            self._hold(record, self.spill.keep(record))
            if self.shared is not None:
                self.shared.kept(record)
        if taken:
            print(f"duel server: {len(taken)} results a process that died kept unwritten are taken over, to write",
                  file=sys.stderr, flush=True)
        return self.retry(store) if taken else 0

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

    def quick_losses(self, player: int, since: float) -> set[str]:
        """The duels of ``player``'s quick losses among the kept results (every process's, in a
        cluster) ended since ``since`` (``Store.quick_losses``)."""
        return {duel for duel, (ended, _, sides) in self._summaries() if ended >= since
                and any(who == player and quick for who, quick in sides)}

    def met(self, first: int, second: int, since: float) -> set[str]:
        """The rated races of these two players among the kept results (every process's, in a
        cluster) ended since ``since`` (``Store.met``)."""
        return {duel for duel, (ended, unrated, sides) in self._summaries() if ended >= since and not unrated
                and {who for who, _ in sides} == {first, second}}

    def _summaries(self) -> Iterator[tuple[str, Summary]]:
        if self.shared is not None:
            yield from self.shared.all()  # the others' first: one of ours written since is in the store
        for kept in self.kept:
            yield kept.id, kept.summary()

    def _hold(self, record: DuelRecord, on_disk: bool) -> None:
        """``record`` kept, whole; past ``WHOLE`` held whole, the newest that the file or
        JetStream has are held by their summary (this one's JetStream copy is on its way)."""
        self.kept.append(record)
        self.whole += 1
        if on_disk:
            self.on_disk.add(record.id)
        index = len(self.kept)
        while self.whole > WHOLE and index > 0:
            index -= 1
            kept = self.kept[index]
            if isinstance(kept, DuelRecord) and (kept.id in self.on_disk
                                                 or (self.shared is not None and self.shared.has(kept.id))):
                self.kept[index] = Summarised(kept.id, *kept.summary())
                self.whole -= 1

    def _first_whole(self, store: Store) -> DuelRecord | None:
        """The oldest kept result, whole: read back with the next ``WHOLE`` held by their
        summaries, from the spill file or JetStream, when it is one of them; None when it is
        in the store already (another process took it over from JetStream while this one was
        cut off, and wrote it); else unreadable now: refused, as the store's refusal, and tried
        again later."""
        first = self.kept[0]
        if isinstance(first, DuelRecord):
            return first
        wanted = {kept.id for kept in self.kept[:WHOLE] if isinstance(kept, Summarised)}
        found = self.spill.read_back(wanted & self.on_disk)
        if self.shared is not None:
            found.update(self.shared.read_back(wanted - set(found)))
        if first.id not in found:
            if store.written(first.id) is not None:
                return None
            raise store.unavailable[0](f"kept results unreadable now ({self.spill.path}: {self.spill.refused})")
        for index, kept in enumerate(self.kept[:WHOLE]):
            if isinstance(kept, Summarised) and kept.id in found:
                self.kept[index] = found[kept.id]
                self.whole += 1
        return self.kept[0]  # type: ignore[return-value]

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
