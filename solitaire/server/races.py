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
from .duel import ServerDuel, Side, deal_text, new_deal, read_deal
from .fairness import DAY, QUICK_LIMIT, QUICK_WINDOW, REMATCHES_A_DAY, quick_loss, too_fast, unrated_why
from .lobby import Queue, Rooms, window
from .recorded import RecordedRun, pick_run, raced
from .store import DuelRecord, SideRecord, Store
from .unsaved import Unsaved

if TYPE_CHECKING:
    from .service import Client, Settings

RECORDED_CHECK = 5.0  # seconds between two asks of the store whether a waiting player has a recorded run


class Races:
    store: Store
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
        """Pair the queue, and tell those still waiting how long and how many are online."""
        now = self.clock()
        for first, second in self.queue.pairs(now, self.may_meet):
            self._open_duel(first, second, now)
        self.rooms.expire(now)
        for client, entry in list(self.queue.waiting.items()):
            waited = now - entry.since
            client.send(Queued(self.online, round(waited, 1), window(waited), self.recorded_ready(client, now)))

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
        met = self._read(lambda: self.store.met(player, other, since), REMATCHES_A_DAY) + self.unsaved.met(player, other, since)
        return met < REMATCHES_A_DAY

    def _open_duel(self, first: Client, second: Client, now: float, rated: bool = True) -> None:
        """A race between ``first`` and ``second``; ``rated`` False for a room's (DU-8)."""
        assert first.player is not None and second.player is not None
        sides = (Side(first.player.id, first.player.name), Side(second.player.id, second.player.name))
        duel = ServerDuel(secrets.token_hex(8), new_deal(), self.settings.race_seconds, sides, now,
                          self.settings.count_seconds, rated=rated)
        self.duels[duel.id] = duel
        for side, client in enumerate((first, second)):
            self._seat(client, duel, side, now)
        asyncio.get_running_loop().call_at(self._loop_time(duel.starts_at + duel.seconds), self._time_up, duel)

    def _seat(self, client: Client, duel: ServerDuel, side: int, now: float) -> None:
        """``client`` plays ``side`` of ``duel``: told so with its table as it stands."""
        client.duel, client.side = duel, side
        other = duel.sides[1 - side]
        skill = self.store.skill(other.player)
        tier = skill.tier if self.settings.rated else ""  # unrated: no tier to show beside a name
        opponent = {"name": other.name, "number": skill.number, "tier": tier, "recorded": duel.recorded,
                    "provisional": self.store.provisional(other.player)}
        client.send(Matched(duel.id, opponent, duel.seconds, round(duel.starts_at - now, 3), duel.table(side),
                            duel.sides[side].moves, duel.points(side)))
        if other.moves or other.away:
            client.send(duel.progress(1 - side))

    # -- recorded runs ---------------------------------------------------------------------------
    def recorded_ready(self, client: Client, now: float) -> bool:
        """A recorded run ``client`` has not raced is there (``Queued.recorded``): asked of the
        store at most every ``RECORDED_CHECK`` seconds a player (the queue hears it ~4 times a
        second)."""
        if client.player is None or self.settings.rooms_only:
            return False
        checked_at, ready = self.recorded_checked.get(client.player.id, (float("-inf"), False))
        if now - checked_at >= RECORDED_CHECK:
            ready = self._read(lambda: pick_run(self.store, client.player.id) is not None, False)
            self.recorded_checked[client.player.id] = (now, ready)
        return ready

    def race_recorded(self, client: Client, now: float) -> bool:
        """Race ``client`` against a recorded run (``recorded``) it has not raced, out of the queue
        and its room; False when there is none, and the player keeps their place."""
        assert client.player is not None
        run = self._read(lambda: pick_run(self.store, client.player.id), None)  # none while the store cannot be read
        self.recorded_checked.pop(client.player.id, None)
        if run is None:
            return False
        self.queue.remove(client)
        self.rooms.close_for(client)
        self._read(lambda: raced(self.store, client.player.id, run), None)  # unwritten now: it may be offered again
        sides = (Side(client.player.id, client.player.name), Side(run.player, run.name))
        duel = ServerDuel(secrets.token_hex(8), read_deal(run.deal), run.seconds, sides, now,
                          self.settings.count_seconds, recorded=True)
        self.duels[duel.id] = duel
        self._seat(client, duel, 0, now)
        self._replay(duel, run, 0)
        asyncio.get_running_loop().call_at(self._loop_time(duel.starts_at + duel.seconds), self._time_up, duel)
        return True

    def _replay(self, duel: ServerDuel, run: RecordedRun, start: int) -> None:
        """Play ``run`` as side 1 of ``duel`` from its step ``start`` (a race taken over on
        another process goes on from the steps its log holds)."""
        steps = [(at, number, text) for number, (at, text) in enumerate(run.moves, 1)]
        if run.end_at is not None:
            steps.append((run.end_at, 0, "end"))
        self._next_step(duel, steps, start)

    def _next_step(self, duel: ServerDuel, steps: list[tuple[float, int, str]], index: int) -> None:
        """Wait for step ``index``'s race time: one step at a time, so the run keeps its order
        however close together its moves were."""
        if index < len(steps) and not duel.done:
            at = self._loop_time(duel.starts_at + steps[index][0])
            asyncio.get_running_loop().call_at(at, self._recorded_step, duel, steps, index)

    def _recorded_step(self, duel: ServerDuel, steps: list[tuple[float, int, str]], index: int) -> None:
        """Play the run's move (or End) ``index`` now, as its player did, then the next."""
        if duel.done:
            return
        _, number, text = steps[index]
        now = self.clock()
        if text == "end":
            duel.end(1, now)
        elif duel.race.playing(1):
            duel.play(1, number, text, now)
        self._tell_rival(duel, 1)
        if duel.over:
            self._finish(duel, now)
        self._next_step(duel, steps, index + 1)

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
        why = self._unrated(duel, fast)
        sides = tuple(SideRecord(s.player, line["score"], line["bonus"], line["total"], line["foundation"],
                                 line["ended"], quick[side], fast[side])
                      for side, (s, line) in enumerate(zip(duel.sides, lines)))
        record = DuelRecord(duel.id, deal_text(duel.code), duel.seconds, time.time() - (now - duel.opened), time.time(),
                            (sides[0], sides[1]), outcome, duel.why, duel.log, why[0].removeprefix("opponent_"))
        (before, after), saved = self.unsaved.write(self.store, record)
        self.written += saved
        del self.duels[duel.id]
        for side in (0, 1):
            result = Result(duel.id, lines[side], lines[1 - side], _winner(outcome, side), duel.sides[1 - side].name,
                            {"before": before[side].number, "after": after[side].number}, after[side].tier,
                            self._why(duel, side), why[side],
                            self._read(lambda: self.store.provisional(duel.sides[side].player), True), saved)
            self._tell_result(duel, side, result, now)

    def _unrated(self, duel: ServerDuel, fast: list[bool]) -> tuple[str, str]:
        """Why ``duel`` moves no rating, as each side is told it (``fairness``)."""
        since = time.time() - QUICK_WINDOW
        held = tuple(self._read(lambda: self.store.quick_losses(s.player, since), 0)
                     + self.unsaved.quick_losses(s.player, since) >= QUICK_LIMIT for s in duel.sides)
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

    def _finish_recorded(self, duel: ServerDuel, outcome: str, lines: list[dict]) -> None:
        """A race against a recorded run: told, not written, no rating moved."""
        del self.duels[duel.id]
        client = self._client_of(duel, 0)
        if client is None:
            return
        client.duel = None
        skill = self.store.skill(duel.sides[0].player)
        client.send(Result(duel.id, lines[0], lines[1], _winner(outcome, 0), duel.sides[1].name,
                           {"before": skill.number, "after": skill.number}, skill.tier, "recorded"))

    def stop(self) -> None:
        """The server is stopping: every race in progress ends at this moment (see above)."""
        now = self.clock()
        for duel in list(self.duels.values()):
            duel.why = duel.why or "server_stopped"
            self._finish(duel, now)
        self.written += self.unsaved.retry(self.store)
        said = self.unsaved.stopped()
        if said:
            print(f"duel server: stopping: {said}", file=sys.stderr, flush=True)


def _winner(outcome: str, side: int) -> str:
    """The race's outcome ("first", "second", "tie") as ``side`` is told it."""
    return "tie" if outcome == "tie" else ("you" if outcome == ("first", "second")[side] else "opponent")
