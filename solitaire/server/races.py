"""The races of the duel server (issue 25): opened, timed, judged, written, told; and the
comeback window.

The second layer of ``DuelServer`` (``service.py`` reads and writes the connections; this file
keeps the races they play), split so each file is one job.

**Comeback**: a player whose connection drops in a race is *away*: the other side is told
(``RivalProgress.away``), and their game waits. Coming back (a hello with the same key) within
``comeback_seconds`` puts them back in the race: a ``Matched`` again, with their table as it
stands and the number of moves taken (``moves``). Still away when the window closes, they have
pressed End then (DU-4), as a player who leaves does; a race that runs out meanwhile is decided
without them, and its ``Result`` is kept for them for ``comeback_seconds``: coming back then, they
are told it at once.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
from typing import TYPE_CHECKING, Any, Callable

from ..net.online_messages import Matched, Queued, Result
from .db_thread import DbThread
from .duel import ServerDuel, Side, deal_text, new_deal
from .fairness import DAY, QUICK_LIMIT, QUICK_WINDOW, REMATCHES_A_DAY, quick_loss, too_fast, unrated_why
from .lobby import Queue, Rooms, Waiting, window
from .ratings import Skill
from .recorded import pick_run
from .store import DuelRecord, SideRecord, Store
from .unsaved import Unsaved

if TYPE_CHECKING:
    from .clients import Client, Settings


class Races:
    store: Store
    worker: DbThread  # every call of the store and of ``unsaved`` runs there (``db_thread``)
    settings: Settings
    clock: Callable[[], float]
    by_player: dict[int, Client]
    queue: Queue[Client]
    rooms: Rooms[Client]
    duels: dict[str, ServerDuel]
    written: int
    unsaved: Unsaved  # results the store refused, written later (``unsaved``)
    missed: dict[int, tuple[float, Result]]  # player -> (kept until, the result of a race they were away from)
    recorded_checked: dict[int, tuple[float, bool]]  # player -> (when asked, a recorded run is there for them)
    pairing: bool  # a pairing of the queue is on the database thread
    # the races against recorded runs (``recorded_races.RecordedRaces``, the layer above):
    recorded_ready: Callable[[Client, float], bool]  # a waiting player has a recorded run to race
    _finish_recorded: Callable[[ServerDuel, str, list[dict]], None]  # told, not written

    @property
    def online(self) -> int:
        return len(self.by_player)

    def _tell_rival(self, duel: ServerDuel, side: int) -> None:
        rival = self._client_of(duel, 1 - side)
        if rival is not None:
            rival.send(duel.progress(side))

    def _client_of(self, duel: ServerDuel, side: int) -> Client | None:
        client = self.by_player.get(duel.sides[side].player)
        return client if client is not None and client.duel is duel else None

    # -- races ----------------------------------------------------------------------------------
    def pair(self) -> None:
        """Pair the queue (on the database thread, which knows who may meet: ``_pairs_of``), and
        tell those still waiting how long and how many are online."""
        now = self.clock()
        if not self.pairing and len(self.queue) > 1:
            self.pairing = True
            waiting = dict(self.queue.waiting)
            self.worker.run(lambda: self._pairs_of(waiting, now), self._paired)
        self.rooms.expire(now)
        for client, entry in list(self.queue.waiting.items()):
            waited = now - entry.since
            client.send(Queued(self.online, round(waited, 1), window(waited), self.recorded_ready(client, now)))

    def _pairs_of(self, waiting: dict[Client, Waiting[Client]], now: float) -> list:
        """On the database thread: the pairs of the queue as it was (``waiting``), each with both
        players' ratings as shown to the other (``shown``)."""
        queue: Queue[Client] = Queue()
        queue.waiting = dict(waiting)
        found = []
        for first, second in queue.pairs(now, self.may_meet):
            assert first.player is not None and second.player is not None
            found.append((waiting[first], waiting[second], self.shown((first.player.id, second.player.id))))
        return found

    def _paired(self, found: list) -> None:
        """Back on the loop: each pair still waiting as it was when paired races now."""
        self.pairing = False
        for first, second, shown in found:
            if all(self.queue.waiting.get(entry.who) is entry for entry in (first, second)):
                self.queue.remove(first.who)
                self.queue.remove(second.who)
                self._open_duel(first.who, second.who, self.clock(), shown)

    def shown(self, players: tuple[int, int]) -> tuple[dict, dict]:
        """On the database thread: how each player of a race is shown to the other (rating,
        tier, provisional); as a new player's when the store cannot be read now."""
        def one(player: int) -> dict:
            skill, provisional = self._read(lambda: (self.store.skill(player), self.store.provisional(player)),
                                            (Skill(), True))
            tier = skill.tier if self.settings.rated else ""  # unrated: no tier to show beside a name
            return {"number": skill.number, "tier": tier, "provisional": provisional}
        return one(players[0]), one(players[1])

    def find(self, client: Client, waited: float) -> None:
        """Queue ``client`` at their rating as stored now (read on the database thread; their
        hello's when it cannot be read), told how long they have waited."""
        assert client.player is not None
        player = client.player

        def read() -> tuple[int, bool]:
            number = self._read(lambda: self.store.skill(player.id).number, player.skill.number)
            return number, self._read(lambda: pick_run(self.store, player.id) is not None, False)
        self.worker.run(read, lambda found: self._queue_up(client, *found, waited))

    def _queue_up(self, client: Client, number: int, recorded: bool, waited: float) -> None:
        if self.by_player.get(client.player.id) is not client or client.duel is not None or client.shut:
            return  # gone, or racing meanwhile
        now = self.clock()
        if not self.settings.rooms_only:
            self.recorded_checked[client.player.id] = (now, recorded)
        waited = self.queue.add(client, number, now, waited)
        client.send(Queued(self.online, waited, window(waited), self.recorded_ready(client, now)))

    def may_meet(self, first: Client, second: Client) -> bool:
        """The queue may pair these two for a rated race (DU-8): not two identities of one
        address (unless the server is told its players share one, ``one_address``), nor a pair
        that has raced ``REMATCHES_A_DAY`` rated races in the last day."""
        assert first.player is not None and second.player is not None
        return self.may_race(first.address, first.player.id, second.address, second.player.id)

    def may_race(self, address: str, player: int, other_address: str, other: int) -> bool:
        """``may_meet`` by addresses and players' ids (a cluster pairs other processes' players too)."""
        if address == other_address and not self.settings.one_address:
            return False
        since = time.time() - DAY
        waiting = self.unsaved.met(player, other, since)  # first: a result leaves it only once written
        stored = self._read(lambda: self.store.met(player, other, since), None)
        return stored is not None and len(waiting | stored) < REMATCHES_A_DAY

    def _open_duel(self, first: Client, second: Client, now: float, shown: tuple[dict, dict],
                   rated: bool = True) -> None:
        """A race between ``first`` and ``second``, shown to each other as ``shown`` (``shown``);
        ``rated`` False for a room's (DU-8)."""
        assert first.player is not None and second.player is not None
        sides = (Side(first.player.id, first.player.name), Side(second.player.id, second.player.name))
        duel = ServerDuel(secrets.token_hex(8), new_deal(), self.settings.race_seconds, sides, now,
                          self.settings.count_seconds, rated=rated, shown=shown)
        self.duels[duel.id] = duel
        for side, client in enumerate((first, second)):
            self._seat(client, duel, side, now)
        asyncio.get_running_loop().call_at(self._loop_time(duel.starts_at + duel.seconds), self._time_up, duel)

    def _seat(self, client: Client, duel: ServerDuel, side: int, now: float) -> None:
        """``client`` plays ``side`` of ``duel``: told so with its table as it stands."""
        client.duel, client.side = duel, side
        other = duel.sides[1 - side]
        opponent = {"name": other.name, "recorded": duel.recorded, **duel.shown[1 - side]}
        client.send(Matched(duel.id, opponent, duel.seconds, round(duel.starts_at - now, 3), duel.table(side),
                            duel.sides[side].moves, duel.points(side)))
        if other.moves or other.away:
            client.send(duel.progress(1 - side))

    # -- the comeback window --------------------------------------------------------------------
    def away(self, client: Client) -> None:
        """``client``'s connection dropped in a race: its game waits ``comeback_seconds`` (one
        that had ended already waits for nothing, but its player may still come back to hear
        the result)."""
        duel, side = client.duel, client.side
        if duel is None or duel.done:
            return
        duel.sides[side].away = True
        self._tell_rival(duel, side)
        if duel.race.playing(side):
            asyncio.get_running_loop().call_later(self.settings.comeback_seconds, self._away_too_long, duel, side)

    def back(self, client: Client, player: int) -> bool:
        """Seat a player coming back to a race they are away from, or tell them the result of
        one decided while they were away; False when there is neither."""
        for duel in self.duels.values():
            for side, seat in enumerate(duel.sides):
                if seat.player == player and seat.away and not duel.done:
                    seat.away = False
                    self._seat(client, duel, side, self.clock())
                    self._tell_rival(duel, side)
                    return True
        until, result = self.missed.pop(player, (0.0, None))
        if result is not None and until >= self.clock():
            client.send(result)
            return True
        return False

    def forget_missed(self, now: float) -> None:
        """Results kept for players who did not come back in time go."""
        for player in [player for player, (until, _) in self.missed.items() if until < now]:
            del self.missed[player]

    def _away_too_long(self, duel: ServerDuel, side: int) -> None:
        if duel.done or not duel.sides[side].away:
            return
        now = self.clock()
        if duel.end(side, now):
            self._tell_rival(duel, side)
        if duel.over:
            self._finish(duel, now)

    def _loop_time(self, at: float) -> float:
        return asyncio.get_running_loop().time() + (at - self.clock()) + 0.01

    def _time_up(self, duel: ServerDuel) -> None:
        if not duel.done:
            self._finish(duel, self.clock())

    def _finish(self, duel: ServerDuel, now: float) -> None:
        """Judge the race, write it (one transaction), then tell both players."""
        if duel.done:
            return
        outcome, lines = duel.decide(now)
        if duel.recorded:
            return self._finish_recorded(duel, outcome, lines)
        if not self.settings.rated:
            return self._finish_unrated(duel, outcome, lines, now)
        lost = [_winner(outcome, side) == "opponent" for side in (0, 1)]
        quick = [quick_loss(duel.log, side, s.moves, s.disqualified, lost[side]) for side, s in enumerate(duel.sides)]
        fast = [too_fast(duel.log, side) for side in (0, 1)]
        started, ended = time.time() - (now - duel.opened), time.time()
        del self.duels[duel.id]
        self.worker.run(lambda: self._write(duel, outcome, lines, quick, fast, started, ended),
                        lambda written: self._tell_finished(duel, outcome, lines, written))

    def _write(self, duel: ServerDuel, outcome: str, lines: list[dict], quick: list[bool], fast: list[bool],
               started: float, ended: float) -> tuple:
        """On the database thread (``db_thread``): why no rating moves, the duel written (or kept,
        ``unsaved``), and whether each side's rating is still provisional."""
        why = self._unrated(duel, fast)
        sides = tuple(SideRecord(s.player, line["score"], line["bonus"], line["total"], line["foundation"],
                                 line["ended"], quick[side], fast[side])
                      for side, (s, line) in enumerate(zip(duel.sides, lines)))
        record = DuelRecord(duel.id, deal_text(duel.code), duel.seconds, started, ended,
                            (sides[0], sides[1]), outcome, duel.why, duel.log, why[0].removeprefix("opponent_"))
        (before, after), saved = self.unsaved.write(self.store, record)
        provisional = [self._read(lambda: self.store.provisional(duel.sides[side].player), True) for side in (0, 1)]
        return why, before, after, saved, provisional

    def _tell_finished(self, duel: ServerDuel, outcome: str, lines: list[dict], written: tuple) -> None:
        """Back on the loop: the duel written (or kept), both players told."""
        why, before, after, saved, provisional = written
        self.written += saved
        now = self.clock()
        for side in (0, 1):
            result = Result(duel.id, lines[side], lines[1 - side], _winner(outcome, side), duel.sides[1 - side].name,
                            {"before": before[side].number, "after": after[side].number}, after[side].tier,
                            self._why(duel, side), why[side], provisional[side], saved)
            self._tell_result(duel, side, result, now)

    def _unrated(self, duel: ServerDuel, fast: list[bool]) -> tuple[str, str]:
        """Why ``duel`` moves no rating, as each side is told it (``fairness``)."""
        since = time.time() - QUICK_WINDOW
        held = tuple(len(self.unsaved.quick_losses(s.player, since)  # first: a result leaves it once written
                         | self._read(lambda: self.store.quick_losses(s.player, since), set())) >= QUICK_LIMIT
                     for s in duel.sides)
        aborted = any(s.moves == 0 for s in duel.sides)
        return unrated_why(not duel.rated, aborted, held, (fast[0], fast[1]))  # type: ignore[arg-type]

    def _read(self, ask: Callable[[], object], otherwise: object) -> Any:
        """A read of the store, or ``otherwise`` when it cannot be read now (``unsaved``)."""
        try:
            return ask()
        except self.store.unavailable:
            return otherwise

    def _tell_result(self, duel: ServerDuel, side: int, result: Result, now: float) -> None:
        """``side`` hears its result; away, it is kept and told if the player comes back in time."""
        client = self._client_of(duel, side)
        if client is None:
            self.missed[duel.sides[side].player] = (now + self.settings.comeback_seconds, result)
            return
        client.duel = None
        client.send(result)

    @staticmethod
    def _why(duel: ServerDuel, side: int) -> str:
        """Why the race ended as ``side`` is told it: a disqualification says whose."""
        if duel.why == "disqualified":
            return "disqualified" if duel.sides[side].disqualified else "opponent_disqualified"
        return duel.why

    def _finish_unrated(self, duel: ServerDuel, outcome: str, lines: list[dict], now: float) -> None:
        """A duel on a server hosted in a player's game: told, not written, no rating moved
        (``rating`` {}, ``tier`` "": the results say it was unrated)."""
        del self.duels[duel.id]
        for side in (0, 1):
            self._tell_result(duel, side, Result(duel.id, lines[side], lines[1 - side], _winner(outcome, side),
                                                 duel.sides[1 - side].name, {}, "", self._why(duel, side)), now)

    def stop(self) -> None:
        """The server is stopping: every race in progress ends at this moment (see above)."""
        now = self.clock()
        for duel in list(self.duels.values()):
            duel.why = duel.why or "server_stopped"
            self._finish(duel, now)
        self.worker.run(lambda: self.unsaved.retry(self.store), self._rewritten)
        self.worker.run(self.unsaved.stopped, _say_stopped)
        self.worker.drain()  # stopping: the last results are written before the process goes

    def _rewritten(self, count: int) -> None:
        """Results kept unwritten (``unsaved``) written now: counted."""
        self.written += count


def _say_stopped(said: str) -> None:
    if said:
        print(f"duel server: stopping: {said}", file=sys.stderr, flush=True)


def _winner(outcome: str, side: int) -> str:
    """The race's outcome ("first", "second", "tie") as ``side`` is told it."""
    return "tie" if outcome == "tie" else ("you" if outcome == ("first", "second")[side] else "opponent")
