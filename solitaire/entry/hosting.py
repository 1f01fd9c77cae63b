"""A network duel's server inside the game (issue 25 item 6), as the composition root wires it.

The waiting screen of a network duel's host (``scenes.net_lobby``) starts the duel server
(``server.hosted``) through ``start_server``; scenes do not import the server, so the root
gives it to them here (``HostingNetLobby``, the screen ``main`` registers). Each server stops when
its host's connection closes (Cancel, leaving the race); when the game quits, ``main`` stops
every one still running and waits for its thread, so none outlives the game.
"""

from __future__ import annotations

from typing import Any

from solitaire.scenes.duel.net_lobby import NetLobbyScene


class HostedServers:
    """The duel servers this game has started."""

    def __init__(self) -> None:
        self.started: list[Any] = []

    def start(self, address: str | None, port: int, exact_port: bool, race_seconds: int | None) -> Any:
        """A server listening on ``address`` (None: this computer's network address); OSError
        when it cannot."""
        # websockets' asyncio server and SQLite: loaded when a player hosts, not at start-up
        from solitaire.server.hosted import HostedServer, lan_address

        self.started = [server for server in self.started if server.alive]
        server = HostedServer(address or lan_address(), port, exact_port, race_seconds).start()
        self.started.append(server)
        return server

    def stop_all(self) -> None:
        """Stop every server still running and wait for their threads (``STOP_SECONDS`` each at most)."""
        for server in self.started:
            server.stop()
        for server in self.started:
            server.wait()
        self.started.clear()


HOSTED = HostedServers()


class HostingNetLobby(NetLobbyScene):
    """The network duel's waiting screen, hosting on this game's duel servers."""

    start_server = staticmethod(HOSTED.start)
