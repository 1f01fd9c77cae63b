"""Who races whom (issue 25 item 3): the queue paired by rating, and private rooms.

Pure bookkeeping with the time passed in, so the tests and the benchmark drive it on any clock.
The **queue** pairs players whose ratings differ by no more than the wider of their two windows;
a window starts at ``BASE_WINDOW`` rating points and widens by ``WIDEN`` a second of waiting (up
to ``MAX_WINDOW``), so a player waits little for a close opponent and never for ever. Pairing
walks the queue sorted by rating and pairs neighbours, O(n log n) however long the queue.
A **room** is a short code (``net.code.ROOM_LETTERS``, no 0/O or 1/I to misread) made by one player and
typed by a friend. Wrong codes are **throttled** by address: ``WRONG_CODES`` in
``WRONG_WINDOW`` seconds, and that address may not try another until the window has passed.

**A comeback while waiting** (a process stopped, a connection dropped): a player back in the
queue brings the seconds they had waited (``add``'s ``waited``, at most ``CARRIED_WAIT``: their
window and the wait screen's count go on); a room's maker makes it again under its code
(``Rooms.keep``) when no room here holds that code, so the code given to a friend still works.
A code refused there counts as a wrong code (else keeping would be a way to test codes unthrottled).
"""

from __future__ import annotations

import secrets
from collections import deque
from dataclasses import dataclass
from typing import Callable, Generic, Hashable, TypeVar

from ..net.code import ROOM_LENGTH, ROOM_LETTERS

BASE_WINDOW = 100
WIDEN = 25
MAX_WINDOW = 1000
ROOM_SECONDS = 600.0  # an unused room is closed after ten minutes
WRONG_CODES = 5
WRONG_WINDOW = 60.0
LOOK_AHEAD = 4  # the next neighbours by rating a player is tried with when the nearest may not meet them
CARRIED_WAIT = ROOM_SECONDS  # the longest wait a player back in the queue brings (the window is full long before)

Who = TypeVar("Who", bound=Hashable)


def window(waited: float) -> int:
    """The rating difference accepted after ``waited`` seconds in the queue."""
    return min(MAX_WINDOW, BASE_WINDOW + int(WIDEN * max(0.0, waited)))


@dataclass
class Waiting(Generic[Who]):
    who: Who
    number: int  # the rating
    since: float


@dataclass(frozen=True)
class Seeker:
    """A player in some node's queue, as a cluster's pairing sees them (``cluster``)."""

    node: str
    player: int
    name: str
    address: str = ""  # the address the player connects from (the queue pairs no two of one: DU-8)


class Queue(Generic[Who]):
    def __init__(self) -> None:
        self.waiting: dict[Who, Waiting[Who]] = {}

    def __len__(self) -> int:
        return len(self.waiting)

    def __contains__(self, who: object) -> bool:
        return who in self.waiting

    def add(self, who: Who, number: int, now: float, waited: float = 0.0) -> float:
        """Queue ``who``, ``waited`` seconds in line already (a comeback; capped at
        ``CARRIED_WAIT``); the seconds they have waited."""
        entry = self.waiting.setdefault(who, Waiting(who, number, now - min(max(0.0, waited), CARRIED_WAIT)))
        return now - entry.since

    def remove(self, who: Who) -> bool:
        return self.waiting.pop(who, None) is not None

    def waited(self, who: Who, now: float) -> float:
        return now - self.waiting[who].since

    def pairs(self, now: float, may_meet: Callable[[Who, Who], bool] | None = None) -> list[tuple[Who, Who]]:
        """Take out every pair that may race now: neighbours by rating within their windows. A
        pair ``may_meet`` refuses (one address, too many rematches: ``races.may_meet``) is
        passed over for the next neighbours up, at most ``LOOK_AHEAD`` of them."""
        ranked = sorted(self.waiting.values(), key=lambda w: (w.number, w.since))
        found: list[tuple[Who, Who]] = []
        taken: set[int] = set()
        for index, a in enumerate(ranked):
            if index in taken:
                continue
            for other in range(index + 1, min(len(ranked), index + 1 + LOOK_AHEAD)):
                b = ranked[other]
                if other in taken:
                    continue
                if b.number - a.number > max(window(now - a.since), window(now - b.since)):
                    break
                if may_meet is None or may_meet(a.who, b.who):
                    found.append((a.who, b.who) if a.since <= b.since else (b.who, a.who))
                    del self.waiting[a.who], self.waiting[b.who]
                    taken.update((index, other))
                    break
        return found


class Throttle:
    """At most ``limit`` events an address in any ``window`` seconds (a sliding window)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self.times: dict[str, deque[float]] = {}

    def full(self, address: str, now: float) -> bool:
        """The address has had its ``limit`` lately: refuse; else the event is counted."""
        if self.reached(address, now):
            return True
        self.times.setdefault(address, deque()).append(now)
        return False

    def reached(self, address: str, now: float) -> bool:
        times = self.times.get(address)
        while times and times[0] <= now - self.window:
            times.popleft()
        if times is not None and not times:
            del self.times[address]
            return False
        return times is not None and len(times) >= self.limit


class Rooms(Generic[Who]):
    """Private rooms: a code for the one who made it, typed by a friend."""

    def __init__(self) -> None:
        self.rooms: dict[str, tuple[Who, float]] = {}
        self.wrong = Throttle(WRONG_CODES, WRONG_WINDOW)

    def make(self, who: Who, now: float) -> str:
        self.close_for(who)
        while (code := "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))) in self.rooms:
            pass
        self.rooms[code] = (who, now)
        return code

    def keep(self, who: Who, code: str, address: str, now: float) -> bool:
        """Make ``who``'s room again under ``code`` (its maker come back): False when the code is
        not a room code or a room here holds it (counted as a wrong code, as a join's is)."""
        self.close_for(who)
        if len(code) != ROOM_LENGTH or any(ch not in ROOM_LETTERS for ch in code) or code in self.rooms:
            self.wrong.full(address, now)
            return False
        self.rooms[code] = (who, now)
        return True

    def close_for(self, who: Who) -> bool:
        codes = [code for code, (owner, _) in self.rooms.items() if owner == who]
        for code in codes:
            del self.rooms[code]
        return bool(codes)

    def throttled(self, address: str, now: float) -> bool:
        """The address has typed too many wrong codes lately."""
        return self.wrong.reached(address, now)

    def join(self, code: str, address: str, now: float) -> Who | None:
        """The room's maker (the room is used up), or None for a wrong code (counted)."""
        self.expire(now)
        entry = self.rooms.pop(code.strip().upper(), None)
        if entry is None:
            self.wrong.full(address, now)  # counted
            return None
        return entry[0]

    def expire(self, now: float) -> None:
        for code in [c for c, (_, made) in self.rooms.items() if made <= now - ROOM_SECONDS]:
            del self.rooms[code]
        for address in list(self.wrong.times):
            self.wrong.reached(address, now)  # forgets what is older than the window
