"""A bug's traceback kept for the player to send, never shown to them (``game.py`` catches it;
moved out of ``main`` to keep the composition root short)."""

from __future__ import annotations

import sys
import traceback

from solitaire.store.home import data_dir


def report_crash() -> int:
    """Write the traceback to ``crash.log`` in the data folder and say so in one line."""
    path = data_dir() / "crash.log"
    try:
        with open(path, "a", encoding="utf-8") as log_file:
            traceback.print_exc(file=log_file)
        where = f"the details are in {path}"
    except OSError:
        where = "the details could not be written down"
    print(f"Solitaire stopped because of an internal error; {where}. Your game was saved after "
          "your last move.", file=sys.stderr)
    return 1
