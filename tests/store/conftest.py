"""Fixtures for the store tests: a private data folder and the stand-in saved game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from store_helpers import make_game, validate_game


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder chosen through SOLITAIRE_HOME, as a player's override would.

    Autouse, so no test can reach the real per-user folder. Tests that patch and unpatch the
    file system use `monkeypatch.context()`, because `monkeypatch.undo()` would drop this too.
    """
    folder = tmp_path / "home"
    monkeypatch.setenv("SOLITAIRE_HOME", str(folder))
    return folder


@pytest.fixture
def validate() -> Callable[[dict[str, object]], dict[str, object]]:
    return validate_game


@pytest.fixture
def game() -> Callable[[int], dict[str, object]]:
    return make_game
