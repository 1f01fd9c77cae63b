"""Issue 31: Hard's retry (DU-3) keeps as many of its own first moves as a winning line on its
samples allows (``retry.latest_win``): fewer undos and fewer moves played again, so the retry
costs less of the clock (DU-5's bonus), and so does the way back to the floor when it fails."""

from __future__ import annotations

from solitaire.core import parse_code
from solitaire.core.duel import Race
from solitaire.solver.opponent.memory import home, standing
from solitaire.solver.opponent.retry import Undo, branch_points
from solitaire.solver.player import PACE, Strength, decide_plan, seen

from tests.solver.test_hard_floor import replayed
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


AGAIN = ("DU2-D3N-HDBGUNA", DEAD_END[1] + " u u t3:4>t5 t5:3>t3 s s w>t1 t5>t1 t3:4>t5 t1:8>t3 s s s s s s s w>t1 "
         "t3:7>t1 s s s s s w>t2 w>t3 s s w>t2 t7:7>t2 t7>t1 t5:2>t1 t7>t4 t7>f3 t2:7>t7 w>f3 w>f3 t5>f3 "
         "t1:3>t5 t7:8>t4 w>t7 f3>t1 t5:2>t1 w>t5 t1>t5 t1>f1 t1>f3 w>f3")
"""The same race after its retry (two undos, then a line of its samples): a dead end again, 9 cards
home and 270 points with 2:56 left, above its floor (3 home). Hard that retried once a race
pressed End here (322 points); it tries again and clears the deal (``bench --opponent``'s race:
1435)."""


def test_DU3_a_retry_that_ends_in_a_better_dead_end_tries_again_with_time_left():
    race = replayed(*AGAIN)
    game = race.games[0]
    assert (home(game), game.score) == (9, 270) and abs(race.limit - race.elapsed - 175.7) < 0.05
    view = seen(game, race.limit - race.elapsed, remember=True)
    assert view.past is not None and view.past.tries == 1
    decision, plan = decide_plan(view, Strength.HARD)
    assert isinstance(decision, Undo)  # one retry a race: End
    race.undo(0)
    line, floor = seen(game, race.limit - race.elapsed, remember=True).past.floor()
    assert standing(floor) == (9, 270)  # undone from: the floor is this dead end now


THREE_OF_FOUR = ("DU2-D3N-NKTLMLC",
    "t5>t1 t3>t1 s s s w>t7 s s s s s w>t7 w>f1 t2>f1 s s s w>t3 s s w>f2 s w>t3 t7:3>t3 t7>f2 s s s "
    "s s w>t2 t4>t2 t2:3>t3 t4>t2 t4>f3 t3>f3 t3>f1 t4>f1 w>f1 s w>t2 w>t1 s w>f3 s s s s w>t5 s w>t5")
"""A deal of seed 5001 at Hard's first dead end: 10 cards home, 205 points, 3:19 left, 13 cards
never seen. Three of its four samples have a winning line (the fourth: none found in the
search's 5,000 positions). Hard that asked for a line on every sample pressed End (278 points;
Easy got 380); it retries (343, 12 home, in ``bench --opponent``'s race)."""


def test_DU3_hard_retries_when_three_samples_of_four_have_a_line():
    race = replayed(*THREE_OF_FOUR)
    game = race.games[0]
    assert (home(game), game.score) == (10, 205) and None not in game.log
    decision, _ = decide_plan(seen(game, race.limit - race.elapsed, remember=True), Strength.HARD)
    assert isinstance(decision, Undo)  # every sample: End
