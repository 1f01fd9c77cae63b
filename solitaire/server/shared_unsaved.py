"""The results every process of a cluster keeps unwritten, seen by all (issue 31): the fairness
counts (quick losses, DU-9; rematches a day, DU-8) count a result waiting to be saved on any
process, so a farmer whose quick losses wait on one process is still held on another; and a
process that dies with results kept has them written by another.

Each process puts a result it keeps (``unsaved``) in the key-value bucket ``solitaire_unsaved``
(key: the duel's id; value: the process's id and the whole result), on disk in JetStream (as
many copies as the races' stream), and deletes it once the result is written. Every process
watches the bucket and keeps in memory what the counts need of each entry (``seen``: its
process and a ``Summary``, about 0.2 KiB, not the whole result with its moves' log, 42–105 KiB
in memory: a process would otherwise hold every process's whole results through an outage),
which the counts read on the database thread. A count reads ``seen`` first and the database after, and counts each duel once by its id
(``races.Races.quick_losses``): a result is deleted here only after it is written there, so one
written between the two reads is in the database. What a process puts is seen by the others
within a NATS round trip; nothing is written while no result is kept.

**JetStream unanswering** (down, the bucket gone): each kept result's summary, and each one's
being written, is also said over plain NATS (``TOLD``) as it happens, and every process adds
what it hears to ``seen``: the counts still see the others' results kept through the outage
(the bucket's events and these say the same, by the duel's id). What plain NATS does not give:
a result held in memory only by a process that dies then is lost with it (no whole copy is
anywhere). No process starts while JetStream is out (it needs the races' stream), so none
misses what was said before it came.

**A process gone** (its beats stopped, ``link.Peers``) with results kept: every process left
reads them whole from the bucket and takes them (``orphans``; ``Unsaved.adopt``), puts them again as its own and writes them when the
database takes them: a duel is written once whoever writes it (its id is the key), so two taking
one is harmless. This covers what the ``spill`` file cannot: PostgreSQL without ``--data``, a
full or read-only data folder, and no server started again on that folder. The bucket forgets an
entry a day after it was put (the longest window a count looks at).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import sys
import threading
import time
from collections import deque
from typing import Any, Callable

from nats.errors import Error as NatsError
from nats.js.api import KeyValueConfig, StorageType
from nats.js.errors import APIError, KeyNotFoundError

from .fairness import DAY
from .spill import record_of
from .store import DuelRecord, Summary

BUCKET = "solitaire_unsaved"
TOLD = "solitaire.unsaved"  # plain NATS: a result kept ({"node", "duel", "summary"}) or written ({"written"})
READ_SECONDS = 5.0  # the longest the database thread waits for results read back from the bucket
REFRESH = DAY / 2  # our results in the bucket are put again this long after their last put
TRIES = 5  # a put or delete JetStream refused is tried again this many times, a second apart


class SharedUnsaved:
    def __init__(self, node: str) -> None:
        self.node = node
        self.seen: dict[str, tuple[str, Summary]] = {}  # duel -> (the process keeping it, its summary): ours too
        self.stored: dict[str, float] = {}  # our results JetStream has taken -> when put (oldest first)
        self.lock = threading.Lock()  # ``seen`` is changed on the event loop, read on the database thread
        self.kv: Any = None
        self.nc: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.outgoing: deque[tuple[str, bytes | None]] = deque()
        self.telling: deque[bytes] = deque()  # what is said over plain NATS (``TOLD``), in order
        self.wake_telling = asyncio.Event()
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    async def start(self, nc: Any, replicas: int) -> None:
        js = nc.jetstream(timeout=2.0)
        try:
            self.kv = await js.create_key_value(KeyValueConfig(bucket=BUCKET, ttl=DAY, storage=StorageType.FILE,
                                                               replicas=replicas))
        except APIError:  # there already, made otherwise: as it is
            self.kv = await js.key_value(BUCKET)
        self.loop = asyncio.get_running_loop()
        self.nc = nc
        await nc.subscribe(TOLD, cb=self._told)
        watcher = await self.kv.watchall()
        self.tasks = [asyncio.create_task(self._watch(watcher)), asyncio.create_task(self._send()),
                      asyncio.create_task(self._tell())]

    async def close(self) -> None:
        for _ in range(100):  # what is on its way goes first (at most a second)
            if not (self.outgoing or self.telling):
                break
            await asyncio.sleep(0.01)
        for task in self.tasks:
            task.cancel()

    # -- ours, from the database thread ---------------------------------------------------------------
    def kept(self, record: DuelRecord) -> None:
        value = {"node": self.node, "record": dataclasses.asdict(record)}
        told = {"node": self.node, "duel": record.id, "summary": record.summary()}
        self._post(record.id, json.dumps(value, separators=(",", ":")).encode(), json.dumps(told).encode())

    def written(self, duel: str) -> None:
        self._post(duel, None, json.dumps({"written": duel}).encode())

    def keep_all(self, records: list[DuelRecord]) -> None:
        """Results taken over from a process that died (``spill``), shown to all."""
        for record in records:
            self.kept(record)

    def _post(self, duel: str, kept: bytes | None, told: bytes) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._queue, duel, kept, told)

    def _queue(self, duel: str, kept: bytes | None, told: bytes) -> None:
        self.outgoing.append((duel, kept))
        self.telling.append(told)
        self.wake.set()
        self.wake_telling.set()

    async def _send(self) -> None:
        """Put and delete in the order asked (a result's put before its delete)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outgoing:
                duel, kept = self.outgoing[0]
                for tried in range(TRIES):
                    try:
                        if kept is None:
                            await self.kv.delete(duel)
                        else:
                            await self.kv.put(duel, kept)
                        with self.lock:
                            self.stored.pop(duel, None)
                            if kept is not None:
                                self.stored[duel] = time.time()
                        break
                    except (NatsError, asyncio.TimeoutError) as error:
                        if tried == TRIES - 1:
                            print(f"duel server: the other processes cannot be shown a result kept unwritten "
                                  f"({type(error).__name__}: {error})"[:300], file=sys.stderr, flush=True)
                        else:
                            await asyncio.sleep(1.0)
                self.outgoing.popleft()

    async def _tell(self) -> None:
        """Say over plain NATS what is kept and written, as it comes (JetStream's tries wait apart)."""
        while True:
            await self.wake_telling.wait()
            self.wake_telling.clear()
            while self.telling:
                try:
                    await self.nc.publish(TOLD, self.telling.popleft())
                except NatsError:
                    pass

    async def _told(self, msg: Any) -> None:
        """What another process said over plain NATS: a result it keeps, or one written."""
        told = json.loads(msg.data)
        with self.lock:
            if "written" in told:
                self.seen.pop(str(told["written"]), None)
            else:
                ended, unrated, sides = told["summary"]
                self.seen[str(told["duel"])] = (str(told["node"]), (float(ended), str(unrated),
                                                                   tuple((int(p), bool(q)) for p, q in sides)))

    async def _watch(self, watcher: Any) -> None:
        async for entry in watcher:
            if entry is None:  # the bucket's first values all read
                continue
            with self.lock:
                if entry.operation is None and entry.value:
                    value = json.loads(entry.value)
                    self.seen[entry.key] = (str(value["node"]), record_of(value["record"]).summary())
                else:  # deleted (written), or purged
                    self.seen.pop(entry.key, None)

    # -- every process's, on the database thread ------------------------------------------------------
    def all(self) -> list[tuple[str, Summary]]:
        """What every process keeps now (those past the longest window forgotten)."""
        with self.lock:
            old = [duel for duel, (_, kept) in self.seen.items() if kept[0] < time.time() - DAY]
            for duel in old:
                del self.seen[duel]
            return [(duel, kept) for duel, (_, kept) in self.seen.items()]

    def orphans(self, alive: Callable[[str], bool]) -> list[str]:
        """The duels of the results kept by processes no longer ``alive`` (by their ids): to take over."""
        with self.lock:
            return [duel for duel, (node, _) in self.seen.items() if node != self.node and not alive(node)]

    async def whole(self, duels: list[str]) -> list[DuelRecord]:
        """The results of ``duels`` another process kept, read whole from the bucket (one written
        meanwhile, or unreadable now, is left out: asked again at the next sweep while it is there)."""
        return list((await self._read(duels, lambda node: node != self.node)).values())

    # -- ours held by their summary (``unsaved``) -----------------------------------------------------
    def has(self, duel: str) -> bool:
        """JetStream has taken our kept result ``duel`` (``unsaved`` may hold it by its summary)."""
        with self.lock:
            return duel in self.stored

    def read_back(self, duels: set[str]) -> dict[str, DuelRecord]:
        """Our kept results of ``duels``, read whole from the bucket; on the database thread
        (it waits for the loop, at most ``READ_SECONDS``: none found then, asked again later)."""
        if self.loop is None or not duels:
            return {}
        try:
            return asyncio.run_coroutine_threadsafe(self._read(list(duels), lambda node: True),  # (taken over: as well)
                                                    self.loop).result(READ_SECONDS)
        except (concurrent.futures.TimeoutError, RuntimeError):  # the loop busy or closing
            return {}

    def due(self) -> bool:
        """One of our results in the bucket is to be put again (``refresh``)."""
        with self.lock:
            return bool(self.stored) and next(iter(self.stored.values())) <= time.time() - REFRESH

    async def refresh(self) -> None:
        """Our results JetStream has held for ``REFRESH`` put again: the bucket forgets an entry a
        day after its put, and one ``unsaved`` holds by its summary has no other copy here."""
        while True:
            with self.lock:
                duel, when = next(iter(self.stored.items()), ("", time.time()))
            if when > time.time() - REFRESH:
                return
            try:
                entry = await self.kv.get(duel)
                await self.kv.update(duel, entry.value, last=entry.revision)  # not if deleted meanwhile (written)
            except KeyNotFoundError:  # written meanwhile
                with self.lock:
                    self.stored.pop(duel, None)
                continue
            except (NatsError, asyncio.TimeoutError):
                return  # asked again at the next sweep
            with self.lock:
                if self.stored.pop(duel, None) is not None:
                    self.stored[duel] = time.time()

    async def _read(self, duels: list[str], wanted: Callable[[str], bool]) -> dict[str, DuelRecord]:
        records = {}
        for duel in duels:
            try:
                value = json.loads((await self.kv.get(duel)).value or b"{}")
            except (NatsError, asyncio.TimeoutError, ValueError):  # deleted (written), or JetStream unanswering
                continue
            if "record" in value and wanted(str(value.get("node"))):
                records[duel] = record_of(value["record"])
        return records
