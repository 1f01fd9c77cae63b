"""``python game.py bench --frames``' memory figure (issue 33 item 8): the resident memory of a fresh
Klondike table, and of the same after a stretch of play, measured in a child process of its own
so that nothing the other frame benches drew counts. On the dummy video driver (a real X window
adds what its driver maps: see ``display.DEFAULT_HINTS``). Linux only: it reads ``/proc``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from solitaire.benches.frames import ROOT, _app, _frame, _resize


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


def memory_stretch(size=(1920, 1061)) -> None:
    """In a child process: a fresh Klondike table's resident memory, then the same after a
    stretch of play (a demo, two duels to their results, a resize to 4K and back, every scene
    opened once), printed as two numbers (MB)."""
    import pygame

    from solitaire import main
    from solitaire.app.scene import SCENES, App
    from solitaire.store import Store

    app = _app()
    app = App(app.display, app.audio, app.text, app.settings, app.t, type(app.services).around(Store()), dict(SCENES))
    _resize(app, size)

    def frames(count: int, until=lambda: False) -> None:
        for _ in range(count):
            _frame(app)
            if until():
                return
            if not app.stack.wants_frames():
                app.tidy()  # as the game's loop does before it sleeps
            time.sleep(0.001)  # the worker thinks for the demo and the duels: let it

    app.open("play", code="KL1-D1N-AAAAAAB", resume=False)
    frames(120)
    fresh = resident_mb()
    app.stack.top.start_demo()
    frames(1200)
    app.stack.clear()
    for _ in range(2):
        duel = app.open("duel", opponent="computer:easy", autoplay="easy", fast=True, seconds=20)
        frames(20000, lambda: duel.duel.result is not None)
        app.stack.clear()
    app.open("play", code="KL1-D1N-AAAAAAB", resume=False)
    frames(30)
    for step in ((3840, 2160), size):
        _resize(app, step)
        frames(60)
    app.stack.clear()
    for name in sorted(SCENES):
        main._open_first_scene(app, main.Options(scene=name), app.services.store)
        frames(20)
        app.stack.clear()
    app.open("play", code="KL1-D1N-AAAAAAB", resume=False)
    frames(120)
    print(fresh, resident_mb(), flush=True)
    app.stack.clear()
    app.services.solver.shutdown()
    pygame.display.quit()


def measure_memory() -> tuple[float, float]:
    """Resident MB of a fresh table and after ``memory_stretch``'s play, in a child process."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLITAIRE_HOME=tempfile.mkdtemp(prefix="solitaire-bench-"))
    done = subprocess.run([sys.executable, "-c", "from solitaire.benches.memory import memory_stretch; memory_stretch()"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    try:
        fresh, after = (float(x) for x in done.stdout.split()[-2:])
    except ValueError:
        raise RuntimeError(f"the memory probe failed: {done.stderr[-300:]!r}") from None
    return fresh, after


def run_memory_bench() -> None:
    if not os.path.exists("/proc/self/status"):
        print("  resident memory: not measured (it reads /proc: Linux only)")
        return
    fresh, after = measure_memory()
    print(f"  resident memory at 1920×1061 (dummy video driver): a fresh Klondike table {fresh:.0f} MB; after a demo, "
          f"two duels, a resize to 4K and back and every scene opened once {after:.0f} MB (target ≤ 120 MB)")
