"""Races against recorded runs (issue 31 item 5; ``recorded``): offered to a waiting player,
raced, replayed step by step at their own pace, told and never written.

The third layer of ``DuelServer`` (``races`` keeps the live races; this file the recorded ones),
split so each file is one job. The store is asked on the database thread (``db_thread``).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

from ..net.online_messages import Refused, Result
from .duel import ServerDuel, Side, read_deal
from .ratings import Skill
from .recorded import RecordedRun, pick_run, raced
from .races import Races, _winner

if TYPE_CHECKING:
    from .clients import Client

RECORDED_CHECK = 5.0  # seconds between two asks of the store whether a waiting player has a recorded run


class RecordedRaces(Races):
    def recorded_ready(self, client: Client, now: float) -> bool:
        """A recorded run ``client`` has not raced is there (``Queued.recorded``): asked of the
        store at most every ``RECORDED_CHECK`` seconds a player (the queue hears it ~4 times a
        second)."""
        if client.player is None or self.settings.rooms_only:
            return False
        player = client.player.id
        checked_at, ready = self.recorded_checked.get(player, (float("-inf"), False))
        if now - checked_at >= RECORDED_CHECK:  # asked on the database thread; told at a later tick
            self.recorded_checked[player] = (now, ready)
            self.worker.run(lambda: self._read(lambda: pick_run(self.store, player) is not None, False),
                            lambda found: self._recorded_found(player, now, found))
            ready = self.recorded_checked.get(player, (now, ready))[1]
        return ready

    def _recorded_found(self, player: int, asked: float, ready: bool) -> None:
        if player in self.recorded_checked:  # not gone meanwhile
            self.recorded_checked[player] = (asked, ready)

    def race_recorded(self, client: Client) -> None:
        """Race ``client`` against a recorded run (``recorded``) it has not raced, out of the queue
        and its room (picked on the database thread); refused when there is none, and the player
        keeps their place."""
        assert client.player is not None
        player = client.player.id

        def pick() -> tuple[RecordedRun, tuple[dict, dict]] | None:
            run = self._read(lambda: pick_run(self.store, player), None)  # none while the store cannot be read
            if run is None:
                return None
            self._read(lambda: raced(self.store, player, run), None)  # unwritten now: it may be offered again
            return run, self.shown((player, run.player))
        self.worker.run(pick, lambda picked: self._recorded_picked(client, picked))

    def _recorded_picked(self, client: Client, picked: tuple[RecordedRun, tuple[dict, dict]] | None) -> None:
        assert client.player is not None
        self.recorded_checked.pop(client.player.id, None)
        if self.by_player.get(client.player.id) is not client or client.duel is not None or client.shut:
            return  # gone, or racing meanwhile
        if picked is None:
            client.send(Refused("no_recorded", "no recorded run to race now: your place is kept"))
            return
        self._race_run(client, *picked)

    def _race_run(self, client: Client, run: RecordedRun, shown: tuple[dict, dict]) -> None:
        assert client.player is not None
        now = self.clock()
        self.queue.remove(client)
        self.rooms.close_for(client)
        sides = (Side(client.player.id, client.player.name), Side(run.player, run.name))
        duel = ServerDuel(secrets.token_hex(8), read_deal(run.deal), run.seconds, sides, now,
                          self.settings.count_seconds, recorded=True, shown=shown)
        self.duels[duel.id] = duel
        self._seat(client, duel, 0, now)
        self._replay(duel, run, 0)
        asyncio.get_running_loop().call_at(self._loop_time(duel.starts_at + duel.seconds), self._time_up, duel)

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


    def _finish_recorded(self, duel: ServerDuel, outcome: str, lines: list[dict]) -> None:
        """A race against a recorded run: told, not written, no rating moved."""
        del self.duels[duel.id]
        client = self._client_of(duel, 0)
        if client is None:
            return
        client.duel = None

        def tell(skill: Skill | None) -> None:
            number, tier = (skill.number, skill.tier) if skill is not None else (None, "")
            client.send(Result(duel.id, lines[0], lines[1], _winner(outcome, 0), duel.sides[1].name,
                               {"before": number, "after": number} if skill is not None else {}, tier, "recorded"))
        self.worker.run(lambda: self._read(lambda: self.store.skill(duel.sides[0].player), None), tell)

