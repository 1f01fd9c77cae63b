"""The rules core, the solver, the store, the network layer, the server and the game layer (play) never import
pygame (ARCHITECTURE: data flows one way; the store is shared by the game and the headless tools, which must agree
on the player's folder; a duel is played to its result with no display, tests/play)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_core_solver_store_net_server_and_play_import_without_pygame():
    probe = (
        "import sys, importlib, pkgutil\n"
        "import solitaire.core, solitaire.solver, solitaire.store, solitaire.net, solitaire.server, solitaire.play\n"
        "import solitaire.entry.cli\n"
        "for pkg in (solitaire.core, solitaire.solver, solitaire.store, solitaire.net, solitaire.server, solitaire.play):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "solitaire.store.Store()\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_pygame_import_statement_in_core_solver_store_net_server_or_play():
    for folder in ("solitaire/core", "solitaire/solver", "solitaire/store", "solitaire/net", "solitaire/server",
                   "solitaire/play"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            assert "import pygame" not in text and "from pygame" not in text, path

