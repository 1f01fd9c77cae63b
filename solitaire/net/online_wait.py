"""A player's place while waiting for a race, kept when the connection is lost (issue 25): in the
queue, in a room they made, or joining a friend's room.

A server process stopped (a rolling restart closes its sockets with 1012, *service restart*, and
empties its queue and rooms: ``server.backups``) or a dropped connection would otherwise drop the
player from the wait screen. ``WaitingPlace`` stands between that screen and its ``OnlineClient``:
when the connection closes while the player holds a place, it is made again with the same key, a
try every ``RETRY_SECONDS`` (to whichever process the load balancer picks, or the same one
restarted), within the comeback window races use (``COMEBACK_SECONDS``). Once admitted again the
place is asked for again:

* the queue, with the seconds waited so far (``Find.waited``): the rating window and the wait
  screen's count go on from there, as if nothing had happened;
* a room the player made, under the same code (``Room.keep``): rooms live on the process they
  were made on, and a code not made on a process is asked of every other (``server.cluster``), so
  the room made again wherever its maker lands is found by the friend who types the code. When
  that code cannot be had there (a room holds it), a new room is made and its code shown;
* a friend's code typed whose answer had not come: typed again.

The screen hears one ``Rejoining`` when the connection goes (never each failed try), the server's
``Welcome`` when it is back, and ``PlaceLost`` once the window has passed without it. A
connection the server shut after refusing what we sent (``SHUT_AFTER``) is not come back to: its
``Refused`` says why.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from .online import RETRY_SECONDS, Closed, OnlineClient
from .online_messages import COMEBACK_SECONDS, Matched, Queued, Refused, RoomMade, Welcome

SHUT_AFTER = frozenset({"flood", "garbage", "idle"})  # the server closes the connection after these
MODES = ("find", "room", "join")


@dataclass(frozen=True)
class Rejoining:
    """The connection was lost while waiting: it is being made again until ``until`` (our clock)."""

    until: float


@dataclass(frozen=True)
class PlaceLost:
    """The connection did not come back within the comeback window (``seconds``): the place is gone."""

    seconds: float


class WaitingPlace:
    """The wait for a race in ``mode`` ("find", "room" or "join") on ``client``'s server (see the
    module's docstring). ``client`` is the connection now: a comeback replaces it."""

    def __init__(self, client: OnlineClient, mode: str, clock: Callable[[], float] = time.monotonic) -> None:
        if mode not in MODES:
            raise ValueError(f"not a way to wait: {mode!r}")
        self.client = client
        self.mode = mode
        self.clock = clock
        self.code = ""  # our room's code, or the friend's code typed
        self.admitted = False  # the server has welcomed us (once at least)
        self.shut = False  # the server refused what this connection sent and closes it
        self.joining = False  # a friend's code sent, its answer not come
        self.keeping = False  # our room's code asked for again, its answer not come
        self.queued: Queued | None = None
        self.queued_at = 0.0
        self.lost_at: float | None = None  # when the connection went (a comeback is being made)
        self.tried_at = float("-inf")

    # -- what the player asks (each only queues a message) ----------------------------------------
    def find(self) -> None:
        self.client.find()

    def make_room(self) -> None:
        self.client.make_room()

    def join_room(self, code: str) -> None:
        self.code, self.joining = code.strip().upper()[:12], True
        self.client.join_room(code)

    def race_recorded(self) -> None:
        self.client.race_recorded()

    def leave(self) -> None:
        """Out of the queue or the room, and the connection closed: the wait is over."""
        self.client.cancel()
        self.client.close()

    @property
    def waited(self) -> float:
        """Seconds in the queue: the server's figure, counted on since its last report (and
        through a comeback)."""
        return 0.0 if self.queued is None else self.queued.waited + self.clock() - self.queued_at

    @property
    def until(self) -> float | None:
        """When the comeback window closes (our clock), while the connection is being made again."""
        return None if self.lost_at is None else self.lost_at + COMEBACK_SECONDS

    # -- hearing the server -------------------------------------------------------------------------
    def poll(self) -> list[Any]:
        """Every message come since the last poll, a lost connection turned into one
        ``Rejoining`` (and ``PlaceLost`` past the window); never blocks."""
        heard = [told for message in self.client.poll() for told in self._hear(message)]
        if self.lost_at is not None:
            heard += self._come_back()
        return heard

    def _hear(self, message: Any) -> list[Any]:
        if isinstance(message, Closed):
            if self.lost_at is not None:
                return []  # a try that did not get through: the next one comes
            if not self.admitted or self.shut:
                return [message]  # never in (the server unreachable), or shut by the server
            self.lost_at = self.clock()
            return [Rejoining(self.lost_at + COMEBACK_SECONDS)]
        if isinstance(message, Welcome):
            self.admitted, self.shut = True, False
            if self.lost_at is not None:
                self.lost_at = None
                self._ask_again()
        elif isinstance(message, Queued):
            self.queued, self.queued_at = message, self.clock()
        elif isinstance(message, RoomMade):
            self.code, self.keeping = message.code, False
        elif isinstance(message, Matched):
            self.joining = False
        elif isinstance(message, Refused):
            self.shut = self.shut or message.reason in SHUT_AFTER
            self.joining = False
            if self.keeping and not self.shut:  # our code is held there: a new room, its code shown
                self.keeping = False
                self.client.make_room()
                return []
        return [message]

    def _ask_again(self) -> None:
        """Back in: the place as it was (the queue with its wait, our room under its code, the
        friend's code whose answer had not come)."""
        if self.mode == "find":
            self.client.find(self.waited)
        elif self.mode == "room" and self.code:
            self.keeping = True
            self.client.keep_room(self.code)
        elif self.mode == "room":
            self.client.make_room()  # lost before the room was made
        elif self.joining:
            self.client.join_room(self.code)

    def _come_back(self) -> list[Any]:
        """A new connection with the same key every ``RETRY_SECONDS``; ``PlaceLost`` past the window."""
        assert self.lost_at is not None
        now = self.clock()
        if now - self.lost_at > COMEBACK_SECONDS:
            self.lost_at, self.joining = None, False
            return [PlaceLost(COMEBACK_SECONDS)]
        if now - self.tried_at >= RETRY_SECONDS and self.client.closed.is_set():
            self.tried_at = now
            old = self.client  # closed: nothing to say bye on (and a hosted server stays up)
            self.client = OnlineClient(old.url, old.key, old.name, old.hosting)
            self.client.start()
        return []
