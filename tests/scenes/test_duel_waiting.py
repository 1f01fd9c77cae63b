"""Issue 22, items 5 and 9: after End, the duel says it waits for the opponent, with its clock;
against the computer "See the result now" plays the computer's remaining race at once, with the
result waiting gives; and the Leave question takes the duel menu's place (one dialog at a time)."""

from __future__ import annotations

import time

import pygame

from solitaire.scenes.menus.confirm import ConfirmScene
from solitaire.scenes.duel_dialogs import DuelMenuScene
from solitaire.scenes.rival import thinking_until
from tests.scenes.scripted_rival import ScriptedRival
from tests.scenes.test_duel_scene import land_the_deal, run, started

CODE = "DU2-D3N-AAAAAAB"
STEP = 1 / 30


def test_after_End_the_duel_waits_for_the_opponent_and_offers_the_result_now(app, driver):
    duel, rival = started(app, ScriptedRival([(30.0, "s")], name="Computer · Easy", end_at=50.0))
    assert not duel.waiting and not duel.hurry_button.visible
    duel.end_now()
    assert duel.waiting and duel.can_hurry and duel.hurry_button.visible
    driver.draw()  # the waiting card and its button drawn (the picture is looked at by hand)
    run(app, 1.0)
    assert duel.waiting and duel.result is None  # the clock runs on for the opponent
    duel.hurry()
    assert duel.hurried and not duel.hurry_button.visible
    run(app, 1.0)  # the scripted rival ends at 50 s: hurried there in a few frames
    assert duel.result is not None and type(app.stack.top).__name__ == "DuelResultsScene"


def test_a_person_on_the_network_is_waited_for_never_hurried(app):
    person = ScriptedRival([], name="Sam", kind="network")
    person.pausable = False
    duel, _ = started(app, person)
    duel.end_now()
    assert duel.waiting and not duel.can_hurry and not duel.hurry_button.visible
    duel.hurry()
    assert not duel.hurried


def race_to_the_end(app, hurry: bool) -> object:
    """A 30-second duel against the real computer on the real clock (fixed frames): you press
    End at 5 s; then either wait or press "See the result now". The duel's result."""
    app.stack.clear()
    app.open("title")
    duel = app.open("duel", code=CODE, opponent="computer:medium", seconds=30)
    land_the_deal(app, duel)
    while not duel.started:
        app.stack.update(STEP)
    while duel.race.elapsed < 5.0:
        app.stack.update(STEP)
    duel.end_now()
    if hurry:
        duel.hurry()
    deadline = time.monotonic() + 120  # a guard against a hang, not a measurement
    while duel.result is None and time.monotonic() < deadline:
        app.stack.update(STEP)
        if thinking_until(duel.race, duel.rival, None) is not None:
            time.sleep(0.002)  # the worker thinks: let it
    assert duel.result is not None
    return duel.result


def test_see_the_result_now_gives_the_result_waiting_gives(app):
    waited = race_to_the_end(app, hurry=False)
    hurried = race_to_the_end(app, hurry=True)
    assert waited.opponent.home > 0 and waited.opponent.breakdown.points.score > 0
    assert hurried == waited


def test_leaving_from_the_duel_menu_asks_with_the_menu_gone(app, driver):
    duel, _ = started(app)
    duel.open_menu()
    menu = app.stack.top
    assert isinstance(menu, DuelMenuScene)
    menu.leave()
    assert isinstance(app.stack.top, ConfirmScene)
    assert not any(isinstance(scene, DuelMenuScene) for scene in app.stack.scenes)  # one dialog at a time
    assert app.stack.scenes[-2] is duel
    driver.key(pygame.K_ESCAPE)  # "Cancel": back to the duel, its clock still stopped meanwhile
    assert app.stack.top is duel and duel.result is None
