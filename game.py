"""Solitaire: ``python game.py`` plays; ``deal``, ``replay``, ``solve`` and ``bench`` are tools.

    python game.py [--fullscreen] [--code CODE] [--lang en|ar]     play
    python game.py deal   (CODE | --deal FILE)                      initial layout as JSON
    python game.py replay (CODE | --deal FILE) MOVE...              state after the moves as JSON
    python game.py solve  (CODE | --deal FILE) [--budget SECONDS]   search result as JSON
    python game.py bench  [--core] [--solver] [--frames] [--server] performance figures
    python game.py server --data DIR [--port N]                    the online duel server
"""

from __future__ import annotations

import os
import sys
from typing import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: What a shell reports for a program stopped by a closed pipe (128 + SIGPIPE), as for ``yes | head``.
EXIT_READER_GONE = 141
EXIT_BAD_INPUT = 2  # as the tools exit on bad input (solitaire.args; not imported: it loads the core)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    _say_games_left_out()
    if command in ("deal", "replay"):
        from solitaire.cli import run

        return _tool(run, argv)
    if command == "solve":
        from solitaire.solver.cli import run_solve

        return _tool(run_solve, argv[1:])
    if command == "server":
        try:
            from solitaire.server.cli import run_server
        except ImportError as error:  # a player's install (or the executable) has no server
            print(f"game.py server: the duel server needs what requirements-server.txt installs ({error})",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        return _tool(run_server, argv[1:])
    if command == "bench":
        from solitaire.bench import run_bench

        return _tool(run_bench, argv[1:])
    from solitaire.main import main as play

    return play(argv)


def _say_games_left_out() -> None:
    """One line on stderr for each level file that cannot be played: the other games load and
    every command still runs (a bad file is never an import traceback)."""
    from solitaire.core.rules import REGISTRY

    for line in REGISTRY.problems:
        print(f"game.py: {line}", file=sys.stderr)


def _tool(run: Callable[[list[str]], int], argv: list[str]) -> int:
    """Run a tool; when its reader goes away (``game.py deal CODE | head -c 100``) stop quietly.

    Python's recipe for that case: stdout is pointed at devnull, so the flush at exit cannot
    raise a second time, and the process ends without a traceback.
    """
    try:
        status = run(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_READER_GONE


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the frozen executable starts its solver worker this way
    sys.exit(main(sys.argv[1:]))
