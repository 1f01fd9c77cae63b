"""Races in play on JetStream (issue 35 item 2): each race's records (``replica``) on a subject
of its own in one stream, ``SOLITAIRE_RACES``, replicated on up to three NATS servers where the
NATS system is a cluster (``RaceStreams.start``), kept on disk, and dropped a day after.

A race's subject is ``solitaire.race.<id>.<player>.<player>`` (side 1 is ``0`` for a recorded
run): a process finds a player's race by its subject alone (``race_of``), whoever runs it.

**One writer a race, checked by the stream.** Every record is appended with JetStream's
*expected last subject sequence*: the stream takes it only if the race's last record is the one
this process wrote last. A process taking a race over appends ``taken`` the same way, so of two
processes trying at once one wins, and the owner it replaced (alive after all: a network split)
has its next record refused, reads the race's last record, sees another's, and lets the race go
(``lost``) — a race is never run by two. (A record refused because one of its own, given up for
lost, got there after all is seen as its own, and writing goes on after it.)
Records of one race go one at a time: entries made while one is on its way go together in the
next, and the answers waiting for them (``ship``'s ``then``) are sent when the stream has
acknowledged the record that holds them. An acknowledgement not heard within ``ACK_SECONDS`` (the
NATS server away, a NATS cluster electing a new leader for the stream) lets the answers go — the
race goes on as on one process — and the race's last record is read again (waiting at most as
long) before the next one is written.
Per move, on this side: one record encoded, one publish with a reply subject of the process's
own (``Acks``), one acknowledgement read; no timer of its own (one gives up every late record,
``_expire``), and nothing that walks every race.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from nats.errors import Error as NatsError
from nats.js.api import StorageType, StreamConfig
from nats.js.errors import APIError, NotFoundError

from .acks import Acks
from .duel import ServerDuel
from .replica import Replica, done, more, opening, over, read, stored, taken

STREAM = "SOLITAIRE_RACES"
PREFIX = "solitaire.race"
ACK_SECONDS = 1.0  # the longest an answer waits for its record's acknowledgement
KEEP_SECONDS = 86400.0  # a race's records are dropped this long after they were written
REPLICAS = (3, 2, 1)  # the copies asked for, in turn, until the NATS system can keep them
EXPECTED = "Nats-Expected-Last-Subject-Sequence"
WRONG_LAST = (10071, 10164)  # JetStream's error codes (one server, a cluster): the last record is another
log = logging.getLogger(__name__)


def subject(duel: ServerDuel) -> str:
    second = 0 if duel.recorded else duel.sides[1].player
    return f"{PREFIX}.{duel.id}.{duel.sides[0].player}.{second}"


@dataclass(eq=False)
class Writer:
    """What this process has put in one race's stream."""

    duel: ServerDuel
    zero: float  # race time 0 on the wall clock
    seq: int = 0  # the stream sequence of the race's last record; 0: none yet
    stored: int = 0  # log entries in the stream
    flying: list | None = None  # the answers waiting for the record on its way; None: none on its way
    waiting: list = field(default_factory=list)  # the answers for the next record
    unsure: bool = False  # an acknowledgement not heard: read the race's last record before writing
    ending: bool = False  # its ``done`` goes next
    judge: Callable[[], None] | None = None  # its ``over`` goes next; called once the stream has it
    queued: bool = False  # in ``RaceStreams.outgoing``


class RaceStreams:
    """One process's races on JetStream: writing them as they go, reading one to take it over."""

    def __init__(self, node: str, lost: Callable[[str], None]) -> None:
        self.node, self.lost = node, lost
        self.js: Any = None
        self.replicas = 0  # the copies the stream keeps of each record
        self.writers: dict[str, Writer] = {}
        self.outgoing: deque[Writer] = deque()
        self.wake = asyncio.Event()
        self.idle = asyncio.Event()
        self.writing = False  # the sender is writing a record (or reading one again) now
        self.in_flight = 0  # records on their way, not yet acknowledged (nor given up)
        self.deadlines: deque[tuple[float, asyncio.Future]] = deque()  # (give up at, its answer), oldest first
        self.expiring: asyncio.TimerHandle | None = None  # the one timer that gives them up (``_expire``)
        self.sender: asyncio.Task | None = None
        self.acks: Acks | None = None  # how records are written and acknowledged (``start``)

    async def start(self, nc: Any) -> None:
        """The stream, made if it is not there yet with as many copies as the NATS system keeps;
        APIError (or NATS's own errors) when the NATS server runs without JetStream."""
        self.js = nc.jetstream(timeout=ACK_SECONDS * 5)
        for replicas in REPLICAS:
            config = StreamConfig(name=STREAM, subjects=[f"{PREFIX}.>"], storage=StorageType.FILE,
                                  max_age=KEEP_SECONDS, num_replicas=replicas, allow_direct=True)
            try:
                self.replicas = (await self.js.add_stream(config)).config.num_replicas or 1
                break
            except APIError as error:
                if error.err_code == 10058:  # there already (another process made it): as it is
                    self.replicas = (await self.js.stream_info(STREAM)).config.num_replicas or 1
                    break
                if replicas == REPLICAS[-1]:
                    raise
        self.acks = Acks(nc)
        await self.acks.start()
        self.sender = asyncio.create_task(self._send())

    async def close(self) -> None:
        await self.drained()
        if self.sender is not None:
            self.sender.cancel()
        if self.expiring is not None:
            self.expiring.cancel()

    # -- writing ------------------------------------------------------------------------------------
    def open(self, duel: ServerDuel, zero: float, seq: int = 0) -> None:
        """Keep ``duel`` in its stream from now on: its opening first (``seq`` 0, a new race),
        or after the ``taken`` record at ``seq`` (a race taken over, its log all there)."""
        self.writers[duel.id] = writer = Writer(duel, zero, seq, len(duel.log) if seq else 0)
        if not seq:
            self._queue(writer)

    def ship(self, duel: ServerDuel, then: Callable[[], None] | None = None) -> None:
        """Put the race's new entries in its stream; ``then`` once the stream has them."""
        writer = self.writers.get(duel.id)
        if writer is None:
            if then is not None:
                then()
            return
        if then is not None:
            writer.waiting.append(then)
        self._queue(writer)

    def judge(self, duel_id: str, then: Callable[[], None]) -> None:
        """The race is over: ``over`` goes in its stream, and ``then`` (judge, write and tell it)
        once the stream has it — never if another process appended to the race first (it runs
        it now: ``lost``). A process killed after ``over`` leaves the race to be taken over."""
        writer = self.writers.get(duel_id)
        if writer is not None:
            writer.judge = then
            self._queue(writer)

    def finish(self, duel_id: str) -> None:
        """The race is over (written): ``done`` is its last record."""
        writer = self.writers.get(duel_id)
        if writer is not None:
            writer.ending = True
            self._queue(writer)

    def forget(self, duel_id: str) -> None:
        """No more records for this race from here (another process runs it now)."""
        writer = self.writers.pop(duel_id, None)
        if writer is not None:
            for then in writer.waiting:
                then()
            writer.waiting = []

    def _queue(self, writer: Writer) -> None:
        if writer.flying is None and not writer.queued:
            writer.queued = True
            self.outgoing.append(writer)
            self.idle.clear()
            self.wake.set()

    async def drained(self) -> None:
        """Wait until every record posted so far is acknowledged (or given up)."""
        while self.sender is not None and not self.sender.done() and (
                self.outgoing or self.writing or self.in_flight):
            self.idle.clear()
            await self.idle.wait()

    async def _send(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outgoing:
                writer = self.outgoing.popleft()
                writer.queued, self.writing = False, True
                try:
                    await self._write(writer)
                except Exception:  # one race's trouble must not stop the others'
                    log.exception("a race's record could not be written")
                finally:
                    self.writing = False
            if not self.in_flight:
                self.idle.set()

    async def _write(self, writer: Writer) -> None:
        duel = writer.duel
        if self.writers.get(duel.id) is not writer:
            return
        if writer.unsure and not await self._resync(writer):
            return
        last = ""  # or the race's ``over``, or its ``done``
        if writer.judge is not None and len(duel.log) <= writer.stored:  # its last entries first
            data, count, last = over(self.node, duel.id), writer.stored, "over"
        elif writer.ending:
            data, count, last = done(self.node, duel.id), writer.stored, "done"
        elif writer.seq == 0:
            data, count = opening(self.node, duel, writer.zero), len(duel.log)
        elif len(duel.log) > writer.stored:
            data, count = more(self.node, duel, writer.stored), len(duel.log)
        else:
            waiting, writer.waiting = writer.waiting, []
            return _call(waiting)
        writer.flying, writer.waiting = writer.waiting, []
        self.in_flight += 1
        try:
            future = await (self.acks or self.js).publish_async(subject(duel), data, headers={EXPECTED: str(writer.seq)})
        except NatsError:
            future = asyncio.get_running_loop().create_future()
            future.cancel()
        self._give_up_later(future)
        future.add_done_callback(lambda answer: self._acked(writer, count, last, answer))

    def _give_up_later(self, future: asyncio.Future) -> None:
        """``future`` cancelled if unanswered in ``ACK_SECONDS``: one timer for every record on its
        way (``_expire``), not one a record (a timer made and cancelled each move cost CPU)."""
        loop = asyncio.get_running_loop()
        self.deadlines.append((loop.time() + ACK_SECONDS, future))
        if self.expiring is None:
            self.expiring = loop.call_later(ACK_SECONDS, self._expire)

    def _expire(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self.deadlines and (self.deadlines[0][0] <= now or self.deadlines[0][1].done()):
            self.deadlines.popleft()[1].cancel()  # nothing for an answered one
        self.expiring = loop.call_at(self.deadlines[0][0], self._expire) if self.deadlines else None

    def _acked(self, writer: Writer, count: int, last: str, answer: asyncio.Future) -> None:
        self.in_flight -= 1
        flying, writer.flying = writer.flying or [], None
        error = None if answer.cancelled() else answer.exception()
        if answer.cancelled() or error is not None:
            writer.unsure = True  # no answer in time, or refused: whose is the race's last record?
            if getattr(error, "err_code", None) in WRONG_LAST:
                writer.waiting, flying = flying + writer.waiting, []  # they wait for that answer
        else:
            writer.seq, writer.stored = answer.result().seq, count
            if last == "done":  # nothing more is written for it
                flying += self._done(writer)
            elif last == "over" and writer.judge is not None:
                flying.append(writer.judge)
                writer.judge = None
        _call(flying)
        if self.writers.get(writer.duel.id) is writer and (writer.waiting or writer.ending or writer.judge
                                                            or len(writer.duel.log) > writer.stored):
            self._queue(writer)
        elif not self.outgoing and not self.in_flight:
            self.idle.set()

    def _done(self, writer: Writer) -> list[Callable[[], None]]:
        """The race's ``done`` is in the stream: its records purged; the answers still waiting."""
        self.writers.pop(writer.duel.id, None)
        asyncio.get_running_loop().create_task(self._purge(writer.duel))
        return writer.waiting

    async def _resync(self, writer: Writer) -> bool:
        """After an acknowledgement not heard: where the race's stream is, and whose it is. A
        race that had records here and has none now was ended and purged by another process —
        unless the stream itself is new (its sequence below this race's: NATS lost its store)."""
        try:
            last = await asyncio.wait_for(self.js.get_last_msg(STREAM, subject(writer.duel)), ACK_SECONDS)
        except NotFoundError:
            try:
                info = await asyncio.wait_for(self.js.stream_info(STREAM), ACK_SECONDS) if writer.seq else None
            except (NatsError, TimeoutError):
                return self._away(writer)
            if info is not None and info.state.last_seq >= writer.seq:
                return self._gone(writer)
            writer.seq = writer.stored = 0  # written again from its opening
            writer.unsure = False
            return True
        except (NatsError, TimeoutError):
            return self._away(writer)
        record = json.loads(last.data)
        if record.get("owner") != self.node:  # another process appended to the race: it runs it now
            return self._gone(writer)
        if "done" in record:  # its own ``done`` got there
            _call(self._done(writer))
            return False
        writer.seq, writer.unsure = last.seq, False
        if "open" in record or "more" in record:
            writer.stored = stored(record)
        if "over" in record and writer.judge is not None:  # its own ``over`` got there: judged here
            judge, writer.judge = writer.judge, None
            _call([judge])
            return False  # its ``done`` is queued by then
        return True

    def _away(self, writer: Writer) -> bool:
        """NATS still away: the answers go; the next move tries again, a ``done`` in a while."""
        _call(writer.waiting)
        writer.waiting = []
        if writer.ending or writer.judge is not None:
            asyncio.get_running_loop().call_later(ACK_SECONDS, self._queue, writer)
        return False

    def _gone(self, writer: Writer) -> bool:
        """The race is another process's now: nothing more is written for it here."""
        self.writers.pop(writer.duel.id, None)
        _call(writer.waiting)
        writer.waiting = []
        self.lost(writer.duel.id)
        return False

    async def _purge(self, duel: ServerDuel) -> None:
        try:
            await self.js.purge_stream(STREAM, subject=subject(duel))
        except (NatsError, TimeoutError):
            pass  # dropped after ``KEEP_SECONDS`` anyway

    # -- reading --------------------------------------------------------------------------------
    async def race_of(self, player: int) -> str | None:
        """The subject of the race ``player`` is in, if one is in play."""
        for pattern in (f"{PREFIX}.*.{player}.*", f"{PREFIX}.*.*.{player}"):
            info = await self.js.stream_info(STREAM, subjects_filter=pattern)
            if info.state.subjects:
                return max(info.state.subjects)
        return None

    async def races(self) -> list[str]:
        """Every race in play's subject."""
        info = await self.js.stream_info(STREAM, subjects_filter=f"{PREFIX}.>")
        return list(info.state.subjects or ())

    async def last(self, race: str) -> dict | None:
        """The race's last record (its owner), None when it has none."""
        try:
            return json.loads((await self.js.get_last_msg(STREAM, race)).data)
        except NotFoundError:
            return None

    async def take(self, race: str, owner: str) -> tuple[Replica, int] | None:
        """Read the race run by gone ``owner`` and append ``taken`` by this process: the race
        and the sequence of that record; None when it is over, or another process has it now
        (it took it before, or appended first)."""
        records, seq = [], 0
        while True:
            try:
                message = await self.js.get_msg(STREAM, seq=seq + 1, subject=race, next=True)
            except NotFoundError:
                break
            records.append(json.loads(message.data))
            seq = message.seq
        replica = read(records)
        if replica is None or replica.owner != owner:
            return None
        try:
            ack = await self.js.publish(race, taken(self.node, replica.id), headers={EXPECTED: str(seq)})
        except APIError as error:
            if error.err_code in WRONG_LAST:
                return None
            raise
        return replica, ack.seq


def _call(answers: list[Callable[[], None]]) -> None:
    for then in answers:
        try:
            then()
        except Exception:  # one player's answer must not stop the others'
            log.exception("an answer held for its record could not be sent")
