"""Memory, open files and threads over many duels in one process (issue 23).

    python tools/duel_memory.py [--duels 100] [--runs] [--race-seconds 20]

Prints, after duels 1, 20, 60 and 100 (and the last), the process's resident memory (RSS), its
open file descriptors and its threads. By default the duels follow one another in one game, as
a player's do: each raced to its results, then the title, then the next, every frame drawn
(headless, on SDL's dummy video driver), the computer playing both sides on the simulated clock
(``--fast``). With ``--runs`` each duel is a whole run of the game in the same process, as
``game.py --smoke --duel computer:easy --autoplay easy --fast`` starts one (and as the tests
run the game). The data folder is a new temporary one. Linux only (it reads ``/proc/self``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from solitaire import i18n  # noqa: E402
from solitaire.app.audio import Audio  # noqa: E402
from solitaire.app.display import Display  # noqa: E402
from solitaire.app.scene import SCENES, App  # noqa: E402
from solitaire.app.services import Services  # noqa: E402
from solitaire.app.text import Text  # noqa: E402
from solitaire.main import DEFAULT_SETTINGS, Options, register_scenes, run  # noqa: E402
from solitaire.play.race_clock import thinking_until  # noqa: E402
from solitaire.store import Store  # noqa: E402

CHECKPOINTS = (1, 20, 60, 100)
STEP = 1 / 60


def resident_mb() -> float:
    """The process's resident memory now, in MiB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def duels_in_one_game(count: int, seconds: int) -> Iterator[int]:
    """Play ``count`` duels one after another in one game; yield after each its number."""
    pygame.display.init()
    pygame.font.init()
    register_scenes()
    i18n.set_language("en")
    app = App(Display((1280, 720)), Audio(muted=True), Text(), DEFAULT_SETTINGS, i18n.t, Services.around(Store()),
              dict(SCENES))
    app.open("title")
    try:
        for number in range(1, count + 1):
            duel = app.open("duel", opponent="computer:easy", autoplay="easy", fast=True, seconds=seconds)
            while duel.duel.result is None:
                app.stack.update(STEP)
                app.stack.draw(app.display.surface, 1.0)
                if thinking_until(duel.duel.race, duel.duel.rival, duel.duel.autoplayer) is not None:
                    time.sleep(0.002)  # the worker thinks: let it
            app.stack.draw(app.display.surface, 1.0)  # the results
            app.stack.top.to_title()
            yield number
    finally:
        app.stack.clear()
        app.services.solver.shutdown()
        pygame.display.quit()


def duels_as_runs(count: int, seconds: int) -> Iterator[int]:
    """``count`` whole runs of the game, each a headless duel played to its end."""
    for number in range(1, count + 1):
        with contextlib.redirect_stdout(io.StringIO()):  # each run prints its result line
            run(Options(smoke=True, duel="computer:easy", autoplay="easy", fast=True, race_seconds=seconds))
        yield number


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--runs", action="store_true", help="each duel a whole run of the game")
    parser.add_argument("--race-seconds", type=int, default=20, help="each race's length (simulated)")
    args = parser.parse_args(argv)
    if not Path("/proc/self/statm").exists():
        print("duel_memory.py reads /proc/self: Linux only", file=sys.stderr)
        return 2
    os.environ["SOLITAIRE_HOME"] = tempfile.mkdtemp(prefix="duel-memory-")
    play: Callable[[int, int], Iterator[int]] = duels_as_runs if args.runs else duels_in_one_game
    print(f"{'duels':>5}  {'RSS MB':>7}  {'files':>5}  {'threads':>7}   "
          f"({'whole runs' if args.runs else 'one game'}, {args.race_seconds} s races)")
    started = time.perf_counter()
    for number in play(args.duels, args.race_seconds):
        if number in CHECKPOINTS or number == args.duels:
            print(f"{number:>5}  {resident_mb():>7.1f}  {open_files():>5}  {threading.active_count():>7}",
                  flush=True)
    print(f"{args.duels} duels in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":  # the solver's worker is a spawned process: it imports this file
    sys.exit(main(sys.argv[1:]))
