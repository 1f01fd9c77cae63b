"""``python game.py bench --layout``: how big the cards are, game by game, at four window sizes.

Read from the real scenes on the dummy video driver (the Duel with its panels), so the figures
are what a player sees. Issue 22 compared them with KPatience (164×232) and Aisleriot (182×285)
in a 1920×1059 window.
"""

from __future__ import annotations

import os
import tempfile

SIZES = ((1280, 720), (1920, 1059), (1920, 1080), (3840, 2160))
GAMES = (("Klondike", "play", "KL1-D1N-AAAAAAB"), ("Double", "play", "DS1-D1N-AAAAAAB"),
         ("Thoughtful", "play", "TF1-D1N-AAAAAAB"), ("Duel", "duel", "DU1-D3N-AAAAAAB"))


def card_sizes() -> dict[str, dict[tuple[int, int], tuple[int, int]]]:
    """Each game's card (width, height) in pixels at each window size of ``SIZES``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SOLITAIRE_HOME", tempfile.mkdtemp(prefix="solitaire-bench-"))
    import pygame

    from solitaire import i18n
    from solitaire.app.audio import Audio
    from solitaire.app.display import Display
    from solitaire.app.scene import SCENES, App
    from solitaire.app.text import Text
    from solitaire.main import DEFAULT_SETTINGS, register_scenes

    pygame.display.init()
    pygame.font.init()
    register_scenes()
    i18n.set_language("en")
    out: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
    for name, scene_name, code in GAMES:
        out[name] = {}
        for size in SIZES:
            app = App(Display(size), Audio(muted=True), Text(), DEFAULT_SETTINGS, i18n.t, dict(SCENES))
            app.store = None
            kwargs = {"opponent": "computer:easy"} if scene_name == "duel" else {}
            scene = app.open(scene_name, code=code, **kwargs)
            out[name][size] = tuple(scene.layout.card)
            app.stack.clear()
            if getattr(app, "solver", None) is not None:
                app.solver.shutdown()
    return out


def run_layout_bench() -> None:
    sizes = card_sizes()
    print("card size, width × height in pixels (bench --layout; KPatience 164×232 and Aisleriot "
          "182×285 in a 1920×1059 window)")
    print("  " + "game".ljust(12) + "".join(f"{w}×{h}".rjust(14) for w, h in SIZES))
    for name, by_size in sizes.items():
        print("  " + name.ljust(12) + "".join(f"{w}×{h}".rjust(14) for w, h in by_size.values()))
