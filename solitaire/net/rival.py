"""The other player of a network Duel, as the duel drives a rival (``play/rival.py``).

Nothing the peer sends is trusted beyond what our own rules confirm (issue 15): each of its moves
is played through our core's race on our own copy of the deal, by the one checker of a rival's
moves (``core.rival_moves``), before the duel hears of it (the duel plays it again, through the
same checker, on its race); a move our rules refuse, a number out of order, a race time that
goes backwards or runs ahead of our clock, or anything after its game has finished disqualifies
it — the connection is closed and the player is told why (``lost``). Before the race the scene polls ``lobby()``; from race time 0,
``update()``. Neither ever blocks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..core import Game, GameCode, IllegalMove
from ..core.duel import Race, RivalBack, RivalEnded, RivalEvent, RivalGone, RivalLost, RivalMove
from ..core.rival_moves import OutOfOrder, RivalMoves
from .channel import Clock, Timing
from .code import DEFAULT_PORT, DuelAddress, new_secret
from .host import Host, Notice
from .link import CLOSED, FAILED, STARTED, Back, Dropped, GaveUp, Link, Violation
from .messages import Bye, End, Move, player_name

CLOCK_SLACK = 1.0  # a race time this far ahead of ours is still believed (clocks agree within 0.5 s)
MOVES_PER_SECOND = 20  # no hand is faster: n moves need at least (n / 20 − 1) s of race


@dataclass(frozen=True)
class Lobby:
    """What the waiting screens show: the state, who joined, what was refused, when we start."""

    state: str  # waiting | connecting | syncing | started | failed | closed
    peer: str | None
    notices: tuple[Notice, ...]
    failure: Notice | None
    starts_in: float | None  # seconds to race time 0 (the 3-2-1 count), once agreed


class NetworkRival:
    kind = "network"
    pausable = False  # issue 15: network duels never pause

    def __init__(self, link: Link, address: DuelAddress | None = None) -> None:
        self.link = link
        self.address = address  # the host's own, for its code; None for a joiner
        self.lost: Notice | None = None  # why the rival was lost, for the player
        self._race: Race | None = None  # the peer's game alone, on the host's race length
        self._checked: RivalMoves | None = None  # its moves, checked and played there
        self._last_at = 0.0
        self._peer_done = False  # ended, or won
        self._ended = False
        self._queue: list[RivalEvent] = []

    @classmethod
    def host(cls, name: str, code: GameCode, *, address: str, seconds: int = 240, port: int = DEFAULT_PORT,
             exact_port: bool = False, bind: str = "0.0.0.0", clock: Clock = time.monotonic,
             timing: Timing = Timing(), secret: str | None = None) -> NetworkRival:
        """Listen for one opponent; ``address`` is the one the code tells (this machine's)."""
        secret = secret or new_secret()
        door = Host(secret, clock, timing, port=port, bind=bind, exact_port=exact_port)
        link = Link(player_name(name), clock, timing, host=door, code=code, seconds=seconds)
        return cls(link, DuelAddress(address, door.port, secret))

    @classmethod
    def join(cls, address: DuelAddress, name: str, *, clock: Clock = time.monotonic,
             timing: Timing = Timing()) -> NetworkRival:
        return cls(Link(player_name(name), clock, timing, address=address))

    # -- before the race ------------------------------------------------------------------------

    def lobby(self) -> Lobby:
        self._pump()
        link = self.link
        starts_in = None if link.start is None else link.start - link.clock()
        notices = tuple(link.host.notices) if link.host is not None else ()
        return Lobby(link.state, link.peer_name, notices, link.failure, starts_in)

    @property
    def name(self) -> str:
        return self.link.peer_name or ""

    @property
    def code(self) -> GameCode | None:
        return self.link.code

    @property
    def seconds(self) -> int:
        """The race's length: the host's choice, for both (``--race-seconds``)."""
        return self.link.seconds

    def race_clock(self) -> float | None:
        """The agreed race clock (the host's leads); negative during the count."""
        return self.link.race_clock()

    # -- the Rival protocol ---------------------------------------------------------------------

    def start(self, game: Game) -> None:
        if game.code != self.link.code:
            raise ValueError(f"the duel's deal is {self.link.code}, not {game.code}")

    def update(self, race_time: float) -> list[RivalEvent]:
        self._pump()
        events, self._queue = self._queue, []
        return events

    def my_move(self, number: int, notation: str, at: float) -> None:
        self.link.send_item(Move(number, notation, round(max(0.0, at), 3)))

    def my_end(self, at: float) -> None:
        if not self._ended:
            self._ended = True
            self.link.send_item(End(round(max(0.0, at), 3)))

    def pause(self) -> None:
        """Network duels never pause: the other player's clock runs on."""

    def resume(self) -> None:
        """Nothing was paused."""

    def ready_at(self) -> float | None:
        return None  # the network is never waited on: its clock is real

    def close(self) -> None:
        if self.link.state not in (CLOSED, FAILED):
            self.link.close(Bye("left"))

    # -- the peer's moves, checked --------------------------------------------------------------

    def _pump(self) -> None:
        for event in self.link.poll():
            if self.lost is not None:
                break
            self._on(event)
        self._check_finished()

    def _on(self, event: object) -> None:
        if isinstance(event, Move):
            self._move(event)
        elif isinstance(event, End):
            self._end(event)
        elif isinstance(event, Bye):
            key = "net.lost.they_refused" if event.reason == "disqualified" else "net.lost.left"
            self._lose(Notice(key, detail=event.why))
        elif isinstance(event, Dropped):
            self._queue.append(RivalGone("net.gone", self.link.timing.comeback))
        elif isinstance(event, Back):
            self._queue.append(RivalBack())
        elif isinstance(event, GaveUp):
            self._lose(Notice("net.lost.left", detail=event.notice.key))
        elif isinstance(event, Violation):
            self._disqualify("net.lost.garbage", str(event.error))

    def _move(self, move: Move) -> None:
        if not self._timely(move.at, f"move {move.n}"):
            return None
        if move.n > MOVES_PER_SECOND * (move.at + 1):
            return self._disqualify("net.lost.flood", f"{move.n} moves by {move.at:.1f} s")
        if self._peer_done:
            return self._disqualify("net.lost.after_end", f"move {move.n} after its game had finished")
        race = self._peer_race(move.at)
        try:
            self._checked.take(move.n, move.move)
        except OutOfOrder as error:
            return self._disqualify("net.lost.order", str(error))
        except (IllegalMove, ValueError) as error:
            return self._disqualify("net.lost.refused_move", f"move {move.n} \"{move.move}\": {error}")
        self._last_at = move.at
        self.link.heard += 1
        self._peer_done = race.finished(0)
        self._queue.append(RivalMove(move.n, move.move, move.at))
        return None

    def _end(self, end: End) -> None:
        """End; after all 52 went home (which ends a game too) an End changes nothing."""
        if self._peer_done and not (self._race is not None and self._race.games[0].won):
            return self._disqualify("net.lost.after_end", "a second End")
        if not self._timely(end.at, "End"):
            return None
        race = self._peer_race(end.at)
        if not race.finished(0):
            race.end(0)
        self.link.heard += 1
        self._last_at, self._peer_done = end.at, True
        self._queue.append(RivalEnded(end.at))
        return None

    def _timely(self, at: float, what: str) -> bool:
        """DU-1's clock: never backwards, never past 0:00, never ahead of ours."""
        now = self.link.race_clock() or 0.0
        if at < self._last_at:
            self._disqualify("net.lost.time", f"{what} at {at:.3f} s, after {self._last_at:.3f} s")
        elif at > self.link.seconds or at > now + CLOCK_SLACK:
            self._disqualify("net.lost.time", f"{what} at {at:.3f} s; our race clock reads {now:.3f} s")
        else:
            return True
        return False

    def _peer_race(self, at: float) -> Race:
        """The peer's game, its race clock moved to ``at`` (checked by ``_timely`` first)."""
        if self._race is None:
            self._race = Race(self.link.code, players=1)
            self._race.limit = float(self.link.seconds)
            self._checked = RivalMoves(self._race, 0)
        self._race.tick(max(0.0, at - self._race.elapsed))
        return self._race

    def _check_finished(self) -> None:
        """Once both are done (or the clock is out), a dropped line is no longer news; a rival
        still gone when the race ends has left."""
        now = self.link.race_clock()
        if self.link.state != STARTED or now is None:
            return
        out = now >= self.link.seconds
        if (self._ended or out) and (self._peer_done or out):
            self.link.finished = True
        if not self.link.connected and out and self.lost is None:  # nothing more can come from it
            self._lose(Notice("net.lost.left", detail="still gone when the race ended"))

    def _disqualify(self, key: str, detail: str) -> None:
        self.link.close(Bye("disqualified", detail[:300]))
        self._lose(Notice(key, detail=detail))

    def _lose(self, notice: Notice) -> None:
        if self.lost is None:
            self.lost = notice
            self.link.close()
            self._queue.append(RivalLost(notice.key))
