"""The sampled hints of Golf, TriPeaks and Pyramid (``solver/sampled.py``) search a count of
positions, not seconds: a slow machine gives the same hint as a fast one (TP-1, GO-1, PY-1).
A whole-suite run on a busy machine once saw TP-1's hint change when it searched by the clock.
"""

from __future__ import annotations

import itertools

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver import one_pile, pairs
from solitaire.solver.api import hint


def hint_at_speed(game: Game, module, seconds_a_look: float, monkeypatch):
    """The hint with the clock moving ``seconds_a_look`` each time the search reads it."""
    ticks = itertools.count()
    monkeypatch.setattr(module.time, "perf_counter", lambda: next(ticks) * seconds_a_look)
    return hint(game.clone())


@pytest.mark.parametrize("code", ["TP1-D1N-AAAAAAB", "GO1-D1N-AAAAAAC"])
def test_TP1_GO1_a_hint_on_a_slow_machine_is_the_hint_on_a_fast_one(code, monkeypatch):
    game = Game.deal(parse_code(code))
    fast = hint_at_speed(game, one_pile, 0.0002, monkeypatch)
    assert hint_at_speed(game, one_pile, 5.0, monkeypatch) == fast is not None


def test_PY1_a_hint_on_a_slow_machine_is_the_hint_on_a_fast_one(monkeypatch):
    game = Game.deal(parse_code("PY1-D1N-AAAAAAB"))
    fast = hint_at_speed(game, pairs, 0.0002, monkeypatch)
    assert hint_at_speed(game, pairs, 5.0, monkeypatch) == fast is not None
