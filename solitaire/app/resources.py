"""Where the shipped assets live, from a source checkout or a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def _root() -> Path:
    """The folder that holds ``assets/``.

    A PyInstaller bundle unpacks its data under ``sys._MEIPASS``; from source it is the
    repository root, the parent of the ``solitaire`` package.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def asset_path(*parts: str) -> Path:
    """Path of a shipped file, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return _root().joinpath("assets", *parts)
