"""A level file the reader cannot take (issue 34): one line naming the file and the key, never a
traceback; the other games still load and every command still runs. And the rules read from a
level file decided in one place: the deal's face-up cards, the foundation rule."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.core import Game, parse_code
from solitaire.core.errors import BadDeal
from solitaire.core.position import game_from_json
from solitaire.core.rules import LevelError, Registry, levels_dir, load_level

ROOT = Path(__file__).resolve().parents[2]
KLONDIKE = (levels_dir() / "klondike.toml").read_text("utf-8")


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in KLONDIKE
    path = tmp_path / "klondike.toml"
    path.write_text(KLONDIKE.replace(old, new, 1), "utf-8")
    return path


@pytest.mark.parametrize("old, new, line", [
    ("columns = [1, 2, 3, 4, 5, 6, 7]", "columns = 7", "[game] columns must be a list of whole numbers above 0, not 7"),
    ("decks = 1", 'decks = "one"', "[game] decks must be a whole number above 0, not 'one'"),
    ("auto_complete = true", "auto_complete = 1", "[game] auto_complete must be true or false, not 1"),
    ("default_draw = 1", "default_draw = 4", "[game] default_draw 4 must be among draws [1, 2, 3]"),
    ('scorings = ["standard"]', 'scorings = ["vegas"]', "[game] scorings names 'vegas', which has no [scoring.vegas] table"),
    ("flip = 5", "flip = 5.5", "[scoring.standard] flip must be a whole number, not 5.5"),
    ("recycle_penalty = { 3 = 20 }", 'recycle_penalty = { three = 20 }', "[scoring.standard] recycle_penalty must map"),
    ('code = "KL"', 'code = "kl1"', "[game] code must be two capital letters, not 'kl1'"),
    ('face_up = "last"', 'face_up = "lastt"', "[rules] face_up must be one of last, all, columns, by_place, uncovered, stock_top, not 'lastt'"),
    ("[scoring.standard]", "[scoring_standard]", "[scoring] is missing"),
    ("[game]", "game = 3\n[gamex]", "[game] must be a table"),
    # The keys of issue 34's model: piles at places, which lie on which, a rule module, a run's points.
    ("[layout]", "[tableau]\nplaces = [[0, 0]]\n[layout]", "[tableau] places must give each of the 7 piles"),
    ("[layout]", "[tableau]\nplaces = [[0, 0], 'x']\n[layout]", "[tableau] places must be a list of places, not"),
    ("[layout]", "[tableau]\ncovered_by = []\n[layout]", "[tableau] places is missing"),
    ("[layout]", "[tableau]\nplaces = [[0, 0]] * 7\n[layout]", "not TOML"),
    ("[layout]", "[tableau]\nplaces = [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0]]\ncovered_by = [[2],[1],[],[],[],[],[]]\n[layout]",
     "[tableau] covered_by: pile 2 can lie only under piles 3 to 7 (dealt and drawn after it), not 1"),
    ("[layout]", "[tableau]\nplaces = [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0]]\ncovered_by = [[2]]\n[layout]",
     "[tableau] covered_by must give each of the 7 piles its list, not 1"),
    ('code = "KL"', 'code = "KL"\nrule_module = "no_such_game"', "[game] rule_module 'no_such_game' is no module of solitaire/core/games/"),
    ('code = "KL"', 'code = "KL"\nrule_module = "../x"', "[game] rule_module must name a module of solitaire/core/games/ in lower case"),
    ('code = "KL"', 'code = "KL"\nrule_module = "rules"', "[game] rule_module 'rules' is no module of solitaire/core/games/"),
    ("flip = 5", "flip = 5\nstreak = 'one'", "[scoring.standard] streak must be a whole number, not 'one'"),
    # DU-12's key: true or false, and only where a card can come back from home, one deck counted card by card.
    ("flip = 5", "flip = 5\nhome_scores_once = 1", "[scoring.standard] home_scores_once must be true or false, not 1"),
    ("[scoring.standard]", 'foundation_back = "never"\n[scoring.standard]\nhome_scores_once = true',
     '[scoring.standard] home_scores_once needs one deck (it counts each card\'s trips home) and foundation_back = "to_column"'),
])
def test_a_bad_level_file_is_one_sentence_naming_the_file_and_the_key(tmp_path, old, new, line):
    with pytest.raises(LevelError) as caught:
        load_level(_broken(tmp_path, old, new))
    assert str(caught.value).startswith(f"klondike.toml: {line}")
    assert "\n" not in str(caught.value)


def test_a_bad_level_file_leaves_the_other_games_loaded_and_says_why_in_one_line(tmp_path):
    shutil.copy(levels_dir() / "freecell.toml", tmp_path)
    _broken(tmp_path, "columns = [1, 2, 3, 4, 5, 6, 7]", "columns = []")
    registry = Registry()
    registry.load_shipped(tmp_path)
    assert registry.ids() == ("freecell",) and registry.default() == "freecell"
    assert registry.problems == ["levels/klondike.toml: [game] columns must be a list of whole numbers above 0, "
                                 "not [] (the game is left out)"]


def test_every_command_runs_beside_a_bad_level_file_and_names_it_in_one_line(tmp_path):
    """The real program, on a copy of the package whose levels/ holds one broken file."""
    shutil.copytree(ROOT / "solitaire", tmp_path / "solitaire", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "levels", tmp_path / "levels")
    shutil.copy(ROOT / "game.py", tmp_path)
    spider = tmp_path / "levels" / "spider.toml"
    spider.write_text(spider.read_text("utf-8").replace("decks = 2", 'decks = "two"', 1), "utf-8")
    out = subprocess.run([sys.executable, "game.py", "deal", "KL1-D1N-AAAAAAB"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and '"game": "klondike"' in out.stdout
    assert out.stderr == ("game.py: levels/spider.toml: [game] decks must be a whole number above 0, not 'two'"
                          " (the game is left out)\n")
    out = subprocess.run([sys.executable, "game.py", "deal", "SP1-D1N-AAAAAAB"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 2
    # playing says it too, once its window shows (issue 33 item 9: the level files are read after it)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(tmp_path / "home"))
    out = subprocess.run([sys.executable, "game.py", "--smoke", "--frames", "1"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    assert out.stderr.splitlines().count("game.py: levels/spider.toml: [game] decks must be a whole number above 0, "
                                         "not 'two' (the game is left out)") == 1


def test_the_deal_lays_each_columns_cards_face_down_as_its_face_up_part_says():
    assert Game.deal(parse_code("KL1-D1N-AAAAAAB")).hidden == [0, 1, 2, 3, 4, 5, 6]  # K-1
    assert Game.deal(parse_code("TF1-D1N-AAAAAAB")).hidden == [0] * 7  # TF-1
    assert Game.deal(parse_code("SP1-D1N-AAAAAAB")).hidden == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]  # SP-1


def test_TF1_a_deal_file_column_holds_face_down_cards_only_where_the_deal_lays_some():
    position = Game.deal(parse_code("TF1-D1N-AAAAAAB")).to_json()
    position["tableau"][1][0] = position["tableau"][1][0].lower()
    with pytest.raises(BadDeal, match=r"tableau column 2: every column card is face up in Thoughtful Solitaire \(TF-1\)"):
        game_from_json(position)
    position = Game.deal(parse_code("KL1-D1N-AAAAAAB")).to_json()
    assert game_from_json(position).hidden == [0, 1, 2, 3, 4, 5, 6]


def test_TF3_a_deal_file_foundation_on_another_suits_slot_is_refused():
    """Was a check no line reached (issue 34): a Thoughtful deal file with the Ace of hearts on the
    spades' foundation loaded."""
    game = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    where = next((i, cards.index(c)) for i, cards in enumerate(game.tableau) for c in cards if c == 13)  # AH
    position = game.to_json()
    position["tableau"][where[0]].pop(where[1])
    position["foundations"][0] = ["AH"]
    with pytest.raises(BadDeal, match=r"foundation 1: holds only spades \(TF-3\)"):
        game_from_json(position)
    position["foundations"][0], position["foundations"][1] = [], ["AH"]
    assert game_from_json(position).foundations[1] == [13]
