"""Issue 24's promise: a duel is played to its result with no display — pygame is never
imported. In a fresh process (the test run itself has pygame loaded by other tests): every
module of the game layer and of these tests, then a duel against a scripted rival, one against
the computer and an online race through a real duel server (a LAN duel is one too: the host's
game runs that server), each to its result. And these tests test the game layer, not the
screens: none imports pygame, the App, the drawing or a screen (or the screens' tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.test_layers import imported_modules

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
#: What a test of the game layer never imports: the screens' world.
SCREENS = ("pygame", "solitaire.app", "solitaire.view", "solitaire.scenes", "solitaire.main", "tests.scenes")

PROBE = """
import json, sys, tempfile
from pathlib import Path
import solitaire.play, pkgutil, importlib
for info in pkgutil.walk_packages(solitaire.play.__path__, "solitaire.play."):
    importlib.import_module(info.name)
for path in sorted(Path("tests/play").glob("*.py")):
    importlib.import_module(f"tests.play.{path.stem}")
from tests.play.races import computer_duel, online_duel, scripted_duel
results = [scripted_duel().result, computer_duel().result]
with tempfile.TemporaryDirectory() as folder:
    results += [race.result for race in online_duel(Path(folder))]
print(json.dumps({"pygame": "pygame" in sys.modules, "winners": [r.winner for r in results]}))
"""


def test_a_duel_is_played_to_its_result_without_pygame(tmp_path):
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={"SOLITAIRE_HOME": str(tmp_path), "PATH": ""}, timeout=600)
    told = json.loads(out.stdout.strip().splitlines()[-1])
    assert told["pygame"] is False
    assert len(told["winners"]) == 4 and set(told["winners"]) <= {"you", "opponent", "tie"}


def test_no_test_of_the_game_layer_imports_pygame_or_a_screen():
    found = [f"{path.name}:{line}: {module}" for path in sorted(HERE.glob("*.py"))
             for line, module in imported_modules(path)
             if any(module == banned or module.startswith(banned + ".") for banned in SCREENS)]
    assert found == []
