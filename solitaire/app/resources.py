"""Where the shipped assets live, from a source checkout, a pip install or a PyInstaller bundle."""

from __future__ import annotations

from pathlib import Path

from solitaire.core.shipped import shipped_root


def asset_path(*parts: str) -> Path:
    """Path of a shipped file, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return shipped_root().joinpath("assets", *parts)
