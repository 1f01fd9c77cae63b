"""The Duel scene on a fake clock, against a scripted rival (tests/play/scripted_rival.py):
the count, the race clock, DU-2 … DU-5 points move by move, End, the results, pause, leaving,
closing the window and the statistics."""

from __future__ import annotations

import math
import random

import pygame

from solitaire import i18n
from solitaire.core import DRAW, FOUNDATION, TABLEAU, Move, Pile
from solitaire.core.duel import RivalLost
from solitaire.core.position import game_from_json
from solitaire.scenes.duel.dialogs import bonus_lines

from tests.play.scripted_rival import ScriptedRival

CODE = "DU2-D3N-AAAAAAB"
STEP = 1 / 60


def open_duel(app, rival=None, code=CODE, **kwargs):
    app.open("title")
    rival = rival if rival is not None else ScriptedRival([], name="Computer · Medium")
    app.open("duel", rival=rival, code=code, **kwargs)
    return app.stack.top, rival


def run(app, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.stack.update(STEP)


def land_the_deal(app, duel) -> None:
    """Steps until the deal has flown in (the 3-2-1 count starts then)."""
    for _ in range(round(10 / STEP)):
        if not duel.dealing:
            return
        app.stack.update(STEP)
    raise AssertionError("the deal never landed")


def started(app, rival=None, **kwargs):
    duel, rival = open_duel(app, rival, **kwargs)
    land_the_deal(app, duel)
    run(app, 3.0 + STEP)
    assert duel.duel.started
    return duel, rival


def test_DU1_a_3_2_1_count_then_four_minutes_on_the_race_clock(app, driver):
    duel, rival = open_duel(app)
    assert not rival.started and duel.frozen and duel.countdown == 240
    driver.key(pygame.K_SPACE)
    assert duel.game.moves == 0  # no card moves during the count
    land_the_deal(app, duel)
    run(app, 3.0 + STEP)
    assert rival.started and not duel.frozen
    run(app, 10)
    assert 229.9 < duel.countdown < 230.1 and not duel.urgent
    run(app, 200)
    assert duel.urgent  # the last 30 seconds


def test_DU1_the_count_waits_for_the_deal_to_land_then_starts_both_clocks(app, monkeypatch):
    from solitaire.scenes.duel import panel as duel_panel

    duel, rival = open_duel(app)
    counted = []
    monkeypatch.setattr(duel_panel, "_count_in", lambda surface, scene: counted.append(scene.duel.count_left))
    duel.draw(app.display.surface, 1.0)
    assert duel.tweens.active and counted == []  # the cards fly in: no "3" over them yet
    flying = 0
    while duel.tweens.active:
        run(app, STEP)
        flying += 1
    assert flying > 10 and not rival.started
    assert duel.duel.count_left >= 3.0 - STEP - 1e-9  # the count ran from the frame the deal landed
    duel.draw(app.display.surface, 1.0)
    assert counted == [duel.duel.count_left]  # the deal has landed: now the "3"
    run(app, 3.0 - 2 * STEP)
    assert not rival.started and duel.duel.race.elapsed == 0
    run(app, 2 * STEP)
    assert rival.started and duel.duel.started and duel.duel.race.elapsed < 2 * STEP


def greedy(game, rng):
    """A foundation move if there is one, else any legal move: points come quickly."""
    moves = game.legal_moves()
    home = [m for m in moves if m.dst.kind == FOUNDATION]
    return home[0] if home else rng.choice(moves)


def test_DU2_DU3_DU4_points_move_by_move_in_the_scene(app, driver):
    duel, rival = started(app)
    rng = random.Random(5)
    game, ledger = duel.game, duel.duel.race.ledgers[0]
    for step in range(250):
        before = duel.duel.preview().points
        if step % 9 == 8:
            duel.undo()
            undone = before.score - duel.duel.preview().points.score
            assert duel.duel.preview().points.taken_back == before.taken_back - undone  # DU-3
        else:
            move = greedy(game, rng)
            recycle = move == DRAW and not game.stock
            paid = game.scoring.recycle_cost(3, game.recycles) if recycle else 0
            assert duel.play(move)
            if recycle:  # DU-2: three free, then 20 each (floor 0)
                assert duel.duel.preview().points.recycles == before.recycles - min(paid, before.score)
        assert duel.duel.preview().points.score == game.score  # DU-4: the lines add up
        run(app, STEP)
    assert game.recycles > 3 and ledger.total.recycles < 0 and ledger.total.taken_back < 0
    numbers = [number for number, _, _ in rival.heard]
    assert numbers == list(range(1, 251)) and rival.heard[8][1] == "u"


def test_DU4_DU5_the_end_summary_is_the_final_total(app, driver):
    duel, rival = started(app, ScriptedRival([(1.0, "s")], name="Rival"))
    rng = random.Random(1)
    while duel.duel.race.home(0) < 2:
        duel.play(greedy(duel.game, rng))
    run(app, 20)
    duel.ask_end()
    dialog = app.stack.top
    rows = dict(dialog.summary())
    preview = duel.duel.preview()
    seconds = math.ceil(duel.countdown)  # the whole seconds the clock shows
    assert preview.bonus == seconds * 10 * 2 * 2 // 52**2 > 0  # DU-5
    assert rows["Total"] == str(preview.total) and rows["Time bonus if you end now"] == f"+{preview.bonus}"
    assert bonus_lines(app, preview.how) == [  # issue 22: the bonus explained, not only its number
        ("Time bonus = seconds left × 10 × (cards home ÷ 52)²", False),
        (f"{seconds} × 10 × (2 ÷ 52)² = {preview.bonus}", True)]
    assert "beats" in dialog.verdict()
    run(app, 30)  # the question pauses the race against the computer
    assert duel.duel.preview() == preview
    dialog.confirm()
    assert duel.duel.race.finished(0) and duel.frozen and rival.my_ended_at == duel.duel.race.elapsed
    assert duel.duel.race.total(0) == preview.total
    run(app, 240)  # the rival plays on until the clock ends the race
    results = app.stack.top
    assert type(results).__name__ == "DuelResultsScene"
    assert results.result.you.breakdown.total == preview.total and results.result.winner == "you"
    assert results.result.you.ended == "end" and results.result.opponent.ended == "time"
    record = app.services.store.duel_stats("medium")
    assert (record.played, record.won, record.best_total) == (1, 1, preview.total)
    results.draw(app.display.surface, 1.0)


def test_DU1_the_clock_ends_the_race_for_both(app):
    duel, rival = started(app, ScriptedRival([(5.0, "s"), (6.0, "s")], kind="hard"))
    run(app, 240)
    result = app.stack.top.result
    assert result.you.ended == result.opponent.ended == "time" and result.winner == "tie"
    assert rival.closed and app.services.store.duel_stats("hard").tied == 1


def test_both_finished_ends_the_race_before_the_clock(app):
    duel, rival = started(app, ScriptedRival([], end_at=10.0))
    run(app, 11)
    assert duel.duel.race.finished(1) and not duel.duel.race.over
    duel.end_now()
    assert type(app.stack.top).__name__ == "DuelResultsScene"
    assert app.stack.top.result.opponent.ended == "end"


def test_the_menu_pauses_both_clocks_against_the_computer(app, driver):
    duel, rival = started(app, ScriptedRival([(8.0, "s")]))
    run(app, 2)
    at = duel.duel.race.elapsed
    driver.key(pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "DuelMenuScene" and rival.paused
    run(app, 30)
    assert duel.duel.race.elapsed == at and duel.duel.rival_game.moves == 0
    app.stack.top.close()
    assert not rival.paused
    run(app, 7)
    assert duel.duel.rival_game.moves == 1


def test_a_rival_that_cannot_pause_races_on_under_the_menu(app, driver):
    rival = ScriptedRival([(8.0, "s")])
    rival.pausable = False
    duel, _ = started(app, rival)
    driver.key(pygame.K_ESCAPE)
    run(app, 10)
    assert duel.duel.race.elapsed > 9.9 and duel.duel.rival_game.moves == 1 and not rival.paused


def test_leaving_asks_first_and_counts_as_end(app, driver):
    duel, rival = started(app, ScriptedRival([(1.0, "s")], kind="easy"))
    rng = random.Random(1)
    while duel.duel.race.home(0) < 1:
        duel.play(greedy(duel.game, rng))
    run(app, 4)
    total = duel.duel.preview().total
    driver.key(pygame.K_ESCAPE)
    app.stack.top.leave()
    question = app.stack.top
    assert type(question).__name__ == "ConfirmScene" and str(total) in question.message
    question.answer_yes()
    assert type(app.stack.top).__name__ == "TitleScene" and len(app.stack) == 1
    assert rival.my_ended_at is not None and rival.closed
    assert duel.duel.result.you.ended == "end" and duel.duel.result.you.breakdown.total == total
    assert app.services.store.duel_stats("easy").played == 1


def test_closing_the_window_counts_as_end(app):
    duel, rival = started(app, ScriptedRival([], kind="hard"))
    run(app, 5)
    app.stack.clear()  # what main does once the window is closed
    assert duel.duel.result is not None and duel.duel.result.you.ended == "end"
    assert app.services.store.duel_stats("hard").played == 1
    app.stack.clear()
    assert app.services.store.duel_stats("hard").played == 1  # counted once


def test_a_move_the_core_refuses_ends_the_rival(app):
    duel, rival = started(app, ScriptedRival([(1.0, "s"), (2.0, "t1>f")]))
    run(app, 3)
    assert duel.duel.race.finished(1) and duel.duel.rival_side.out == "refused" and duel.duel.rival_game.moves == 1


def test_a_rival_lost_for_good_ends_its_game_and_says_why(app):
    class Leaving(ScriptedRival):
        def update(self, race_time):
            return [RivalLost("duel.stopped")] if race_time > 2 else []

    duel, _ = started(app, Leaving([]))
    run(app, 3)
    assert duel.duel.race.finished(1) and duel.duel.rival_side.note == "duel.stopped"
    duel.draw(app.display.surface, 1.0)


def test_DU5_52_home_ends_your_game_with_its_bonus(app):
    duel, rival = started(app)
    duel.duel.race.games[0] = game_from_json({
        "game": "duel", "draw": 3, "scoring": "standard", "tableau": [["KS"], [], [], [], [], [], []],
        "stock": [], "waste": [],
        "foundations": [[f"{r}S" for r in "A23456789TJQ"], [f"{r}H" for r in "A23456789TJQK"],
                        [f"{r}D" for r in "A23456789TJQK"], [f"{r}C" for r in "A23456789TJQK"]]})
    duel.screen.rebuild(duel.game)
    duel.view.sync(duel.game, animate=False)
    run(app, 10)
    assert duel.play(Move(Pile(TABLEAU, 0), Pile(FOUNDATION, 0)))
    assert duel.duel.race.ended_how(0) == "won" and rival.my_ended_at is not None
    assert duel.duel.race.time_bonus(0) == math.ceil(240 - duel.duel.race.finished_at[0]) * 10
    run(app, 2)
    assert app.stack.top is duel  # no win panel: the race goes on for the rival


def test_keyboard_play_as_in_klondike(app, driver):
    duel, rival = started(app)
    driver.key(pygame.K_SPACE)
    assert duel.game.moves == 1 and rival.heard[-1][1] == "s"
    driver.key(pygame.K_u)
    assert duel.game.waste == [] and rival.heard[-1][1] == "u"
    driver.key(pygame.K_h)
    assert duel.hud.toast is not None  # no hints in a race, and it says so


def test_rematch_deals_the_same_code_against_the_same_opponent(app):
    duel, _ = started(app, ScriptedRival([], end_at=0.5), opponent="computer:hard")
    run(app, 1)
    duel.end_now()
    app.stack.top.rematch()
    again = app.stack.top
    assert type(again).__name__ == "DuelScene" and again is not duel
    assert again.duel.code == duel.duel.code and again.duel.rival.kind == "hard" and not again.duel.started


def test_arabic_mid_race_keeps_the_race_and_mirrors(app):
    duel, _ = started(app, ScriptedRival([(1.0, "s")]))
    run(app, 2)
    elapsed, moves = duel.duel.race.elapsed, duel.duel.rival_game.moves
    i18n.set_language("ar")
    try:
        app.relocalise()
        assert app.stack.top is duel and duel.duel.race.elapsed == elapsed and duel.duel.rival_game.moves == moves
        assert duel.layout.rtl
        duel.draw(app.display.surface, 1.0)
    finally:
        i18n.set_language("en")


def test_F2_asks_to_leave_then_opens_a_new_duel(app, driver):
    duel, rival = started(app)
    driver.key(pygame.K_F2)
    question = app.stack.top
    assert type(question).__name__ == "ConfirmScene"
    question.answer_yes()
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "NewDuelScene"]
    assert duel.duel.result is not None and rival.closed


def test_the_card_back_chosen_in_the_duel_follows_at_once(app):
    duel, _ = started(app)
    app.change_settings(card_back="red")
    assert duel.art.back_name == "red"
    app.stack.clear()
    assert duel._settings_changed not in app.settings_listeners
