"""Where the files shipped beside the code (``levels/``, ``assets/``) are found.

Three ways the game runs: from a source checkout (they sit beside the ``solitaire`` package), a
PyInstaller bundle (unpacked under ``sys._MEIPASS``), or ``pip install .`` (pyproject.toml
installs them inside the package, as ``solitaire/levels`` and ``solitaire/assets``).
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]


def shipped_root() -> Path:
    """The folder that holds ``levels/`` and ``assets/``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    if (PACKAGE / "levels").is_dir():  # installed by pip
        return PACKAGE
    return PACKAGE.parent
