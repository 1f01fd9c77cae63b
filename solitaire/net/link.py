"""The connection to the other player, for both roles, from the first hello to the race's end.

    host:  waiting ─hello─► syncing ─ready─► started          (deal sent; pings answered)
    join:  connecting ─hello─► syncing ─pongs, start─► started (clock measured: the host's leads)

Once started, a dropped connection is not the end: the joiner dials again every ``retry``
seconds and the host's door stays open for the session's token, for ``comeback`` seconds. Each
side keeps what it has sent (moves, then End) and, on coming back, says how much of the other's
it holds (``have``), so each resends only what the other missed. The race's moves are passed up
to the rival, which checks them; the link only carries them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import GameCode, parse_code
from .channel import Channel, Clock, Timing
from .code import DuelAddress
from .framing import ProtocolError
from .host import Arrival, Host, Notice
from .messages import (VERSION, Beat, Bye, Deal, End, Hello, Message, Move, Ping, Pong, Ready, Refused, Start,
                       VersionMismatch)

WAITING, CONNECTING, SYNCING, STARTED, FAILED, CLOSED = (
    "waiting", "connecting", "syncing", "started", "failed", "closed")


@dataclass(frozen=True)
class Dropped:
    """The connection went during the race; a comeback may follow."""

    notice: Notice


@dataclass(frozen=True)
class Back:
    """The peer is connected again after Dropped."""


@dataclass(frozen=True)
class GaveUp:
    """No comeback: the peer is gone for good (it left, or the comeback window passed)."""

    notice: Notice


@dataclass(frozen=True)
class Violation:
    """The peer broke the protocol during the race (its rival disqualifies it)."""

    error: ProtocolError


LinkEvent = Move | End | Bye | Dropped | Back | GaveUp | Violation


def clock_offset(samples: list[tuple[float, float, float]]) -> float:
    """How far the host's clock is ahead of ours, from (sent, host's reading, received) round
    trips: the quickest one bounds the error best (by half its round trip).
    """
    sent, host, received = min(samples, key=lambda s: s[2] - s[0])
    return host - (sent + received) / 2


class Link:
    def __init__(self, name: str, clock: Clock, timing: Timing, *, host: Host | None = None,
                 address: DuelAddress | None = None, code: GameCode | None = None, seconds: int = 240) -> None:
        self.name, self.clock, self.timing = name, clock, timing
        self.host, self.address = host, address
        self.code, self.seconds = code, seconds
        self.state = WAITING if host else CONNECTING
        self.channel: Channel | None = None
        self.peer_name: str | None = None
        self.failure: Notice | None = None
        self.start: float | None = None  # race time 0, on our clock
        self.offset = 0.0
        self.finished = False  # the race is over for both: a drop is no longer news
        self.heard = 0  # the peer's items (moves, End) accepted so far
        self._sent: list[Message] = []  # our items, for a resend
        self._session: str | None = None
        self._samples: list[tuple[float, float, float]] = []
        self._gone_since: float | None = None
        self._next_dial = 0.0
        if host is None:
            self._dial()

    @property
    def connected(self) -> bool:
        return self.channel is not None and not self.channel.closed

    def race_clock(self) -> float | None:
        return None if self.start is None else self.clock() - self.start

    def send_item(self, item: Move | End) -> None:
        """One of our moves, or our End: kept for a resend, sent now if connected."""
        self._sent.append(item)
        if self.connected:
            self.channel.send(item)

    def poll(self) -> list[LinkEvent]:
        events: list[LinkEvent] = []
        if self.state in (FAILED, CLOSED):
            return events
        if self.host is not None:
            for arrival in self.host.poll():
                self._arrive(arrival, events)
        if self.channel is not None:
            for message in self.channel.poll():
                self._on(message, events)
            if self.channel is not None and self.channel.closed:
                self._lose(self.channel.problem, events)
        if self.state == STARTED and self.channel is None:
            self._comeback(events)
        return events

    def close(self, last: Message | None = None) -> None:
        if self.channel is not None:
            self.channel.close(last)
        if self.host is not None:
            self.host.close()
        if self.state != FAILED:
            self.state = CLOSED

    # -- arrivals and messages ------------------------------------------------------------------

    def _arrive(self, arrival: Arrival, events: list[LinkEvent]) -> None:
        if self.state == WAITING:
            self.channel, self.peer_name = arrival.channel, arrival.hello.name
            self.channel.send(Hello(VERSION, self.name, 0, session=self.host.session))
            self.channel.send(Deal(str(self.code), self.seconds))
            self.state = SYNCING
        elif self.state == STARTED:  # the peer again (perhaps before we noticed it had gone)
            if self.channel is not None:
                self.channel.close()
            self.channel = arrival.channel
            self.channel.send(Hello(VERSION, self.name, self.heard, session=self.host.session))
            self._resume(arrival.hello.have, events)
        else:
            arrival.channel.close(Refused("busy", VERSION))
            return
        for message in arrival.rest:
            self._on(message, events)

    def _on(self, message: Message, events: list[LinkEvent]) -> None:
        role = HOST if self.host is not None else JOIN
        handler = _HANDLERS.get((role, self.state, type(message))) or _HANDLERS.get((BOTH, self.state, type(message)))
        if handler is not None:
            handler(self, message, events)
        elif not isinstance(message, Beat):
            what = f"{type(message).__name__.lower()} while {self.state}"
            self._break(ProtocolError("net.error.garbage", what), events)

    def _hello(self, hello: Hello, events: list[LinkEvent]) -> None:
        if self.state == CONNECTING:
            self.peer_name, self._session, self.state = hello.name, hello.session, SYNCING
        else:  # our comeback was let in
            self._resume(hello.have, events)

    def _refused(self, refused: Refused, events: list[LinkEvent]) -> None:
        key = f"net.fail.{refused.reason}"
        notice = Notice(key, {"theirs": refused.version, "ours": VERSION})
        if self.state == STARTED:
            self.close()
            events.append(GaveUp(notice))
        else:
            self._fail(notice)

    def _deal(self, deal: Deal, events: list[LinkEvent]) -> None:
        if self.code is not None:
            self._break(ProtocolError("net.error.garbage", "a second deal"), events)
            return
        self.code, self.seconds = parse_code(deal.code), deal.seconds
        self.channel.send(Ping(0, self.clock()))

    def _pong(self, pong: Pong, events: list[LinkEvent]) -> None:
        if self.code is None or pong.id != len(self._samples) or pong.id >= self.timing.pings:
            self._break(ProtocolError("net.error.garbage", "an answer to no ping"), events)
            return
        now = self.clock()
        self._samples.append((pong.t, pong.host, now))
        if len(self._samples) < self.timing.pings:
            self.channel.send(Ping(len(self._samples), now))
        else:
            self.offset = clock_offset(self._samples)
            self.channel.send(Ready())

    def _ping(self, ping: Ping, events: list[LinkEvent]) -> None:
        self.channel.send(Pong(ping.id, ping.t, self.clock()))

    def _ready(self, ready: Ready, events: list[LinkEvent]) -> None:
        self.start = self.clock() + self.timing.count
        self.channel.send(Start(self.start))
        self.state = STARTED

    def _start(self, start: Start, events: list[LinkEvent]) -> None:
        if len(self._samples) < self.timing.pings:
            self._break(ProtocolError("net.error.garbage", "a start before the clock was measured"), events)
            return
        self.start = start.at - self.offset
        self.state = STARTED

    def _left_early(self, bye: Bye, events: list[LinkEvent]) -> None:
        self.channel.close()
        self._lose(ProtocolError("net.error.closed", f"the peer left: {bye.reason} {bye.why}".strip()), events)

    def _race_item(self, message: Move | End | Bye, events: list[LinkEvent]) -> None:
        events.append(message)

    # -- drops, comebacks, failures -------------------------------------------------------------

    def _resume(self, have: int, events: list[LinkEvent]) -> None:
        """Send the peer what it missed; it holds our first ``have`` items."""
        if have > len(self._sent):
            claim = f"the peer claims {have} of our {len(self._sent)} moves"
            self._break(ProtocolError("net.error.garbage", claim), events)
            return
        for item in self._sent[have:]:
            self.channel.send(item)
        if self._gone_since is not None:
            self._gone_since = None
            events.append(Back())

    def _lose(self, problem: ProtocolError | None, events: list[LinkEvent]) -> None:
        self.channel = None
        notice = _notice_of(problem)
        if self.state == STARTED:
            if self.finished:
                self.state = CLOSED
            elif self._gone_since is None:
                self._gone_since = self.clock()
                self._next_dial = self._gone_since + self.timing.retry
                events.append(Dropped(notice))
        elif self.host is not None:
            self.state, self.peer_name = WAITING, None
            self.host.free()
            self.host.note(Notice("net.notice.left", detail=notice.detail))
        else:
            self._fail(notice)

    def _comeback(self, events: list[LinkEvent]) -> None:
        now = self.clock()
        if now - self._gone_since > self.timing.comeback:
            self.close()
            events.append(GaveUp(Notice("net.lost.left")))
        elif self.host is None and now >= self._next_dial:
            self._next_dial = now + self.timing.retry
            self._dial()

    def _dial(self) -> None:
        address = self.address
        self.channel = Channel.dial(address.host, address.port, self.clock, self.timing)
        self.channel.send(Hello(VERSION, self.name, self.heard, secret=address.secret, session=self._session))

    def _break(self, error: ProtocolError, events: list[LinkEvent]) -> None:
        """The peer broke the protocol: in the race its rival rules on it; before, we stop."""
        if self.state == STARTED:
            events.append(Violation(error))
        else:
            self.channel.close(Bye("disqualified", str(error)))
            self._lose(error, events)

    def _fail(self, notice: Notice) -> None:
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        if self.host is not None:
            self.host.close()
        self.state, self.failure = FAILED, notice


def _notice_of(problem: ProtocolError | None) -> Notice:
    if isinstance(problem, VersionMismatch):
        return Notice("net.fail.version", {"theirs": problem.theirs, "ours": VERSION}, str(problem))
    return Notice(problem.key if problem else "net.error.closed", detail=str(problem or ""))


HOST, JOIN, BOTH = "host", "join", "both"
_HANDLERS = {
    (JOIN, CONNECTING, Hello): Link._hello,
    (JOIN, CONNECTING, Refused): Link._refused,
    (JOIN, SYNCING, Deal): Link._deal,
    (JOIN, SYNCING, Pong): Link._pong,
    (JOIN, SYNCING, Start): Link._start,
    (JOIN, STARTED, Hello): Link._hello,
    (JOIN, STARTED, Refused): Link._refused,
    (HOST, SYNCING, Ping): Link._ping,
    (HOST, SYNCING, Ready): Link._ready,
    (BOTH, CONNECTING, Bye): Link._left_early,
    (BOTH, SYNCING, Bye): Link._left_early,
    (BOTH, STARTED, Move): Link._race_item,
    (BOTH, STARTED, End): Link._race_item,
    (BOTH, STARTED, Bye): Link._race_item,
}
