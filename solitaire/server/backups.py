"""Every race of a cluster kept in JetStream as it goes, and taken over from there when the
process running it is gone (issue 35 item 2; the stream: ``streams``, its records: ``replica``).

The second layer of ``cluster.ClusterServer`` (``cluster`` joins the processes and seats the
players; this file keeps each race alive beyond its process), split so each file is one job.
A move is answered once the race's stream has it (``Backups._on``); any process can read a race
from its stream and run it (``Backups._take``: of two trying at once, JetStream lets one); a
process stopped lets its races go and the others take them (``Backups.leave``).
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any, Callable

from websockets.asyncio.server import Server
from websockets.frames import CloseCode

from ..net.online_messages import EndMessage, MoveMessage, Result
from .duel import ServerDuel
from .link import PEER_SECONDS, Link, Peers, RemoteSeat, node_subject
from .lobby import Queue, Rooms
from .db_thread import DbThread
from .recorded import RecordedRun, run_on
from .replica import Replica, rebuild
from .service import Client, Settings
from .store import Store, WrittenSide
from .streams import RaceStreams

Found = tuple[tuple[WrittenSide, WrittenSide] | None, RecordedRun | None, tuple[dict, dict]]
HANDOVER_SECONDS = 5.0  # the longest a stopping process waits for the others to take its races


class Backups:
    """Races in JetStream, and taking them over (mixed into ``ClusterServer``, before ``DuelServer``)."""

    node: str
    duels: dict[str, ServerDuel]
    by_player: dict[int, Client]
    link: Link
    streams: RaceStreams
    peers: Peers
    remote: dict[int, RemoteSeat]
    relayed: dict[Client, str]
    clients: set[Client]
    queue: Queue[Client]
    rooms: Rooms[Client]
    leaving: bool
    stopping: bool  # the races end here and now (``stop``)
    closing: dict[str, float]  # races over whose ``over`` is on its way to the stream: when they ended
    store: Store
    worker: DbThread
    settings: Settings
    clock: Callable[[], float]

    def _open_duel(self, first: Any, second: Any, now: float, shown: tuple[dict, dict], rated: bool = True) -> None:
        super()._open_duel(first, second, now, shown, rated)
        self._keep(first.duel)

    def _keep(self, duel: ServerDuel) -> None:
        self.streams.open(duel, time.time() - (self.clock() - duel.starts_at))

    def _on(self, client: Any, message: Any) -> None:
        """A player's message, its race's new log entries in the stream before the answer
        reaches the player: a move answered is in the stream, whenever this process is killed.
        What the player is told of it (here, or through its node) waits with it."""
        duel = client.duel
        if duel is None or duel.id not in self.streams.writers or not isinstance(message, (MoveMessage, EndMessage)):
            return super()._on(client, message)
        if duel.id in self.closing:
            return  # over, its result on its way: nothing more is played in it
        told: list[Any] = []
        client.send = told.append  # a local player's or a remote seat's, for this move only
        try:
            super()._on(client, message)
        finally:
            del client.send
            self.streams.ship(duel, lambda: _send(client, told))

    def _race_run(self, client: Client, run: RecordedRun, shown: tuple[dict, dict]) -> None:
        super()._race_run(client, run, shown)
        self._keep(client.duel)

    def _recorded_step(self, duel: ServerDuel, steps: list[tuple[float, int, str]], index: int) -> None:
        if duel.id not in self.closing:
            super()._recorded_step(duel, steps, index)
            self.streams.ship(duel)

    def _away_too_long(self, duel: ServerDuel, side: int) -> None:
        if duel.id not in self.closing:
            super()._away_too_long(duel, side)
            self.streams.ship(duel)

    def _finish(self, duel: ServerDuel, now: float) -> None:
        """The race is over: it is judged, written and told only once its ``over`` is in its
        stream — JetStream takes it only if the race's last record is this process's, so an
        owner that was thought gone and replaced (cut off from NATS, not dead) never tells a
        result: the stream refuses its ``over``, and the race is let go to the process that runs
        it (``_lost``). Until then the race is frozen as it stands at ``now`` (``closing``).
        Stopping with no other process left (``stop``), the race ends here and now, as on one."""
        if duel.done or (duel.id in self.closing and not self.stopping):
            return
        if duel.id in self.streams.writers and not self.stopping:
            self.closing[duel.id] = now
            return self.streams.judge(duel.id, lambda: self._close(duel, now))
        self._close(duel, now)

    def stop(self) -> None:
        self.stopping = True
        super().stop()

    def _close(self, duel: ServerDuel, now: float) -> None:
        """Judge, write and tell the race (``races``; ``_write``, ``_tell_finished``)."""
        now = self.closing.pop(duel.id, now)
        if duel.done:
            return
        told = duel.recorded or not self.settings.rated  # told now: no write to wait for
        seats = [self._client_of(duel, side) for side in (0, 1)]
        super()._finish(duel, now)
        if told:
            self._finished(duel, seats)

    def _write(self, duel: ServerDuel, *rest: Any) -> tuple:
        """On the database thread: the duel as written already, by a process that ran it while
        this one was cut off (and purged it after, so the stream could not refuse this one's
        ``over``): its two sides, told as written; else written now (``races``)."""
        written = self._read(lambda: self.store.written(duel.id), None)
        return written if written is not None else super()._write(duel, *rest)

    def _tell_finished(self, duel: ServerDuel, outcome: str, lines: list[dict], written: tuple) -> None:
        """The duel written: its results go once the race's stream has its last entries (after
        the answers held for them), then ``done`` is its last record: a process killed before
        the write finds the race in its stream (``over`` does not end it), one killed after
        finds it written."""
        seats = [self._client_of(duel, side) for side in (0, 1)]

        def tell() -> None:
            if isinstance(written[0], WrittenSide):
                for side in (0, 1):
                    result = _as_written(duel.id, written, side, duel.sides[1 - side].name)
                    self._tell_result(duel, side, result, self.clock())
            else:
                super(Backups, self)._tell_finished(duel, outcome, lines, written)
            self._finished(duel, seats)
        self.streams.ship(duel, tell)

    def _finished(self, duel: ServerDuel, seats: list[Any]) -> None:
        for seat in seats:
            if isinstance(seat, RemoteSeat) and self.remote.get(seat.player.id) is seat:
                del self.remote[seat.player.id]
                seat.tell(f"free {self.node} {seat.player.id}")  # after its result
        self.streams.finish(duel.id)  # written: ``done``

    def _lost(self, duel_id: str) -> None:
        """Another process appended to this race's stream: it runs the race now (this one was
        thought gone). Its players here come back to it: their sockets are closed."""
        duel = self.duels.get(duel_id)
        if duel is None or duel.done:
            return
        for side in duel.sides:
            seat = self.remote.get(side.player)
            if seat is not None and seat.duel is duel:
                self._unseat_remote(side.player)  # its node closes the player's socket ("drop")
        self._let_go(duel)
        for side in duel.sides:
            client = self.by_player.get(side.player)
            if client is not None and client.duel is None and client not in self.relayed:
                client.ws.transport.abort()

    async def _take(self, race: str, owner: str) -> bool:
        """Run the race of stream subject ``race`` here, read from its stream, its ``owner``
        gone; False when it is over or another process took it first."""
        if race.split(".")[2] in self.duels:
            return True  # run here already
        taken = await self.streams.take(race, owner)
        if taken is None:
            return False
        replica, seq = taken
        found = await self.worker.call(lambda: self.look_up(replica), urgent=True)  # a player, a stopping process wait
        if replica.id not in self.duels:
            self._take_over(replica, seq, found)
        return True

    async def _find_race(self, client: Client, player: int) -> None:
        """The player's race, found by its stream, until they are seated here or their comeback
        window has passed: its owner is asked to seat them, and asked again after ``PEER_SECONDS``
        if it has not (busy, or the race taken from it meanwhile). An owner gone (nobody listens
        on its subject) is gone for all it held here (``_node_gone``) and its race is taken from
        its stream (of two nodes taking it, JetStream lets one); one slow to answer is not gone:
        taking a live race would cut it short."""
        race = await self.streams.race_of(player)
        until = self.clock() + self.settings.comeback_seconds
        while race is not None and self.clock() < until:
            record = await self.streams.last(race)
            if record is None or "done" in record or self.by_player.get(player) is not client \
                    or client.duel is not None or client in self.relayed:
                return  # no race, or the player is seated meanwhile (matched, or seated by its owner)
            owner = str(record["owner"])
            answer = "" if owner == self.node else await self.link.ping(owner)
            if answer in ("pong", ""):  # alive, maybe busy (cut off: its beats stop, another takes it)
                self.link.tell(owner, f"seek {self.node} {player}")
                await asyncio.sleep(PEER_SECONDS)
                continue
            if answer is None and owner in self.peers.known:
                self._node_gone(owner)
            if await self._take(race, owner):
                return
            await asyncio.sleep(0.1)  # taken by another meanwhile (or unreadable): look again

    async def _adopt(self, node: str, every: bool = False) -> None:
        """Take the races of gone ``node`` that fall to this node: each to one of the nodes left,
        by its id (the others may take it first, for a player who came back to them); ``every``:
        all of them still its (a second look, ``_adopt_late``)."""
        try:
            races = await self.streams.races()  # their last records read at once, not one by one
            records = await asyncio.gather(*map(self.streams.last, races))
            ring = sorted([*self.peers.known, self.node])
            await asyncio.gather(*(self._take(race, node) for race, record in zip(races, records)
                                   if record is not None and record.get("owner") == node
                                   and (every or ring[int(race.split(".")[2], 16) % len(ring)] == self.node)))
        except Exception as error:  # NATS away: the players who come back find their races
            print(f"game.py server: races of a gone process not taken: {error}", file=sys.stderr, flush=True)

    async def _adopt_late(self, node: str) -> None:
        """A second look, once every node has seen ``node`` gone: a race none took (the nodes
        saw different peers when they chose) is taken by whichever gets there first."""
        await asyncio.sleep(2 * PEER_SECONDS)
        await self._adopt(node, every=True)

    def look_up(self, replica: Replica) -> Found:
        """On the database thread: what the store says of a race taken over — written already
        (then told as written), else its recorded run (side 1 of a recorded race) and how each
        side is shown to the other."""
        written = self.store.written(replica.id)
        if written is not None:
            return written, None, ({}, {})
        first, second = (int(player) for player, _ in replica.sides)
        run = run_on(self.store, replica.deal, second) if replica.recorded else None
        return None, run, self.shown((first, second))

    def _take_over(self, replica: Replica, seq: int, found: Found) -> None:
        """The race's owner is gone: run it here, rebuilt from its stream. Its player connected
        here goes on (sent the table as rebuilt); the other is away for the comeback window, as
        a dropped player is; the race's clock is the owner's (race time 0 on the wall clock).
        ``found``: what the store says of it (``look_up``)."""
        written, run, shown = found
        if written is not None:
            return self._tell_written(replica, written)
        now = self.clock()
        duel = rebuild(replica, now, time.time())
        duel.shown = shown
        self.duels[duel.id] = duel
        self.streams.open(duel, replica.zero, seq)
        loop = asyncio.get_running_loop()
        for side, seat in enumerate(duel.sides):
            if duel.recorded and side == 1:  # the recorded run goes on from the steps its log holds
                if run is not None:
                    self._replay(duel, run, sum(1 for entry in duel.log if entry[1] == 1))
                continue
            client = self.by_player.get(seat.player)
            if client is not None and client.duel is None and self.relayed.get(client, replica.owner) == replica.owner:
                # relayed to the owner, or come back here before the owner was known gone
                self.relayed.pop(client, None)
                self.queue.remove(client)
                self._seat(client, duel, side, now)  # its table as rebuilt: the client takes it
            else:
                seat.away = True
                loop.call_later(self.settings.comeback_seconds, self._away_too_long, duel, side)
        for side in (0, 1):
            self._tell_rival(duel, side)
        loop.call_at(self._loop_time(duel.starts_at + duel.seconds), self._time_up, duel)
        if duel.over:  # both had ended (the owner killed while judging it): judged here now
            self._finish(duel, now)

    async def leave(self, doors: Server | None) -> None:
        """Stopping (SIGTERM) with other processes alive: a rolling restart. No connection is
        taken any more (the load balancer sends them to the others); every race's last entries
        go to its stream and it is let go; the others are told (``leaving``) and take the races
        from their streams before they answer; then every socket is closed with 1012 (*service
        restart*), and the players come back to another process within the comeback window, as
        after a dropped connection. With no other process alive the races end at this moment,
        as on one process. A process that does not answer in ``HANDOVER_SECONDS`` takes the
        races anyway when it sees this one gone (``cluster._node_gone``), as after a kill."""
        if doors is None or not self.peers.known:
            return await super().leave(doors)
        peers = list(self.peers.known)
        alive = [node for node, up in zip(peers, await asyncio.gather(*map(self.link.ping, peers))) if up == "pong"]
        if not alive:
            return await super().leave(doors)
        doors.server.close()
        self.leaving = True
        self.queue.waiting.clear()
        self.rooms.rooms.clear()
        for client in self.clients:
            client.shut = client.shut or client not in self.relayed  # nothing more is read here
        duels = [duel for duel in self.duels.values() if not duel.done]
        for duel in duels:
            self.streams.ship(duel)
        await self.streams.drained()
        for duel in duels:
            if not duel.done:  # its ``over`` may have got in meanwhile: it is told and written
                self._let_go(duel)
        answers = await asyncio.gather(*(self.link.ask(node_subject(node), f"leaving {self.node}", HANDOVER_SECONDS)
                                         for node in alive))
        if any(answer != "ok" for answer in answers):
            print(f"game.py server: {answers.count(None)} of {len(alive)} processes did not confirm the handover; "
                  "they take the races when they see this one gone", file=sys.stderr, flush=True)
        await super().leave(doors)
        doors.close(code=CloseCode.SERVICE_RESTART, reason="come back")

    async def results_out(self) -> None:
        await self.streams.drained()

    def _let_go(self, duel: ServerDuel) -> None:
        """The race is no longer run here (``done``: its timers here do nothing; its players
        here are not read); its stream has it for the process that takes it."""
        duel.done = True
        del self.duels[duel.id]
        self.closing.pop(duel.id, None)
        self.streams.forget(duel.id)
        for side in duel.sides:
            seat = self.remote.get(side.player)
            if seat is not None and seat.duel is duel:
                del self.remote[side.player]  # its node finds the race again (``_node_gone``)
            client = self.by_player.get(side.player)
            if client is not None and client.duel is duel:
                client.duel = None

    def _tell_written(self, replica: Replica, written: tuple[WrittenSide, WrittenSide]) -> None:
        """The gone owner had written the race: its players here are told it as written."""
        for side, (player, _) in enumerate(replica.sides):
            client = self.by_player.get(int(player))
            if client is None or self.relayed.get(client, replica.owner) != replica.owner or client.duel is not None:
                continue
            self.relayed.pop(client, None)
            client.send(_as_written(replica.id, written, side, replica.sides[1 - side][1]))


def _as_written(duel: str, written: tuple[WrittenSide, WrittenSide], side: int, opponent: str) -> Result:
    """``side``'s result of ``duel`` as the database has it."""
    mine, theirs = written[side], written[1 - side]
    winner = {"win": "you", "loss": "opponent"}.get(mine.outcome, "tie")
    why = mine.why if mine.why != "disqualified" else ("disqualified" if mine.outcome == "loss" else "opponent_disqualified")
    return Result(duel, mine.line, theirs.line, winner, opponent, {"before": mine.before.number, "after": mine.after.number},
                  mine.after.tier, why)


def _send(client: Any, told: list[Any]) -> None:
    for message in told:
        client.send(message)
