"""C-13: Menu → Demo, driven by posted events: the computer plays on (the solver's line where
every card is known, the no-peek player's moves elsewhere), in the worker process; any key or
click gives the table back; a game the demo played in is never the player's win."""

from __future__ import annotations

import time

import pygame

from solitaire.core import DRAW, FOUNDATION, TABLEAU, Pile
from solitaire.play.session import Session, load_played

from tests.scenes.table.test_play import _position, centre, open_play

SPADES_AND_HEARTS_LEFT = {
    0: ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"],
    1: ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"],
    2: ["AH"], 3: ["AS"],
}
CLUBS_AND_DIAMONDS_HOME = {2: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split(),
                           3: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC".split()}


def choose_demo(app, driver) -> None:
    """Escape opens the menu; a click on its Demo button."""
    driver.key(pygame.K_ESCAPE)
    menu = app.stack.top
    button = next(b for b in menu.buttons if b.label == app.t("menu.demo"))
    assert button.enabled
    driver.settle(0.5)
    driver.click(button.rect.center)


def run_until(driver, done, seconds: float = 60) -> None:
    """Frames go on (the worker thinks in real time meanwhile) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        driver.settle(0.1)
        time.sleep(0.005)
    assert done()


def test_C13_the_demo_plays_the_solvers_line_to_the_win_and_the_win_is_not_the_players(app, driver):
    game = _position("thoughtful", SPADES_AND_HEARTS_LEFT, foundations=CLUBS_AND_DIAMONDS_HOME, stock_empty=True)
    scene = open_play(app, driver, code="TF1-D1N-AAAAAAB", game=game)
    driver.click(centre(scene, Pile(TABLEAU, 2)))  # the player's own move: A♥ home
    assert scene.game.moves == 1 and scene.session.at_stake()
    slot = scene.session.slot
    choose_demo(app, driver)
    confirm = app.stack.top
    assert confirm is not scene and app.t("demo.confirm") == confirm.message  # it gives the game up
    driver.settle(0.5)
    driver.click(confirm.yes.rect.center)
    assert scene.demo.running
    run_until(driver, lambda: scene.demo.question is not None or scene.game.moves > 1)
    assert scene.demo.solver_asked  # every card known: the solver's line
    run_until(driver, lambda: scene.game.won)
    run_until(driver, lambda: not scene.demo.running)  # it stops at its next update after the win
    assert scene.game.moves == 26
    stats = app.services.store.stats(slot)
    assert stats.played == 1 and stats.won == 0  # given up to the demo: lost, and its win not counted
    run_until(driver, lambda: app.stack.top is not scene)  # the cascade, then the win panel
    assert type(app.stack.top).__name__ == "WinScene" and app.stack.top.title == app.t("win.demo_title")


def test_C13_the_no_peek_player_plays_where_cards_are_hidden_and_any_key_or_click_stops_it(app, driver):
    scene = open_play(app, driver, code="KL1-D3N-AAAAAAB")
    choose_demo(app, driver)  # no move yet: nothing to give up, no question
    assert app.stack.top is scene and scene.demo.running
    run_until(driver, lambda: scene.game.moves >= 3)
    assert not scene.demo.solver_asked  # cards hidden: the computer player's moves, never the solver's
    assert scene.session.demo_played and not scene.session.counted
    driver.key(pygame.K_a)  # any key
    assert not scene.demo.running
    moves = scene.game.moves
    driver.settle(3)
    assert scene.game.moves == moves  # the table is the player's again
    scene.start_demo()
    run_until(driver, lambda: scene.game.moves > moves)
    driver.down((5, scene.app.display.size[1] - 5))  # any click, anywhere
    assert not scene.demo.running


def test_C13_a_game_the_demo_played_in_stays_uncounted_when_saved_and_resumed(app, driver):
    scene = open_play(app, driver, code="KL1-D3N-AAAAAAB")
    scene.start_demo()
    run_until(driver, lambda: scene.game.moves >= 1)
    driver.key(pygame.K_ESCAPE)  # the table back
    driver.key(pygame.K_SPACE)  # the player plays on: still not counted
    assert not scene.session.counted
    scene.session.put_aside()
    loaded = app.services.store.load_game(scene.session.slot, load_played)
    assert loaded is not None and loaded[3] is True
    resumed = Session.restored(app.services.store, scene.session.slot)
    assert resumed.demo_played and not resumed.counted and not resumed.at_stake()
    resumed.record_win()  # even a win there is not counted
    assert app.services.store.stats(scene.session.slot).played == 0


def test_C13_the_demo_plays_tripeaks_from_what_is_in_sight(app, driver):
    """TriPeaks' face-down places (TP-1) keep the solver's line out: the no-peek hint plays, a
    card or a stock card a move, each a legal move of the rules core."""
    scene = open_play(app, driver, code="TP1-D1N-AAAAAAB")
    scene.start_demo()
    run_until(driver, lambda: scene.game.moves >= 1)
    assert not scene.demo.solver_asked and scene.session.demo_played
    first = scene.game.log[0]
    assert first == DRAW or first.dst == Pile(FOUNDATION, 0)  # a card onto the pile, or the stock's turned there (TP-3, TP-4)
    driver.key(pygame.K_a)
    assert not scene.demo.running


def test_PY6_the_demo_plays_pyramid_pairs_from_what_is_in_sight(app, driver):
    """Pyramid's stock lies face down but for its top card: the demo's moves are the no-peek
    player's (``pairs.seen_hint``), which remove cards from the pyramid, not only turn the stock."""
    scene = open_play(app, driver, code="PY1-D1N-IPKSEDD")
    choose_demo(app, driver)
    assert scene.demo.running
    run_until(driver, lambda: sum(map(len, scene.game.tableau)) <= 26)
    assert not scene.demo.solver_asked and sum(map(len, scene.game.tableau)) <= 26
    assert scene.session.demo_played and not scene.session.counted
