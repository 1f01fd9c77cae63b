"""Saved games written by the real rules core: an impossible one is set aside, never loaded."""

import json

import pytest

from solitaire.core import DRAW, Game, parse_code
from solitaire.core.save import load_save, save_data
from solitaire.store import Store


def saved(tmp_path):
    game = Game.deal(parse_code("KL1-D3N-AAAAAAB"))
    start = game.to_json()
    game.apply(DRAW)
    game.undo()
    game.apply(DRAW)
    store = Store(tmp_path)
    store.save_game("klondike-d3-standard", save_data(game, start, 42.0))
    return game, tmp_path / "saves" / "klondike-d3-standard.json"


def test_a_saved_game_comes_back_with_its_history(tmp_path):
    game, _ = saved(tmp_path)
    loaded, start, elapsed = Store(tmp_path).load_game("klondike-d3-standard", load_save)
    assert loaded.to_json() == game.to_json() and elapsed == 42.0 and loaded.can_undo


@pytest.mark.parametrize("damage", [
    lambda d: d["game"]["start"]["stock"].__setitem__(0, d["game"]["start"]["stock"][1]),  # a duplicate card
    lambda d: d["game"]["start"]["stock"].pop(),  # a missing card
    lambda d: d["game"]["start"].__setitem__("code", "KL1-D9N-AAAAAAB"),  # a bad code
    lambda d: d["game"]["log"].append("t1>t2"),  # an impossible move
])
def test_an_impossible_saved_game_is_set_aside(tmp_path, damage):
    _, path = saved(tmp_path)
    document = json.loads(path.read_text())
    damage(document)
    path.write_text(json.dumps(document))
    store = Store(tmp_path)
    assert store.load_game("klondike-d3-standard", load_save) is None
    assert len(list(path.parent.glob("klondike-d3-standard.json.damaged-*"))) == 1
    [notice] = store.notices
    assert notice.kind == "save_damaged" and notice.fields["aside"].startswith("klondike-d3-standard.json.damaged-")


def test_a_game_in_a_newer_versions_format_is_left_alone_not_set_aside(tmp_path):
    """Issue 12: a save whose game a newer version wrote (its core ``format``) is not damage;
    it is never renamed or overwritten, and the player is told."""
    game, path = saved(tmp_path)
    document = json.loads(path.read_text())
    document["game"]["format"] += 1
    path.write_text(json.dumps(document))
    newer = path.read_bytes()
    store = Store(tmp_path)
    assert store.load_game("klondike-d3-standard", load_save) is None
    assert [notice.key for notice in store.notices] == ["store.save_newer"]
    store.save_game("klondike-d3-standard", save_data(game, game.to_json(), 1.0))
    assert path.read_bytes() == newer and not list(path.parent.glob("*.damaged-*"))
