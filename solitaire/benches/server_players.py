"""The simulated players of ``bench --server``: a process of its own, as lean as a WebSocket
client can be, so the figures are the server's and not the load generator's.

A benchmark tool, not a game client. Each player is an ``asyncio.Protocol`` that speaks the
WebSocket framing itself (an upgrade request, then masked text frames out and plain frames in,
pings answered): no task, no queue and no JSON parse per move — an answer is told by its first
bytes (the server writes ``"type"`` first). Pairs meet in private rooms; once matched, each player
plays a stock click (always legal, and it turns cards: the server's costliest answer) a second,
at a random phase, the next one only after the answer to the last. The round trip is from the
send to the Ok.

It runs as ``python -m solitaire.benches.server_players URL[,URL…] [VERSION]`` (the protocol
version the server speaks, ours by default: ``bench --against`` loads an older server too; with
several URLs, the processes of one server, pair k's players connect to URL k and URL k // 2 in
turn, so half the duels have their players on different processes) and takes
commands on stdin, one a line, answering each with one JSON line: ``add N`` (open duels until there are N) and ``measure
S`` (the round trips of the next S seconds: count, median, p99, and this process's CPU share).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import statistics
import sys
import time
from typing import Any
from urllib.parse import urlsplit

from websockets.frames import apply_mask  # websockets' C speedup when it is built

from solitaire.net.online_messages import VERSION
from solitaire.server.loop import loop_factory

OPEN_AT_ONCE = 100  # pairs opening together
TRIES, UPGRADE_SECONDS = 3, 15.0  # a player's handshakes, each given this long (``Players.player``)
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA
ANSWERS = (b'{"type":"ok"', b'{"type":"no"', b'{"type":"result"')


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Player(asyncio.Protocol):
    """One simulated player on one connection (see the module's docstring)."""

    def __init__(self, host: str, port: int, trips: list[float]) -> None:
        self.host, self.port, self.trips = host, port, trips
        self.loop = asyncio.get_running_loop()
        self.transport: Any = None
        self.upgraded = False
        self.buffer = b""
        self.heard: dict[str, dict] = {}  # the last message of each type, before the race
        self.waiting: tuple[str, asyncio.Future] | None = None
        self.racing = False
        self.gone = False
        self.why = ""  # why it stopped: the server's message, or its connection closed
        self.n = 0
        self.sent_at: float | None = None  # the move in flight
        self.overdue = False  # its next move was due while the last was in flight
        self.mask = os.urandom(4)  # its frames' mask (``_frame``)

    # -- the connection ---------------------------------------------------------------------------
    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write((f"GET / HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                        .encode())

    def connection_lost(self, error: Exception | None) -> None:
        self.gone, self.why = True, self.why or "the server closed the connection"
        if self.waiting is not None and not self.waiting[1].done():
            self.waiting[1].set_exception(ConnectionError("the server closed the connection"))

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer + data
        if not self.upgraded:
            head, found, buffer = buffer.partition(b"\r\n\r\n")
            if not found:
                self.buffer = head
                return
            if b" 101 " not in head.split(b"\r\n", 1)[0]:
                self.transport.close()
                return
            self.upgraded = True
            self._heard(b'{"type":"upgraded"}')
        at = 0
        while len(buffer) - at >= 2:
            size, head = buffer[at + 1] & 0x7F, 2
            if size == 126:
                size, head = int.from_bytes(buffer[at + 2:at + 4], "big"), 4
            elif size == 127:
                size, head = int.from_bytes(buffer[at + 2:at + 10], "big"), 10
            if len(buffer) - at < head + size:
                break
            opcode, payload = buffer[at] & 0x0F, buffer[at + head:at + head + size]
            at += head + size
            if opcode == TEXT:
                self._heard(payload)
            elif opcode == PING:
                self._frame(PONG, payload)
            elif opcode == CLOSE:
                code, reason = int.from_bytes(payload[:2], "big"), payload[2:].decode(errors="replace")
                self.why = self.why or f"closed by the server: {code} {reason}"
                self.transport.close()
        self.buffer = buffer[at:]

    def _frame(self, opcode: int, payload: bytes) -> None:
        """A client's frame: final, masked (RFC 6455 5.3), its length in 7 or 16 bits. The mask
        is the player's own, drawn once: a fresh one a frame (a random read each move) guards
        proxies' caches, and there is no proxy between these players and the server."""
        size = len(payload)
        head = bytes((0x80 | opcode, 0x80 | size)) if size < 126 else bytes((0x80 | opcode, 0xFE)) + size.to_bytes(2, "big")
        self.transport.write(head + self.mask + apply_mask(payload, self.mask))

    def say(self, message: dict) -> None:
        self._frame(TEXT, json.dumps(message).encode())

    # -- before the race: messages by type ----------------------------------------------------------
    def _heard(self, payload: bytes) -> None:
        if self.racing:
            if payload.startswith(ANSWERS):
                self._answered(payload)
            return
        message = json.loads(payload)
        self.heard[message["type"]] = message
        if self.waiting is not None and message["type"] == self.waiting[0] and not self.waiting[1].done():
            self.waiting[1].set_result(message)

    async def until(self, kind: str, seconds: float = 60.0) -> dict:
        """The message of ``kind`` (one heard already counts)."""
        if kind in self.heard:
            return self.heard.pop(kind)
        future = self.loop.create_future()
        self.waiting = (kind, future)
        try:
            return await asyncio.wait_for(future, seconds)
        finally:
            self.waiting = None
            self.heard.pop(kind, None)

    # -- the race: a move a second ---------------------------------------------------------------
    def race(self) -> None:
        self.racing = True
        self.next_at = self.loop.time() + random.random()
        self.loop.call_at(self.next_at, self._due)

    def _due(self) -> None:
        if self.gone:
            return
        self.next_at += 1.0
        self.loop.call_at(self.next_at, self._due)
        if self.sent_at is None:
            self._move()
        else:
            self.overdue = True

    def _move(self) -> None:
        self.n += 1
        self.sent_at = time.perf_counter()
        self._frame(TEXT, b'{"type":"move","n":%d,"move":"s"}' % self.n)

    def _answered(self, payload: bytes) -> None:
        if self.sent_at is not None:
            self.trips.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
        if not payload.startswith(ANSWERS[0]):  # refused, or the race is over: this player stops
            self.gone, self.why = True, payload[:160].decode(errors="replace")
            return
        if self.overdue:
            self.overdue = False
            self._move()


class Players:
    """Every simulated player of this process, and the round trips they measure."""

    def __init__(self, urls: list[str], version: int = VERSION) -> None:
        self.version = version
        self.places = [(parts.hostname or "127.0.0.1", parts.port or 80) for parts in map(urlsplit, urls)]
        self.trips: list[float] = []
        self.players: list[Player] = []
        self.pairs = 0  # pairs opened (or opening): the next pair's number

    async def player(self, name: str, place: int) -> Player:
        """A player admitted by the server; a handshake the server let time out (its
        ``open_timeout`` on a machine loaded by others) is tried again, ``TRIES`` times in all."""
        host, port = self.places[place % len(self.places)]
        loop = asyncio.get_running_loop()
        for tries_left in range(TRIES - 1, -1, -1):
            _, player = await loop.create_connection(lambda: Player(host, port, self.trips), host, port)
            try:
                await player.until("upgraded", UPGRADE_SECONDS)
                break
            except (ConnectionError, TimeoutError):
                player.transport.abort()
                if not tries_left:
                    raise
        player.say({"type": "hello", "version": self.version, "key": base64.urlsafe_b64encode(os.urandom(24)).decode(),
                    "name": name})
        await player.until("welcome")
        return player

    async def pair(self) -> None:
        """Two players meet in a private room and start racing."""
        index, self.pairs = self.pairs, self.pairs + 1
        first, second = await self.player("Bench", index), await self.player("Bench", index // 2)
        first.say({"type": "room", "code": ""})
        code = (await first.until("room_made"))["code"]
        second.say({"type": "room", "code": code})
        for player in (first, second):
            await player.until("matched")
            player.race()
            self.players.append(player)

    async def add(self, duels: int) -> dict:
        while len(self.players) < 2 * duels:
            await asyncio.gather(*(self.pair() for _ in range(min(OPEN_AT_ONCE, duels - len(self.players) // 2))))
        return {"duels": len(self.players) // 2}

    async def measure(self, seconds: float) -> dict:
        self.trips.clear()
        started, cpu = time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        wall = time.perf_counter() - started
        trips = list(self.trips)
        return {"moves": len(trips), "seconds": wall, "p50": statistics.median(trips) if trips else float("nan"),
                "p99": quantile(trips, 0.99), "cpu": (time.process_time() - cpu) / wall,
                "stopped": sum(player.gone for player in self.players),
                "why": sorted({player.why for player in self.players if player.gone})[:3]}


async def serve_commands(urls: str, version: int) -> None:
    players = Players(urls.split(","), version)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := (await reader.readline()).decode().split():
        command, value = line[0], float(line[1])
        answer = await (players.add(int(value)) if command == "add" else players.measure(value))
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    with asyncio.Runner(loop_factory=loop_factory()) as runner:  # uvloop when installed, as the server
        runner.run(serve_commands(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else VERSION))
