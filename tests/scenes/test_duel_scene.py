"""The Duel's screen on a fake clock, against a scripted rival (tests/play/scripted_rival.py):
what it draws of the race and how it forwards input to it — the count over the landed deal, the
clock turning urgent, the End question and the results, the menu pausing, leaving, closing the
window, keys, rematch, another language. The race's own rules (the count, the clock, points
move by move, End, the result and the statistics) are tested on ``play.duel.Duel`` with no
display, in tests/play."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from solitaire import i18n
from solitaire.core import FOUNDATION, TABLEAU, Move, Pile
from solitaire.core.duel import RivalLost
from solitaire.core.position import game_from_json
from solitaire.scenes.duel.dialogs import bonus_lines

from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_duel_look import panel_lines

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


def test_DU1_the_table_is_frozen_for_the_count_and_the_clock_urgent_in_its_last_30_seconds(app, driver):
    duel, rival = open_duel(app)
    assert not rival.started and duel.frozen and duel.countdown == 240
    driver.key(pygame.K_SPACE)
    assert duel.game.moves == 0  # no card moves during the count
    land_the_deal(app, duel)
    run(app, 3.0 + STEP)
    assert rival.started and not duel.frozen
    run(app, 10)
    assert 229.9 < duel.countdown < 230.1 and not duel.urgent
    duel.duel.race.tick(200.0)
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


def drawn_lines(monkeypatch, duel) -> str:
    """The panels' lines beside the table as drawn now, in one text (a long line wraps)."""
    return " ".join(text for text, _, _ in panel_lines(monkeypatch, duel)[1])


def greedy(game, rng):
    """A foundation move if there is one, else any legal move: points come quickly."""
    moves = game.legal_moves()
    home = [m for m in moves if m.dst.kind == FOUNDATION]
    return home[0] if home else rng.choice(moves)


def test_DU4_DU5_the_end_summary_is_the_final_total(app, driver):
    """The End question shows the preview (the race's own figures: tests/play), explains the
    bonus, pauses the race against the computer, and once confirmed ends our game; the results
    follow once the rival ends too."""
    duel, rival = started(app, ScriptedRival([(1.0, "s")], name="Rival", end_at=40.0))
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
    run(app, 20)  # the rival plays on until it ends
    results = app.stack.top
    assert type(results).__name__ == "DuelResultsScene" and results.result is duel.duel.result
    assert results.result.you.breakdown.total == preview.total and results.result.winner == "you"
    results.draw(app.display.surface, 1.0)


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


@pytest.mark.parametrize("why", ["duel.stopped", "net.lost.left"])
def test_a_rival_lost_for_good_is_said_on_its_panel(app, monkeypatch, why):
    class Leaving(ScriptedRival):
        def update(self, race_time):
            return [RivalLost(why)] if race_time > 2 else []

    duel, _ = started(app, Leaving([]))
    assert i18n.t(why) not in drawn_lines(monkeypatch, duel)
    run(app, 3)
    assert i18n.t(why) in drawn_lines(monkeypatch, duel)


def test_DU5_52_home_ends_your_game_and_the_screen_stays_for_the_race(app):
    """No win panel: the race goes on for the rival (the bonus itself: tests/play)."""
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
    assert duel.duel.race.ended_how(0) == "won" and duel.frozen and not duel.end_button.enabled
    assert duel.hud.toast is not None and duel.hud.toast.text == i18n.t("duel.all_home")
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
