"""``python game.py bench``: every performance figure the issues ask for, with its target.

With no flag all sections run; ``--core``, ``--solver`` and ``--frames`` pick sections.
"""

from __future__ import annotations

from solitaire.args import ToolParser, UsageError, bad_input


def run_bench(argv: list[str]) -> int:
    parser = ToolParser(prog="game.py bench")
    parser.add_argument("--core", action="store_true", help="rules core: apply+undo, move generation")
    parser.add_argument("--solver", action="store_true", help="solver: decided deals, win rates, hints")
    parser.add_argument("--frames", action="store_true", help="frame times, start-up time, idle CPU")
    parser.add_argument("--quick", action="store_true", help="fewer deals, for a fast look")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return bad_input(error)
    every = not (args.core or args.solver or args.frames)
    if args.core or every:
        from solitaire.core.bench import run_core_bench

        run_core_bench()
    if args.frames or every:
        from solitaire.bench_frames import run_frame_bench

        run_frame_bench()
    if args.solver or every:
        from solitaire.solver.bench import run_bench as run_solver_bench

        run_solver_bench(quick=args.quick)
    return 0
