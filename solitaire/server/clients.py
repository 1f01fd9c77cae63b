"""A duel server's settings and one player's connection as the server keeps it (``service``),
in a file of their own so each file is one job."""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field
from typing import Any

from ..net.online_messages import COMEBACK_SECONDS, encode
from .duel import COUNT_SECONDS, ServerDuel
from .store import Player


@dataclass(frozen=True)
class Settings:
    race_seconds: int = 240
    comeback_seconds: float = COMEBACK_SECONDS  # a player whose connection dropped may come back to the race
    count_seconds: float = COUNT_SECONDS  # the 3-2-1 before race time 0
    per_address: int = 16  # connections open at once from one address
    hello_seconds: float = 5.0
    idle_seconds: float = 120.0
    rate: float = 20.0  # messages a second, sustained
    burst: int = 40
    garbage: int = 5  # messages that break the protocol before the connection is dropped
    outbox: int = 64 * 1024  # bytes a slow reader leaves unread before it is dropped
    tick: float = 0.25  # seconds between pairings (and the wait screens' updates)
    newcomers: int = 5  # new players (new keys) one address may make a day: a household's, never a farm's
    #                     (counted in the store: a restart or another process counts the same, ``Store.player``)
    rated: bool = True  # False: no rating moves and no duel is written (a duel hosted in a game)
    rooms_only: bool = False  # True: private rooms only, no queue, no recorded runs (ditto)
    trusted_proxies: frozenset[str] = frozenset()  # whose X-Forwarded-For names the player (``player_address``)
    one_address: bool = False  # True: the queue pairs players of one address (all behind one; the tests)


@dataclass(eq=False)
class Client:
    ws: Any
    address: str
    settings: Settings
    player: Player | None = None
    duel: ServerDuel | None = None
    side: int = 0
    garbage: int = 0
    tokens: float = 0.0
    filled: float = field(default_factory=time.monotonic)
    heard: float = field(default_factory=time.monotonic)  # the last message's time
    shut: bool = False  # refused and closing: what it still sends is not read
    admitting: bool = False  # its hello is with the database (``db_thread``)
    early: list = field(default_factory=list)  # what it sent meanwhile, read once it is admitted

    def send(self, message: Any) -> None:
        """Send a message now; a reader too far behind is dropped (``wire``)."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send a message already encoded (one another process of a cluster sent, ``cluster``)."""
        self.ws.write(text, self.settings.outbox)

    def allowed(self, now: float) -> bool:
        """One more message within the rate limit (a token bucket)."""
        self.tokens = min(self.settings.burst, self.tokens + (now - self.filled) * self.settings.rate)
        self.filled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def player_address(peer: str, forwarded: str | None, trusted: frozenset[str]) -> str:
    """The address a player's limits count against (connections at once, newcomers, wrong room
    codes): the socket's peer, unless that peer is a trusted proxy or load balancer
    (``--trusted-proxy``), which would put every player behind one address; then the last entry
    of its ``X-Forwarded-For`` (the address it saw: earlier entries are what the client claimed,
    and anyone can claim anything). A trusted proxy that names no valid address counts as itself."""
    if peer not in trusted or not forwarded:
        return peer
    try:
        return str(ipaddress.ip_address(forwarded.rsplit(",", 1)[-1].strip()))
    except ValueError:
        return peer
