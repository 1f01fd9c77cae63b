"""The game's side of an online duel (issue 25): a client of the duel server that never blocks.

**Why threads**: ``websockets``' threaded (sync) client, one thread reading and one writing, with
queues between them and the game. The frame loop only calls methods that put on or take from a
queue, so a slow network costs it nothing; TLS, the handshake, pings and close come from the
library as they are. A sans-IO client (``wsproto`` over a non-blocking socket) would save the two
threads but put the handshake, TLS's own non-blocking dance and the keepalive in our code.

How the screens use it (``OnlineClient``)::

    client = OnlineClient("ws://host:47475", key, "Sara")   # key: new_key(), kept by the game
                                   # hosting=server: a duel hosted on this computer, close() stops it
    client.start()                 # connects in the background
    client.find()                  # the queue; or client.make_room() / client.join_room("K7QXM")
                                   # (``online_wait.WaitingPlace`` keeps that place across a lost connection)
                                   # or client.race_recorded(): a real player's earlier race
    each frame: for message in client.poll(): ...
        Welcome(name, number, tier, online, server, provisional)    admitted (again after cancel())
        Queued(online, waited, window)         waiting: the wait screen's figures, each ~0.25 s
        RoomMade(code)                         the code to give a friend
        Matched(...)                           a race: make an OnlineDuel(client, matched)
        Board(top, you)                        after client.leaderboard()
        DailyScore(...), DailyBoard(...)       after client.daily_submit() / daily_board() (DD-5)
        Refused(reason, detail)                a request refused (throttled, no_room, ...)
        Closed(reason)                         the connection is gone (for good)
    client.cancel(); client.close()

``OnlineDuel`` is one race: ``play("t3>t5")`` plays a move on the player's own table
(``mirror.game``, a core game whose face-down cards are unknown) and sends it; ``update()`` takes
the server's answers (cards turned up, refusals, the rival's progress, the result). A move that
turns a card waits for the server's answer to show it (``ready`` is False until then). A
``Matched`` for the same race, mid-race, sets the table again (``reseated``): the process that
ran the race was gone and another rebuilt it. A connection lost mid-race is made again
(``come_back``) within the server's comeback window (``comeback_until``): back in the race, or
told the result of a race decided meanwhile; ``given_up`` once the window has passed. The
``Result`` says whether the rating is provisional, why it moved no rating (``unrated``: a room,
aborted, quick losses, too fast) and whether the server has saved it yet (``saved``).
"""

from __future__ import annotations

import queue
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from .mirror import Mirror
from .online_messages import (COMEBACK_SECONDS, FROM_SERVER, DAILY_MOVES, VERSION, BoardAsk, Bye, Cancel, DailyAsk,
                              DailySubmit, EndMessage, Find, Hello, Matched, MoveMessage, No, Ok, ProtocolError,
                              RecordedAsk, RivalProgress, Result, Room, decode, encode, read_points)

CONNECT_SECONDS = 5.0
RETRY_SECONDS = 1.0  # between two tries


def new_key() -> str:
    """A new player key: 32 random bytes, URL-safe (the server keeps only its hash)."""
    return secrets.token_urlsafe(32)


class Hosting(Protocol):
    """A duel server this game runs itself (``server.hosted``, for a duel on the local network)."""

    def stop(self) -> None: ...


@dataclass(frozen=True)
class Closed:
    """The connection is gone: never opened, refused, dropped or closed."""

    reason: str


@dataclass(frozen=True)
class NoKey(Closed):
    """No connection was made: the player's key cannot be read or kept (``reason``: the word of
    ``store.player_key.KeyNotKept``, ``detail``: the system's words)."""

    detail: str = ""


class OnlineClient:
    """One connection to the duel server (see the module's docstring)."""

    def __init__(self, url: str, key: str, name: str, hosting: Hosting | None = None) -> None:
        self.url, self.key, self.name = url, key, name
        self.hosting = hosting  # the duel server this game runs for a duel on its network
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.outbox: queue.Queue[str | None] = queue.Queue()
        self.closed = threading.Event()
        self._ws: Any = None
        self._threads: list[threading.Thread] = []

    def start_without(self, problem: Closed) -> None:
        """Start as a client that never connects: ``problem`` is all it says (the player's key
        cannot be used, ``NoKey``), as a refused connection would."""
        self.inbox.put(problem)
        self.closed.set()

    def start(self) -> None:
        reader = threading.Thread(target=self._read, name="online-read", daemon=True)
        self._threads = [reader]
        reader.start()

    # -- requests (each only queues a message) ----------------------------------------------------
    def find(self, waited: float = 0.0) -> None:
        """Join the queue (``waited``: the seconds waited before a lost connection, ``online_wait``)."""
        self._send(Find(waited))

    def cancel(self) -> None:
        self._send(Cancel())

    def make_room(self) -> None:
        self._send(Room(""))

    def join_room(self, code: str) -> None:
        self._send(Room(code.strip().upper()[:12]))

    def keep_room(self, code: str) -> None:
        """Make our room again under its code (we come back after losing the connection)."""
        self._send(Room(code, keep=True))

    def race_recorded(self) -> None:
        """Race a recorded run now (the wait screen's offer when nobody is found)."""
        self._send(RecordedAsk())

    def leaderboard(self) -> None:
        self._send(BoardAsk())

    def daily_submit(self, game: str, draw: int, day: str, log: list[str] | tuple[str, ...]) -> None:
        """Send a daily deal's game as its moves (DD-5), in as many parts as a message's size
        needs; the server answers the last part with ``DailyScore`` (or ``Refused``)."""
        room = DAILY_MOVES
        parts: list[list[str]] = [[]]
        length = -1  # the text of the part being filled: its moves and a space between each two
        for move in log:
            if parts[-1] and length + 1 + len(move) > room:
                parts.append([])
                length = -1
            parts[-1].append(move)
            length += 1 + len(move)
        for index, part in enumerate(parts):
            self._send(DailySubmit(game, draw, day, index, " ".join(part), index < len(parts) - 1))

    def daily_board(self, game: str, draw: int, day: str) -> None:
        """Ask for a day's daily board in a mode: ``DailyBoard`` (top 100 and your line)."""
        self._send(DailyAsk(game, draw, day))

    def move(self, n: int, text: str) -> None:
        self._send(MoveMessage(n, text))

    def end(self) -> None:
        self._send(EndMessage())

    def close(self) -> None:
        """Say bye and let the threads end (they are daemons: nothing waits on them). The server
        this game hosts stops with it: a host who leaves ends the duel (decided on both totals)."""
        if not self.closed.is_set():
            self._send(Bye())
            self.outbox.put(None)
        if self.hosting is not None:
            self.hosting.stop()

    def poll(self) -> list[Any]:
        """Every message come since the last poll, in order; never blocks."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, seconds: float) -> Any | None:
        """The next message, waiting at most ``seconds`` (headless runs and tests, not a frame)."""
        try:
            return self.inbox.get(timeout=seconds)
        except queue.Empty:
            return None

    def _send(self, message: Any) -> None:
        self.outbox.put(encode(message))

    # -- the threads ------------------------------------------------------------------------------
    def _read(self) -> None:
        try:
            with connect(self.url, open_timeout=CONNECT_SECONDS, max_size=1 << 20, compression=None,
                         close_timeout=1) as ws:
                self._ws = ws
                ws.send(encode(Hello(VERSION, self.key, self.name)))
                writer = threading.Thread(target=self._write, args=(ws,), name="online-write", daemon=True)
                self._threads.append(writer)
                writer.start()
                for text in ws:
                    self.inbox.put(decode(text, FROM_SERVER))
                self._gone("closed by the server")
        except ProtocolError as error:
            self._gone(f"the server sent something wrong: {error}")
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as error:
            self._gone(f"{type(error).__name__}: {error}")
        finally:
            self.outbox.put(None)

    def _write(self, ws: Any) -> None:
        try:
            while (text := self.outbox.get()) is not None:
                ws.send(text)
            ws.close()
        except ConnectionClosed:
            pass

    def _gone(self, reason: str) -> None:
        if not self.closed.is_set():
            self.closed.set()
            self.inbox.put(Closed(reason))


class OnlineDuel:
    """One online race from the player's side (see the module's docstring).

    ``rival`` is the other side's progress (score, cards home, moves, ended); ``points`` our
    points by kind as the server last told them (the End question's rows, DU-4); ``refused`` the
    last refused move's answer; ``result`` the server's verdict once the race is over.
    """

    def __init__(self, client: OnlineClient, matched: Matched, clock: Any = time.monotonic) -> None:
        self.client = client
        self.matched = matched
        self.clock = clock
        self.mirror = Mirror(matched.table)
        self.starts_at = clock() + matched.starts_in
        self.left_at = self.starts_at + matched.seconds  # the server's clock, as last told
        self.sent = matched.moves  # a comeback goes on from the moves the server took
        self.awaited = 0  # the number of the move whose turned cards the mirror awaits
        self.ended = False
        self.rival = RivalProgress(0, 0, 0, False)
        self.points = read_points(matched.points)
        self.refused: No | None = None
        self.result: Result | None = None
        self.lost: Closed | None = None  # the connection is gone (a comeback is being tried)
        self.lost_at: float | None = None  # when it went (``come_back``)
        self.tried_at = float("-inf")
        self.reseated: Matched | None = None  # the last Matched that set our table again (``seated``)

    @property
    def race_time(self) -> float:
        """Seconds since race time 0 (negative during the 3-2-1 count)."""
        return self.clock() - self.starts_at

    @property
    def seconds_left(self) -> float:
        return max(0.0, self.left_at - self.clock())

    @property
    def ready(self) -> bool:
        """A move may be played now: the race runs, our game is on, we are connected, no turned
        card is awaited."""
        return (self.race_time >= 0 and self.seconds_left > 0 and not self.ended and self.result is None
                and not self.mirror.game.won and self.mirror.ready and self.lost is None)

    @property
    def given_up(self) -> bool:
        """The connection was lost and the comeback window has passed without a seat again."""
        return (self.lost is not None and self.result is None and self.lost_at is not None
                and self.clock() - self.lost_at > COMEBACK_SECONDS)

    @property
    def comeback_until(self) -> float | None:
        """When the comeback window closes (our clock), while the connection is lost."""
        return None if self.lost_at is None or self.result is not None else self.lost_at + COMEBACK_SECONDS

    def play(self, text: str) -> None:
        """Play a move (replay notation) on our table and send it; the core's refusal
        (IllegalMove, ValueError) leaves everything as it was and sends nothing."""
        self.mirror.play(text)
        self.sent += 1
        self.awaited = 0 if self.mirror.ready else self.sent
        self.client.move(self.sent, text)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.client.end()

    def seated(self, matched: Matched) -> None:
        """Seated again in this race, mid-race (another process of the server took it over when
        the one running it was gone): the table, moves and clock become the server's."""
        self.mirror.reset(matched.table)
        self.sent, self.awaited = matched.moves, 0
        self.starts_at = self.clock() + matched.starts_in
        self.left_at = self.starts_at + matched.seconds
        self.points = read_points(matched.points)
        self.reseated = matched
        self.lost = self.lost_at = None
        if self.ended:  # our End may have gone down with the old connection
            self.client.end()

    def come_back(self) -> None:
        """The connection is lost in the race: connect again with the same key (the server seats
        us back, on whichever of its processes we reach), a try every ``RETRY_SECONDS`` within
        ``COMEBACK_SECONDS``; the server's ``Matched`` then sets our table (``seated``)."""
        now = self.clock()
        if self.lost_at is None:
            self.lost_at = now
        if (self.result is not None or self.given_up or now - self.tried_at < RETRY_SECONDS
                or not self.client.closed.is_set()):
            return
        self.tried_at = now
        old = self.client
        self.client = OnlineClient(old.url, old.key, old.name, old.hosting)  # a host's server stops with it
        self.client.start()

    def update(self, wait: float = 0.0) -> list[Any]:
        """Take the server's answers; the messages that are not this race's are handed back.
        ``wait``: seconds to wait for the first one (a headless run; a frame passes 0)."""
        first = self.client.wait(wait) if wait > 0 else None
        others = []
        for message in ([first] if first is not None else []) + self.client.poll():
            if isinstance(message, Ok):
                # the cards the awaited move turned; the answer to an earlier move, which turned
                # nothing, may come after a later one was played (an undo, then a redo at once)
                if message.n == self.awaited:
                    self.mirror.shown(message.shown)
                    self.awaited = 0
                self.left_at = self.clock() + message.left
                self.points = read_points(message.points)
            elif isinstance(message, No):
                self.refused = message
                self.mirror.reset(message.table)
                self.points = read_points(message.points)
                self.sent, self.awaited = message.due - 1, 0
            elif isinstance(message, RivalProgress):
                self.rival = message
            elif isinstance(message, Result):
                self.result = message
            elif isinstance(message, Matched) and message.duel == self.matched.duel:
                self.seated(message)
            else:
                if isinstance(message, Closed) and self.result is None:
                    self.lost = message
                others.append(message)
        if self.lost is not None:
            self.come_back()
        return others
