"""The game's parts (issue 24): undo records are named values, a copy of a game forgets nothing,
``Game`` is the state with the checks and move lists composed onto it, and the predicates are
the ones the rules name.
"""

from __future__ import annotations

import gc

import pytest

from solitaire.core import CELL, DRAW, Game, Move, Pile, parse_code
from solitaire.core import predicates
from solitaire.core.game import Game as GameClass
from solitaire.core.errors import TOPICS
from solitaire.core.rules import PARTS, REGISTRY, LevelError, levels_dir, load_level
from solitaire.core.table import Record, Table

LEVELS = levels_dir()


def test_C9_an_undo_record_is_an_immutable_value_with_named_fields():
    game = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    game.apply(DRAW)
    record = game.history[-1]
    assert isinstance(record, Record) and record._fields == ("move", "moved", "piles", "hidden", "score", "recycles", "streak")
    assert record.move == DRAW and record.score == 0 and record.recycles == 0
    with pytest.raises(AttributeError):
        record.score = 5  # type: ignore[misc]


def test_C9_an_undo_record_leaves_the_collector_nothing_to_watch_but_itself():
    """A duel server keeps every race's records: a record's fields other than its move are plain
    tuples of text and numbers, which a collection stops watching."""
    game = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    game.apply(DRAW)
    game.apply(next(move for move in game.legal_moves() if move != DRAW))
    for _ in range(3):  # a collection stops watching a tuple whose items it stopped watching: a level each
        gc.collect()
    assert [record.moved != () for record in game.history] == [False, True]
    assert not any(gc.is_tracked(field) for record in game.history for field in record[1:])


@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "FC1-MS-5", "SP1-D2N-AAAAAAC", "DS1-D1V-AAAAAAB"])
def test_a_copy_of_a_game_has_every_field_and_shares_no_pile(code):
    game = Game.deal(parse_code(code))
    for move in game.legal_moves()[:3]:
        if game.check(move) is None:
            game.apply(move)
    copy = game.clone()
    assert set(vars(copy)) == set(vars(game))
    assert copy.to_json() == game.to_json() and copy.cells == game.cells
    assert not copy.history and not copy.log
    for name, value in vars(game).items():
        if isinstance(value, list) and name not in ("log",):
            assert value is not vars(copy)[name] or not value
    if copy.cells:
        copy.cells[0].append(0)
        assert game.cells[0] != copy.cells[0]


def test_game_is_the_state_with_its_jobs_composed_onto_it():
    assert GameClass.__mro__ == (GameClass, Table, object)


def test_every_value_of_every_part_is_one_a_level_file_can_name(tmp_path):
    """Read from PARTS itself, never a list of its parts written out here: a part added to the
    engine is tried here with each of its values the day it is added."""
    text = (LEVELS / "klondike.toml").read_text("utf-8")
    head, rest = text.split("[rules]")
    scoring = "[scoring.standard]" + rest.split("[scoring.standard]")[1].split("[rule_ids]")[0]
    tail = "[rules_page]" + rest.split("[rules_page]")[1]
    every_topic = "[rule_ids]\n" + "".join(f'{topic} = "K-1"\n' for topic in TOPICS)  # whatever a part may refuse
    path = tmp_path / "klondike.toml"
    for part, values in PARTS.items():
        for value in values:
            path.write_text(f'{head}[rules]\n{part} = "{value}"\n{scoring}{every_topic}{tail}', "utf-8")
            assert getattr(load_level(path), part) == value, (part, value)
        path.write_text(text.replace("[rules]", f'[rules]\n{part}_x = "nothing"', 1), "utf-8")
        with pytest.raises(LevelError, match=rf"klondike.toml: \[rules\] has no part '{part}_x'"):
            load_level(path)


def test_FC3_the_run_limit_is_free_cells_plus_one_doubled_per_empty_column():
    assert [predicates.run_capacity(cells, empty) for cells, empty in ((4, 0), (0, 0), (1, 1), (4, 2), (2, 3))] == [5, 1, 4, 20, 24]


def test_every_shipped_game_is_asked_by_its_rules_never_its_id():
    for game_id in REGISTRY.ids():
        rules = REGISTRY.get(game_id)
        assert rules.builds_on is predicates.BUILDS[rules.build].fits
        assert rules.empty_takes is predicates.EMPTY_COLUMN[rules.empty_column]
        assert rules.foundation_base == predicates.FOUNDATION_BASES[rules.foundation_start]
        assert rules.dealt_hidden == tuple(
            predicates.FACE_UP[rules.face_up].face_down(place, size, rules.is_covered([[1]] * len(rules.columns), place))
            for place, size in enumerate(rules.columns))


def test_FC2_a_cell_move_is_undone_exactly():
    game = Game.deal(parse_code("FC1-MS-1"))
    before = game.to_json()
    game.apply(Move(Pile("t", 0), Pile(CELL, 2)))
    assert game.undo() and game.to_json() == {**before, "moves": 1}
