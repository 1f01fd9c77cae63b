"""The host's door: a listening socket that lets in one peer presenting the secret, and no one else.

Every new connection waits in a short queue until its hello; a connection that says something
else first, speaks another protocol version, has the wrong secret, stays silent, or comes when
the place is taken is answered (where it said hello) and closed, and the host keeps waiting as if
it had never come. The one peer let in gets a session token: only a connection presenting it may
take the place again after a drop (issue 15: come back within 30 s with the same secret).
"""

from __future__ import annotations

import errno
import hmac
import secrets
import socket
from dataclasses import dataclass, field

from .channel import Channel, Clock, Timing
from .code import DEFAULT_PORT
from .messages import VERSION, Hello, Refused, VersionMismatch

MAX_WAITING = 8
MAX_NOTICES = 20
PORT_TRIES = 10


@dataclass(frozen=True)
class Notice:
    """Something the player is told about: an i18n key and its parameters."""

    key: str
    params: dict = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True)
class Arrival:
    channel: Channel
    hello: Hello
    rest: tuple = ()  # what came right after the hello, in the same read


class PortBusy(OSError):
    pass


def lan_address(probe: str = "192.0.2.1") -> str:
    """This machine's IPv4 address on its network, for the duel code: the one the system would
    send from towards ``probe`` (a documentation address, never routed). Connecting a UDP socket
    only looks up the route; no packet is sent. 127.0.0.1 where there is no network at all.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect((probe, 9))
        return sock.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        sock.close()


def listen(port: int, bind: str, exact: bool = False) -> socket.socket:
    """A listening socket on ``port``, or on one of the next few when it is taken (unless the
    player set that port: ``exact``). PortBusy when none is free.
    """
    tries = [port] if exact else [port + i for i in range(PORT_TRIES) if port + i <= 65535]
    for candidate in tries:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: no one else on our port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:  # POSIX: a port left in TIME_WAIT by the last duel may be reused
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((bind, candidate))
        except OSError as error:
            sock.close()
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                continue
            raise
        sock.listen(MAX_WAITING)
        sock.setblocking(False)
        return sock
    raise PortBusy(f"port {port} is in use" + ("" if exact else f", and the {PORT_TRIES - 1} after it"))


class Host:
    def __init__(self, secret: str, clock: Clock, timing: Timing, port: int = DEFAULT_PORT,
                 bind: str = "0.0.0.0", exact_port: bool = False) -> None:
        self.secret = secret
        self.clock = clock
        self.timing = timing
        self.sock = listen(port, bind, exact_port)
        self.port: int = self.sock.getsockname()[1]
        self.session: str | None = None
        self.notices: list[Notice] = []
        self._waiting: list[Channel] = []

    def poll(self) -> list[Arrival]:
        """The peers let in by this poll (one, or a comeback); all others are answered and forgotten."""
        self._accept()
        arrivals = []
        for channel in list(self._waiting):
            messages = channel.poll()
            if channel.closed:
                self._drop(channel, Notice(channel.problem.key, detail=str(channel.problem)))
            elif messages:
                self._waiting.remove(channel)
                arrival = self._admit(channel, messages)
                if arrival is not None:
                    arrivals.append(arrival)
            elif channel.age > self.timing.hello:
                channel.close()
                self._drop(channel, Notice("net.error.silent", detail="no hello"))
        return arrivals

    def free(self) -> None:
        """The peer left before the race: the place is open to anyone with the secret again."""
        self.session = None

    def close(self) -> None:
        for channel in self._waiting:
            channel.close()
        self._waiting.clear()
        self.sock.close()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            if len(self._waiting) >= MAX_WAITING:
                sock.close()
                self.note(Notice("net.error.flood", detail="too many connections at once"))
                continue
            self._waiting.append(Channel(sock, self.clock, self.timing))

    def _admit(self, channel: Channel, messages: list) -> Arrival | None:
        """Let the first message in if it is a proper hello; otherwise answer, close, note."""
        hello = messages[0]
        if not isinstance(hello, Hello):
            channel.close()
            self.note(Notice("net.error.garbage", detail="a connection that did not start with hello"))
            return None
        if not hmac.compare_digest((hello.secret or "").encode(), self.secret.encode()):
            return self._refuse(channel, "secret", Notice("net.notice.wrong_secret", {"name": hello.name}))
        if self.session is None and hello.session is None:
            self.session = secrets.token_hex(16)
        elif not hmac.compare_digest((hello.session or "").encode(), (self.session or "-").encode()):
            return self._refuse(channel, "busy", Notice("net.notice.busy", {"name": hello.name}))
        return Arrival(channel, hello, tuple(messages[1:]))

    def _refuse(self, channel: Channel, reason: str, notice: Notice) -> None:
        channel.close(Refused(reason, VERSION))
        self.note(notice)
        return None

    def _drop(self, channel: Channel, notice: Notice) -> None:
        if channel in self._waiting:
            self._waiting.remove(channel)
        problem = channel.problem
        if isinstance(problem, VersionMismatch):
            notice = Notice("net.notice.version", {"theirs": problem.theirs, "ours": VERSION})
        self.note(notice)

    def note(self, notice: Notice) -> None:
        """Keep the latest few: a stream of strangers must not grow the host's memory."""
        self.notices = (self.notices + [notice])[-MAX_NOTICES:]
