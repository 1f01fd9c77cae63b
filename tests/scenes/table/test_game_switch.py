"""Changing game in a play scene rebuilds the table from the new game's layout (issue 11, item 2).

Each switch is checked against a play scene opened fresh on the same deal: the empty foundation
slots must look the same (Thoughtful's ♠♥♦♣, Klondike's plain "A"), and a dropped Ace must
follow the new game's own rule (TF-3: its suit's fixed place; K-5: any empty foundation).
"""

from __future__ import annotations

import pygame

from solitaire.core import FOUNDATION, TABLEAU, Pile, parse_card, parse_code
from tests.scenes.table.test_play import centre

ACE_OF_HEARTS = parse_card("AH")[0]
COLUMN_1 = Pile(TABLEAU, 0)  # deal 3 (…AAAAAAD) has the A♥ alone in column 1, in both games


def foundation_pixels(driver, scene) -> list[bytes]:
    """What each foundation slot shows on screen, pixel for pixel."""
    surface = driver.draw()
    return [pygame.image.tobytes(surface.subsurface(scene.layout.pile_rect(Pile(FOUNDATION, i))), "RGB")
            for i in range(scene.game.rules.foundation_count)]


def fresh_pixels(app, driver, code: str) -> list[bytes]:
    """The foundation slots of a play scene opened on ``code`` from nothing."""
    fresh = app.open("play", code=code)
    driver.settle(2)
    try:
        return foundation_pixels(driver, fresh)
    finally:
        app.stack.pop()


def drop_ace_on_first_foundation(driver, scene) -> int:
    """Drag the A♥ of column 1 onto foundation 1's slot; the foundation it ends on."""
    driver.drag(centre(scene, COLUMN_1), centre(scene, Pile(FOUNDATION, 0)))
    driver.settle(1)
    return next(i for i, pile in enumerate(scene.game.foundations) if pile == [ACE_OF_HEARTS])


def test_a_game_code_rebuilds_the_slots_both_ways_TF3_K5(app, driver):
    thoughtful, klondike = "TF1-D1N-AAAAAAD", "KL1-D1N-AAAAAAD"
    expected_tf, expected_kl = fresh_pixels(app, driver, thoughtful), fresh_pixels(app, driver, klondike)
    assert expected_tf != expected_kl  # suit marks against plain slots: the check can tell them apart

    scene = app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(2)
    driver.draw()  # the table has been on screen before the switch
    scene.session.start_code(parse_code(thoughtful))
    driver.settle(2)
    assert foundation_pixels(driver, scene) == expected_tf
    assert drop_ace_on_first_foundation(driver, scene) == 1  # TF-3: the hearts' own place

    scene.session.start_code(parse_code(klondike))
    driver.settle(2)
    assert foundation_pixels(driver, scene) == expected_kl
    assert drop_ace_on_first_foundation(driver, scene) == 0  # K-5: any empty foundation


def test_the_new_game_path_rebuilds_the_slots_too(app, driver):
    scene = app.open("play", code="TF1-D1N-AAAAAAB")
    driver.settle(2)
    driver.draw()
    scene.session.start("klondike", 1, "standard", resume=False)
    driver.settle(2)
    assert foundation_pixels(driver, scene) == fresh_pixels(app, driver, str(scene.game.code))


def test_switching_game_forgets_the_old_board_focus(app, driver):
    """Double's ninth column does not exist in Thoughtful: the keyboard must not look for it."""
    scene = app.open("play", code="DS1-D1N-AAAAAAB")
    driver.settle(2)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_DOWN)
    for _ in range(8):
        driver.key(pygame.K_RIGHT)
    assert scene.board.pile == Pile(TABLEAU, 8)
    scene.session.start_code(parse_code("TF1-D1N-AAAAAAB"))
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_LEFT)
    driver.draw()
    assert scene.board.pile.kind != TABLEAU or scene.board.pile.index < 7
