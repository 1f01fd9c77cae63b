"""``python game.py bench``: every performance figure the issues ask for, with its target.

With no flag all sections run but the server's; ``--core``, ``--solver``, ``--frames``,
``--layout``, ``--opponent``, ``--server``, ``--limits`` and ``--store`` pick sections. ``--deals N``, ``--seed N``
and ``--json`` are the opponent's (issues 14 and 31); ``--deals`` and ``--seed`` also the
solver's (deals a suite, drawn at random: issue 34), and ``--positions N`` stops each of its
searches after N positions too.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solitaire.core.args import ToolParser, UsageError, bad_input
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
    parser.add_argument("--limits", action="store_true", help="the duel server's per-address limits across a "
                        "cluster: JetStream calls, a connection's and a room code's cost (with --against: another's)")
    parser.add_argument("--store", action="store_true", help="the duel server's database: a result's write on "
                        "SQLite, and on PostgreSQL with --db")
    parser.add_argument("--db", metavar="URL", help="--store: a PostgreSQL database to measure too; --server: the "
                        "several-process runs on it (postgresql://…)")
    parser.add_argument("--processes", type=_process_count, default=None, metavar="N",
                        help="--server: 1 to N server processes on NATS with JetStream (with --db; 2 to N on "
                        "one SQLite file without it; default 2)")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="GAME_PY",
                        help="--server: the same load on another checkout's server too (its game.py), compared; "
                        "again for more checkouts")
    parser.add_argument("--deals", type=_deal_count, default=None, metavar="N",
                        help=f"deals a strength for --opponent (default 200, at most {MAX_DEALS}); "
                        "--solver: deals a suite")
    parser.add_argument("--seed", type=_seed, default=None, metavar="N",
                        help="--opponent: the seed its deals are drawn from (default 1, the one it was tuned on); "
                        "--solver: deals drawn at random from this seed instead of deals 1 to N")
    parser.add_argument("--json", action="store_true", help="--opponent: print one JSON object last")
    parser.add_argument("--quick", action="store_true", help="fewer deals, for a fast look")
    parser.add_argument("--game", default=None, metavar="GAME",
                        help="--solver: only that game's suites, no hint timings (e.g. yukon)")
    parser.add_argument("--budget", type=_budget, default=None, metavar="SECONDS",
                        help="--solver: seconds a deal (default 2; the 10 s targets: --budget 10)")
    parser.add_argument("--positions", type=_positions, default=None, metavar="N",
                        help="--solver: stop each search after N positions too (a cut-off the same on any "
                        "machine under any load)")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return bad_input(error)
    if (args.deals is not None or args.seed is not None) and not (args.opponent or args.solver):
        return bad_input(UsageError("game.py bench: --deals and --seed go with --opponent or --solver"))
    if args.json and not args.opponent:
        return bad_input(UsageError("game.py bench: --json goes with --opponent"))
    for other in args.against:
        if not ((args.server or args.limits) and _is_game_py(other)):
            return bad_input(UsageError(f"game.py bench: --against goes with --server or --limits and names a game.py, "
                                        f"not {shown(str(other))}"))
    if args.db is not None and not ((args.store or args.server) and args.db.startswith(("postgresql://", "postgres://"))):
        return bad_input(UsageError("game.py bench: --db goes with --store or --server and names a postgresql:// "
                                    "database"))
    if args.processes is not None and not args.server:
        return bad_input(UsageError("game.py bench: --processes goes with --server"))
    if (args.budget is not None or args.game is not None or args.positions is not None) and not args.solver:
        return bad_input(UsageError("game.py bench: --budget, --game and --positions go with --solver"))
    if args.game is not None:
        from solitaire.benches.solver import SUITES

        games = tuple(dict.fromkeys(suite[1] for suite in SUITES))
        if args.game not in games:
            return bad_input(UsageError(f"game.py bench: --game must be one of {', '.join(games)}, not {shown(args.game)}"))
    every = not (args.core or args.solver or args.frames or args.layout or args.opponent or args.server or args.store
                 or args.limits)
    if args.core or every:
        from solitaire.benches.core import run_core_bench

        run_core_bench()
    if args.frames or every:
        from solitaire.benches.frames import run_frame_bench
        from solitaire.benches.memory import run_memory_bench

        run_frame_bench()
        run_memory_bench()
    if args.layout or every:
        from solitaire.benches.layout import run_chooser_bench, run_layout_bench

        run_layout_bench()
        run_chooser_bench()
    if args.solver or every:
        from solitaire.benches.solver import BUDGET, run_bench as run_solver_bench

        run_solver_bench(args.deals if args.solver else None, quick=args.quick, budget=args.budget or BUDGET,
                         only=args.game, hints=args.game is None, seed=args.seed if args.solver else None,
                         positions=args.positions)
    if args.opponent or every:
        from solitaire.benches.opponent import DEFAULT_DEALS, DEFAULT_SEED, run_opponent_bench

        run_opponent_bench(args.deals or DEFAULT_DEALS, as_json=args.json,
                           seed=DEFAULT_SEED if args.seed is None else args.seed)
    if args.store:  # not with every section: it measures a database, PostgreSQL's given
        from solitaire.benches.server_store import run_store_bench

        try:
            run_store_bench(args.db)
        except UsageError as error:  # the database does not answer
            return bad_input(error)
    if args.limits:  # not with every section: it starts NATS and server processes
        from solitaire.benches.server_limits import run_limits_bench

        run_limits_bench(args.against)
    if args.server:  # not with every section: it loads the machine for minutes, and starts a server
        from solitaire.benches.server import QUICK_STEPS, STEPS, run_server_bench
        from solitaire.benches.server_processes import run_processes

        from solitaire.benches.server_locked import run_locked_bench

        one, trips, per_move = run_server_bench(quick=args.quick, against=args.against)
        run_locked_bench(args.against)
        processes = args.processes or 2
        run_processes(list(range(1 if args.db else 2, processes + 1)), QUICK_STEPS if args.quick else STEPS, args.db,
                      args.against, one, trips, per_move)
    return 0


def _budget(text: str) -> float:
    from solitaire.benches.solver import seconds

    return seconds(text)


def _positions(text: str) -> int:
    from solitaire.benches.solver import positions

    return positions(text)


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


def _whole_number(text: str, least: int, what: str) -> int:
    """A whole number of at least ``least`` (argparse reports anything else as a usage mistake)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid {what}: {shown(text)}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
    return value


def _positive(text: str) -> int:
    """A count of at least 1."""
    return _whole_number(text, 1, "count")


def _seed(text: str) -> int:
    """A seed: any whole number of at least 0."""
    return _whole_number(text, 0, "seed")


def _process_count(text: str) -> int:
    """Server processes for ``--server``'s runs: 1 to 8 (one machine's load generator)."""
    value = _whole_number(text, 1, "count of processes")
    if value > 8:
        raise argparse.ArgumentTypeError(f"at most 8 processes, not {value}")
    return value
