"""Solitaire: ``python game.py`` plays; ``deal``, ``replay``, ``solve`` and ``bench`` are tools.

    python game.py [--fullscreen] [--code CODE] [--lang en|ar]     play
    python game.py --version | --licenses                           the version; the licences
    python game.py deal   (CODE | --deal FILE)                      initial layout as JSON
    python game.py replay (CODE | --deal FILE) MOVE...              state after the moves as JSON
    python game.py solve  (CODE | --deal FILE) [--budget SECONDS]   search result as JSON
    python game.py bench  [--core] [--solver] [--frames] [--server] performance figures
    python game.py server --data DIR [--port N]                    the online duel server

The commands are :mod:`solitaire.entry`'s, which the ``solitaire`` command of a pip install runs too.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from solitaire.entry import main  # noqa: E402  (after the environment variable above)

if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the executable starts its solver worker this way
        import multiprocessing  # (from source it costs the start-up ~10 ms for nothing)

        multiprocessing.freeze_support()
    sys.exit(main(sys.argv[1:]))
