"""The settings dialog: the animation speed control, the focus a keyboard player sees, and
labels that keep clear of their switches (issue 11)."""

import pygame
import pytest

from solitaire import i18n
from solitaire.app import ui
from solitaire.main import _persist
from solitaire.scenes.menus.settings import SettingsScene
from solitaire.store import Store

FAST, NORMAL, SLOW = 2, 1, 0  # the speed choice's segments


def speed_after_one_draw(app, driver, choice: int) -> bool:
    """Pick a speed in the settings over a deal, close them, draw once and let 0.12 s of game
    time pass: True if the drawn card has landed by then."""
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(2)
    settings = app.open("settings")
    settings.speed.select(choice)
    app.stack.pop()
    play.draw_stock()
    driver.settle(0.12)
    return not play.view.in_motion()


def test_a_faster_speed_works_at_once(app, driver):
    assert speed_after_one_draw(app, driver, FAST)
    assert app.settings.animation_speed == 2.0 and app.stack.top.view.speed == 2.0


def test_at_normal_speed_the_same_draw_is_still_moving(app, driver):
    assert not speed_after_one_draw(app, driver, NORMAL)


def test_the_speed_is_saved(app, driver):
    app.settings_listeners.append(lambda changed: _persist(app.services.store, changed, app.display, {}))
    app.open("title")
    app.open("settings").speed.select(SLOW)
    assert app.services.store.settings.animation_speed == 0.5
    assert Store(app.services.store.folder).settings.animation_speed == 0.5


def test_a_hand_edited_speed_shows_the_nearest_choice(app, driver):
    app.settings = app.settings.updated(animation_speed=1.3)
    app.open("title")
    assert app.open("settings").speed.value == 1.0


def test_the_speed_choices_speak_arabic(app, driver):
    i18n.set_language("ar")
    try:
        app.open("title")
        settings = app.open("settings")
        assert settings.speed_label.label == "سرعة حركة الأوراق"
        assert [text for _, text in settings.speed.options] == ["بطيئة", "عادية", "سريعة"]
        driver.draw()
    finally:
        i18n.set_language("en")


# -- focus --------------------------------------------------------------------------------

def test_settings_opened_with_the_keyboard_show_the_focus_on_the_first_item(app, driver):
    title = app.open("title")
    settings_button = next(b for b in title.buttons if b.label == "Settings")
    for _ in range(len(title.buttons) + 2):  # a Tab a button, whatever the number of games
        if title.group.focused is settings_button:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    assert settings.group.focused is settings.toggles["one_tap"] and settings.group.focus_visible


def test_the_first_tab_in_a_dialog_opened_with_the_mouse_shows_the_first_item(app, driver):
    title = app.open("title")
    settings_button = next(b for b in title.buttons if b.label == "Settings")
    driver.click(settings_button.rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and not settings.group.focus_visible
    driver.key(pygame.K_TAB)
    assert settings.group.focused is settings.toggles["one_tap"] and settings.group.focus_visible
    driver.key(pygame.K_TAB)
    assert settings.group.focused is settings.toggles["double_click"]


def test_the_new_game_window_opened_with_the_keyboard_shows_its_focus(app, driver):
    title = app.open("title")
    for _ in range(10):
        if title.group.focused is title.game_buttons[0]:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)  # Klondike
    dialog = app.stack.top
    assert dialog.group.focused is dialog.start_button and dialog.group.focus_visible


def test_the_game_menu_opened_with_escape_shows_its_focus_on_resume(app, driver):
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(2)
    driver.key(pygame.K_ESCAPE)
    menu = app.stack.top
    assert menu is not play and menu.group.focused is menu.buttons[0] and menu.group.focus_visible


# -- layout -------------------------------------------------------------------------------

@pytest.mark.parametrize("text_size", ["normal", "largest"])
@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1024, 640), (1216, 820), (960, 600)])
def test_no_toggle_label_comes_near_its_switch(app, language, size, text_size):
    i18n.set_language(language)
    try:
        app.text.base_rtl = i18n.is_rtl()
        app.change_settings(text_size=text_size)  # issue 16: a long label wraps, still clear
        app.open("title")
        for name, kwargs in (("settings", {}), ("new_game", {"game_id": "double"})):
            scene = app.open(name, **kwargs)
            scene.on_resize(size)
            for toggle in (w for w in scene.group.widgets if isinstance(w, ui.Toggle)):
                track, box = toggle._boxes()
                px = toggle.font_px or toggle.fitted_font_px()
                width = max(app.text.render(line, px, ui.INK).get_width() for line in toggle._lines(px))
                air = box.right - width - track.right if toggle.rtl else track.left - box.left - width
                assert air >= track.h // 2, (name, toggle.label, air)
            app.stack.pop()
    finally:
        i18n.set_language("en")
        app.text.base_rtl = False


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("text_size", ["normal", "largest"])
def test_the_page_tabs_are_at_the_top_and_each_page_fills_its_panel(make_app, lang, text_size):
    """Issue 22: the tabs sat at the bottom, and Comfort and Network were mostly empty frame."""
    app = make_app((1280, 720), lang, text_size=text_size)
    app.open("title")
    settings = app.open("settings")
    tabs_at = None
    for page in settings._columns():
        settings._turn_page(page)
        shown = [w for w in settings.group.widgets
                 if w.visible and w not in (settings.panel, settings.pages, settings.close_button)]
        panel, tabs, close = settings.panel.rect, settings.pages.rect, settings.close_button.rect
        assert tabs.bottom < min(w.rect.top for w in shown) and close.top > max(w.rect.bottom for w in shown)
        assert panel.contains(tabs) and panel.contains(close)
        tabs_at = tabs_at or tabs.topleft
        assert tabs.topleft == tabs_at, page  # the tabs stay put from page to page
        body = close.top - tabs.bottom
        used = max(w.rect.bottom for w in shown) - min(w.rect.top for w in shown)
        row = settings.toggles["sound"].rect.h
        assert body - used <= 1.5 * row, (page, used, body)  # a row's air around the page, no more
