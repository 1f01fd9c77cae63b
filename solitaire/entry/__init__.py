"""The command line's one entry: ``python game.py ...`` and the ``solitaire`` command that
``pip install .`` makes (pyproject.toml's ``[project.scripts]``) both run :func:`main`.

``python game.py`` plays; ``deal``, ``replay``, ``solve``, ``bench`` and ``server`` are tools.
"""

from __future__ import annotations

import os
import sys
from typing import Callable

#: What a shell reports for a program stopped by a closed pipe (128 + SIGPIPE), as for ``yes | head``.
EXIT_READER_GONE = 141
EXIT_BAD_INPUT = 2  # as the tools exit on bad input (solitaire.core.args; not imported: it loads the core)


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    command = argv[0] if argv else ""
    if command in ("deal", "replay", "solve", "server", "bench"):
        say_games_left_out()  # playing says it once its window shows (solitaire.main.run)
    if command in ("deal", "replay"):
        from solitaire.entry.cli import run

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
        try:
            from solitaire.benches.command import run_bench
        except ImportError as error:  # the executable leaves the benches out (tools/build_exe.py)
            print(f"game.py bench: the benches run from the source ({error})", file=sys.stderr)
            return EXIT_BAD_INPUT
        return _tool(run_bench, argv[1:])
    from solitaire.main import main as play

    return play(argv)


def say_games_left_out() -> None:
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


def console() -> int:
    """The ``solitaire`` command (``pip install .``)."""
    import multiprocessing

    multiprocessing.freeze_support()
    return main(sys.argv[1:])
