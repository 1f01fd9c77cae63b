"""Issue 31: Hard's retry (DU-3) keeps as many of its own first moves as a winning line on its
samples allows (``retry.latest_win``): fewer undos and fewer moves played again, so the retry
costs less of the clock (DU-5's bonus), and so does the way back to the floor when it fails."""

from __future__ import annotations

from solitaire.core import parse_code
from solitaire.core.duel import Race
from solitaire.solver.opponent.memory import home
from solitaire.solver.opponent.retry import Undo, branch_points
from solitaire.solver.player import PACE, Strength, decide_plan, seen

from tests.solver.test_hard_undo import DEAD_END


def at_dead_end(code: str, line: str) -> Race:
    race = Race(parse_code(code))
    for text in line.split():
        race.tick(PACE[Strength.HARD])
        race.play(0, text)
    return race


def test_the_search_is_asked_from_the_latest_positions_first():
    assert branch_points(33) == [32, 31, 29, 25, 17, 1, 0]
    assert branch_points(1) == [0] and branch_points(0) == [0]


def test_DU3_a_retry_takes_back_only_the_moves_it_must():
    """Seed 11's deal at its dead end, 3 cards home with 3:33 left: a sample's line from two moves
    back wins. Main undid 33 moves, to the deal (0:10 of undos and its 31 moves played again)."""
    race = at_dead_end(*DEAD_END)
    game = race.games[0]
    assert home(game) == 3 and len(game.log) == 33
    decision, plan = decide_plan(seen(game, race.limit - race.elapsed, remember=True), Strength.HARD)
    steps = (decision, *plan)
    undos = next(i for i, step in enumerate(steps) if not isinstance(step, Undo))
    assert isinstance(decision, Undo) and undos <= 4  # main: 33
