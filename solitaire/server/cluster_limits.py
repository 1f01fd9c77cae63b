"""A process of a cluster counts its per-address limits with the others (issue 31,
``shared_limits``): connections at once and wrong room codes, for the whole cluster.

Each process still counts its own first (``service``, ``lobby.Rooms``): what one process refuses
alone costs no round trip. A room code typed is counted across the cluster before it is tried
and uncounted when it was right; the process that made the room (here, or another one asked over
NATS) decides which (``cluster``).

**JetStream unanswering** (down, its bucket or stream gone, past ``LIMIT_SECONDS``): the
processes count together over plain NATS instead. A connection or a code is counted here first
(pending), then every process heard beating is asked its own count of that address (its pending
ones included, on its own subject): admitted only if the sum is within the limit. Of two
admissions at once on two processes, the later to be counted is seen by the other's question or
sees the earlier one, so the sum never passes the limit (it may refuse both: never too many). A
process that does not answer within ``ASK_SECONDS`` refuses the connection or the code (its
count is unknown); one gone answers at once (NATS: *no responders*) and counts none. A process
alone (no other beating, or NATS itself down: the others' beats stop) keeps its own limits.
Asking costs a round trip to each process, for each connection and code, only while JetStream
is out; the database is not asked (it may be the very thing failing: ``shared_limits``).
"""

from __future__ import annotations

import asyncio

from ..net.online_messages import Refused
from .clients import Client
from .link import PEER_SECONDS, Link, Peers
from .lobby import WRONG_CODES, WRONG_WINDOW
from .service import DuelServer
from .shared_limits import SharedLimits

THROTTLED = Refused("throttled", "too many wrong room codes: wait a minute")


class ClusterLimits(DuelServer):
    limits: SharedLimits
    peers: Peers
    link: Link
    node: str
    absent: set[str]  # processes a count named that were gone when asked, in our first ``PEER_SECONDS``
    counted_here: dict[int, float]  # codes counted with the others over NATS, by number (< 0): when (a minute)
    joined: float  # when this process joined the others (``started``)
    leaving: bool  # stopping (``backups``)
    stopping: bool
    refreshing: bool = False

    def counts_node(self, node: str) -> bool:
        """Another process's counts count while it beats; in our own first ``PEER_SECONDS`` (we
        may not have heard all those alive yet), any process's not found gone (``doubt``)."""
        if node in self.peers.known:
            return True
        return self.clock() - self.joined < PEER_SECONDS and node not in self.absent

    async def doubt(self, nodes: set[str]) -> None:
        """In our first ``PEER_SECONDS``: the processes a count names that we have not heard
        yet are pinged; one gone (NATS answers *no responders* at once) is ``absent``, its
        count not counted (a process killed before we started)."""
        if self.clock() - self.joined >= PEER_SECONDS:
            return
        unheard = [node for node in nodes if node not in self.peers.known and node not in self.absent]
        if unheard:
            answers = await asyncio.gather(*map(self.link.ping, unheard))
            self.absent.update(node for node, answer in zip(unheard, answers) if answer is None)

    async def may_connect(self, address: str) -> bool:
        allowed = await self.limits.connect(address, self.settings.per_address, lambda: self.per_address[address])
        if allowed is not None:
            return allowed
        others = await self._counted_elsewhere("connections", address)
        return others is not None and others + self.per_address[address] <= self.settings.per_address

    async def _counted_elsewhere(self, what: str, address: str) -> int | None:
        """The other processes' own counts of ``what`` from ``address`` (JetStream unanswering):
        their sum, or None when one of them heard beating did not answer in time."""
        nodes = list(self.peers.known)
        answers = await asyncio.gather(*(self.link.ask_node(node, f"count {self.node} {what} {address}")
                                         for node in nodes))
        if any(answer is not None and not answer.isdigit() for answer in answers):
            return None
        return sum(int(answer) for answer in answers if answer is not None)

    def count_here(self, asked: str) -> str:
        """Our own count that another process asks (``_counted_elsewhere``): "connections
        ADDRESS" open here, or "codes ADDRESS" counted here in the last ``WRONG_WINDOW``."""
        what, _, address = asked.partition(" ")
        return str(self.per_address.get(address, 0) if what == "connections" else self._codes_here(address))

    def _codes_here(self, address: str) -> int:
        self.rooms.wrong.reached(address, self.clock())  # what is older than the window forgotten
        return len(self.rooms.wrong.times.get(address, ()))

    def disconnected(self, address: str) -> None:
        if not (self.leaving or self.stopping):  # stopping, its counts go with its beats (``counts_node``)
            asyncio.get_running_loop().create_task(self.limits.disconnect(address, lambda: self.per_address[address]))

    def sweep_idle(self) -> None:
        super().sweep_idle()
        if self.limits.order and not self.refreshing:
            self.refreshing = True
            asyncio.get_running_loop().create_task(self._refresh())

    async def _refresh(self) -> None:
        try:
            await self.limits.refresh()
        finally:
            self.refreshing = False

    async def counted_code(self, client: Client) -> int | None:
        """A room code ``client`` typed, counted for the whole cluster before it is tried: its
        number (``uncount`` when it was right), or None when refused (throttled: said)."""
        counted = await self.limits.try_code(client.address)
        if counted == 0:  # JetStream unanswering: counted here, with the others' counts asked
            counted = await self._counted_with_others(client.address)
        if counted is None:
            client.send(THROTTLED)
        return counted

    async def _counted_with_others(self, address: str) -> int | None:
        now = self.clock()
        if self.rooms.wrong.full(address, now):  # else counted here now, before the others are asked
            return None
        others = await self._counted_elsewhere("codes", address)
        if others is None or others + self._codes_here(address) > WRONG_CODES:
            self._uncount_here(address, now)
            return None
        while self.counted_here and next(iter(self.counted_here.values())) <= now - WRONG_WINDOW:
            del self.counted_here[next(iter(self.counted_here))]  # expired here already: nothing to uncount
        number = min(self.counted_here, default=0) - 1
        self.counted_here[number] = now
        return number

    async def uncount(self, address: str, counted: int) -> None:
        """The code counted as ``counted`` was right."""
        if counted < 0:
            self._uncount_here(address, self.counted_here.pop(counted, None))
        else:
            await self.limits.right(counted)

    def _uncount_here(self, address: str, when: float | None) -> None:
        times = self.rooms.wrong.times.get(address)
        if times and when in times:
            times.remove(when)
            if not times:
                del self.rooms.wrong.times[address]

    def _keep_room(self, client: Client, code: str, now: float) -> None:
        if self.rooms.throttled(client.address, now):
            return super()._keep_room(client, code, now)
        self.queue.remove(client)
        asyncio.get_running_loop().create_task(self._keep_counted(client, code))

    async def _keep_counted(self, client: Client, code: str) -> None:
        """A room kept again under its code (its maker come back): counted as a code tried,
        uncounted when the room is made."""
        counted = await self.counted_code(client)
        if counted is None or client.shut or client not in self.clients:
            return
        super()._keep_room(client, code, self.clock())
        if self.rooms.rooms.get(code.strip().upper(), (None, 0.0))[0] is client:
            await self.uncount(client.address, counted)
