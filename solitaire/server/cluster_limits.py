"""A process of a cluster counts its per-address limits with the others (issue 31,
``shared_limits``): connections at once and wrong room codes, for the whole cluster.

Each process still counts its own first (``service``, ``lobby.Rooms``): what one process refuses
alone costs no round trip, and with JetStream unreachable those counts still hold. A room code
typed is counted across the cluster before it is tried and uncounted when it was right; the
process that made the room (here, or another one asked over NATS) decides which (``cluster``).
"""

from __future__ import annotations

import asyncio

from ..net.online_messages import Refused
from .clients import Client
from .link import PEER_SECONDS, Peers
from .service import DuelServer
from .shared_limits import SharedLimits

THROTTLED = Refused("throttled", "too many wrong room codes: wait a minute")


class ClusterLimits(DuelServer):
    limits: SharedLimits
    peers: Peers
    joined: float  # when this process joined the others (``started``)
    leaving: bool  # stopping (``backups``)
    stopping: bool
    refreshing: bool = False

    def counts_node(self, node: str) -> bool:
        """Another process's counts count while it beats; in our own first ``PEER_SECONDS``, any
        process's (we may not have heard all those alive yet: a dead one's go when the key is written)."""
        return node in self.peers.known or self.clock() - self.joined < PEER_SECONDS

    async def may_connect(self, address: str) -> bool:
        return await self.limits.connect(address, self.settings.per_address, lambda: self.per_address[address])

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
        number (``SharedLimits.right`` uncounts it), or None when refused (throttled: said)."""
        counted = await self.limits.try_code(client.address)
        if counted is None:
            client.send(THROTTLED)
        return counted

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
            await self.limits.right(counted)
