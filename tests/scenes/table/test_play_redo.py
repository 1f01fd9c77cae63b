"""C-12 on the tables: Ctrl+Y, Ctrl+Shift+Z and the Redo button beside Undo, in every game and
the Duel, driven by posted events; the duel server is told a redo as the move it is."""

from __future__ import annotations

import time

import pygame
import pytest

from solitaire.core import DRAW
from solitaire.core.save import load_save

from solitaire.net.mirror import visible_table
from solitaire.scenes.duel.online_race import OnlineRaceScene
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_duel_scene import started
from tests.scenes.table.test_play import open_play
from tests.server.helpers import LOCAL, Raw


def position(game) -> dict:
    state = game.to_json()
    del state["moves"]
    return state


@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "DS1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB"])
def test_C12_redo_by_ctrl_y_ctrl_shift_z_and_the_button_in_every_game(app, driver, code):
    scene = open_play(app, driver, code=code, show_rule_numbers=True)  # the refusal's rule id shown
    assert not scene.redo_button.enabled
    states = [position(scene.game)]
    for _ in range(3):
        driver.key(pygame.K_SPACE)  # a stock click each
        states.append(position(scene.game))
    for _ in range(3):
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert position(scene.game) == states[0] and scene.redo_button.enabled
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert position(scene.game) == states[1]
    driver.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert position(scene.game) == states[2]
    driver.click(scene.redo_button.rect.center)
    assert position(scene.game) == states[3] and not scene.redo_button.enabled
    assert scene.game.moves == 6  # three played, three played again: undo never lowered it
    driver.key(pygame.K_y, pygame.KMOD_CTRL)  # nothing left to redo: said, with its rule
    assert scene.hud.toast is not None and scene.hud.toast.note.endswith("C-12")


def test_C12_a_new_move_on_the_table_ends_redo_and_the_save_keeps_it(app, driver):
    scene = open_play(app, driver, code="KL1-D3N-AAAAAAB")
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_u)
    driver.key(pygame.K_u)
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    saved = app.services.store.load_game(scene.session.slot, load_save)
    assert saved is not None and saved[0].undone == scene.game.undone == [DRAW]
    driver.key(pygame.K_SPACE)  # a new move: nothing to redo any more
    assert not scene.game.can_redo and not scene.redo_button.enabled


def test_C12_redo_in_the_duel_by_its_button_and_keys_tells_the_rival(app, driver):
    """The Duel's Undo and Redo buttons and keys reach the race (what the rival makes of a redo
    told it: tests/play/test_duel_race.py)."""
    duel, rival = started(app, ScriptedRival([], name="Computer · Medium"))
    driver.key(pygame.K_SPACE)
    after = position(duel.game)
    duel.undo_button.on_click()
    assert duel.redo_button.enabled
    driver.click(duel.redo_button.rect.center)
    assert position(duel.game) == after and not duel.redo_button.enabled
    assert [text for _, text, _ in rival.heard] == ["s", "u", "s"]
    driver.key(pygame.K_u)
    driver.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert [text for _, text, _ in rival.heard][-2:] == ["u", "s"]


def wait_for(app, until, limit=5000) -> None:
    for _ in range(limit):
        app.stack.update(1 / 60)
        if until():
            return
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def test_C12_the_duel_server_hears_a_redo_as_the_move_it_is_and_plays_it_through_its_checks(app, driver):
    app.open("title")
    lobby = app.open("net_lobby", role="host", address=LOCAL, port=0)  # a network duel: its server here
    wait_for(app, lambda: lobby.address is not None)
    server = lobby.server
    bob = Raw(lobby.address.url)
    try:
        bob.hello("Bob")
        bob.say({"type": "room", "code": lobby.address.room})
        bob.hear_type("matched")
        wait_for(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        race = app.stack.top
        # the scene takes moves from the frame after the clock passes 0:00 (``duel.started``), not
        # from the instant ``ready`` turns true: a key between the two was dropped (a run under
        # load failed so, the three moves never sent)
        wait_for(app, lambda: race.duel.started and race.online.ready)
        for key, mods in ((pygame.K_SPACE, 0), (pygame.K_u, 0), (pygame.K_y, pygame.KMOD_CTRL)):
            driver.key(key, mods) if mods else driver.key(key)
            wait_for(app, lambda: race.online.ready)
        refereed = server.duel_server.duels[race.online.matched.duel]
        side = [seat.name for seat in refereed.sides].index(race.online.client.name[:20])
        wait_for(app, lambda: refereed.sides[side].moves == 3)
        assert [entry[2] for entry in refereed.log if entry[1] == side] == ["s", "u", "r"]
        assert visible_table(race.game) == refereed.table(side) and refereed.race.games[side].moves == 2
        told = [bob.hear_type("rival") for _ in range(3)]  # the rival hears each move's progress, no card
        assert [progress["moves"] for progress in told] == [1, 1, 2]  # C-12: undo never lowers the count, a redo adds one
        assert all(set(progress) == {"type", "score", "home", "moves", "ended", "away", "total"} for progress in told)
    finally:
        bob.close()
        app.stack.clear()
