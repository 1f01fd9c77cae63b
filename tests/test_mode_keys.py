"""One format names a game mode (issue 13): the store's slots and records, the play scene's
slot of a game, the solver's pool files and the tool that writes them all use core.modes."""

import json
from pathlib import Path

import pytest

from solitaire.core import Game, parse_code
from solitaire.core.modes import check_mode_key, mode_key, parse_mode_key, scoring_of
from solitaire.play.session import mode_slot, slot_of
from solitaire.store import modes as store_modes

ROOT = Path(__file__).resolve().parents[1]


def test_a_mode_key_names_game_draw_and_scoring():
    assert mode_key("klondike", 3, "vegas") == "klondike-d3-vegas"
    assert parse_mode_key("klondike-d3-vegas") == ("klondike", 3, "vegas")
    assert scoring_of("double-d1-standard") == "standard"


@pytest.mark.parametrize("key", ["Klondike-d1-standard", "klondike-d0-standard", "klondike-d1-", "../x-d1-y", 7])
def test_a_key_that_could_not_be_a_file_name_is_refused(key):
    with pytest.raises(ValueError, match="not a mode key"):
        check_mode_key(key)


def test_the_store_and_the_play_scene_name_a_mode_as_the_core_does():
    assert store_modes.mode_key is mode_key and store_modes.check_mode_key is check_mode_key
    assert slot_of("thoughtful", 1, "standard") == mode_key("thoughtful", 1, "standard")
    game = Game.deal(parse_code("DS1-D3V-AAAAAAB"))
    assert mode_slot(game) == mode_key("double", 3, "vegas")


def test_every_pool_file_is_named_by_the_mode_key_of_its_header():
    for path in sorted((ROOT / "levels" / "pools").glob("*.json")):
        header = json.loads(path.read_text(encoding="utf-8"))["header"]
        assert path.stem == mode_key(header["game"], header["draw"], header["scoring"]), path.name
