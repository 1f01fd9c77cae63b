"""The Duel scene against a network rival (issue 15), on 127.0.0.1 and a clock the test moves:
it follows the agreed race clock and the host's race length, never pauses, and holds 0:00 a
moment so that a move made just before it, still on the line, counts on both machines."""

from __future__ import annotations

import time

from tests.net.helpers import CODE, FakeClock, host, join, poll


def frames(app, bob, clock, until, step=0.02, limit=3000):
    for _ in range(limit):
        poll(bob)
        app.stack.update(1 / 60)
        if until():
            return
        clock.advance(step)
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def test_a_move_made_just_before_0_00_counts(app, driver):
    clock = FakeClock()
    ann = host(clock, seconds=3)
    bob = join(ann, clock)
    for _ in range(2000):
        poll(ann), poll(bob)
        if ann.link.state == bob.link.state == "started":
            break
        clock.advance(0.01)
        time.sleep(0.001)
    app.open("title")
    duel = app.open("duel", rival=ann, code=CODE, seconds=ann.seconds, opponent="network")
    assert duel.race.limit == 3.0 and not duel.rival.pausable
    frames(app, bob, clock, lambda: duel.started)
    assert abs(duel.race.elapsed - ann.race_clock()) < 0.05  # the agreed clock, not the frames'
    frames(app, bob, clock, lambda: duel.race.elapsed >= 2.9)
    bob.my_move(1, "s", 2.95)  # made before 0:00, read by the host only after it
    clock.advance(0.2)
    frames(app, bob, clock, lambda: duel.settling or duel.result is not None, step=0.0)
    assert duel.settling and duel.frozen and not duel.race.over
    frames(app, bob, clock, lambda: duel.result is not None, step=0.05)
    assert duel.rival_game.moves == 1 and duel.result.opponent.ended == "time"
    bob.close()
