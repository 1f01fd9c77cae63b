"""The race's rules on ``play.duel.Duel`` against a scripted rival, with no display (issue 24):
the 3-2-1 count and four minutes on the race clock, DU-2 … DU-5 points move by move, End and
its bonus, 52 home, the clock or both sides finishing ending the race, pausing, waiting on a
person, redo told to the rival, and the result counted in the statistics. What the Duel's
screens draw of it, and how they forward input to it, is tested in ``tests/scenes``."""

from __future__ import annotations

import math
import random

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Game, Move, Pile
from solitaire.core.duel import Race
from solitaire.core.position import game_from_json
from solitaire.play.duel import Duel, new_race
from solitaire.play.rival import ME, RIVAL
from solitaire.store import Store
from tests.play.races import CODE, STEP, run, started, wandering
from tests.play.scripted_rival import ScriptedRival


def position(game: Game) -> dict:
    """The table, without the move count (an undo and a redo count as moves)."""
    state = game.to_json()
    del state["moves"]
    return state


def play(duel: Duel, move: Move) -> None:
    """Our move, as the table plays it: checked first, then played."""
    assert duel.refusal(move) is None, move
    duel.play(move)


def test_DU1_a_3_2_1_count_then_four_minutes_on_the_race_clock():
    rival = ScriptedRival([])
    duel = Duel(new_race(CODE), rival)
    assert duel.race.seconds_left == 240 and not duel.playing and not rival.started
    run(duel, 3.0 + STEP)
    assert rival.started and duel.playing and duel.race.seconds_left > 240 - STEP
    run(duel, 10)
    assert 229.9 < duel.race.seconds_left < 230.1 and duel.playing


def test_DU1_the_clock_ends_the_race_for_both(tmp_path):
    store = Store(tmp_path)
    rival = ScriptedRival([(5.0, "s"), (6.0, "s")], kind="hard")
    duel = started(Duel(new_race(CODE), rival, store=store))
    run(duel, 240)
    result = duel.result
    assert result is not None and duel.race.over and duel.rival_game.moves == 2
    assert result.you.ended == result.opponent.ended == "time" and result.winner == "tie"
    assert rival.closed and store.duel_stats("hard").tied == 1


def test_DU1_both_finished_ends_the_race_before_the_clock():
    duel = started(Duel(new_race(CODE), ScriptedRival([], end_at=10.0)))
    run(duel, 11)
    assert duel.race.finished(RIVAL) and not duel.race.over and duel.result is None
    duel.end()
    assert duel.race.over and duel.race.elapsed < duel.race.limit
    assert duel.result is not None and duel.result.opponent.ended == "end" and duel.result.you.ended == "end"


def test_DU2_DU3_DU4_points_move_by_move():
    rival = ScriptedRival([])
    duel = started(Duel(new_race(CODE), rival))
    rng = random.Random(5)
    game, ledger = duel.game, duel.race.ledgers[ME]
    for step in range(250):
        before = duel.preview().points
        if step % 9 == 8:
            assert duel.undo()
            undone = before.score - duel.preview().points.score
            assert duel.preview().points.taken_back == before.taken_back - undone  # DU-3
        else:
            move = wandering(game, rng)
            recycle = move == DRAW and not game.stock
            paid = game.scoring.recycle_cost(3, game.recycles) if recycle else 0
            play(duel, move)
            if recycle:  # DU-2: three free, then 20 each (floor 0)
                assert duel.preview().points.recycles == before.recycles - min(paid, before.score)
        assert duel.preview().points.score == game.score  # DU-4: the lines add up
        run(duel, STEP)
    assert game.recycles > 3 and ledger.total.recycles < 0 and ledger.total.taken_back < 0
    numbers = [number for number, _, _ in rival.heard]
    assert numbers == list(range(1, 251)) and rival.heard[8][1] == "u"


def test_DU4_DU5_End_banks_the_total_it_previewed_and_the_rival_plays_on(tmp_path):
    store = Store(tmp_path)
    rival = ScriptedRival([(1.0, "s")], name="Rival")
    duel = started(Duel(new_race(CODE), rival, store=store))
    rng = random.Random(1)
    while duel.race.home(ME) < 2:
        play(duel, wandering(duel.game, rng))
    run(duel, 20)
    preview = duel.preview()
    seconds = math.ceil(duel.race.seconds_left)  # the whole seconds the clock shows
    assert preview.bonus == seconds * 10 * 2 * 2 // 52**2 > 0  # DU-5
    assert preview.total == preview.points.score + preview.bonus > duel.race.total(RIVAL)  # it beats the rival's
    duel.end()
    assert duel.race.finished(ME) and not duel.playing and rival.my_ended_at == duel.race.elapsed
    assert duel.race.total(ME) == preview.total and duel.result is None
    run(duel, 240)  # the rival plays on until the clock ends the race
    result = duel.result
    assert result is not None and result.you.breakdown.total == preview.total and result.winner == "you"
    assert result.you.ended == "end" and result.opponent.ended == "time"
    record = store.duel_stats("medium")
    assert (record.played, record.won, record.best_total) == (1, 1, preview.total)


def almost_won() -> Game:
    """A Duel table one card short of all 52 home: the King of spades."""
    return game_from_json({
        "game": "duel", "draw": 3, "scoring": "standard", "tableau": [["KS"], [], [], [], [], [], []],
        "stock": [], "waste": [],
        "foundations": [[f"{r}S" for r in "A23456789TJQ"], [f"{r}H" for r in "A23456789TJQK"],
                        [f"{r}D" for r in "A23456789TJQK"], [f"{r}C" for r in "A23456789TJQK"]]})


def test_DU5_52_home_ends_your_game_with_its_bonus():
    rival = ScriptedRival([])
    duel = started(Duel(new_race(CODE), rival))
    duel.race.games[ME] = almost_won()
    run(duel, 10)
    play(duel, Move(Pile(TABLEAU, 0), Pile(FOUNDATION, 0)))
    assert duel.race.ended_how(ME) == "won" and rival.my_ended_at == duel.race.finished_at[ME]
    assert duel.race.time_bonus(ME) == math.ceil(240 - duel.race.finished_at[ME]) * 10
    run(duel, 2)
    assert not duel.race.over and duel.result is None and duel.waiting  # the race goes on for the rival


def test_pausing_stops_a_computer_never_a_person():
    """Covered by a dialog, the duel pauses a rival that can pause (the computer); a person on
    the network races on (the screen keeps stepping such a duel under the dialog)."""
    computer = ScriptedRival([])
    duel = started(Duel(new_race(CODE), computer))
    duel.pause()
    assert computer.paused
    duel.resume()
    assert not computer.paused
    person = ScriptedRival([], kind="network")
    person.pausable = False
    duel = started(Duel(new_race(CODE), person))
    duel.pause()
    assert not person.paused


def test_a_person_on_the_network_is_waited_for_never_hurried():
    person = ScriptedRival([], name="Sam", kind="network")
    person.pausable = False
    duel = started(Duel(new_race(CODE), person))
    duel.end()
    assert duel.waiting and not duel.can_hurry
    duel.hurry()
    assert not duel.hurried
    run(duel, 1)
    assert duel.waiting and duel.result is None and 1 < duel.race.elapsed < 2  # the real clock, not hurried


def test_C12_redo_in_the_duel_tells_the_rival_the_move_itself():
    rival = ScriptedRival([])
    duel = started(Duel(new_race(CODE), rival))
    play(duel, DRAW)
    after = position(duel.game)
    points = duel.preview().points
    assert duel.undo() and duel.game.can_redo
    duel.redo()
    assert position(duel.game) == after and not duel.game.can_redo
    assert [text for _, text, _ in rival.heard] == ["s", "u", "s"]
    assert [number for number, _, _ in rival.heard] == [1, 2, 3]
    peer = Race(duel.code)  # what the other side's copy of our game makes of what it heard
    for _, text, _ in rival.heard:
        peer.play(1, text)
    assert position(peer.games[1]) == after and peer.breakdown(1).points == duel.preview().points
    assert duel.preview().points.score == points.score
