"""Nothing the peer sends is trusted beyond what our rules confirm (issue 15): a move our rules
refuse, a number out of order, a time going backwards or ahead of the clock, more moves than a
hand can make, a move after End, or garbage mid-race disqualify the peer; both are told why."""

from __future__ import annotations

import pytest

from solitaire.core.duel import RivalLost, RivalMove
from tests.net.helpers import FakeClock, host, join, pump


def racing(clock, seconds=240):
    ann = host(clock, seconds=seconds)
    bob = join(ann, clock)
    pump(lambda: all((r.race_clock() or -1) >= 0 for r in (ann, bob)), ann, bob, clock=clock, step=0.01)
    clock.advance(2.0)
    return ann, bob


def lost(ann, bob, clock):
    seen = {}
    pump(lambda: ann.lost is not None and bob.lost is not None, ann, bob, clock=clock, step=0.001, seen=seen)
    return seen[id(ann)], seen[id(bob)]


@pytest.mark.parametrize("moves,key,says", [
    ([(1, "w>f", 1.0)], "net.lost.refused_move", "waste is empty"),  # K-/C-: nothing on the waste
    ([(1, "t1>t2", 1.0)], "net.lost.refused_move", "move 1"),
    ([(2, "s", 1.0)], "net.lost.order", "move 2 came when move 1 was due"),
    ([(1, "s", 1.0), (1, "s", 1.1)], "net.lost.order", "move 1 came when move 2 was due"),
    ([(1, "s", 1.0), (2, "s", 0.5)], "net.lost.time", "after 1.000 s"),
    ([(1, "s", 5.0)], "net.lost.time", "our race clock reads"),
    ([(n, "s", 0.5) for n in range(1, 40)], "net.lost.flood", "moves by 0.5 s"),
])
def test_a_bad_move_disqualifies_and_both_are_told(moves, key, says):
    clock = FakeClock()
    ann, bob = racing(clock)
    for number, text, at in moves:
        bob.my_move(number, text, at)
    ann_saw, bob_saw = lost(ann, bob, clock)
    assert ann_saw[-1] == RivalLost(key)
    assert says in ann.lost.detail
    assert bob_saw[-1] == RivalLost("net.lost.they_refused")
    assert says in bob.lost.detail  # the peer hears why, too
    assert all(isinstance(e, RivalMove) for e in ann_saw[:-1])  # the good ones came before


def test_a_move_past_the_race_clock_disqualifies():
    clock = FakeClock()
    ann, bob = racing(clock, seconds=3)
    pump(lambda: ann.race_clock() >= 2.8, ann, bob, clock=clock, step=0.05)
    bob.my_move(1, "s", 3.2)  # within our clock's slack, but past 0:00
    ann_saw, _ = lost(ann, bob, clock)
    assert ann_saw == [RivalLost("net.lost.time")]
    assert "3.200 s" in ann.lost.detail


def test_nothing_after_end():
    clock = FakeClock()
    ann, bob = racing(clock)
    bob.my_move(1, "s", 1.0)
    bob.my_end(1.5)
    bob.my_move(2, "s", 1.6)
    ann_saw, _ = lost(ann, bob, clock)
    assert ann_saw[-1] == RivalLost("net.lost.after_end")


def test_garbage_mid_race_disqualifies():
    clock = FakeClock()
    ann, bob = racing(clock)
    bob.link.channel.sock.sendall(b'{"type": "deal", "code": "DU2-D3N-AAAAAAB", "seconds": 20}\n')
    ann_saw, _ = lost(ann, bob, clock)
    assert ann_saw == [RivalLost("net.lost.garbage")]
    assert "deal while started" in ann.lost.detail
