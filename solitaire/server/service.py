"""The duel server's connections (issue 25): WebSocket in, the lobby and the races behind it.

Each message a player sends is answered in the callback that read it (``wire``: no task or
queue a message); what is sent is written to the socket at once. A player who reads slowly
fills only their own socket's buffer and is dropped when it passes ``outbox`` bytes, so nobody
else's race waits on them. Hostile input (issue 25 item 9) meets, in order: a cap on
connections per address; the handshake's timeout; a message size limit (``MAX_MESSAGE``, enforced
by ``websockets`` before a byte is parsed); a hello within ``hello_seconds`` that must come
first, speak our version and carry a well-formed key (else one ``Refused`` and the door shuts);
a rate limit per connection (a token bucket: ``rate`` a second, ``burst`` at once); a count of
garbage messages; idle connections (no queue, room or race) dropped after ``idle_seconds``;
wrong room codes throttled by address (``lobby.Rooms``). Each refusal is one ``Refused`` with
its reason; nothing a player sends raises past its own message.

A race in progress when the server is stopped (SIGTERM, Ctrl+C) is **ended at that moment**:
decided on both totals then (DU-4), written and told like any other (``why``
"server_stopped") — unless the process is one of a cluster with another process alive, which
takes the race over and finishes it (``backups.Backups.leave``). A server killed outright
writes nothing more: a race it was running is not counted for anyone (no result, no rating
change), and every finished one was already written.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from typing import Any, Callable

from websockets.asyncio.server import Server

from .. import __version__
from ..net.online_messages import (FROM_PLAYER, MAX_MESSAGE, VERSION, Board, BoardAsk, Bye, Cancel,
                                   DailyAsk, DailySubmit, EndMessage, Find, Hello, MoveMessage, ProtocolError,
                                   RecordedAsk, Refused, Result, Room, RoomMade, Welcome, decode)
from .clients import Client, Settings, player_address
from .daily import DailyBoards
from .duel import ServerDuel
from .lobby import Queue, Rooms
from .recorded_races import RecordedRaces
from .db_thread import DbThread
from .ratings import Skill
from .store import PROVISIONAL_DUELS, Player, Store, TooManyNewcomers
from .unsaved import Unsaved
from .wire import PlayerConnection

SHUT_SECONDS = 0.05  # a refused player's socket is closed this long after the refusal is written
KEY = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
#: How every connection is served (``websockets.serve``'s options): our connection class
#: (``wire``: messages answered as they are read), small messages, no compression (the messages
#: are tiny, and a deflate context costs CPU each message and memory each connection),
#: keepalive pings, a bounded handshake and close.
SOCKET_OPTIONS: dict[str, Any] = {"create_connection": PlayerConnection, "max_size": MAX_MESSAGE,
                                  "compression": None, "open_timeout": 5, "ping_interval": 20,
                                  "ping_timeout": 20, "close_timeout": 2}
UNREADABLE = Refused("store", "the server cannot read its database now: try again in a minute")
IDLE_SWEEP = 4  # ticks between two sweeps of idle players (``run_until``)


class DuelServer(RecordedRaces):
    def __init__(self, store: Store, settings: Settings = Settings(),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.clients: set[Client] = set()
        self.by_player: dict[int, Client] = {}
        self.per_address: Counter[str] = Counter()
        self.queue: Queue[Client] = Queue()
        self.rooms: Rooms[Client] = Rooms()
        self.duels: dict[str, ServerDuel] = {}
        self.written = 0  # duels written since the start
        self.unsaved = Unsaved(store.folder)  # results the store refused for now (``unsaved``)
        self.missed: dict[int, tuple[float, Result]] = {}
        self.recorded_checked: dict[int, tuple[float, bool]] = {}
        self.daily = DailyBoards(store.db)  # DD-5: the daily deals' boards
        self.worker = DbThread()  # where every call of the store runs, off the event loop
        self.pairing = False  # a pairing of the queue is with the database (``races.pair``)

    async def started(self) -> None:
        """Called once the event loop runs, before the first player: a process of a cluster
        joins the others here (``cluster.ClusterServer``); one process alone has nothing to do."""

    async def stopped(self) -> None:
        """Called after the last connection closed: a process of a cluster leaves the others."""

    async def leave(self, doors: Server | None) -> None:
        """The server is stopping: the races in progress end at this moment (``stop``); a
        process of a cluster hands them to another first (``backups``)."""
        self.stop()
        await self.worker.settled()
        await self.results_out()
        await asyncio.sleep(0.05)  # the results' messages leave before the doors close

    async def results_out(self) -> None:
        """Wait until the results told are on their way (a cluster's wait for their races' streams)."""

    # -- one connection ---------------------------------------------------------------------------
    async def handle(self, ws: PlayerConnection) -> None:
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
        address = player_address(peer, forwarded, self.settings.trusted_proxies)
        if self.per_address[address] >= self.settings.per_address:
            await ws.close(1008, "too many connections from your address")
            return
        self.per_address[address] += 1
        admitted = False
        try:
            if not await self.may_connect(address):  # the other processes' connections too (a cluster)
                await ws.close(1008, "too many connections from your address")
                return
            admitted = True
            client = Client(ws, address, self.settings, tokens=float(self.settings.burst))
            self.clients.add(client)
            late = asyncio.get_running_loop().call_later(self.settings.hello_seconds, self._hello_late, client)
            try:
                ws.listen(lambda data: self._heard(client, data))
                await ws.wait_closed()
            finally:
                late.cancel()
                self._gone(client)
                self.clients.discard(client)
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            if admitted:
                self.disconnected(address)

    async def may_connect(self, address: str) -> bool:
        """One more connection from ``address``, counted here already: one process has said yes."""
        return True  # a process of a cluster asks the others' counts too (``cluster_limits``)

    def disconnected(self, address: str) -> None:
        """A connection from ``address`` closed, counted down here (a cluster tells the others)."""

    def _hello_late(self, client: Client) -> None:
        if client.player is None and not client.shut and not client.admitting:
            self._shut(client, Refused("hello", "no hello in time"))

    def _heard(self, client: Client, data: bytes | None) -> None:
        """One message from ``client``, answered now (``wire`` calls this as it reads it)."""
        if client.shut:
            return
        settings = self.settings
        if client.admitting:  # read once admitted; a flood meanwhile is refused as one
            client.early.append(data)
            if len(client.early) > settings.burst:
                self._shut(client, Refused("flood", f"more than {settings.rate:g} messages a second"))
            return
        if client.player is None:
            refusal = self._hello(client, data if data is not None else b"")
            if refusal is not None:
                self._shut(client, refusal)
            return
        client.heard = self.clock()
        if not client.allowed(client.heard):
            self._shut(client, Refused("flood", f"more than {settings.rate:g} messages a second"))
            return
        try:
            if data is None:
                raise ProtocolError("net.error.garbage", "a message in pieces")
            message = decode(data, FROM_PLAYER)
        except ProtocolError as error:
            client.garbage += 1
            client.send(Refused("garbage", str(error)[:200]))
            if client.garbage >= settings.garbage:
                self._shut(client, Refused("garbage", "too many broken messages"))
            return
        if isinstance(message, Bye):
            client.shut = True
            asyncio.get_running_loop().create_task(client.ws.close())
            return
        self._on(client, message)

    def _shut(self, client: Client, why: Refused) -> None:
        """Say ``why`` and close the socket without the closing handshake (a flood behind it
        would hold that handshake up for its timeout): what is written still goes out; what
        comes meanwhile is read and dropped, so the socket does not close on unread bytes
        (which would reset the connection and could lose the refusal on its way)."""
        client.send(why)
        client.shut = True
        asyncio.get_running_loop().call_later(SHUT_SECONDS, client.ws.transport.close)

    def _hello(self, client: Client, text: str | bytes) -> Refused | None:
        """A hello checked, its player asked of the store (``_admit``); the refusal otherwise."""
        try:
            hello = decode(text, FROM_PLAYER)
        except ProtocolError as error:
            return Refused("hello", str(error)[:200])
        if not isinstance(hello, Hello):
            return Refused("hello", "the first message must be a hello")
        if hello.version != VERSION:
            return Refused("version", f"this server speaks version {VERSION} (Solitaire {__version__})")
        if not KEY.match(hello.key):
            return Refused("hello", "the key must be 22 to 64 letters, digits, - or _")
        client.admitting = True
        self.worker.run(lambda: self._player_of(hello, client.address), lambda found: self._admit(client, found))
        return None

    def _player_of(self, hello: Hello, address: str) -> Player | Refused:
        """On the database thread: the hello's player, found or made; or why not."""
        try:
            return self.store.player(hello.key, hello.name, address, self.settings.newcomers)
        except TooManyNewcomers:
            return Refused("throttled", "too many new players from your address today")
        except self.store.unavailable:
            return Refused("store", "the server cannot save players now: try again in a minute")

    def _admit(self, client: Client, player: Player | Refused) -> None:
        """The store's answer to a hello: the player admitted (welcomed, back in their race),
        then what they sent meanwhile is read; or the door shut."""
        client.admitting = False
        if client.shut or client not in self.clients:
            return
        if isinstance(player, Refused):
            return self._shut(client, player)
        older = self.by_player.get(player.id)
        if older is not None:  # the same key again: this connection is the player now (a comeback)
            self._gone(older)
            older.ws.transport.abort()
        client.player = player
        self.by_player[player.id] = client
        self._welcome(client, player.skill, player.duels < PROVISIONAL_DUELS)
        self.back(client, player.id)
        early, client.early = client.early, []
        for data in early:
            self._heard(client, data)

    def _welcome(self, client: Client, skill: Skill, provisional: bool) -> None:
        assert client.player is not None
        client.send(Welcome(client.player.name, skill.number, skill.tier, self.online, __version__, provisional))

    def _rewelcome(self, client: Client) -> None:
        """Welcome again (the player left the queue or a room), with their rating as stored now
        (another process may have moved it); as at their hello when it cannot be read."""
        assert client.player is not None
        player = client.player
        self.worker.run(lambda: self._read(lambda: (self.store.skill(player.id), self.store.provisional(player.id)),
                                           (player.skill, player.duels < PROVISIONAL_DUELS)),
                        lambda rating: self._welcome(client, *rating))

    def sweep_idle(self) -> None:
        """Drop the players silent for ``idle_seconds`` who wait for nothing (no queue, room or
        race); called every few seconds, so reading a message never sets a timer."""
        now = self.clock()
        self.forget_missed(now)
        waiting = {owner for owner, _ in self.rooms.rooms.values()}
        for client in list(self.clients):
            if (client.player is not None and now - client.heard > self.settings.idle_seconds
                    and client.duel is None and client not in self.queue and client not in waiting):
                client.heard = now  # swept once
                self._shut(client, Refused("idle", f"nothing for {self.settings.idle_seconds:g} s"))

    # -- what a player asks ---------------------------------------------------------------------
    def _on(self, client: Client, message: Any) -> None:
        now = self.clock()
        if isinstance(message, MoveMessage):
            self._move(client, message, now)
        elif isinstance(message, EndMessage):
            self._end(client, now)
        elif isinstance(message, Hello):
            client.send(Refused("hello", "one hello a connection"))
        elif self.settings.rooms_only and isinstance(message, (Find, RecordedAsk, BoardAsk, DailySubmit, DailyAsk)):
            client.send(Refused("rooms_only", "this duel server has private rooms only"))
        elif isinstance(message, BoardAsk):
            assert client.player is not None
            player = client.player.id
            self.worker.run(lambda: self._read(lambda: self.store.leaderboard(player), None),
                            lambda board: client.send(Board(board[0], board[1] or {}) if board else UNREADABLE))
        elif isinstance(message, DailySubmit):
            assert client.player is not None
            player = client.player.id
            taken = self.daily.take(player, message, client.address, now)
            if isinstance(taken, list):  # the whole game: replayed and ranked on the database thread
                self.worker.run(lambda: self._read(lambda: self.daily.judge(player, message, taken), UNREADABLE),
                                client.send)
            elif taken is not None:
                client.send(taken)
        elif isinstance(message, DailyAsk):
            assert client.player is not None
            player = client.player.id
            self.worker.run(lambda: self._read(lambda: self.daily.answer(player, message), UNREADABLE), client.send)
        elif client.duel is not None:
            client.send(Refused("busy", "you are racing"))
        elif isinstance(message, Find):
            self.rooms.close_for(client)
            self.find(client, message.waited)
        elif isinstance(message, Cancel):
            self.queue.remove(client)
            self.rooms.close_for(client)
            self._rewelcome(client)
        elif isinstance(message, Room) and message.keep:
            self._keep_room(client, message.code, now)
        elif isinstance(message, Room):
            self._room(client, message.code, now)
        elif isinstance(message, RecordedAsk):
            self.race_recorded(client)  # refused when there is none: the queue place or the room is kept

    def _room(self, client: Client, code: str, now: float) -> None:
        self.queue.remove(client)
        if not code:
            client.send(RoomMade(self.rooms.make(client, now)))
            return
        if self.rooms.throttled(client.address, now):
            client.send(Refused("throttled", "too many wrong room codes: wait a minute"))
            return
        maker = self.rooms.join(code, client.address, now)
        if maker is None or maker is client or maker not in self.clients or maker.duel is not None:
            client.send(Refused("no_room", f"no room {code[:12]!r}"))
            return
        assert maker.player is not None and client.player is not None
        players = (maker.player.id, client.player.id)
        self.worker.run(lambda: self.shown(players), lambda shown: self._room_ready(maker, client, code, shown))

    def _room_ready(self, maker: Client, client: Client, code: str, shown: tuple[dict, dict]) -> None:
        """Both players' ratings read: the room's race opens, if both are still free for it."""
        if any(who not in self.clients or who.shut or who.duel is not None for who in (maker, client)):
            client.send(Refused("no_room", f"no room {code[:12]!r}"))
            return
        self._open_duel(maker, client, self.clock(), shown, rated=False)

    def _keep_room(self, client: Client, code: str, now: float) -> None:
        """The maker of a room come back (its process stopped): the room again, under its code."""
        self.queue.remove(client)
        if self.rooms.throttled(client.address, now):
            client.send(Refused("throttled", "too many wrong room codes: wait a minute"))
        elif self.rooms.keep(client, code.strip().upper(), client.address, now):
            client.send(RoomMade(code.strip().upper()))
        else:
            client.send(Refused("room_taken", f"no room can be made under {code[:12]!r}"))

    def _move(self, client: Client, message: MoveMessage, now: float) -> None:
        duel = client.duel
        if duel is None:
            client.send(Refused("no_duel", "you are not racing"))
            return
        answer = duel.play(client.side, message.n, message.move, now)
        client.send(answer)
        self._tell_rival(duel, client.side)
        if duel.over or duel.why:
            self._finish(duel, now)

    def _end(self, client: Client, now: float) -> None:
        duel = client.duel
        if duel is None:
            client.send(Refused("no_duel", "you are not racing"))
            return
        if duel.end(client.side, now):
            self._tell_rival(duel, client.side)
        if duel.over:
            self._finish(duel, now)

    def _gone(self, client: Client) -> None:
        """The connection closed (or was replaced): out of the queue and its room; in a race,
        away (``races``)."""
        self.queue.remove(client)
        self.rooms.close_for(client)
        if client.player is not None and self.by_player.get(client.player.id) is client:
            del self.by_player[client.player.id]
            self.daily.forget(client.player.id)
            self.recorded_checked.pop(client.player.id, None)
            self.away(client)
        client.duel = None


async def run_until(server: DuelServer, stopping: asyncio.Event, doors: Server | None = None) -> None:
    """Pair and sweep until ``stopping`` is set; then leave (``DuelServer.leave``; ``doors``:
    the listening server, which a process of a cluster closes first)."""
    pairing = asyncio.create_task(_pair_forever(server))
    await stopping.wait()
    pairing.cancel()
    await server.leave(doors)
    await server.worker.settled()
    server.worker.close()


async def _pair_forever(server: DuelServer) -> None:
    """Pair the queue every tick; sweep idle players, and write the results kept unwritten
    (``unsaved``), every ``IDLE_SWEEP`` ticks."""
    ticks = 0
    while True:
        await asyncio.sleep(server.settings.tick)
        server.pair()
        ticks += 1
        if ticks % IDLE_SWEEP == 0:
            server.sweep_idle()
            if server.unsaved:  # (its length read here; the thread alone changes it)
                server.worker.run(lambda: server.unsaved.retry(server.store), server._rewritten)
