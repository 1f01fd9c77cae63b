"""The rules core, the solver, the store and the network layer never import pygame (ARCHITECTURE: data flows one way;
the store is shared by the game and the headless tools, which must agree on the player's folder)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_core_solver_and_store_import_without_pygame():
    probe = (
        "import sys, importlib, pkgutil\n"
        "import solitaire.core, solitaire.solver, solitaire.store, solitaire.net, solitaire.server, solitaire.cli\n"
        "for pkg in (solitaire.core, solitaire.solver, solitaire.store, solitaire.net, solitaire.server):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "solitaire.store.Store()\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_pygame_import_statement_in_core_solver_store_or_net():
    for folder in ("solitaire/core", "solitaire/solver", "solitaire/store", "solitaire/net", "solitaire/server"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            assert "import pygame" not in text and "from pygame" not in text, path


def test_the_game_session_imports_without_pygame():
    """Issue 13: every scene that starts or ends games, and the Duel's two tables, share one
    session that is pure Python."""
    probe = "import sys\nimport solitaire.play.session, solitaire.core.intents\nprint('pygame' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
