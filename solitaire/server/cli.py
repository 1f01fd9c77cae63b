"""``python game.py server``: the online duel server (issue 25), and its leaderboard.

    python game.py server (--data DIR | --db postgresql://…) [--listen ADDR] [--port N] [--race-seconds N]
                          [--nats URL] [--tls-cert FILE --tls-key FILE] [--per-address N] [--newcomers N]
                          [--one-address]
    python game.py server (--data DIR | --db postgresql://…) --leaderboard [--day YYYY-MM-DD]

When it is ready it prints one JSON line, ``{"listening": "ws://ADDR:PORT", "version": "X.Y.Z"}`` (``wss`` with
TLS; port 0 takes a free one and the line tells which). With ``--nats URL`` the process is one
of several sharing that NATS system and the ``--data`` database (``cluster``); with ``--db`` what lasts
(players, results, ratings, the daily boards, recorded runs) is in that PostgreSQL database instead
of SQLite in ``--data`` (issue 35: ``databases``, ``schema``). SIGTERM or Ctrl+C stops it: the races
in progress end at that moment and are written (``service``); with ``--nats`` and another process alive, they are
handed to it and finish there, the players told to come back (``backups``). Bad input: one line, exit 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import ssl
import sys
from datetime import date
from pathlib import Path

from websockets.asyncio.server import serve

from .. import __version__
from ..core.args import EXIT_OK, ToolParser, UsageError, bad_input, ipv4, race_seconds
from ..core.files import read_small_file
from ..core.quote import shown
from ..core.daily import utc_today
from .cluster import ClusterServer
from .daily import DailyBoards
from .heap import SETTLE_SECONDS, Heap
from .link import NatsUnreachable
from .loop import loop_factory
from .lost_writes import lost_writes_counted
from .service import SOCKET_OPTIONS, DuelServer, Settings, run_until
from .store import Store

DEFAULT_PORT = 47475
MAX_PEM_BYTES = 1 << 20
"""A certificate chain or a key is a few KB; a bigger file is no PEM file (and is not read)."""
DATABASE_URL = re.compile(r"^postgres(ql)?://\S+$")
NATS_URL = re.compile(r"^(nats|tls)://[^\s/]+(:\d{1,5})?$")


def build_parser() -> argparse.ArgumentParser:
    parser = ToolParser(prog="game.py server", description="The online duel server.")
    parser.add_argument("--data", metavar="DIR", type=_data_folder,
                        help="the folder of its SQLite database (unused with --db)")
    parser.add_argument("--db", metavar="URL", type=_database_url,
                        help="keep players, results, ratings and boards in this PostgreSQL database "
                             "(postgresql://user:password@host:port/name) instead")
    parser.add_argument("--listen", metavar="ADDR", type=ipv4, default="127.0.0.1",
                        help="the address to listen on (127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"the port ({DEFAULT_PORT}; 0: a free one)")
    parser.add_argument("--race-seconds", type=race_seconds, metavar="N", help="shorter races (tests, events)")
    parser.add_argument("--count-seconds", type=_seconds, metavar="S", default=Settings.count_seconds,
                        help=f"the count before a race starts ({Settings.count_seconds:g}; shorter for tests)")
    parser.add_argument("--tls-cert", metavar="FILE", help="serve wss:// with this certificate (PEM)")
    parser.add_argument("--tls-key", metavar="FILE", help="... and this private key (PEM)")
    parser.add_argument("--per-address", type=_count, metavar="N", default=Settings.per_address,
                        help=f"connections at once from one address ({Settings.per_address})")
    parser.add_argument("--newcomers", type=_count, metavar="N", default=Settings.newcomers,
                        help=f"new players one address may make a day ({Settings.newcomers})")
    parser.add_argument("--one-address", action="store_true",
                        help="pair players of one address in the queue (every player behind one address; tests)")
    parser.add_argument("--trusted-proxy", type=ipv4, metavar="ADDR", action="append", default=[],
                        help="a proxy or load balancer in front: a connection from it is counted against the "
                             "address its X-Forwarded-For names (repeat for several)")
    parser.add_argument("--nats", metavar="URL", type=_nats_url,
                        help="share the players and races with the other processes on this NATS system")
    parser.add_argument("--leaderboard", action="store_true",
                        help="print the leaderboard and the day's daily boards as JSON and exit")
    parser.add_argument("--day", type=_day, metavar="YYYY-MM-DD",
                        help="the daily boards of this UTC day (with --leaderboard; default today)")
    return parser


def run_server(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
        if (args.tls_cert is None) != (args.tls_key is None):
            raise UsageError("game.py server: --tls-cert and --tls-key go together")
        if args.data is None and args.db is None:
            raise UsageError("game.py server: give --data DIR (SQLite there) or --db URL (PostgreSQL)")
        if args.day is not None and not args.leaderboard:
            raise UsageError("game.py server: --day goes with --leaderboard")
        tls = _tls(args.tls_cert, args.tls_key) if args.tls_cert else None
        try:
            store = Store(Path(args.data or "."), url=args.db)
        except OSError as error:  # a parent that is a file, a folder we may not write in
            raise UsageError(f"game.py server: --data {shown(args.data)}: {error.strerror or error}") from error
    except (UsageError, OSError, ssl.SSLError) as error:
        return bad_input(error)
    except Exception as error:  # sqlite3.DatabaseError: not a database; PostgreSQL unreachable, a newer schema
        where = f"--db {_without_password(args.db)}" if args.db else f"--data {args.data}"
        return bad_input(UsageError(f"game.py server: {where}: {str(error).strip().splitlines()[0]}"))
    try:
        if args.leaderboard:
            print(json.dumps(leaderboards(store, args.day or utc_today()), ensure_ascii=False))
            return EXIT_OK
        settings = Settings(race_seconds=args.race_seconds or Settings.race_seconds, per_address=args.per_address,
                            count_seconds=args.count_seconds, newcomers=args.newcomers, one_address=args.one_address,
                            trusted_proxies=frozenset(args.trusted_proxy))
        server = DuelServer(store, settings) if args.nats is None else ClusterServer(store, settings, args.nats)
        with asyncio.Runner(loop_factory=loop_factory()) as runner:  # ``loop``
            return runner.run(serve_until_stopped(server, args.listen, args.port, tls))
    except NatsUnreachable as error:
        return bad_input(UsageError(f"game.py server: --nats {args.nats}: no NATS server answers ({error})"))
    except OSError as error:  # the port is taken, the address is not this machine's
        return bad_input(UsageError(f"game.py server: cannot listen on {args.listen}:{args.port}: "
                                    f"{error.strerror or error}"))
    finally:
        store.close()


def leaderboards(store: Store, day: date) -> dict[str, object]:
    """What ``--leaderboard`` prints: the players by rating, and ``day``'s daily board of each
    daily mode (DD-5), keyed by mode (``klondike-d1-standard``)."""
    top, _ = store.leaderboard()
    return {"leaderboard": top, "daily": {"day": day.isoformat(), "boards": DailyBoards(store.db).day_boards(day)}}


async def serve_until_stopped(server: DuelServer, address: str, port: int, tls: ssl.SSLContext | None,
                              ready: asyncio.Future | None = None) -> int:
    """Serve until SIGTERM / SIGINT (or ``ready``'s loop is told to stop); 0."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, stopping.set)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            pass
    await server.started()
    async with serve(server.handle, address, port, ssl=tls, **SOCKET_OPTIONS) as listener:
        bound = listener.sockets[0].getsockname()[1]
        url = f"{'wss' if tls else 'ws'}://{address}:{bound}"
        print(json.dumps({"listening": url, "version": __version__}), flush=True)
        if ready is not None:
            ready.set_result((url, stopping))
        settling = asyncio.create_task(_settle_heap_forever(Heap()))  # this process is the server's own
        with lost_writes_counted():
            await run_until(server, stopping, listener)
        settling.cancel()
    await server.stopped()
    return EXIT_OK


async def _settle_heap_forever(heap: Heap) -> None:
    """Keep the garbage collector from pausing the races (``heap``)."""
    while True:
        heap.settle()
        await asyncio.sleep(SETTLE_SECONDS)


def _tls(cert: str, key: str) -> ssl.SSLContext:
    """The TLS context of ``--tls-cert`` and ``--tls-key``; UsageError saying which option is wrong
    ("[SSL] PEM lib" said nothing of a file that is no PEM certificate)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    for option, path in (("--tls-cert", cert), ("--tls-key", key)):
        try:
            read_small_file(path, MAX_PEM_BYTES)
        except (OSError, ValueError) as error:
            why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise UsageError(f"game.py server: {option} {shown(path)}: {why}") from error
    try:
        context.load_cert_chain(cert, key)
    except ssl.SSLError as error:
        raise UsageError(f"game.py server: --tls-cert {shown(cert)} and --tls-key {shown(key)} are not a PEM "
                         f"certificate and its private key") from error
    return context


def _data_folder(text: str) -> str:
    """``--data``: a folder, or a path where one can be made; not '' (it named the current folder
    without saying so) and not an existing file ("[Errno 17] File exists")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, not an empty name")
    if os.path.lexists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is a file, not a folder")
    return text


def _nats_url(text: str) -> str:
    if not NATS_URL.match(text):
        raise argparse.ArgumentTypeError(f"expected nats://HOST:PORT (or tls://), not {text[:60]!r}")
    return text


def _database_url(text: str) -> str:
    if not DATABASE_URL.match(text):
        raise argparse.ArgumentTypeError(f"expected postgresql://USER@HOST:PORT/NAME, not {_without_password(text)[:60]!r}")
    return text


def _without_password(url: str) -> str:
    """A database's address as the server says it: its password, if any, left out."""
    return re.sub(r"(://[^:/@\s]*):[^@\s]*@", r"\1:…@", url)


def _day(text: str) -> date:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        day = None
    if day is None or day.isoformat() != text:  # exactly YYYY-MM-DD: not 20261202 nor 2026-W49-3
        raise argparse.ArgumentTypeError(f"expected a day as YYYY-MM-DD, not {text[:40]!r}")
    return day


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to 60, not {text!r}")
    return value


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 1_000_000):
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 1000000, not {text!r}")
    return int(text)


if __name__ == "__main__":
    sys.exit(run_server(sys.argv[1:]))
