"""``python game.py bench --layout``: how big the cards are, game by game, at four window sizes.

Read from the real scenes on the dummy video driver (the Duel with its panels), so the figures
are what a player sees. Issue 22 compared them with KPatience (164×232) and Aisleriot (182×285)
in a 1920×1059 window.
"""

from __future__ import annotations

import os
import tempfile

SIZES = ((1280, 720), (1920, 1059), (1920, 1080), (3840, 2160))


def card_sizes() -> dict[str, dict[tuple[int, int], tuple[int, int]]]:
    """Each game's card (width, height) in pixels at each window size of ``SIZES``: every game
    of the registry, on deal 1 of its default mode; a race in the Duel's scene with its panels."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SOLITAIRE_HOME", tempfile.mkdtemp(prefix="solitaire-bench-"))
    # Imported here: SDL reads the environment above when pygame starts.
    import pygame

    from solitaire import i18n
    from solitaire.app.audio import Audio
    from solitaire.app.display import Display
    from solitaire.app.scene import SCENES, App
    from solitaire.app.services import Services
    from solitaire.app.text import Text
    from solitaire.core import GameCode
    from solitaire.core.duel import is_race
    from solitaire.core.rules import REGISTRY
    from solitaire.main import DEFAULT_SETTINGS, register_scenes

    pygame.display.init()
    pygame.font.init()
    register_scenes()
    i18n.set_language("en")
    out: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
    for game in REGISTRY.ids():
        rules = REGISTRY.get(game)
        code = GameCode(game, rules.default_draw, rules.scorings[0], 1)
        out[rules.name] = {}
        for size in SIZES:
            app = App(Display(size), Audio(muted=True), Text(), DEFAULT_SETTINGS, i18n.t, Services.around(None),
                      dict(SCENES))
            if is_race(game):
                scene = app.open("duel", code=code, opponent="computer:easy")
            else:
                scene = app.open("play", code=str(code))
            out[rules.name][size] = tuple(scene.layout.card)
            app.stack.clear()
            app.services.solver.shutdown()
    return out


def run_layout_bench() -> None:
    sizes = card_sizes()
    print("card size, width × height in pixels (bench --layout; KPatience 164×232 and Aisleriot "
          "182×285 in a 1920×1059 window)")
    print("  " + "game".ljust(22) + "".join(f"{w}×{h}".rjust(14) for w, h in SIZES))
    for name, by_size in sizes.items():
        print("  " + name.ljust(22) + "".join(f"{w}×{h}".rjust(14) for w, h in by_size.values()))
