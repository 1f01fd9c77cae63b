"""Rooms across the processes of a cluster (issue 25 item 8, issue 31): a room lives on the
process that made it; a code typed on another is asked of the others.

A code not made here is asked of **each process heard beating, on its own subject**, all at
once: the maker's process answers "ok" (the race opens there) or "no" (its maker is busy);
every other answers "none", and a process gone answers at once (NATS: *no responders*). So a
wrong code is known wrong as soon as every process has said so — a round trip, not a wait for
an answer that never comes (it waited ``ASK_SECONDS`` before). A process that does not answer
within ``ASK_SECONDS`` (busy, or of an older version that does not know the question: a rolling
restart) has the code asked again on the subject every process listens to (``link.ROOMS``),
which only the maker answers, as before. In this process's own first ``HEARD_BEATS`` ticks
it may not have heard every process yet: the code is asked on that subject at once, and is
wrong after ``ASK_SECONDS``.
A code is counted for the whole cluster before it is tried and uncounted unless no process
has it (``cluster_limits``).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from nats.aio.msg import Msg

from ..net.online_messages import Refused
from .clients import Client
from .cluster_limits import ClusterLimits
from .link import ROOMS

HEARD_BEATS = 3  # ticks (each process beats every tick) after which every process alive was heard


class ClusterRooms(ClusterLimits):
    relayed: dict[Client, str]  # players here racing on another process (``cluster``)
    _remote_seat: Callable[[str, int, str], Any]  # a seat for another process's player (``cluster``)

    def _room(self, client: Client, code: str, now: float) -> None:
        code = code.strip().upper()
        if not code or self.rooms.throttled(client.address, now):
            return super()._room(client, code, now)
        self.queue.remove(client)
        asyncio.get_running_loop().create_task(self._room_counted(client, code))

    async def _room_counted(self, client: Client, code: str) -> None:
        """A code typed, counted for the whole cluster first (``cluster_limits``); the room made
        here, or asked of every process; uncounted unless no process has it (a wrong code)."""
        counted = await self.counted_code(client)
        if counted is None or client.shut or client not in self.clients:
            return
        if code in self.rooms.rooms:  # made here: uncounted before the race is told
            await self.uncount(client.address, counted)
            super()._room(client, code, self.clock())
            return
        answer = await self._ask_rooms(f"{self.node} {client.player.id} {code} {client.player.name}")
        if answer is None:  # no process has it: a wrong code
            if counted >= 0:  # (< 0: counted here already, with the others over NATS)
                self.rooms.wrong.full(client.address, self.clock())
        else:
            await self.uncount(client.address, counted)
        if answer != "ok":
            client.send(Refused("no_room", f"no room {code[:12]!r}"))

    async def _ask_rooms(self, asked: str) -> str | None:
        """The answer of the process that made the room ("ok": the race opens there; "no"), or
        None when none did."""
        if self.clock() - self.joined < HEARD_BEATS * self.settings.tick:
            return await self.link.ask(ROOMS, asked)
        asking = [asyncio.ensure_future(self.link.ask_node(node, f"room {asked}")) for node in self.peers.known]
        silent = False
        try:
            for answered in asyncio.as_completed(asking):
                answer = await answered
                if answer in ("ok", "no"):
                    return answer
                silent = silent or answer == ""
        finally:
            for task in asking:
                task.cancel()
        if silent:  # busy, or of an older version (a rolling restart): asked as before, the maker answers
            return await self.link.ask(ROOMS, asked)
        return None

    async def _on_rooms(self, msg: Msg) -> None:
        """A code asked of every process at once (by one in its first seconds): the maker answers."""
        node, player, code, name = msg.data.decode("utf-8").split(" ", 3)
        answer, opening = await self._room_asked(node, int(player), code, name)
        if answer != "none":
            await msg.respond(answer.encode())
            opening()

    async def _on_room_asked(self, msg: Msg, asked: str) -> None:
        """A code asked of this process alone: "ok", "no", or "none" (not made here)."""
        node, player, code, name = asked.split(" ", 3)
        answer, opening = await self._room_asked(node, int(player), code, name)
        await msg.respond(answer.encode())
        opening()

    async def _room_asked(self, node: str, player: int, code: str, name: str) -> tuple[str, Callable[[], None]]:
        """The answer to a code asked by ``node``'s ``player``, and what opens the race once
        answered ("ok")."""
        room = self.rooms.rooms.get(code)
        if room is None:
            return "none", _nothing
        owner = room[0]
        shown = await self.worker.call(lambda: self.shown((owner.player.id, player)), urgent=True)  # asked: 1 s
        now = self.clock()
        maker = self.rooms.join(code, "", now)
        if maker is not owner or maker not in self.clients or maker.duel is not None or maker in self.relayed:
            return "no", _nothing
        return "ok", lambda: self._open_duel(maker, self._remote_seat(node, player, name), now, shown, rated=False)


def _nothing() -> None:
    """No race to open."""
