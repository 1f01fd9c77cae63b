"""The duel server inside the host's game (issue 25 item 6): "Host on this computer".

The LAN duel is the online duel on a server the host's game runs itself: the same protocol, the
same referee (the core, on the server's copy of both tables), the same limits on hostile input,
the same tests. It runs ``service.DuelServer`` with ``rooms_only`` (the host makes a private room,
the friend joins it; no queue, no recorded runs) and unrated (``rated`` False: no rating moves,
no duel is written; its database of players is a temporary folder, removed when it stops). The
host's game and the friend's are both its clients (``net.online``): neither holds the deal nor a
face-down card, though the host's process runs the server that does.

**A thread, not a child process**: the server's own asyncio loop on a daemon thread of the game.
A thread ends with the game's process however that ends (Quit, the window closed, a crash, a
kill), so it can never outlive the game, where a child process killed with its parent's
``kill -9`` would be left listening; and it starts in milliseconds, with no second interpreter
(the frozen executable has no ``python`` to start one with). Its cost is the interpreter lock:
two players send a few messages a second, nothing a frame notices. ``stop`` returns at once (the
frame loop never waits); the thread ends within ``close_timeout`` seconds, and the game waits
for that when it quits (``main.HostedServers``).
"""

from __future__ import annotations

import asyncio
import errno
import socket
import tempfile
import threading
from dataclasses import replace
from pathlib import Path

from websockets.asyncio.server import Server, serve

from .lost_writes import lost_writes_counted
from .service import SOCKET_OPTIONS, DuelServer, Settings, run_until
from .store import Store

LAN_PORT = 47474  # the port a hosted duel listens on (Settings → Network changes it), or the next free one
PORT_TRIES = 10  # the default port taken: the next free one of these
START_SECONDS = 5.0
STOP_SECONDS = 3.0  # the longest quitting waits for a server's thread to end
ADDRESS_IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}


def lan_address(probe: str = "192.0.2.1") -> str:
    """This machine's IPv4 address on its network, for the duel code: the one the system would
    send from towards ``probe`` (a documentation address, never routed). Connecting a UDP socket
    only looks up the route; no packet is sent. 127.0.0.1 where there is no network at all.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect((probe, 9))
        return str(sock.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        sock.close()


class PortBusy(OSError):
    """No port to listen on: the one asked for (and, for the default, the next ones) is taken."""


class HostedServer:
    """One duel server on its own thread (see the module's docstring): ``start`` it, read
    ``url``, ``stop`` it."""

    def __init__(self, address: str, port: int, exact_port: bool = True, race_seconds: int | None = None,
                 settings: Settings = Settings()) -> None:
        self.address = address
        self.ports = [port] if exact_port or port == 0 else [p for p in range(port, port + PORT_TRIES) if p <= 65535]
        self.settings = replace(settings, race_seconds=race_seconds or settings.race_seconds, rated=False,
                                rooms_only=True)
        self.port = 0
        self.duel_server: DuelServer | None = None  # once started (its races: tests look)
        self._folder = tempfile.TemporaryDirectory(prefix="solitaire-duel-")
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, name="duel-server", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"

    @property
    def alive(self) -> bool:
        return self.thread.is_alive()

    def start(self) -> HostedServer:
        """Listen, or raise the OSError that stopped it (PortBusy: every port tried is taken)."""
        self.thread.start()
        if not self._ready.wait(START_SECONDS):
            self.stop()
            raise OSError(f"the duel server did not start in {START_SECONDS:g} s")
        if self._failure is not None:
            self.thread.join(STOP_SECONDS)
            self._folder.cleanup()
            raise self._failure
        return self

    def stop(self) -> None:
        """End the race in progress (decided on both totals now, told to both) and close the
        server; returns at once, the thread ends on its own. Calling it again does nothing."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:  # the loop closed meanwhile: the thread is ending already
                pass

    def wait(self) -> None:
        """Wait for the thread to end (after ``stop``), at most ``STOP_SECONDS``."""
        self.thread.join(STOP_SECONDS)

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        store = Store(Path(self._folder.name))
        server = self.duel_server = DuelServer(store, self.settings)
        try:
            listener = await self._listen(server)
        except OSError as error:
            self._failure = error
            store.close()
            self._ready.set()
            return
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        self.port = listener.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            with lost_writes_counted():
                await run_until(server, self._stopping)
        finally:
            listener.close()
            await listener.wait_closed()
            store.close()
            self._folder.cleanup()

    async def _listen(self, server: DuelServer) -> Server:
        for port in self.ports:
            try:
                return await serve(server.handle, self.address, port, **SOCKET_OPTIONS)
            except OSError as error:
                if error.errno not in ADDRESS_IN_USE:  # not a port taken: no other port will do better
                    raise
        raise PortBusy(f"port {self.ports[0]} is in use" if len(self.ports) == 1 else
                       f"ports {self.ports[0]} to {self.ports[-1]} are in use")
