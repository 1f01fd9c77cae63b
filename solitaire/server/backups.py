"""Every race of a cluster copied on a second process, and taken over there when the process
running it is gone (issue 25 item 8; the copies themselves: ``replica``).

The second layer of ``cluster.ClusterServer`` (``cluster`` joins the processes and seats the
players; this file keeps each race alive beyond its process), split so each file is one job.
A race's **backup** is the node of its remote player (that node has the player's socket, so it
is where the race goes on with the least moving), else the next node by id. A move is answered
after its copy is with NATS (``Backups._on``), and a node stopped hands its races over before
it goes (``Backups.leave``).
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
from .link import Link, Peers, RemoteSeat, node_subject
from .lobby import Queue, Rooms
from .recorded import run_on
from .replica import Replica, done, more, opening, rebuild
from .service import Client, Settings
from .store import Store, WrittenSide


class HeldSocket:
    """A player's socket while their move is refereed: what is written to it waits for the
    race's copy (``Backups._on``)."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.texts: list[tuple[str, int]] = []

    def write(self, text: str, outbox: int) -> bool:
        self.texts.append((text, outbox))
        return True

    def release(self) -> None:
        for text, outbox in self.texts:
            self.socket.write(text, outbox)

    def __getattr__(self, name: str) -> Any:  # anything but a write is the socket's own
        return getattr(self.socket, name)


HANDOVER_SECONDS = 5.0  # the longest a stopping process waits for the others to take its races


class Backups:
    """Copies of races, and taking them over (mixed into ``ClusterServer``, before ``DuelServer``)."""

    node: str
    duels: dict[str, ServerDuel]
    by_player: dict[int, Client]
    link: Link
    peers: Peers
    remote: dict[int, RemoteSeat]
    relayed: dict[Client, str]
    backups: dict[str, str]
    shipped: dict[str, int]
    clients: set[Client]
    queue: Queue[Client]
    rooms: Rooms[Client]
    leaving: bool
    store: Store
    settings: Settings
    clock: Callable[[], float]

    def _open_duel(self, first: Any, second: Any, now: float, rated: bool = True) -> None:
        super()._open_duel(first, second, now, rated)
        self._back_up(first.duel)

    def _on(self, client: Any, message: Any) -> None:
        """A player's message, its race's new log entries copied to the backup before the
        answer reaches the player: a move answered is in the copy, whenever this process is
        killed. A player connected here waits for the NATS server to confirm the copy
        (``Link.when_confirmed``: one round trip for all the moves of that instant); a remote
        seat's answer is posted after the copy on the same NATS connection, so it cannot
        arrive without it."""
        duel = client.duel
        if duel is None or duel.id not in self.backups or not isinstance(message, (MoveMessage, EndMessage)):
            return super()._on(client, message)
        if isinstance(client, RemoteSeat):
            client.held = []
            try:
                super()._on(client, message)
                self._ship(duel)
            finally:
                client.release()
            return
        socket = client.ws
        client.ws = held = HeldSocket(socket)
        try:
            super()._on(client, message)
        finally:
            client.ws = socket
        self._ship(duel)
        self.link.when_confirmed(held.release)

    def race_recorded(self, client: Client, now: float) -> bool:
        if not super().race_recorded(client, now):
            return False
        self._back_up(client.duel)
        return True

    def _recorded_step(self, duel: ServerDuel, steps: list[tuple[float, int, str]], index: int) -> None:
        super()._recorded_step(duel, steps, index)
        self._ship(duel)

    def _back_up(self, duel: ServerDuel) -> None:
        """Choose the race's backup (its remote player's node, else the next node by id) and
        send it the whole race."""
        seats = [self.remote.get(side.player) for side in duel.sides]
        nodes = [seat.node for seat in seats if seat is not None and seat.duel is duel]
        ring = sorted(self.peers.known)
        backup = nodes[0] if nodes else next((n for n in ring if n > self.node), ring[0] if ring else None)
        if backup is None:
            return
        self.backups[duel.id], self.shipped[duel.id] = backup, len(duel.log)
        zero = time.time() - (self.clock() - duel.starts_at)
        self.link.tell(backup, f"log {self.node} {opening(duel, zero)}")

    def _ship(self, duel: ServerDuel) -> None:
        """Copy the race's new log entries to its backup."""
        backup = self.backups.get(duel.id)
        if backup is None or duel.done or len(duel.log) == self.shipped[duel.id]:
            return
        start, self.shipped[duel.id] = self.shipped[duel.id], len(duel.log)
        self.link.tell(backup, f"log {self.node} {more(duel, start)}")

    def _away_too_long(self, duel: ServerDuel, side: int) -> None:
        super()._away_too_long(duel, side)
        self._ship(duel)

    def _finish(self, duel: ServerDuel, now: float) -> None:
        if duel.done:
            return
        seats = [self._client_of(duel, side) for side in (0, 1)]
        super()._finish(duel, now)
        backup = self.backups.pop(duel.id, None)
        self.shipped.pop(duel.id, None)
        if backup is not None:
            self.link.tell(backup, f"log {self.node} {done(duel.id)}")
        for seat in seats:
            if isinstance(seat, RemoteSeat) and self.remote.get(seat.player.id) is seat:
                del self.remote[seat.player.id]
                seat.tell(f"free {self.node} {seat.player.id}")  # after its result, held or not

    def _take_over(self, replica: Replica) -> None:
        """The race's owner is gone: run it here, rebuilt from its copy. Its player connected
        here goes on (sent the table as rebuilt); the other is away for the comeback window, as
        a dropped player is; the race's clock is the owner's (race time 0 on the wall clock)."""
        if replica.id in self.duels:
            return
        written = self.store.written(replica.id)
        if written is not None:
            return self._tell_written(replica, written)
        now = self.clock()
        duel = rebuild(replica, now, time.time())
        run = run_on(self.store, replica.deal, duel.sides[1].player) if duel.recorded else None
        self.duels[duel.id] = duel
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
        self._back_up(duel)

    async def leave(self, doors: Server | None) -> None:
        """Stopping (SIGTERM) with other processes alive: a rolling restart. No connection is
        taken any more (the load balancer sends them to the others); every race goes to its
        backup, which is told to take it over (``leaving``: its last log entries are on the
        same line before it, so the copy is whole) and answers once it has; then every socket
        is closed with 1012 (*service restart*), and the players come back to another process
        within the comeback window, as after a dropped connection. A race no live process
        keeps a copy of ends at this moment, as on one process.
        A process that does not answer in ``HANDOVER_SECONDS`` takes the races anyway when it
        sees this one gone (``cluster._node_gone``), as after a kill: none is written here."""
        if doors is None or not self.peers.known:
            return await super().leave(doors)
        doors.server.close()
        self.leaving = True
        self.queue.waiting.clear()
        self.rooms.rooms.clear()
        for client in self.clients:
            client.shut = client.shut or client not in self.relayed  # nothing more is read here
        peers = list(self.peers.known)
        alive = {node for node, up in zip(peers, await asyncio.gather(*map(self.link.alive, peers))) if up}
        for node in set(peers) - alive:
            self.peers.forget(node)
        for duel in [duel for duel in self.duels.values() if not duel.done]:
            if self.backups.get(duel.id) not in alive and alive:
                self._back_up(duel)
            if self.backups.get(duel.id) in alive:
                self._let_go(duel)
        await self.link.sent()
        answers = await asyncio.gather(*(self.link.ask(node_subject(node), f"leaving {self.node}", HANDOVER_SECONDS)
                                         for node in alive))
        if any(answer != "ok" for answer in answers):
            print(f"game.py server: {answers.count(None)} of {len(alive)} processes did not confirm the handover; "
                  "they take the races when they see this one gone", file=sys.stderr, flush=True)
        await super().leave(doors)
        doors.close(code=CloseCode.SERVICE_RESTART, reason="come back")

    def _let_go(self, duel: ServerDuel) -> None:
        """The race goes to its backup: its last entries are copied, and it is no longer run
        here (``done``: its timers here do nothing; its players here are not read)."""
        self._ship(duel)
        duel.done = True
        del self.duels[duel.id]
        self.backups.pop(duel.id, None)
        self.shipped.pop(duel.id, None)
        for side in duel.sides:
            seat = self.remote.get(side.player)
            if seat is not None and seat.duel is duel:
                del self.remote[side.player]  # its node seats the player again (``leaving``)
            client = self.by_player.get(side.player)
            if client is not None and client.duel is duel:
                client.duel = None

    def _tell_written(self, replica: Replica, written: tuple[WrittenSide, WrittenSide]) -> None:
        """The gone owner had written the race: its players here are told it as written."""
        for side, (player, _) in enumerate(replica.sides):
            client = self.by_player.get(int(player))
            if client is None or self.relayed.get(client) != replica.owner:
                continue
            del self.relayed[client]
            mine, theirs = written[side], written[1 - side]
            winner = {"win": "you", "loss": "opponent"}.get(mine.outcome, "tie")
            why = mine.why if mine.why != "disqualified" else (
                "disqualified" if mine.outcome == "loss" else "opponent_disqualified")
            client.send(Result(replica.id, mine.line, theirs.line, winner, replica.sides[1 - side][1],
                               {"before": mine.before.number, "after": mine.after.number}, mine.after.tier, why))
