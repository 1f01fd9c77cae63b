"""Two players duel over 127.0.0.1 in one test process (issue 15): the host's deal, names, the
clock agreed, every move checked by the receiver's own rules, End, and the race's end."""

from __future__ import annotations

from solitaire.core import Game
from solitaire.core.duel import Race, RivalEnded, RivalLost, RivalMove
from tests.net.helpers import CODE, FakeClock, host, join, pump


def started(*rivals):
    return lambda: all((r.race_clock() or -1) >= 0 for r in rivals)


def play(rival, clock, moves, gap=0.3):
    """Our side's moves, each through our own copy of the game first, as the Duel scene does."""
    race = Race(CODE, players=1)
    for number, text in enumerate(moves, start=1):
        race.play(0, text)
        rival.my_move(number, text, rival.race_clock())
        clock.advance(gap)


def test_a_joiner_gets_the_hosts_deal_names_and_length():
    clock = FakeClock()
    ann = host(clock, seconds=20)
    bob = join(ann, clock)
    pump(started(ann, bob), ann, bob, clock=clock, step=0.01)
    assert (ann.name, bob.name) == ("Bob", "Ann")
    assert bob.code == ann.code == CODE
    assert (bob.seconds, ann.seconds) == (20, 20)
    assert (ann.kind, ann.pausable, bob.pausable) == ("network", False, False)
    bob.start(Game.deal(CODE))
    ann.close(), bob.close()


def test_the_clocks_agree_though_the_machines_do_not():
    """The host's clock leads: the joiner's reads 777 s behind, and its race time still agrees."""
    clock = FakeClock()
    ann = host(clock)
    bob = join(ann, lambda: clock() - 777.0)
    pump(started(ann, bob), ann, bob, clock=clock, step=0.002)
    assert abs(ann.race_clock() - bob.race_clock()) <= 0.5
    assert abs(bob.link.offset - 777.0) <= 0.5
    ann.close(), bob.close()


def test_moves_arrive_checked_in_order_and_end_ends_the_race():
    clock = FakeClock()
    ann, seen = host(clock), {}
    bob = join(ann, clock)
    pump(started(ann, bob), ann, bob, clock=clock, step=0.01)
    moves = ["s", "s", "s", "u", "s", "s"]
    play(bob, clock, moves)
    play(ann, clock, ["s"])
    bob.my_end(bob.race_clock())
    pump(lambda: any(isinstance(e, RivalEnded) for e in seen.get(id(ann), [])), ann, bob,
         clock=clock, step=0.01, seen=seen)
    got = [e for e in seen[id(ann)] if isinstance(e, RivalMove)]
    assert [(e.number, e.notation) for e in got] == list(enumerate(moves, start=1))
    assert all(a.at <= b.at for a, b in zip(got, got[1:]))
    ann.my_end(ann.race_clock())
    pump(lambda: ann.link.finished and bob.link.finished, ann, bob, clock=clock, step=0.01, seen=seen)
    assert [e.notation for e in seen[id(bob)] if isinstance(e, RivalMove)] == ["s"]
    assert len([e for e in seen[id(bob)] if isinstance(e, RivalEnded)]) == 1
    ann.close()
    pump(lambda: True, bob)
    assert not any(isinstance(e, RivalLost) for e in seen[id(bob)] + seen[id(ann)])
    bob.close()


def test_leaving_tells_the_other_at_once():
    clock = FakeClock()
    ann, seen = host(clock), {}
    bob = join(ann, clock)
    pump(started(ann, bob), ann, bob, clock=clock, step=0.01)
    bob.close()
    pump(lambda: ann.lost is not None, ann, seen=seen)
    assert seen[id(ann)] == [RivalLost("net.lost.left")]
    ann.close()
