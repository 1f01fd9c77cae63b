"""One TCP connection of the duel protocol, polled once a frame and never blocking it.

The socket is non-blocking: ``poll`` sends what is queued, reads what has come (a bounded amount,
so a flood cannot hold up the frame), hands back the messages, sends a heartbeat when we have
been quiet for a while and drops a peer that has been silent too long. Whatever goes wrong
closes the channel and leaves the reason in ``problem``; nothing is ever raised to the caller.
"""

from __future__ import annotations

import errno
import select
import socket
from dataclasses import dataclass
from typing import Callable

from .framing import MAX_LINE, LineReader, ProtocolError, decode_line, encode_line
from .messages import VERSION, Beat, Message, Move, Refused, VersionMismatch, from_json, to_json

Clock = Callable[[], float]
READ_PER_POLL = 4 * MAX_LINE
MAX_QUEUED = 4 * 1024 * 1024


@dataclass(frozen=True)
class Timing:
    """Every delay of the protocol, in seconds; tests pass short ones."""

    beat: float = 1.0  # we send a heartbeat after this long without sending anything
    silence: float = 10.0  # a peer heard nothing from for this long is dropped
    hello: float = 5.0  # a new connection must say hello within this
    connect: float = 10.0  # the joiner's wait for the host to answer
    comeback: float = 30.0  # a dropped peer may come back within this
    retry: float = 1.0  # the joiner tries to come back this often
    count: float = 3.0  # the 3-2-1 count before the race
    pings: int = 5  # round trips that measure the host's clock
    chatter: float = 30.0  # messages a second (other than moves) before it is a flood
    burst: float = 60.0  # … and how many may come at once


class Channel:
    def __init__(self, sock: socket.socket, clock: Clock, timing: Timing, connecting: bool = False) -> None:
        sock.setblocking(False)
        self.sock = sock
        self.clock = clock
        self.timing = timing
        self.connecting = connecting
        self.problem: ProtocolError | None = None
        self._reader = LineReader()
        self._out = bytearray()
        self._opened = self._heard = self._said = clock()
        self._tokens, self._counted = timing.burst, self._opened

    @classmethod
    def dial(cls, host: str, port: int, clock: Clock, timing: Timing) -> Channel:
        """Start connecting without waiting; a failure shows up in the first polls."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        channel = cls(sock, clock, timing, connecting=True)
        code = sock.connect_ex((host, port))
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
            why = errno.errorcode.get(code, code)
            channel._fail(ProtocolError("net.error.unreachable", f"cannot reach {host}:{port}: {why}"))
        return channel

    @property
    def closed(self) -> bool:
        return self.problem is not None

    @property
    def age(self) -> float:
        return self.clock() - self._opened

    def send(self, message: Message) -> None:
        if not self.closed:
            self._out += encode_line(to_json(message))
            if len(self._out) > MAX_QUEUED:
                self._fail(ProtocolError("net.error.stuck", "the peer does not read what we send"))

    def poll(self) -> list[Message]:
        """The messages that have come; after a problem, those that came before it."""
        if self.closed:
            return []
        messages: list[Message] = []
        try:
            if self.connecting and not self._connected():
                return []
            self._flush()
            self._read(messages)
            self._keep_alive()
        except VersionMismatch as error:  # tell them ours, so both sides can name both versions
            self.close(Refused("version", VERSION))
            self.problem = error
        except ProtocolError as error:
            self._fail(error)
        except OSError as error:
            self._fail(ProtocolError("net.error.dropped", f"the connection failed: {error}"))
        return messages

    def close(self, last: Message | None = None) -> None:
        """Close, first trying to send ``last`` (a bye) without waiting for it."""
        if self.closed:
            return
        if last is not None:
            self.send(last)
            try:
                self._flush()
            except OSError:
                pass
        self._fail(ProtocolError("net.error.closed", "closed by us"))

    def _fail(self, error: ProtocolError) -> None:
        if self.problem is None:
            self.problem = error
        try:
            self.sock.close()
        except OSError:
            pass

    def _connected(self) -> bool:
        _, writable, broken = select.select([], [self.sock], [self.sock], 0)
        if writable or broken:
            code = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code:
                raise ProtocolError("net.error.unreachable", f"cannot connect: {errno.errorcode.get(code, code)}")
            self.connecting = False
            self._heard = self.clock()
            return True
        if self.clock() - self._opened > self.timing.connect:
            raise ProtocolError("net.error.unreachable", "no answer from the host")
        return False

    def _flush(self) -> None:
        while self._out:
            try:
                sent = self.sock.send(self._out)
            except (BlockingIOError, InterruptedError):
                return
            del self._out[:sent]
            self._said = self.clock()

    def _read(self, messages: list[Message]) -> None:
        taken = 0
        while taken < READ_PER_POLL:
            try:
                data = self.sock.recv(MAX_LINE)
            except (BlockingIOError, InterruptedError):
                return
            if not data:
                raise ProtocolError("net.error.closed", "the peer closed the connection")
            taken += len(data)
            self._heard = self.clock()
            for line in self._reader.feed(data):
                message = from_json(decode_line(line))
                self._count(message)
                messages.append(message)

    def _count(self, message: Message) -> None:
        """A token bucket over everything but moves (those are bounded by the race's clock)."""
        if isinstance(message, Move):
            return
        now = self.clock()
        refill = (now - self._counted) * self.timing.chatter
        self._tokens, self._counted = min(self.timing.burst, self._tokens + refill) - 1, now
        if self._tokens < 0:
            raise ProtocolError("net.error.flood", "more messages than a player could send")

    def _keep_alive(self) -> None:
        now = self.clock()
        if now - self._heard > self.timing.silence:
            raise ProtocolError("net.error.silent", f"nothing heard for {self.timing.silence:g} s")
        if now - self._said >= self.timing.beat:
            self.send(Beat())
            self._flush()
            self._said = now
