"""``python game.py bench --layout``: how big the cards are, game by game, at four window sizes;
and the chooser's pictures of the games on the title (their size, time and memory).

Read from the real scenes on the dummy video driver (the Duel with its panels), so the figures
are what a player sees. Issue 22 compared them with KPatience (164×232) and Aisleriot (182×285)
in a 1920×1059 window.
"""

from __future__ import annotations

import os
import tempfile

SIZES = ((1280, 720), (1920, 1059), (1920, 1080), (3840, 2160))
CHOOSER_SIZES = ((1280, 720), (3840, 2160))  # the title's chooser (issue 34)


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


def chooser_pictures() -> list[tuple[tuple[int, int], int, tuple[int, int], float, float, int, float, float, float]]:
    """The title's chooser at 1280×720 and 4K (issue 34): per window size, the games, a picture's
    size, the median and the longest time to draw one, the frames until all are drawn, the first
    (which also makes the window's felt) and the longest after it, and the pictures' memory in MB."""
    import statistics
    import time

    import pygame

    from solitaire import i18n
    from solitaire.app.audio import Audio
    from solitaire.app.display import Display
    from solitaire.app.scene import SCENES, App
    from solitaire.app.services import Services
    from solitaire.app.text import Text
    from solitaire.main import DEFAULT_SETTINGS, register_scenes
    from solitaire.view import miniature

    pygame.display.init()
    pygame.font.init()
    register_scenes()
    i18n.set_language("en")
    drawn: list[float] = []
    real_draw = miniature.draw

    def timed(*args: object, **kwargs: object) -> pygame.Surface:
        started = time.process_time()  # this process's CPU: the machine's other load counts less
        picture = real_draw(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(time.process_time() - started)
        return picture

    miniature.draw = timed
    rows = []
    try:
        for size in CHOOSER_SIZES:
            app = App(Display(size), Audio(muted=True), Text(), DEFAULT_SETTINGS.updated(reduced_motion=True), i18n.t,
                      Services.around(None), dict(SCENES))
            title = app.open("title")
            drawn.clear()
            frames: list[float] = []
            while not frames or title.wants_frames():
                started = time.perf_counter()
                app.stack.draw(app.display.surface, 1.0)
                frames.append(time.perf_counter() - started)
            tile = title.game_buttons[0]
            memory = title.chooser.pictures.memory()
            rows.append((size, len(title.game_buttons), tile.picture_rect.size, statistics.median(drawn), max(drawn),
                         len(frames), frames[0] * 1000, max(frames[1:], default=0.0) * 1000, memory / 2**20))
            app.stack.clear()
            app.services.solver.shutdown()
    finally:
        miniature.draw = real_draw
    return rows


def run_chooser_bench() -> None:
    print("the chooser's pictures on the title (bench --layout; each drawn once per size, a frame drawing them "
          "until 12 ms are spent)")
    for size, games, picture, median, longest, frames, first_ms, frame_ms, mb in chooser_pictures():
        print(f"  {size[0]}×{size[1]}: {games} games, pictures {picture[0]}×{picture[1]}, one drawn in "
              f"{median * 1000:.0f} ms of CPU (median; longest {longest * 1000:.0f} ms), all in {frames} frames "
              f"(the first, with the felt, {first_ms:.0f} ms; the longest after it {frame_ms:.0f} ms), {mb:.1f} MB")
