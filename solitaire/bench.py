"""``python game.py bench``: every performance figure the issues ask for, with its target.

With no flag all sections run but the server's; ``--core``, ``--solver``, ``--frames``,
``--layout``, ``--opponent``, ``--server`` and ``--store`` pick sections. ``--deals N`` and ``--json`` are the
opponent's (issue 14's contract).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solitaire.args import ToolParser, UsageError, bad_input
from solitaire.core.quote import shown


def run_bench(argv: list[str]) -> int:
    parser = ToolParser(prog="game.py bench")
    parser.add_argument("--core", action="store_true", help="rules core: apply+undo, move generation")
    parser.add_argument("--solver", action="store_true", help="solver: decided deals, win rates, hints")
    parser.add_argument("--frames", action="store_true", help="frame times, start-up time, idle CPU")
    parser.add_argument("--layout", action="store_true", help="card sizes of every game at four window sizes")
    parser.add_argument("--opponent", action="store_true", help="the computer player: strengths, head to head, Hard's win rate")
    parser.add_argument("--server", action="store_true", help="the online duel server: concurrent duels, "
                        "matchmaking wait (about 3 minutes)")
    parser.add_argument("--store", action="store_true", help="the duel server's database: a result's write on "
                        "SQLite, and on PostgreSQL with --db")
    parser.add_argument("--db", metavar="URL", help="--store: a PostgreSQL database to measure too (postgresql://…)")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="GAME_PY",
                        help="--server: the same load on another checkout's server too (its game.py), compared; "
                        "again for more checkouts")
    parser.add_argument("--deals", type=_deal_count, default=None, metavar="N",
                        help=f"deals a strength for --opponent (default 200, at most {MAX_DEALS})")
    parser.add_argument("--json", action="store_true", help="--opponent: print one JSON object last")
    parser.add_argument("--quick", action="store_true", help="fewer deals, for a fast look")
    parser.add_argument("--budget", type=_budget, default=None, metavar="SECONDS",
                        help="--solver: seconds a deal (default 2; the 10 s targets: --budget 10)")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return bad_input(error)
    if (args.deals is not None or args.json) and not args.opponent:
        return bad_input(UsageError("game.py bench: --deals and --json go with --opponent"))
    for other in args.against:
        if not (args.server and _is_game_py(other)):
            return bad_input(UsageError(f"game.py bench: --against goes with --server and names a game.py, "
                                        f"not {shown(str(other))}"))
    if args.db is not None and not (args.store and args.db.startswith(("postgresql://", "postgres://"))):
        return bad_input(UsageError("game.py bench: --db goes with --store and names a postgresql:// database"))
    if args.budget is not None and not args.solver:
        return bad_input(UsageError("game.py bench: --budget goes with --solver"))
    every = not (args.core or args.solver or args.frames or args.layout or args.opponent or args.server or args.store)
    if args.core or every:
        from solitaire.core.bench import run_core_bench

        run_core_bench()
    if args.frames or every:
        from solitaire.bench_frames import run_frame_bench
        from solitaire.bench_memory import run_memory_bench

        run_frame_bench()
        run_memory_bench()
    if args.layout or every:
        from solitaire.bench_layout import run_layout_bench

        run_layout_bench()
    if args.solver or every:
        from solitaire.solver.bench import run_bench as run_solver_bench

        from solitaire.solver.bench import BUDGET

        run_solver_bench(quick=args.quick, budget=args.budget or BUDGET)
    if args.opponent or every:
        from solitaire.solver.opponent.bench import DEFAULT_DEALS, run_opponent_bench

        run_opponent_bench(args.deals or DEFAULT_DEALS, as_json=args.json)
    if args.store:  # not with every section: it measures a database, PostgreSQL's given
        from solitaire.server.bench_store import run_store_bench

        try:
            run_store_bench(args.db)
        except UsageError as error:  # the database does not answer
            return bad_input(error)
    if args.server:  # not with every section: it loads the machine for minutes, and starts a server
        from solitaire.server.bench import run_server_bench

        run_server_bench(quick=args.quick, against=args.against)
    return 0


def _budget(text: str) -> float:
    from solitaire.solver.bench import seconds

    return seconds(text)


MAX_DEALS = 100_000
"""``--opponent --deals``: at the default 200 deals a strength the bench takes minutes, so this is
days of work already; a larger count was taken and ran on (issue 32: 99999999999999999999)."""


def _deal_count(text: str) -> int:
    value = _positive(text)
    if value > MAX_DEALS:
        raise argparse.ArgumentTypeError(f"at most {MAX_DEALS} deals a strength, not {shown(text)}")
    return value


def _is_game_py(path: Path) -> bool:
    """Whether ``path`` is another checkout's ``game.py`` (a file of that name beside its
    ``solitaire`` package), not just any file (issue 32: any file was taken, and the bench ran on)."""
    return path.name == "game.py" and path.is_file() and (path.parent / "solitaire" / "__init__.py").is_file()


def _positive(text: str) -> int:
    """A count of at least 1 (argparse reports anything else as a usage mistake)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid count: {shown(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
