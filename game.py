"""Solitaire: ``python game.py`` plays; ``deal``, ``replay``, ``solve`` and ``bench`` are tools.

    python game.py [--fullscreen] [--code CODE] [--lang en|ar]     play
    python game.py deal   (CODE | --deal FILE)                      initial layout as JSON
    python game.py replay (CODE | --deal FILE) MOVE...              state after the moves as JSON
    python game.py solve  (CODE | --deal FILE) [--budget SECONDS]   search result as JSON
    python game.py bench  [--core] [--solver] [--frames]            performance figures
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command in ("deal", "replay"):
        from solitaire.cli import run

        return run(argv)
    if command == "solve":
        from solitaire.solver.cli import run_solve

        return run_solve(argv[1:])
    if command == "bench":
        from solitaire.bench import run_bench

        return run_bench(argv[1:])
    from solitaire.app.main import main as play

    return play(argv)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the frozen executable starts its solver worker this way
    sys.exit(main(sys.argv[1:]))
