"""The comfort settings of issue 16 at work: each changes the game at once, without a restart,
in English and in Arabic.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.app import ui
from solitaire.core import DRAW, STOCK, WASTE, Pile
from solitaire.main import _won_game
from solitaire.scenes.menus.settings import SettingsScene
from solitaire.scenes.table.win import WinScene
from solitaire.view.cardart import CardArt
from solitaire.view.palette import HIGHLIGHTS, Style
from solitaire.view.table import JUMP_SECONDS

CODE = "KL1-D1N-AAAAAAB"


@pytest.fixture
def arabic(app):
    i18n.set_language("ar")
    app.text.base_rtl = True
    yield
    i18n.set_language("en")
    app.text.base_rtl = False


def open_play(app, driver, **settings):
    app.settings = app.settings.updated(**settings)
    play = app.open("play", code=CODE)
    driver.settle(3)
    return play


def stock_x(play) -> int:
    return play.layout.pile_rect(Pile(STOCK)).centerx


# -- left hand ------------------------------------------------------------------------------

@pytest.mark.parametrize("rtl", [False, True])
def test_the_left_hand_puts_the_stock_on_the_other_side_at_once(app, driver, request, rtl):
    if rtl:
        request.getfixturevalue("arabic")
    play = open_play(app, driver)
    width = app.display.size[0]
    assert (stock_x(play) > width / 2) == rtl  # the language's side: left in English, right in Arabic
    card = play.view.by_slot
    app.change_settings(left_handed=True)
    assert (stock_x(play) > width / 2) == (not rtl)
    top = next(sprite for slot, sprite in card.items() if slot.pile == Pile(STOCK))
    assert (top.pos[0] > width / 2) == (not rtl)  # the cards went with it, without a flight
    assert not play.view.in_motion()
    app.change_settings(left_handed=False)
    assert (stock_x(play) > width / 2) == rtl


def test_with_the_left_hand_the_arrow_keys_follow_the_table_on_screen(app, driver):
    play = open_play(app, driver, left_handed=True)
    driver.key(pygame.K_RETURN)  # the board gets the focus, on the stock
    assert play.board.pile == Pile(STOCK)
    driver.key(pygame.K_LEFT)  # the waste is left of the stock now
    assert play.board.pile == Pile(WASTE)


# -- reduced motion -------------------------------------------------------------------------

def test_with_reduced_motion_a_draw_lands_in_under_80_ms(app, driver):
    play = open_play(app, driver)
    app.change_settings(reduced_motion=True, animation_speed=0.5)  # even at the slow speed
    play.play(DRAW)
    assert JUMP_SECONDS < 0.08
    driver.settle(0.075)
    assert not play.view.in_motion()


def test_without_reduced_motion_the_same_draw_is_still_moving(app, driver):
    play = open_play(app, driver)
    play.play(DRAW)
    driver.settle(0.075)
    assert play.view.in_motion()


def test_with_reduced_motion_a_new_deal_has_no_stagger(app, driver):
    play = open_play(app, driver, reduced_motion=True)
    play.new_deal()
    driver.settle(0.075)
    assert not play.view.in_motion()


def test_with_reduced_motion_a_win_shows_the_still_panel_and_no_cascade(app, driver):
    app.settings = app.settings.updated(reduced_motion=True)
    play = app.open("play", game=_won_game())
    play.finish.won_shown = False  # as if the last card had just landed
    driver.settle(1.5)
    assert play.finish.cascade is None and isinstance(app.stack.top, WinScene)


def test_without_reduced_motion_the_win_plays_its_cascade(app, driver):
    play = app.open("play", game=_won_game())
    play.finish.won_shown = False
    driver.settle(2.5)  # the staggered deal onto the foundations lands, and the cascade starts
    assert play.finish.cascade is not None and app.stack.top is play


def test_with_reduced_motion_the_title_appears_without_its_entrance(app, driver):
    app.settings = app.settings.updated(reduced_motion=True)
    title = app.open("title")
    assert title.reveal == 1.0 and title.slide == [1.0] * len(title.buttons)
    for _ in title.game_buttons:  # the games' pictures come a few a frame (issue 34), then nothing moves
        driver.draw()
    assert not title.wants_frames()


# -- four colours and high contrast -----------------------------------------------------------

def test_the_four_colour_deck_changes_the_faces_at_once(app, driver):
    play = open_play(app, driver)
    diamond_before = pygame.image.tobytes(play.art.face(26 + 4), "RGBA")
    app.change_settings(four_colour_deck=True)
    assert play.art.style == Style(four_colour=True)
    assert pygame.image.tobytes(play.art.face(26 + 4), "RGBA") != diamond_before


def test_four_inks_for_four_suits_and_two_without():
    assert len({Style(four_colour=True).ink(suit) for suit in range(4)}) == 4
    assert len({Style().ink(suit) for suit in range(4)}) == 2


def test_the_four_colour_deck_tints_thoughtful_s_foundation_marks():
    plain, tinted = CardArt((100, 140)), CardArt((100, 140), style=Style(four_colour=True))
    for suit in range(4):
        assert (pygame.image.tobytes(plain.slot("foundation", suit), "RGBA")
                != pygame.image.tobytes(tinted.slot("foundation", suit), "RGBA"))


def test_high_contrast_changes_the_table_at_once(app, driver):
    open_play(app, driver)
    before = pygame.image.tobytes(driver.draw(), "RGB")
    app.change_settings(high_contrast=True)
    assert pygame.image.tobytes(driver.draw(), "RGB") != before
    felt_pixel = app.display.surface.get_at((3, app.display.size[1] - 3))
    assert felt_pixel[:3] == (18, 22, 26)  # a plain dark table


def _shape(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 40)


@pytest.mark.parametrize("size", [(40, 56), (100, 140), (240, 336)])
def test_in_high_contrast_no_two_marks_share_a_shape(size):
    """Drop target, hint, selection and focus differ in outline, not in hue alone."""
    art = CardArt(size, style=Style(high_contrast=True))
    shapes = {name: _shape(art.highlight(name)) for name in HIGHLIGHTS}
    names = list(shapes)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            overlap = shapes[first].overlap_area(shapes[second], (0, 0))
            assert overlap < max(shapes[first].count(), shapes[second].count()), (first, second)


def test_in_high_contrast_cards_have_a_strong_black_outline():
    plain, strong = CardArt((100, 140)), CardArt((100, 140), style=Style(high_contrast=True))
    assert strong.border_width() >= 2 * plain.border_width()
    assert strong.face(0).get_at((50, 1))[:3] == (0, 0, 0)
    assert strong.face(0).get_at((50, 130))[:3] == (255, 255, 255)


def test_in_high_contrast_the_keyboard_focus_ring_is_yellow_and_thicker(app, driver):
    assert ui.Look.focus() == (ui.FOCUS, 1.0)
    app.change_settings(high_contrast=True)
    colour, weight = ui.Look.focus()
    assert colour == (255, 226, 0) and weight > 1


# -- the settings dialog's Comfort page -------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_comfort_page_is_reached_by_keyboard_and_sets_each_setting(app, driver, request, lang):
    if lang == "ar":
        request.getfixturevalue("arabic")
    app.open("title")
    settings = app.open("settings")
    assert isinstance(settings, SettingsScene)
    for _ in range(30):
        if settings.group.focused is settings.pages:
            break
        driver.key(pygame.K_TAB)
    assert settings.group.focused is settings.pages
    driver.key(pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT)  # the next page, as read
    assert settings.page == "comfort" and settings.toggles["high_contrast"].visible
    assert not settings.toggles["one_tap"].visible
    for key in ("four_colour_deck", "high_contrast", "reduced_motion", "left_handed"):
        for _ in range(30):
            if settings.group.focused is settings.toggles[key]:
                break
            driver.key(pygame.K_TAB)
        driver.key(pygame.K_RETURN)
        assert getattr(app.settings, key) is True
    for _ in range(30):
        if settings.group.focused is settings.text_size:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT)  # Large, at once
    assert app.settings.text_size == "large" and ui.Look.text_scale > 1
    assert settings.page == "comfort" and settings.group.focused is settings.text_size
    assert [name for name, _ in settings.pages.options] == ["play", "display", "comfort", "network"]
    panel = settings.panel.rect
    first, second = settings._columns()["comfort"]
    for widget in [w for w, _ in first + second] + [settings.pages, settings.close_button]:
        assert panel.contains(widget.rect), widget
    driver.draw()
