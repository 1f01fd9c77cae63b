"""Issue 22, items 5 and 9, on the screen: after End, the duel says it waits for the opponent,
with its clock, and against the computer offers "See the result now" (that it gives the result
waiting gives: tests/play); the Leave question takes the duel menu's place (one dialog at a time)."""

from __future__ import annotations

import pygame

from solitaire.scenes.menus.confirm import ConfirmScene
from solitaire.scenes.duel.dialogs import DuelMenuScene
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_duel_scene import run, started


def test_after_End_the_duel_waits_for_the_opponent_and_offers_the_result_now(app, driver):
    duel, rival = started(app, ScriptedRival([(30.0, "s")], name="Computer · Easy", end_at=50.0))
    assert not duel.duel.waiting and not duel.hurry_button.visible
    duel.end_now()
    assert duel.duel.waiting and duel.duel.can_hurry and duel.hurry_button.visible
    driver.draw()  # the waiting card and its button drawn (the picture is looked at by hand)
    run(app, 1.0)
    assert duel.duel.waiting and duel.duel.result is None  # the clock runs on for the opponent
    duel.hurry()
    assert duel.duel.hurried and not duel.hurry_button.visible
    run(app, 1.0)  # the scripted rival ends at 50 s: hurried there in a few frames
    assert duel.duel.result is not None and type(app.stack.top).__name__ == "DuelResultsScene"


def test_no_result_now_button_while_waiting_on_a_person(app):
    """A person's race cannot be played for them (tests/play): no button offers it."""
    person = ScriptedRival([], name="Sam", kind="network")
    person.pausable = False
    duel, _ = started(app, person)
    duel.end_now()
    assert duel.duel.waiting and not duel.hurry_button.visible
    duel.hurry()
    assert not duel.hurry_button.visible


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
    assert app.stack.top is duel and duel.duel.result is None
