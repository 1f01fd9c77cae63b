"""Several duel server processes as one service, over NATS (issue 25 item 8): ``--nats URL``.

A player talks to one process (a **node**, whichever the load balancer chose); a race runs on
one node, its **owner**: the node whose pairing matched it (the smaller node id of the two
players' nodes, for a pair across nodes), or the node where its room was made. A player
connected to another node races there through a **remote seat**: the owner sends that player's
messages to the player's node, which hands them to the socket as they are; the player's node
sends the player's moves and End to the owner, which referees them as its own players' (the
same ``DuelServer`` code: a remote seat is a client whose socket is another node). So one node
decides each race, and a result is written once, by it.

* **Queue**: each node pairs its own queue first, then the union of its queue and the queues the
  other nodes beat every tick; for a pair across two nodes, the one of smaller id **claims** the
  other's player (request/reply: refused when that player left the queue meanwhile, and then
  its own player goes back to the queue with its wait kept).
* **Rooms**: a code not made here is asked of every node; the maker's node opens the race (``cluster_rooms``).
* **Online**: the players on this node plus those the others beat.
* **A node killed**: its players' sockets close and they come back (the client connects again
  within the comeback window, through the load balancer, to a node that is there). Every race
  is in JetStream as it goes (``streams``): the node a player comes back to finds the race by
  the player's id in its stream's subject, and asks its owner to seat them; when the owner is
  gone (NATS answers its subject with *no responders*) it reads the race from the stream and
  runs it (``backups``). A race nobody comes back to is taken, when the owner's beats stop
  (``link.PEER_SECONDS``), by one of the nodes left (chosen by the race's id). The players
  seated there go on; the others are away for the comeback window, as on one process. A race
  the owner had written already is told from the database.
* **A node stopped** (SIGTERM, a rolling restart): its races' last moves go to their streams,
  the others take them, and its players are told to come back elsewhere (``backups.Backups.leave``).
* **Storage**: every node writes to one database (PostgreSQL, ``--db``; or one SQLite file in a
  shared ``--data`` folder on one machine); a duel's id is its primary key and ``Store.record``
  writes a duel once.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from nats.aio.msg import Msg

from ..net.online_messages import Cancel, EndMessage, Find, MoveMessage, RecordedAsk, Refused, Room
from .backups import Backups
from .cluster_rooms import ClusterRooms
from .duel import ServerDuel
from .lobby import Queue, Seeker, Waiting
from .link import BEAT, PEER_SECONDS, ROOMS, Link, NatsUnreachable, Peers, RemoteSeat, Seated, beat, new_node, node_subject
from .service import Client, DuelServer, Settings
from .shared_limits import SharedLimits
from .shared_unsaved import SharedUnsaved
from .store import Store
from .streams import RaceStreams

ELSEWHERE = (Find, Cancel, Room, RecordedAsk)  # what a player racing on another node may not ask


class ClusterServer(Backups, ClusterRooms, DuelServer):
    def __init__(self, store: Store, settings: Settings, nats_url: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(store, settings, clock)
        self.node = new_node()
        self.link = Link(nats_url, self.node)
        self.peers = Peers()
        self.remote: dict[int, RemoteSeat] = {}  # players of other nodes in races here
        self.relayed: dict[Client, str] = {}  # players here racing on another node: that node
        self.held: dict[int, tuple[str, Waiting[Client]]] = {}  # claimed by a node's pairing, not seated yet
        self.streams = RaceStreams(self.node, self._lost)
        self.limits = SharedLimits(self.node, self.counts_node, self.doubt)  # per-address limits, for the cluster
        self.absent: set[str] = set()
        self.counted_here: dict[int, float] = {}
        self.joined = clock()
        self.unsaved.shared = SharedUnsaved(self.node)  # every process's results kept unwritten, seen by all
        self.leaving = False  # stopping: its races handed over, it answers pings "leaving" (``backups``)
        self.stopping = False
        self.closing: dict[str, float] = {}
        self.adopting = False  # kept results being read and taken, or put again (``sweep_idle``)

    async def started(self) -> None:
        await self.link.connect({node_subject(self.node): self._on_node, BEAT: self._on_beat,
                                 ROOMS: self._on_rooms})
        try:
            await self.streams.start(self.link.nc)
        except Exception as error:  # nats's JetStream errors have no common base of their own
            await self.link.close()
            raise NatsUnreachable(f"the NATS server has no JetStream (start it with -js): {error}"[:200]) from None
        await self.limits.start(self.link.nc, self.streams.replicas)
        self.joined = self.clock()
        await self.unsaved.shared.start(self.link.nc, self.streams.replicas)
        self.worker.run(lambda: list(self.unsaved.kept), self.unsaved.shared.keep_all)  # taken over (``spill``)
        self._beat(self.clock())  # the others know of this node at once

    async def stopped(self) -> None:
        await self.streams.close()
        await self.unsaved.shared.close()
        await self.link.close()

    @property
    def online(self) -> int:
        return len(self.by_player) + self.peers.online

    def _client_of(self, duel: ServerDuel, side: int) -> Any:
        player = duel.sides[side].player
        for client in (self.by_player.get(player), self.remote.get(player)):
            if client is not None and client.duel is duel:
                return client
        return None

    # -- a player's messages ----------------------------------------------------------------------
    def _on(self, client: Client, message: Any) -> None:
        owner = self.relayed.get(client)
        if owner is None:
            super()._on(client, message)  # the race's copy first (``backups``)
        elif isinstance(message, MoveMessage):
            self.link.tell(owner, f"move {self.node} {client.player.id} {message.n} {message.move}")
        elif isinstance(message, EndMessage):
            self.link.tell(owner, f"end {self.node} {client.player.id}")
        elif isinstance(message, ELSEWHERE):
            client.send(Refused("busy", "you are racing"))
        else:
            super()._on(client, message)

    def _gone(self, client: Client) -> None:
        owner = self.relayed.pop(client, None)
        if owner is not None and client.player is not None and self.by_player.get(client.player.id) is client:
            self.link.tell(owner, f"gone {self.node} {client.player.id}")
        super()._gone(client)

    def back(self, client: Client, player: int) -> bool:
        """A hello: the player's race, wherever it runs — here (away, or held by a remote seat
        whose node is not known gone yet), else on the node its stream names (``_find_race``)."""
        if super().back(client, player):
            return True
        here = self._race_here(player)
        if here is not None:
            self._unseat_remote(player)
            here[0].sides[here[1]].away = False
            self._seat(client, *here, self.clock())
            self._tell_rival(*here)
            return True
        asyncio.get_running_loop().create_task(self._find_race(client, player))
        return False

    def sweep_idle(self) -> None:
        """Also take over the results a process gone kept unwritten (``shared_unsaved``)."""
        super().sweep_idle()
        if self.clock() - self.joined >= PEER_SECONDS and not self.adopting:  # every process alive heard by now
            orphans = self.unsaved.shared.orphans(self.peers.known.__contains__)
            if orphans:
                self.adopting = True
                asyncio.get_running_loop().create_task(self._adopt_orphans(orphans))
        if self.unsaved.shared.due() and not self.adopting:  # ours, put again before the bucket forgets them
            self.adopting = True
            asyncio.get_running_loop().create_task(self._put_again())

    async def _put_again(self) -> None:
        try:
            await self.unsaved.shared.refresh()
        finally:
            self.adopting = False

    async def _adopt_orphans(self, duels: list[str]) -> None:
        """Those results read whole from JetStream, then taken over and written (``unsaved``)."""
        try:
            orphans = await self.unsaved.shared.whole(duels)
            if orphans:
                self._rewritten(await self.worker.call(lambda: self.unsaved.adopt(self.store, orphans)))
        finally:
            self.adopting = False

    # -- the queue across nodes -----------------------------------------------------------------
    def pair(self) -> None:
        super().pair()
        now = self.clock()
        for node in self.peers.gone(now):
            self._node_gone(node)
        if self.peers.known and self.queue.waiting:
            self._pair_across(now)
        for client in self.relayed:  # racing on another node: not idle
            client.heard = now
        self._beat(now)

    def _beat(self, now: float) -> None:
        queue = [[c.player.id, c.player.name, w.number, round(now - w.since, 2), c.address]
                 for c, w in self.queue.waiting.items()]
        self.link.post(BEAT, beat(self.node, len(self.by_player), queue))

    def _pair_across(self, now: float) -> None:
        pool: Queue[Seeker] = Queue()
        local: dict[Seeker, Client] = {}
        for client, entry in self.queue.waiting.items():
            seeker = Seeker(self.node, client.player.id, client.player.name, client.address)
            local[seeker] = client
            pool.add(seeker, entry.number, entry.since)
        for node, peer in self.peers.known.items():
            for player, name, number, waited, *address in peer.queue:  # no address: a node of an older version
                pool.add(Seeker(node, int(player), str(name), "".join(address)), int(number), now - float(waited))
        self.worker.run(lambda: pool.pairs(now, lambda a, b: self.may_race(a.address, a.player, b.address, b.player)),
                        lambda found: self._claim_across(found, local))

    def _claim_across(self, found: list[tuple[Seeker, Seeker]], local: dict[Seeker, Client]) -> None:
        """The pairs across nodes (found on the database thread, which knows who may meet):
        for each whose player here still waits, the node of smaller id claims the other."""
        for first, second in found:
            if first.node == second.node:
                continue  # that node's own pair: it pairs it
            mine, theirs = (first, second) if first.node == self.node else (second, first)
            if mine.node != self.node or self.node > theirs.node:
                continue  # the node of smaller id claims
            client = local[mine]
            entry = self.queue.waiting.pop(client, None)
            if entry is None:
                continue  # paired here meanwhile, or gone
            asyncio.get_running_loop().create_task(self._claim(client, entry, theirs, first is mine))

    async def _claim(self, client: Client, entry: Waiting[Client], theirs: Seeker, ours_first: bool) -> None:
        players = (client.player.id, theirs.player) if ours_first else (theirs.player, client.player.id)
        shown = await self.worker.call(lambda: self.shown(players))
        answer = await self.link.ask(node_subject(theirs.node), f"claim {self.node} {theirs.player}")
        here = (self.by_player.get(client.player.id) is client and client.duel is None
                and client not in self.relayed)
        if answer != "ok":
            if answer is None:  # no answer in time: a late "ok" there must not hold its player for ever
                self.link.tell(theirs.node, f"requeue {self.node} {theirs.player}")
            if here:
                self.queue.waiting.setdefault(client, entry)  # back in line, its wait kept
            return
        if not here:
            self.link.tell(theirs.node, f"requeue {self.node} {theirs.player}")
            return
        self.queue.remove(client)
        self.rooms.close_for(client)
        seat = self._remote_seat(theirs.node, theirs.player, theirs.name)
        self._open_duel(*((client, seat) if ours_first else (seat, client)), self.clock(), shown)

    def _claimed(self, node: str, player: int) -> str:
        """Another node's pairing asks for our queued ``player``: held for its seat, or no."""
        client = self.by_player.get(player)
        if client is None or client not in self.queue:
            return "no"
        self.held[player] = (node, self.queue.waiting.pop(client))
        return "ok"

    def _requeue(self, player: int) -> None:
        _, entry = self.held.pop(player, (None, None))
        if entry is not None and self.by_player.get(player) is entry.who and entry.who.duel is None \
                and entry.who not in self.relayed:
            self.queue.waiting.setdefault(entry.who, entry)

    # -- remote seats ------------------------------------------------------------------------------
    def _remote_seat(self, node: str, player: int, name: str) -> RemoteSeat:
        """A seat for a player of ``node``; that node is told to send us the player's moves."""
        self._unseat_remote(player)
        seat = RemoteSeat(node, Seated(player, name), self.link)
        self.remote[player] = seat
        self.link.tell(node, f"seat {self.node} {player}")
        return seat

    def _unseat_remote(self, player: int) -> None:
        seat = self.remote.pop(player, None)
        if seat is not None:
            seat.duel = None
            self.link.tell(seat.node, f"drop {self.node} {player}")

    def _seat_here(self, node: str, player: int, duel: ServerDuel, side: int) -> None:
        """Seat ``node``'s player in our ``duel`` (a comeback there): its older connection, here
        or on another node, is closed, as one process closes an older connection of a key."""
        older = self.by_player.get(player)
        if older is not None and older.duel is duel:
            self._gone(older)
            older.ws.transport.abort()
        seat = self._remote_seat(node, player, duel.sides[side].name)
        duel.sides[side].away = False
        self._seat(seat, duel, side, self.clock())
        self._tell_rival(duel, side)

    def _seat_gone(self, seat: RemoteSeat) -> None:
        """The remote player's connection closed (or its node is gone): away, as on one node."""
        if self.remote.get(seat.player.id) is seat:
            del self.remote[seat.player.id]
        self.away(seat)
        seat.duel = None

    # -- what the other nodes say -----------------------------------------------------------------
    async def _on_node(self, msg: Msg) -> None:
        kind, node, rest = (msg.data.decode("utf-8").split(" ", 2) + [""])[:3]
        if kind == "ping":
            await msg.respond(b"leaving" if self.leaving else b"pong")
        elif kind == "leaving":  # its races are in their streams: as if gone, answered once taken
            self._node_gone(node, adopt=False)
            await self._adopt(node)
            await msg.respond(b"ok")
        elif kind == "count":  # JetStream unanswering: our own count of an address (``cluster_limits``)
            await msg.respond(self.count_here(rest).encode())
        elif kind == "room":
            await self._on_room_asked(msg, f"{node} {rest}")
        elif kind == "claim":
            await msg.respond(self._claimed(node, int(rest)).encode())
        elif kind == "to":
            player, text = rest.split(" ", 1)
            client = self.by_player.get(int(player))
            if client is not None and self.relayed.get(client) == node:
                client.send_text(text)
        elif kind in ("move", "end", "gone"):
            self._from_seat(kind, node, rest)
        else:
            self._about_player(kind, node, int(rest))

    def _from_seat(self, kind: str, node: str, rest: str) -> None:
        player, _, move = rest.partition(" ")
        seat = self.remote.get(int(player))
        if seat is None or seat.node != node or seat.duel is None:
            return
        if kind == "gone":
            self._seat_gone(seat)
        elif kind == "end":
            self._on(seat, EndMessage())
        else:
            n, text = move.split(" ", 1)
            self._on(seat, MoveMessage(int(n), text))

    def _about_player(self, kind: str, node: str, player: int) -> None:
        client = self.by_player.get(player)
        if kind == "seat":  # our player races on that node now
            self.held.pop(player, None)
            if client is None or client.duel is not None or self.relayed.get(client, node) != node:
                self.link.tell(node, f"gone {self.node} {player}")  # gone, or racing already
                return
            self.queue.remove(client)
            self.rooms.close_for(client)
            self.relayed[client] = node
        elif kind in ("drop", "free"):
            if client is not None and self.relayed.get(client) == node:
                del self.relayed[client]
                if kind == "drop":  # the player sits on another connection now
                    client.ws.transport.abort()
        elif kind == "requeue":
            self._requeue(player)
        elif kind == "seek":  # that node's player came back: seat them if their race is here
            self._seat_if_here(node, player)

    def _race_here(self, player: int) -> tuple[ServerDuel, int] | None:
        """The race in play here where ``player`` plays a side, and that side."""
        for duel in self.duels.values():
            for side, seat in enumerate(duel.sides):
                if seat.player == player and not duel.done and not (duel.recorded and side == 1):
                    return duel, side
        return None

    def _seat_if_here(self, node: str, player: int) -> None:
        """A seek from ``node``: its player seated in their race here — unless they race in it
        through ``node`` already (a seek that came after the match: re-seating would drop the
        player's live connection)."""
        here = self._race_here(player)
        seat = self.remote.get(player)
        if here is not None and not (seat is not None and seat.node == node and seat.duel is here[0]):
            self._seat_here(node, player, *here)

    async def _on_beat(self, msg: Msg) -> None:
        if self.peers.heard(msg.data.decode("utf-8"), self.clock()) is not None:
            self._beat(self.clock())  # a process joined: it hears us now, not a tick later

    def _node_gone(self, node: str, adopt: bool = True) -> None:
        """``node`` is gone: its players here are away; our players racing there find their
        race again; its races are taken from their streams; our players it had claimed queue
        again."""
        self.peers.forget(node)
        for seat in [seat for seat in self.remote.values() if seat.node == node]:
            self._seat_gone(seat)
        loop = asyncio.get_running_loop()
        for client in [client for client, owner in self.relayed.items() if owner == node]:
            del self.relayed[client]
            loop.create_task(self._find_race(client, client.player.id))
        if adopt:
            loop.create_task(self._adopt(node))
        loop.create_task(self._adopt_late(node))
        for player in [p for p, (claimer, _) in self.held.items() if claimer == node]:
            self._requeue(player)
