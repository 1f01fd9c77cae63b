"""Per-address limits that hold across every process of a cluster (issue 31), kept in NATS
JetStream: connections open at once from one address (``--per-address``) and wrong room codes
(``lobby.WRONG_CODES`` a ``WRONG_WINDOW``). Counted by each process alone, an address spread over
N processes had N times the allowance (N times the codes to guess a friend's room with).

* **Connections**: key-value bucket ``solitaire_addresses``, one key an address (its bytes in
  hex: any address is a valid key), whose value is each process's count of connections from
  it, ``{"node": count}``. A process admitting a connection reads the key, adds the counts of the
  processes alive (its own from memory, where it is exact) and writes its own new count with the
  key's revision as JetStream's *expected last sequence*: when two processes admit one address
  at once, one write is refused and that process reads again, so the limit holds exactly. A
  closed connection writes the lower count. A process keeps the revision it last wrote: the
  usual connection (nobody else wrote that address since) costs one write, no read. A process gone (killed)
  leaves its counts there: the others count only the processes they hear beat (``link.Peers``;
  any, in their own first ``PEER_SECONDS``, when they may not have heard them all yet), and the
  next write drops the others'. The bucket forgets a key ``KEEP_SECONDS`` after its last write;
  a process writes its own again before that while it holds a connection from it (``refresh``).
* **Wrong room codes**: stream ``SOLITAIRE_LIMITS``, one subject an address, at most
  ``WRONG_CODES`` messages a subject, each kept ``WRONG_WINDOW`` seconds, and a new one refused
  while its subject holds that many (JetStream's *discard new per subject*). A room code typed is
  counted before it is tried (a message; refused: throttled), in one step for the whole cluster,
  and uncounted when it was right (its message deleted). A code refused while the newest count is
  younger than a try lasts waits for the codes being tried (players behind one address joining
  rooms at once are not refused for each other's right codes).
* **JetStream unreachable or slow** (past ``LIMIT_SECONDS``), or its bucket or stream gone:
  ``connect`` says None and ``try_code`` 0, and the processes count together over plain NATS
  (``cluster_limits``). Said once on the standard error. For ``AGAIN_SECONDS`` after, JetStream
  is not asked (a connection does not wait a second each for it), then asked again. The
  addresses whose count changed here meanwhile (``missed``) are written again at the first
  write JetStream takes, so the others do not read an outage's stale count of ours.

Why JetStream and not the database: these counts change at every connection opened and closed;
the database has one thread a process (``db_thread``) that results and hellos wait on, and is the
very thing that may be failing (``unsaved``). A count lost with NATS (memory storage) costs only
a few minutes of a looser limit. What a connection and a room try cost: README ("Several processes").
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from collections import deque
from typing import Any, Awaitable, Callable

from nats.errors import Error as NatsError
from nats.js.api import DiscardPolicy, KeyValueConfig, StorageType, StreamConfig
from nats.js.errors import APIError, KeyNotFoundError, KeyWrongLastSequenceError, NotFoundError

from .lobby import WRONG_CODES, WRONG_WINDOW

BUCKET = "solitaire_addresses"
STREAM = "SOLITAIRE_LIMITS"
WRONG = "solitaire.limit.wrong"
KEEP_SECONDS = 3600.0  # a key unwritten this long is forgotten by the bucket
REFRESH_SECONDS = KEEP_SECONDS / 2  # a process writes its count again this often while it holds one
LIMIT_SECONDS = 1.0  # the longest a connection or a room try waits for JetStream
SEEN = 100_000  # keys whose last revision is kept here (a guess: a wrong one costs a read)
AGAIN_SECONDS = 5.0  # JetStream unanswering: not asked again for this long
CONTENDED_SECONDS = 2.0  # writes refused by other processes' this long: the connection is refused (a flood)
JITTER = 0.002  # seconds, at most, a write refused waits before it reads again
SETTLE_SECONDS = 1.5  # the longest a code is tried (the processes asked answer within ASK_SECONDS, 1 s)
SETTLE_STEP = 0.02  # how often a code waiting for those being tried asks again
FULL = 10077  # JetStream's "maximum messages per subject exceeded"
CHANGED = (10071, 10164)  # JetStream's "wrong last sequence": another process wrote the key first
EXISTS = 10058  # a stream made already with another configuration (another version of the server)

Count = Callable[[], int]


def address_key(address: str) -> str:
    return address.encode("utf-8").hex()


class SharedLimits:
    def __init__(self, node: str, alive: Callable[[str], bool],
                 doubt: Callable[[set[str]], Awaitable[None]] | None = None) -> None:
        """``alive``: whether another process (by its id) is alive: its counts are counted;
        ``doubt``: asked of the processes a key names before ``alive`` is (``cluster_limits``
        finds out then whether those it has not heard yet are there)."""
        self.node, self.alive = node, alive
        self.doubt = doubt or _sure
        self.js: Any = None
        self.kv: Any = None
        self.locks: dict[str, asyncio.Lock] = {}  # one address's reads and writes here go in turn
        self.waiting: dict[str, int] = {}  # what waits on each lock (dropped at none)
        self.seen: dict[str, tuple[dict[str, int], int]] = {}  # key -> (the others' counts, revision) as last seen
        self.written: dict[str, tuple[float, Count]] = {}  # key -> (when our count was written, our count now)
        self.order: deque[tuple[float, str]] = deque()  # (when written, key): what ``refresh`` looks at
        self.trouble = ""
        self.again = 0.0  # JetStream unanswering: not asked before this (``time.monotonic``)
        self.missed: dict[str, Count] = {}  # keys our count changed in while JetStream was out: written after

    async def start(self, nc: Any, replicas: int) -> None:
        """The bucket and the stream, made if they are not there yet (``replicas`` copies, as the races')."""
        self.js = nc.jetstream(timeout=LIMIT_SECONDS * 5)
        try:
            self.kv = await self.js.create_key_value(KeyValueConfig(bucket=BUCKET, ttl=KEEP_SECONDS,
                                                                    storage=StorageType.MEMORY, replicas=replicas))
        except APIError:  # there already, made otherwise: as it is
            self.kv = await self.js.key_value(BUCKET)
        try:
            await self.js.add_stream(StreamConfig(name=STREAM, subjects=[f"{WRONG}.*"], storage=StorageType.MEMORY,
                                                  max_age=WRONG_WINDOW, max_msgs_per_subject=WRONG_CODES,
                                                  discard=DiscardPolicy.NEW, discard_new_per_subject=True,
                                                  num_replicas=replicas))
        except APIError as error:
            if error.err_code != EXISTS:
                raise
        self.js = nc.jetstream(timeout=LIMIT_SECONDS)  # what a connection or a room try waits at most
        self.kv = await self.js.key_value(BUCKET)

    # -- connections at once ------------------------------------------------------------------------
    async def connect(self, address: str, limit: int, ours: Count) -> bool | None:
        """May a connection from ``address`` stay open, ``ours()`` of them here counting it? Our
        count is written when it may; None when JetStream cannot be asked (``cluster_limits``
        asks the other processes then).
        The key is written at the revision last seen here (none: never written): written, the
        counts it held were the key's; refused, it is read and tried again. Over the limit by
        what was seen here, it is read again before the connection is refused."""
        key = address_key(address)
        if self.out():
            self.missed[key] = ours
            return None
        async with self._turn(key):
            seen, fresh = self.seen.get(key, ({}, 0)), False
            deadline = time.monotonic() + CONTENDED_SECONDS
            while time.monotonic() < deadline:
                others = self._live(seen[0])
                if sum(others.values()) + ours() <= limit:
                    written = await self._write(key, ours, others, seen[1])
                    if written is None:
                        self.missed[key] = ours
                    if written is not False:
                        return written
                    await asyncio.sleep(random.random() * JITTER)  # processes writing one key at once fall out of step
                elif fresh:
                    return False
                read = await self._read(key)
                if read is None:
                    self.missed[key] = ours
                    return None
                await self.doubt(set(read[0]))
                seen, fresh = read, True
            return False  # written by the others all along: a flood from that address on several processes

    async def disconnect(self, address: str, ours: Count) -> None:
        """A connection from ``address`` closed: our lower count written (``ours()``)."""
        await self._rewrite(address_key(address), ours)

    async def refresh(self) -> None:
        """Write again our counts written ``REFRESH_SECONDS`` ago that are still held, so the
        bucket does not forget them (called every few seconds)."""
        now = time.monotonic()
        while self.order and self.order[0][0] <= now - REFRESH_SECONDS:
            when, key = self.order.popleft()
            held = self.written.get(key)
            if held is not None and held[0] == when:  # else written since, or dropped
                await self._rewrite(key, held[1])

    async def _rewrite(self, key: str, ours: Count) -> None:
        if self.out():
            self.missed[key] = ours
            return
        async with self._turn(key):
            seen = self.seen.get(key, ({}, 0))
            deadline = time.monotonic() + CONTENDED_SECONDS
            while time.monotonic() < deadline:
                written = await self._write(key, ours, self._live(seen[0]), seen[1])
                if written is None:
                    self.missed[key] = ours
                if written is not False:
                    return
                await asyncio.sleep(random.random() * JITTER)
                read = await self._read(key)
                if read is None:
                    self.missed[key] = ours
                    return
                await self.doubt(set(read[0]))
                seen = read

    def _turn(self, key: str) -> "_Turn":
        return _Turn(self, key)

    def _live(self, counts: dict[str, int]) -> dict[str, int]:
        return {node: n for node, n in counts.items() if self.alive(node)}

    async def _read(self, key: str) -> tuple[dict[str, int], int] | None:
        """The other processes' counts of the key and its revision; None: JetStream unanswering."""
        try:
            entry = await self.kv.get(key)
            value, revision = entry.value, entry.revision
        except KeyNotFoundError as gone:  # never written, or deleted (the marker's revision is the last)
            value, revision = b"", gone.entry.revision if gone.entry is not None else 0
        except (NatsError, asyncio.TimeoutError) as error:
            return self._unreachable(error)
        counts = json.loads(value) if value else {}
        return {node: int(n) for node, n in counts.items() if node != self.node}, revision

    async def _write(self, key: str, ours: Count, others: dict[str, int], revision: int) -> bool | None:
        """Our count (``ours()``, read now) beside ``others`` if the key is still at ``revision``:
        False when another process wrote it first, None when JetStream did not answer. A key
        with no count left is written empty (not deleted: its revision stays known here, so the
        address's next connection costs one write), and forgotten by the bucket an hour later."""
        counts = dict(others)
        mine = ours()
        if mine > 0:
            counts[self.node] = mine
        try:
            revision = await self.kv.update(key, json.dumps(counts, separators=(",", ":")).encode(), last=revision)
        except KeyWrongLastSequenceError:
            return False
        except APIError as error:
            if error.err_code in CHANGED:
                return False
            return self._unreachable(error)
        except (NatsError, asyncio.TimeoutError) as error:
            return self._unreachable(error)
        self.seen.pop(key, None)
        self.seen[key] = (others, revision)  # the newest last: the oldest go first past ``SEEN``
        while len(self.seen) > SEEN:
            self.seen.pop(next(iter(self.seen)))
        if mine > 0:
            now = time.monotonic()
            self.written[key] = (now, ours)
            self.order.append((now, key))
        else:
            self.written.pop(key, None)
        self.missed.pop(key, None)
        if self.trouble:  # JetStream back: what changed here meanwhile written
            self.trouble, self.again = "", 0.0
            if self.missed:
                asyncio.get_running_loop().create_task(self._rewrite_missed())
        return True

    async def _rewrite_missed(self) -> None:
        missed, self.missed = self.missed, {}
        for key, ours in missed.items():
            await self._rewrite(key, ours)

    # -- wrong room codes ---------------------------------------------------------------------------
    async def try_code(self, address: str) -> int | None:
        """A room code typed from ``address``, counted before it is tried: its number (to
        uncount it when it was right, ``right``); 0 when JetStream cannot be asked (the process's
        own count holds); None when the address has typed ``WRONG_CODES`` lately (throttled).
        A full count may hold codes still being tried (a right one is uncounted a moment later:
        players behind one address joining rooms at once): the code waits for them, while the
        newest is younger than ``SETTLE_SECONDS``, then is tried or refused."""
        subject = f"{WRONG}.{address_key(address)}"
        if self.out():
            return 0
        deadline = time.time() + SETTLE_SECONDS
        while True:
            try:  # the message says when it was counted (``SETTLE_SECONDS``)
                return (await self.js.publish(subject, repr(time.time()).encode(), stream=STREAM)).seq
            except APIError as error:
                if error.err_code != FULL:
                    return self._unreachable(error) or 0
            except (NatsError, asyncio.TimeoutError) as error:
                return self._unreachable(error) or 0
            try:
                newest = float((await self.js.get_last_msg(STREAM, subject)).data or 0)
            except NotFoundError:  # the count expired meanwhile: counted again now
                continue
            except (NatsError, asyncio.TimeoutError, ValueError) as error:
                return self._unreachable(error) or 0
            if time.time() - newest >= SETTLE_SECONDS or time.time() >= deadline:
                return None
            await asyncio.sleep(SETTLE_STEP)

    async def right(self, number: int) -> None:
        """The code counted as ``number`` was right: uncounted."""
        if number:
            try:
                await self.js.delete_msg(STREAM, number)
            except (NatsError, asyncio.TimeoutError) as error:  # expired already, or unanswering
                if not isinstance(error, APIError):
                    self._unreachable(error)

    def out(self) -> bool:
        """JetStream did not answer lately: not asked yet (``AGAIN_SECONDS``)."""
        return time.monotonic() < self.again

    def _unreachable(self, error: BaseException) -> None:
        line = f"{type(error).__name__}: {error}"[:200]
        if not self.trouble:
            print(f"duel server: per-address limits counted with the other processes over plain NATS for now "
                  f"(JetStream: {line})", file=sys.stderr, flush=True)
        self.trouble = line
        self.again = time.monotonic() + AGAIN_SECONDS
        return None


async def _sure(nodes: set[str]) -> None:
    """Nothing to find out: ``alive`` knows."""


class _Turn:
    """One address's lock while its count is read and written here (made and dropped as needed)."""

    def __init__(self, limits: SharedLimits, key: str) -> None:
        self.limits, self.key = limits, key

    async def __aenter__(self) -> None:
        limits = self.limits
        limits.waiting[self.key] = limits.waiting.get(self.key, 0) + 1
        await limits.locks.setdefault(self.key, asyncio.Lock()).acquire()

    async def __aexit__(self, *_: object) -> None:
        limits = self.limits
        limits.locks[self.key].release()
        limits.waiting[self.key] -= 1
        if not limits.waiting[self.key]:
            del limits.waiting[self.key], limits.locks[self.key]
