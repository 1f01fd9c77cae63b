"""Issue 13 of issue 12: a drag ends cleanly whenever the window changes or the button is let go
anywhere, and the next click always counts."""

from __future__ import annotations

import pygame

from solitaire.core import STOCK, TABLEAU, Pile
from solitaire.view.layout import Slot

T1, T7 = Pile(TABLEAU, 0), Pile(TABLEAU, 6)


def card_centre(scene, pile):
    sprite = scene.view.by_slot[Slot(pile, len(scene.game.pile(pile)) - 1)]
    w, h = scene.layout.card
    return int(sprite.pos[0] + w // 2), int(sprite.pos[1] + h // 2)


def pile_centre(scene, pile):
    x, y = scene.layout.pile_origin(pile)
    w, h = scene.layout.card
    return x + w // 2, y + h // 2


def start_drag(app, driver):
    app.settings = app.settings.updated(one_tap=False)
    app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(3)
    scene = driver.scene
    start = card_centre(scene, T1)
    driver.down(start)
    for step in range(1, 6):
        driver.move((start[0] + 30 * step, start[1] + 10 * step))
    assert scene.pointer.press is not None and scene.pointer.press.dragging
    return scene


def assert_clean_and_next_click_counts(scene, driver):
    assert scene.pointer.press is None and not any(sprite.dragging for sprite in scene.view.sprites)
    driver.settle(1)
    assert scene.view.by_slot[Slot(T1, 0)].pos == scene.layout.card_positions(scene.game)[Slot(T1, 0)]
    moves = scene.game.moves
    driver.click(pile_centre(scene, Pile(STOCK)))
    assert scene.game.moves == moves + 1, "the next click was swallowed"


def test_a_resize_below_the_minimum_mid_drag_then_a_release_outside(app, driver):
    """The reported case: drag, resize below the minimum (the window is recreated), let go
    outside: the card floated and the next click was swallowed."""
    scene = start_drag(app, driver)
    pygame.display.set_mode((500, 400), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(500, 400), w=500, h=400))
    assert_clean_and_next_click_counts(scene, driver)
    assert scene.game.moves == 1


def test_a_button_let_go_where_no_event_came_from(app, driver):
    scene = start_drag(app, driver)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    assert_clean_and_next_click_counts(scene, driver)


def test_a_button_up_outside_the_window_drops_nothing(app, driver):
    scene = start_drag(app, driver)
    driver.move(card_centre(scene, T7))
    assert scene.pointer.press.drop == T7
    driver.up((-40, 300))
    assert scene.game.moves == 0
    assert_clean_and_next_click_counts(scene, driver)


def test_a_press_whose_button_up_was_lost_does_not_eat_the_next_click(app, driver):
    scene = start_drag(app, driver)
    moves = scene.game.moves
    driver.click(pile_centre(scene, Pile(STOCK)))
    assert scene.game.moves == moves + 1 and scene.pointer.press is None


def test_losing_the_focus_or_opening_the_menu_mid_drag(app, driver):
    scene = start_drag(app, driver)
    app.dispatch(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert_clean_and_next_click_counts(scene, driver)
    start = card_centre(scene, T1)
    driver.down(start)
    driver.move((start[0] + 40, start[1] + 40))
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is not scene and scene.pointer.press is None
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene
    assert_clean_and_next_click_counts(scene, driver)


def test_a_drag_begun_by_the_click_that_activates_the_window(app, driver):
    """Issue 22: the window was inactive; the press that activates it starts a drag like any
    other. Events as SDL delivers them under openbox (with the click let through): the focus
    comes back, then the press, the motion and the release, all through the event queue."""
    app.settings = app.settings.updated(one_tap=False)
    app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(3)
    scene = driver.scene
    app.dispatch(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    start, end = card_centre(scene, T1), card_centre(scene, T7)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for step in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * step // 8, start[1] + (end[1] - start[1]) * step // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    for event in pygame.event.get():
        app.dispatch(event)
    assert scene.game.moves == 1 and not scene.game.tableau[0]
