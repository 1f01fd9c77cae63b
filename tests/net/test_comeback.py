"""A dropped connection mid-race (issue 15): both are told at once and play on; a comeback within
the window, with the same secret and session, catches up on every move missed, on both sides;
otherwise the result says the opponent left. A silent peer is dropped after the silence limit."""

from __future__ import annotations

import socket

from solitaire.core.duel import RivalBack, RivalGone, RivalLost, RivalMove
from tests.net.helpers import QUICK, FakeClock, host, join, pump

GONE = RivalGone("net.gone", QUICK.comeback)  # the comeback window is told with the drop


def racing(clock):
    ann = host(clock)
    bob = join(ann, clock)
    pump(lambda: all((r.race_clock() or -1) >= 0 for r in (ann, bob)), ann, bob, clock=clock, step=0.01)
    return ann, bob


def moves_seen(events):
    return [(e.number, e.notation) for e in events if isinstance(e, RivalMove)]


def test_a_drop_and_a_comeback_catch_up_on_both_sides():
    clock, seen = FakeClock(), {}
    ann, bob = racing(clock)
    bob.my_move(1, "s", bob.race_clock())
    ann.my_move(1, "s", ann.race_clock())
    pump(lambda: len(moves_seen(seen.get(id(ann), []))) == 1 == len(moves_seen(seen.get(id(bob), []))),
         ann, bob, clock=clock, step=0.01, seen=seen)
    bob.link.channel.sock.shutdown(socket.SHUT_RDWR)  # the cable is pulled
    pump(lambda: GONE in seen[id(ann)] and GONE in seen[id(bob)],
         ann, bob, seen=seen)
    for number in (2, 3):  # both play on while apart
        bob.my_move(number, "s", bob.race_clock())
        ann.my_move(number, "s", ann.race_clock())
        clock.advance(0.05)
    pump(lambda: RivalBack() in seen[id(ann)] and RivalBack() in seen[id(bob)]
         and len(moves_seen(seen[id(ann)])) == 3 == len(moves_seen(seen[id(bob)])),
         ann, bob, clock=clock, step=0.01, seen=seen)
    for side in (ann, bob):
        assert moves_seen(seen[id(side)]) == [(1, "s"), (2, "s"), (3, "s")]
        assert [type(e).__name__ for e in seen[id(side)] if not isinstance(e, RivalMove)] == ["RivalGone", "RivalBack"]
    bob.my_move(4, "u", bob.race_clock())  # and the race goes on on the new connection
    pump(lambda: moves_seen(seen[id(ann)])[-1] == (4, "u"), ann, bob, clock=clock, step=0.01, seen=seen)
    ann.close(), bob.close()


def test_a_silent_peer_is_dropped_and_may_come_back():
    clock, seen = FakeClock(), {}
    ann, bob = racing(clock)
    clock.advance(QUICK.silence + 0.1)  # bob's frames stop: the host hears nothing
    pump(lambda: GONE in seen.get(id(ann), []), ann, seen=seen)
    pump(lambda: RivalBack() in seen.get(id(ann), []) and RivalBack() in seen.get(id(bob), []),
         ann, bob, clock=clock, step=0.01, seen=seen)
    assert ann.lost is None and bob.lost is None
    ann.close(), bob.close()


def test_no_comeback_in_time_means_the_opponent_left():
    clock, seen = FakeClock(), {}
    ann, bob = racing(clock)
    bob.link.channel.sock.shutdown(socket.SHUT_RDWR)
    pump(lambda: GONE in seen.get(id(ann), []), ann, seen=seen)
    bob.link.close()  # bob's game is gone for good: nothing dials back
    pump(lambda: ann.lost is not None, ann, clock=clock, step=0.1, seen=seen)
    assert seen[id(ann)] == [GONE, RivalLost("net.lost.left")]
    assert clock() - 1000 > QUICK.comeback
    ann.close()


def test_a_drop_after_both_have_finished_is_no_news():
    clock, seen = FakeClock(), {}
    ann, bob = racing(clock)
    ann.my_end(ann.race_clock())
    bob.my_end(bob.race_clock())
    pump(lambda: ann.link.finished and bob.link.finished, ann, bob, clock=clock, step=0.01, seen=seen)
    bob.link.channel.sock.shutdown(socket.SHUT_RDWR)
    pump(lambda: not ann.link.connected, ann, bob, clock=clock, step=0.01, seen=seen)
    assert not any(isinstance(e, (RivalGone, RivalLost)) for e in seen[id(ann)] + seen[id(bob)])
    ann.close(), bob.close()


def test_a_rival_still_gone_when_the_clock_runs_out_has_left():
    """The results say "opponent left" at 0:00 itself: nothing more can come from a dropped line."""
    clock, seen = FakeClock(), {}
    ann = host(clock, seconds=2)
    bob = join(ann, clock)
    pump(lambda: all((r.race_clock() or -1) >= 0 for r in (ann, bob)), ann, bob, clock=clock, step=0.01)
    bob.link.channel.sock.shutdown(socket.SHUT_RDWR)
    pump(lambda: GONE in seen.get(id(ann), []), ann, seen=seen)
    bob.link.close()
    pump(lambda: ann.race_clock() >= 2.0, ann, clock=clock, step=0.05, seen=seen)
    assert seen[id(ann)][-1] == RivalLost("net.lost.left")
    ann.close()
