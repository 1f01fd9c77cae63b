"""Issue 12: the game starts, whatever odd files a newer version or a strange disk left."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solitaire.main import run
from solitaire.store import Store


def test_a_newer_versions_card_back_and_game_do_not_stop_the_game(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`"card_back": "purple"` crashed every start in the view; a `continue_slot` naming a game
    this version does not have set its save aside, then crashed."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    canfield = tmp_path / "saves" / "canfield-d1-standard.json"
    canfield.write_text(json.dumps({"version": 1, "slot": "canfield-d1-standard", "game": {"format": 1}}))
    (tmp_path / "settings.json").write_text(json.dumps(
        {"version": 1, "card_back": "purple", "continue_slot": "canfield-d1-standard"}))
    assert run(smoke=True, frames=3, screenshot=str(tmp_path / "title.png")) == 0
    assert run(smoke=True, frames=3, code="KL1-D1N-AAAAAAB") == 0
    assert canfield.exists() and not list(tmp_path.glob("saves/*.damaged-*"))
    assert Store(tmp_path).continue_slot() is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_settings_does_not_hang_start_up(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    os.mkfifo(tmp_path / "settings.json")
    assert run(smoke=True, frames=3) == 0
    assert not (tmp_path / "settings.json").exists() and len(list(tmp_path.glob("settings.json.damaged-*"))) == 1
