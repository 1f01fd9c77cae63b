"""The face style chosen in Settings (issue 33, item 6) changes the cards at once: the table's
court cards are drawn again in the style chosen, in English and in Arabic, and the title's
pictures of the games follow too."""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.view.palette import Style

CODE = "KL1-D1N-AAAAAAB"
KING_OF_CLUBS, SEVEN_OF_HEARTS = 3 * 13 + 12, 13 + 6


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_choosing_simple_faces_in_settings_redraws_the_courts_at_once(app, driver, language):
    i18n.set_language(language)
    app.text.base_rtl = i18n.is_rtl()
    try:
        play = app.open("play", code=CODE)
        driver.settle(3)
        king, seven = pixels(play.art.face(KING_OF_CLUBS)), pixels(play.art.face(SEVEN_OF_HEARTS))
        settings = app.open("settings")
        assert [value for value, _ in settings.faces.options] == ["classic", "simple"]
        assert settings.faces_label.label == app.t("settings.card_faces") != "settings.card_faces"
        settings.faces.select(1)
        assert app.settings.card_faces == "simple"
        driver.draw()
        assert play.art.style == Style(faces="simple")
        assert pixels(play.art.face(KING_OF_CLUBS)) != king
        assert pixels(play.art.face(SEVEN_OF_HEARTS)) == seven
        settings.faces.select(0)
        assert pixels(play.art.face(KING_OF_CLUBS)) == king
    finally:
        i18n.set_language("en")
        app.text.base_rtl = False


def test_the_title_s_cards_follow_the_face_style(app, driver):
    """The title's cards are its games' pictures (issue 34): drawn again in the style chosen."""
    title = app.open("title")
    driver.settle(1)
    tile = title.game_buttons[0]

    def picture() -> bytes:
        for _ in title.game_buttons:  # a few pictures a frame
            driver.draw()
        return pixels(tile.picture(tile.game_id, tile.picture_rect.size))

    classic = picture()
    app.change_settings(card_faces="simple")
    simple = picture()
    assert simple != classic  # Klondike's opening shows a King: its court is drawn anew
    app.change_settings(card_faces="classic")
    assert picture() == classic
