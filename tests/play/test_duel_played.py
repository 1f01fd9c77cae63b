"""The Duel played with no display (issue 24): ``play.duel.Duel`` from its 3-2-1 count to its
result against a scripted rival and an online player (the computer: ``test_computer_rival``);
the one checker of a rival's moves; End, leaving, "See the result now" and the statistics."""

from __future__ import annotations

import random

import pytest

from solitaire.core import DRAW
from solitaire.core.duel import RivalLost, RivalMove
from solitaire.play.duel import COUNT_SECONDS, Duel, new_race
from solitaire.play.rival import RIVAL
from solitaire.store import Store
from tests.play.races import CODE, STEP, greedy, online_duel, run, scripted_duel, started, wandering
from tests.play.scripted_rival import ScriptedRival


def test_DU1_the_count_then_the_race_clock_then_the_result():
    rival = ScriptedRival([])
    duel = Duel(new_race(CODE), rival)
    assert not duel.playing and duel.refusal(DRAW) is None  # the table refuses during the count
    run(duel, COUNT_SECONDS - 2 * STEP)
    assert not duel.started and not rival.started and duel.race.elapsed == 0
    run(duel, 3 * STEP)
    assert duel.started and rival.started and duel.playing
    run(duel, 240)
    assert duel.race.over and duel.result is not None and rival.closed
    assert duel.result.you.ended == duel.result.opponent.ended == "time" and duel.result.winner == "tie"


def test_DU1_the_count_waits_for_the_deal_to_land():
    duel = Duel(new_race(CODE), ScriptedRival([]))
    for _ in range(600):
        duel.step(STEP, dealing=True)
    assert duel.count_left == COUNT_SECONDS and not duel.started


def test_DU4_a_duel_against_a_scripted_rival_is_played_to_its_result(tmp_path):
    store = Store(tmp_path)
    duel = scripted_duel(store)
    result = duel.result
    assert result is not None and result.you.ended == "end" and result.opponent.ended == "end"
    assert duel.rival_game.moves == 3 and len(duel.rival_side.timeline) == 4  # the panel's line: a point a move
    assert result.you.breakdown.total == duel.race.total(0) and result.opponent.breakdown.total == duel.race.total(1)
    assert [number for number, _, _ in duel.rival.heard] == list(range(1, 31))  # told our moves
    record = store.duel_stats("medium")
    assert record.played == 1 and record.best_total == result.you.breakdown.total


@pytest.mark.parametrize("moves,why", [
    ([(1.0, "s"), (2.0, "t1>f")], "the rules refuse it"),  # no card of column 1 goes home yet
    ([(1.0, "s"), (2.0, "draw three")], "not replay notation"),
])
def test_a_move_the_checker_refuses_ends_the_rivals_game(moves, why):
    duel = started(Duel(new_race(CODE), ScriptedRival(moves)))
    run(duel, 3)
    assert duel.race.finished(RIVAL) and duel.rival_side.out == "refused", why
    assert duel.rival_game.moves == 1 and duel.rival_side.note == "duel.refused"


def test_a_move_out_of_order_ends_the_rivals_game():
    class Skipping(ScriptedRival):
        def update(self, race_time):
            return [RivalMove(2, "s", race_time)] if race_time > 1 else []

    duel = started(Duel(new_race(CODE), Skipping([])))
    run(duel, 2)
    assert duel.race.finished(RIVAL) and duel.rival_side.out == "refused" and duel.rival_game.moves == 0


def test_a_rival_that_fails_is_stopped_never_the_game():
    class Broken(ScriptedRival):
        def update(self, race_time):
            raise RuntimeError("a bug in a rival")

    duel = started(Duel(new_race(CODE), Broken([])))
    run(duel, 1)
    assert duel.race.finished(RIVAL) and duel.rival_side.note == "duel.stopped" and duel.playing


def test_a_rival_lost_for_good_ends_its_game_and_says_why():
    class Leaving(ScriptedRival):
        def update(self, race_time):
            return [RivalLost("net.lost.left")] if race_time > 2 else []

    duel = started(Duel(new_race(CODE), Leaving([])))
    run(duel, 3)
    assert duel.race.finished(RIVAL) and duel.rival_side.out == "lost" and duel.rival_side.note == "net.lost.left"


def test_after_End_the_duel_waits_and_see_the_result_now_gives_the_same_result():
    def ended_early(hurry: bool):
        duel = started(Duel(new_race(CODE), ScriptedRival([(t, "s") for t in range(1, 200, 7)], end_at=200.0)))
        duel.play(greedy(duel.game))
        duel.end()
        assert duel.waiting and duel.can_hurry and duel.result is None
        if hurry:
            duel.hurry()
            assert not duel.can_hurry
        while duel.result is None:
            duel.step(STEP)
        return duel.result

    assert ended_early(hurry=True) == ended_early(hurry=False)


def test_leaving_is_End_now_and_the_race_is_decided_there(tmp_path):
    store = Store(tmp_path)
    duel = started(Duel(new_race(CODE), ScriptedRival([(1.0, "s")], kind="hard"), store=store))
    rng = random.Random(1)
    while duel.race.home(0) < 1:
        duel.play(wandering(duel.game, rng))
    run(duel, 5)
    total = duel.preview().total  # what the Leave question says leaving banks
    assert total > 0
    result = duel.conclude()
    assert result.you.ended == "end" and result.opponent.ended == "end" and duel.rival.closed
    assert result.you.breakdown.total == total and duel.rival.my_ended_at == duel.race.elapsed
    assert duel.conclude() is result and store.duel_stats("hard").played == 1  # counted once


def test_an_online_race_is_played_to_the_servers_result(tmp_path):
    ann, bob = online_duel(tmp_path / "server")
    for race in (ann, bob):
        assert race.result is not None and race.online.result is not None and race.game.moves > 3
    assert ann.online.result.you == bob.online.result.opponent  # the server's figures, the same for both
    for race in (ann, bob):  # the rival seen by its progress only: its game here is never played
        assert race.rival.figures()[2] > 3 and race.rival_game.moves == 0
