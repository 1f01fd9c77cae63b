"""Issue 31: Hard's floor is a dead end (DU-3, DU-4). It goes back only to a position it undid
from, and the computer undoes only at a dead end or on its way back to one, so once back it
presses End at once, the bonus banked (DU-5), where main's floor, its most cards home, could be
a position with a move left: main went back there, played the same moves to the same dead end,
went back again, ... until 0:00. Every End it presses is one the full-knowledge check after the
fact calls a dead end (``bench --opponent``'s "gave up")."""

from __future__ import annotations

from solitaire.benches.opponent import gave_up
from solitaire.core import parse_code
from solitaire.core.duel import UNDO as UNDO_TEXT, Race
from solitaire.solver.opponent.memory import home, played, standing
from solitaire.solver.player import END, PACE, Strength, decide_plan, seen
from solitaire.solver.opponent.retry import UNDO_PACE

HARD = PACE[Strength.HARD]


def replayed(code: str, steps: str) -> Race:
    """Hard's race on ``code`` played up to now: ``steps`` in replay notation at Hard's pace (an
    undo after an undo a key press), as ``bench --opponent``'s race played them."""
    race = Race(parse_code(code))
    last = None
    for text in steps.split():
        race.tick(UNDO_PACE if text == last == UNDO_TEXT else HARD)
        race.play(0, text)
        last = text
    return race


def dead(race: Race) -> bool:
    """The full-knowledge check of an End pressed now: no line sends a card home or turns one in
    the time left, cards back from home counted or not."""
    game, left = race.games[0], race.limit - race.elapsed
    return not gave_up(game, left, HARD) and not gave_up(game, left, HARD, from_home=True)


CIRCLED = ("DU2-D3N-VKZBCXN", "t7>t6 s w>t3 s s s s w>t1 s w>t2 w>t2 s w>t7 t3:2>t7 s s s s w>f1 t3>f1 t3>t2 "
           "t2:4>t3 s w>t5 s w>t7 w>f1 t4>t7 t4>f1 s w>t5 t6:2>t5 f1>t4 t6>t4 t7:6>t6 t7>t5")
"""Hard's race on a deal of seed 5002 up to its first dead end, 28.8 s in, 3 cards home: the last
four moves took the 4 from home to turn a card. Its samples give no retry that pays. Main's Hard
undid to 4 home (the line's best, not a dead end), played the same four moves, undid, ... 44
times, and pressed End with 1 s left: 125 points, where End here paid 147 (Easy got 145)."""


def test_DU3_DU4_hard_whose_retry_does_not_pay_ends_at_its_dead_end_with_the_bonus():
    code, steps = CIRCLED
    race = replayed(code, steps)
    game = race.games[0]
    assert home(game) == 3 and None not in game.log
    decision, _ = decide_plan(seen(game, race.limit - race.elapsed, remember=True), Strength.HARD)
    assert decision is END  # main: an undo, back towards 4 home
    assert dead(race)
    race.tick(HARD)
    race.end(0)
    assert race.total(0) == 147


def test_DU3_the_floor_is_the_best_position_undone_from_never_one_only_passed():
    """Two runs of undos: the positions they started from are remembered, and the floor is the
    best of them (the first of equals), never the 4 cards home the line passed and stands on now."""
    race = replayed(*CIRCLED)  # 3 cards home; 4 home four moves before
    game = race.games[0]
    first = tuple(game.log)
    for _ in range(4):
        race.undo(0)  # back to 4 home: passed, not undone from
    race.play(0, "f1>t4")
    race.undo(0)
    view = seen(game, 100.0, remember=True)
    past = view.past
    assert past is not None and past.tries == 2
    assert past.ends == (first, first[:-4] + (game.log[-2],))
    line, floor = past.floor()
    assert line == first and standing(floor) == (3, 140) >= standing(played(past.start, past.ends[1]))
    assert home(game) == 4
