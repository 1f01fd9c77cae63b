"""Which modes have verified-winnable deals: read from the pool files, never from a list."""

from __future__ import annotations

import json

import pytest

from solitaire.core import REGISTRY, ruleset
from solitaire.core.rules import levels_dir
from solitaire.core import pools

GAMES = REGISTRY.ids()


def every_mode():
    for game in GAMES:
        rules = ruleset(game)
        for draw in rules.draws:
            for scoring in rules.scorings:
                yield game, draw, scoring


@pytest.fixture
def levels(tmp_path, monkeypatch):
    """An empty levels folder for the pools to be read from; the cache forgets both ways."""
    (tmp_path / "pools").mkdir()
    monkeypatch.setattr(pools, "levels_dir", lambda: tmp_path)
    pools.winnable_codes.cache_clear()
    yield tmp_path
    pools.winnable_codes.cache_clear()


@pytest.mark.parametrize("mode", list(every_mode()), ids=lambda m: f"{m[0]}-d{m[1]}-{m[2]}")
def test_a_mode_has_a_pool_exactly_when_its_file_holds_codes(mode):
    game, draw, scoring = mode
    path = levels_dir() / "pools" / f"{game}-d{draw}-{scoring}.json"
    holds = path.exists() and bool(json.loads(path.read_text(encoding="utf-8"))["codes"])
    assert pools.has_pool(game, draw, scoring) == holds


def test_a_pool_file_is_what_makes_a_mode_offer_winnable_deals(levels):
    assert not any(pools.has_pool(*mode) for mode in every_mode())
    pool = {"header": {}, "codes": ["DS1-D1V-AAAAAAB"]}
    (levels / "pools" / "double-d1-vegas.json").write_text(json.dumps(pool), encoding="utf-8")
    pools.winnable_codes.cache_clear()
    assert [mode for mode in every_mode() if pools.has_pool(*mode)] == [("double", 1, "vegas")]


def test_a_pool_of_another_modes_codes_is_no_pool(levels):
    pool = {"header": {}, "codes": ["DS1-D1N-AAAAAAB"]}  # standard codes in the Vegas file
    (levels / "pools" / "double-d1-vegas.json").write_text(json.dumps(pool), encoding="utf-8")
    assert not pools.has_pool("double", 1, "vegas")
