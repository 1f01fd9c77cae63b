"""A solitaire table imports what it needs and no more (issue 33 item 9): the duel, the network
client, the online screens and the server are loaded when a screen of theirs opens, not at the
start of every game. A fresh interpreter opens a Klondike table and plays one move; its
``sys.modules`` is read after."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, os, sys
from solitaire import main
from solitaire.app import loop
run = loop.Loop.run
def run_and_tell(self, app, max_frames=None, screenshot=None):
    frames = run(self, app, max_frames, screenshot)
    table = app.stack.top
    moves = table.game.legal_moves()
    table.play(moves[0])
    print(json.dumps({"scene": type(table).__name__, "modules": sorted(sys.modules)}))
    return frames
loop.Loop.run = run_and_tell
main.run(main.Options(smoke=True, frames=3, code="KL1-D1N-AAAAAAB"))
"""

#: What only a duel or online play needs, by module name or package.
NOT_FOR_SOLITAIRE = ("solitaire.net", "solitaire.server", "solitaire.entry.hosting", "solitaire.entry.online_play",
                     "solitaire.play.online", "solitaire.play.duel", "solitaire.scenes.duel",
                     "solitaire.scenes.menus.online_board", "solitaire.scenes.online_common", "solitaire.solver.search",
                     "solitaire.solver.player", "websockets", "nats", "sqlite3", "asyncio")


def test_a_klondike_table_imports_no_network_server_or_duel_module(tmp_path):
    env = {"SOLITAIRE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    told = json.loads(out.stdout.strip().splitlines()[-1])
    assert told["scene"] == "PlayScene"
    loaded = [m for m in told["modules"]
              if any(m == banned or m.startswith(banned + ".") for banned in NOT_FOR_SOLITAIRE)]
    assert loaded == []
    assert "solitaire.scenes.table.play" in told["modules"]  # the probe saw the table's own modules


def test_every_registered_scene_names_a_class_that_imports():
    """The registry names scenes as text: a name that does not import fails here, not when a
    player first opens that screen."""
    from solitaire.app.lazy import LazyScene
    from solitaire.app.scene import SCENES, Scene
    from solitaire.main import register_scenes

    register_scenes()
    lazy = {name: factory for name, factory in SCENES.items() if isinstance(factory, LazyScene)}
    assert len(lazy) >= 20
    for name, factory in lazy.items():
        assert issubclass(factory.load(), Scene), name


WINDOW_PROBE = """
import json, os, sys
import pygame
set_mode, flip, set_icon = pygame.display.set_mode, pygame.display.flip, pygame.display.set_icon
seen = {}
def first_window(*args, **kwargs):
    seen.setdefault("modules", sorted(sys.modules))
    return set_mode(*args, **kwargs)
def icon(surface):
    seen.setdefault("icon", [surface.get_size(), "modules" in seen])  # its size; whether the window was open
    set_icon(surface)
pygame.display.set_icon = icon
def shown():
    flip()
    seen.setdefault("colour", tuple(pygame.display.get_surface().get_at((0, 0)))[:3])
pygame.display.set_mode, pygame.display.flip = first_window, shown
sys.argv = ["game.py", "--smoke", "--frames", "1"]
try:
    exec(compile(open("game.py").read(), "game.py", "exec"), {"__name__": "__main__"})
except SystemExit:
    pass
print(json.dumps(seen))
"""

#: What the game loads only once its window is open (issue 33 item 9: a window to see sooner): the
#: rules with every level file (the window's settings are read without them: the store's other
#: modules, and the duel's, need them), the rest of the store, and the TOML reader; nor does SDL read
#: pygame's own icon file through importlib's resource readers (the game gives it its icon).
AFTER_THE_WINDOW = ("solitaire.app.scene", "solitaire.app.loop", "solitaire.app.services", "solitaire.app.audio",
                    "solitaire.app.ui", "solitaire.solver", "solitaire.scenes", "multiprocessing",
                    "solitaire.core.rules", "solitaire.core.game", "solitaire.core.duel", "solitaire.store.store",
                    "solitaire.store.stats", "tomllib", "importlib.readers")


def test_the_window_opens_in_the_felts_colour_before_the_game_loads(tmp_path):
    from solitaire.view.palette import FELT_EDGE

    env = {"SOLITAIRE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""}
    out = subprocess.run([sys.executable, "-c", WINDOW_PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    loaded = [m for m in seen["modules"] if any(m == late or m.startswith(late + ".") for late in AFTER_THE_WINDOW)]
    assert loaded == []
    assert "solitaire.store.settings" in seen["modules"]  # the settings say the window's size
    assert tuple(seen["colour"]) == FELT_EDGE  # what shows before the first frame
    assert seen["icon"] == [[64, 64], False]  # the game's own icon, given before the window opens
