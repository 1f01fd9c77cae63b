"""The line between the processes of one duel service, over NATS (issue 25 item 8).

Every process (a **node**) has a random id and one NATS subject of its own,
``solitaire.node.<id>``: everything another node tells it comes there, through one
subscription, so two messages one node sends another arrive in the order they were sent (a
player's seat before the messages for that seat). Two subjects reach every node: the **beat**
(each node's players online and queue, every tick) and **rooms** (a room code typed here, made
elsewhere?). A node unheard for ``PEER_SECONDS`` is gone (``Peers``). This is plain NATS, what
JetStream does not do: a player's socket is on one node and their race on another, so their
messages go between the two as they come; the queue is shared by the beats. The races
themselves are kept in JetStream (``streams``).

What is posted leaves in the order posted, from one task (``Link.post`` never waits, so the
server's handlers stay synchronous); ``Link.ask`` is NATS request/reply, and ``ping`` asks a
node's own subject, which NATS answers at once with *no responders* when that process is gone:
a killed process is known gone the moment one of its players comes back elsewhere, not only
when its beats stop.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import nats
from nats.aio.msg import Msg
from nats.errors import Error as NatsError
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from ..net.online_messages import encode
from .duel import ServerDuel

PREFIX = "solitaire"
BEAT = f"{PREFIX}.beat"
ROOMS = f"{PREFIX}.rooms"
PEER_SECONDS = 3.0  # a node unheard this long is gone: its races are taken from their streams
ASK_SECONDS = 1.0  # the longest a request waits for its answer
CONNECT_SECONDS = 5

Handler = Callable[[Msg], Awaitable[None]]


class NatsUnreachable(Exception):
    """No NATS server answered at the URL given."""


def node_subject(node: str) -> str:
    return f"{PREFIX}.node.{node}"


def new_node() -> str:
    return secrets.token_hex(4)


class Link:
    """One node's NATS connection: its own subject, the shared ones, posting and asking."""

    def __init__(self, url: str, node: str) -> None:
        self.url, self.node = url, node
        self.nc: Any = None
        self.outgoing: deque[tuple[str, bytes]] = deque()
        self.wake = asyncio.Event()
        self.sender: asyncio.Task | None = None
        self.lost = 0  # messages NATS would not take (its connection closed or its buffer full)
        self.trouble = ""  # the last error NATS reported

    async def connect(self, handlers: dict[str, Handler]) -> None:
        """Connect and listen; NatsUnreachable when no NATS server answers within
        ``CONNECT_SECONDS`` (later, a lost connection is tried again for ever)."""
        try:
            self.nc = await asyncio.wait_for(
                nats.connect(self.url.split(","), name=f"solitaire-duel-{self.node}", no_echo=True, error_cb=self._trouble,
                             connect_timeout=CONNECT_SECONDS, max_reconnect_attempts=-1, reconnect_time_wait=1),
                CONNECT_SECONDS)
        except (TimeoutError, NatsError, OSError) as error:
            raise NatsUnreachable(f"no NATS server answers ({self.trouble or str(error) or type(error).__name__})") \
                from None
        for subject, handler in handlers.items():
            await self.nc.subscribe(subject, cb=handler)
        await self.nc.flush()
        self.sender = asyncio.create_task(self._send())

    async def _trouble(self, error: Exception) -> None:
        """NATS's errors, one line each on stderr (the connection is made again by itself)."""
        line = f"{type(error).__name__}: {error}"[:200]
        if line != self.trouble and self.nc is not None:  # before that, connect() says it once
            print(f"game.py server: NATS {self.url}: {line}", file=sys.stderr, flush=True)
        self.trouble = line

    def post(self, subject: str, text: str) -> None:
        """Publish ``text`` on ``subject``, after everything posted before it; never waits."""
        self.outgoing.append((subject, text.encode("utf-8")))
        self.wake.set()

    def tell(self, node: str, text: str) -> None:
        self.post(node_subject(node), text)

    async def ask(self, subject: str, text: str, seconds: float = ASK_SECONDS) -> str | None:
        """A request's answer, or None when nobody answered in ``seconds`` (or nobody listens)."""
        try:
            reply = await self.nc.request(subject, text.encode("utf-8"), timeout=seconds)
        except (NoRespondersError, NatsTimeout, NatsError):
            return None
        return reply.data.decode("utf-8")

    async def ping(self, node: str) -> str | None:
        """The node's answer on its own subject: "pong", or "leaving" (stopping, its races let
        go); None when it is gone (a process killed outright has no subscription left there:
        NATS says so at once); "" when no answer came in time — busy, not gone (a process cut
        off from NATS is found gone by its beats stopping, ``Peers.gone``)."""
        return await self.ask_node(node, f"ping {self.node}")

    async def ask_node(self, node: str, text: str, seconds: float = ASK_SECONDS) -> str | None:
        """A request on the node's own subject: its answer; None when the node is gone (no
        responders, at once); "" when no answer came in ``seconds``."""
        try:
            reply = await self.nc.request(node_subject(node), text.encode("utf-8"), timeout=seconds)
        except NoRespondersError:
            return None
        except (NatsTimeout, NatsError):
            return ""
        return reply.data.decode("utf-8")

    async def _send(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outgoing:
                subject, data = self.outgoing.popleft()
                try:
                    await self.nc.publish(subject, data)
                except NatsError:
                    self.lost += 1

    async def close(self) -> None:
        """Send what is posted, then leave NATS."""
        for _ in range(100):
            if not self.outgoing:
                break
            await asyncio.sleep(0.01)
        if self.sender is not None:
            self.sender.cancel()
        if self.nc is not None and not self.nc.is_closed:
            try:
                await self.nc.flush(timeout=2)
            except NatsError:
                pass
            try:
                await self.nc.close()
            except RuntimeError:  # its socket closed under it (the server stopping): closed anyway
                pass


@dataclass
class Peer:
    """Another node, as its last beat told: when, its players online, its queue."""

    heard: float
    online: int = 0
    queue: list = field(default_factory=list)  # [[player id, name, rating, seconds waited, address]]


class Peers:
    """The other nodes heard lately; the ones that stopped beating are reported gone once."""

    def __init__(self) -> None:
        self.known: dict[str, Peer] = {}

    def heard(self, text: str, now: float) -> str | None:
        """Read a beat; the node's id when it is new (a node joined)."""
        beat = json.loads(text)
        node = str(beat["node"])
        new = node not in self.known
        self.known[node] = Peer(now, int(beat["online"]), list(beat["queue"]))
        return node if new else None

    def gone(self, now: float) -> list[str]:
        """The nodes unheard for ``PEER_SECONDS``, forgotten now."""
        lost = [node for node, peer in self.known.items() if now - peer.heard > PEER_SECONDS]
        for node in lost:
            del self.known[node]
        return lost

    def forget(self, node: str) -> bool:
        return self.known.pop(node, None) is not None

    @property
    def online(self) -> int:
        return sum(peer.online for peer in self.known.values())


def beat(node: str, online: int, queue: list) -> str:
    return json.dumps({"node": node, "online": online, "queue": queue}, separators=(",", ":"))


@dataclass(frozen=True)
class Seated:
    """Who sits in a remote seat: the player's id in the shared store, and name."""

    id: int
    name: str


@dataclass(eq=False)
class RemoteSeat:
    """A player connected to another node, racing in a race this node owns: what is sent to it
    goes to its node, as text, for its socket."""

    node: str
    player: Seated
    link: Link
    duel: ServerDuel | None = None
    side: int = 0

    def send(self, message: Any) -> None:
        self.tell(f"to {self.link.node} {self.player.id} {encode(message)}")

    def tell(self, text: str) -> None:
        """Tell the player's node ``text``."""
        self.link.tell(self.node, text)
