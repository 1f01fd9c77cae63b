"""Switching the interface language in Settings keeps the player where they were (issue 11):
the same scenes on the stack, the same game in the same position, every string in the new
language and the table mirrored for Arabic.
"""

import pygame
import pytest

from solitaire import i18n
from solitaire.app import ui
from solitaire.core.position import game_from_json
from solitaire.i18n.ar import STRINGS as ARABIC
from solitaire.scenes.menus.menu import MenuScene
from solitaire.scenes.menus.settings import SettingsScene
from solitaire.scenes.menus.title import TitleScene
from solitaire.scenes.table.play import PlayScene

LANGUAGE_NAMES = {"English", "العربية"}  # each language's own name, the same in every language


def arabic_letters(text: str) -> bool:
    return any("\u0600" <= ch <= "\u06ff" for ch in text)


def arabic(text: str) -> bool:
    """Written in Arabic, or a name the Arabic table itself keeps in Latin letters."""
    return arabic_letters(text) or text in ARABIC.values()


def shown_strings(scene) -> list[str]:
    """Every word a scene's widgets show: labels, titles and the options of its choices."""
    out = []
    for widget in scene.group.widgets:
        if not widget.visible:
            continue
        for text in [getattr(widget, "label", ""), getattr(widget, "title", "")]:
            if text:
                out.append(text)
        for _, text in getattr(widget, "options", []):
            if text not in LANGUAGE_NAMES:
                out.append(text)
    return out


@pytest.fixture
def in_game_settings(app, driver):
    """Title, a Klondike deal with two moves, its menu and the settings over them."""
    app.card_backs = ["blue", "red", "green"]
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(2)
    play.draw_stock()
    play.draw_stock()
    driver.settle(1)
    driver.draw()  # the table has been on screen
    app.open("menu", play=play)
    app.open("settings")
    driver.settle(0.5)
    yield play
    i18n.set_language("en")
    app.text.base_rtl = False


def test_the_game_stays_where_it_was_in_the_new_language(app, driver, in_game_settings):
    play = in_game_settings
    position = play.game.to_json()
    driver.scene.language.select(1)  # العربية
    assert i18n.language() == "ar" and app.text.base_rtl and app.settings.language == "ar"
    scenes = app.stack.scenes
    assert [type(s) for s in scenes] == [TitleScene, PlayScene, MenuScene, SettingsScene]
    assert scenes[1] is play and play.game.to_json() == position and play.session.counted
    for scene in scenes:
        words = shown_strings(scene)
        assert words and all(arabic(word) for word in words), (type(scene).__name__, words)
    assert [text for _, text in driver.scene.backs.options] == ["أزرق", "أحمر", "أخضر"]
    assert play.layout.rtl and scenes[2].rtl
    driver.draw()

    driver.scene.language.select(0)  # and back to English
    assert [type(s) for s in app.stack.scenes] == [TitleScene, PlayScene, MenuScene, SettingsScene]
    for scene in app.stack.scenes:
        assert not any(arabic_letters(word) for word in shown_strings(scene)), shown_strings(scene)
    assert [text for _, text in driver.scene.backs.options] == ["Blue", "Red", "Green"]
    assert play.game.to_json() == position and not play.layout.rtl


def test_the_mirrored_table_is_the_one_a_fresh_arabic_game_shows(app, driver, in_game_settings):
    play = in_game_settings
    driver.scene.language.select(1)
    app.stack.pop()
    app.stack.pop()
    assert app.stack.top is play
    driver.settle(1)
    switched = driver.draw().copy()
    fresh = app.open("play", game=game_from_json(play.game.to_json()))
    driver.settle(2)
    expected = driver.draw().copy()
    table = pygame.Rect(0, play.bar.rect.bottom, *app.display.size)
    table.h -= play.bar.rect.bottom
    assert fresh.layout.rtl
    assert pygame.image.tobytes(switched.subsurface(table), "RGB") == \
        pygame.image.tobytes(expected.subsurface(table), "RGB")


def test_the_settings_keep_the_focus_on_the_language_choice(app, driver, in_game_settings):
    settings = driver.scene
    for _ in range(40):
        if settings.group.focused is settings.language:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RIGHT)  # العربية is the second choice
    assert i18n.language() == "ar"
    assert app.stack.top is settings and settings.group.focused is settings.language
    assert settings.group.focus_visible and isinstance(settings.language, ui.SegmentedChoice)


def test_a_game_in_play_hears_no_shuffle_when_the_title_under_it_is_rebuilt(app, driver, in_game_settings):
    played = []
    app.audio.play = played.append
    driver.scene.language.select(1)
    assert "shuffle" not in played
