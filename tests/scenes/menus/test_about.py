"""The About page (issue 37 item 3): title → About, in English and Arabic; the version, the
game's licence, every work listed in assets/licenses/notices.toml, each opening its licence's
whole text in a scrolling page."""

from __future__ import annotations

import pygame
import pytest

from solitaire import __version__
from solitaire.app import notices
from solitaire.scenes.menus.about import AboutScene, LicenceScene
from tests.scenes.conftest import Driver


def _open_about(app) -> Driver:
    driver = Driver(app)
    app.open("title")
    app.stack.on_resize(app.display.size)
    driver.settle(1.5)
    about = next(b for b in app.stack.top.buttons if b.label == app.t("menu.about"))
    driver.click(about.rect.center)
    assert isinstance(app.stack.top, AboutScene)
    driver.settle(0.5)
    driver.draw()
    return driver


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_about_page_opens_from_the_title_and_shows_the_version_and_every_work(make_app, lang):
    app = make_app(lang=lang)
    driver = _open_about(app)
    about = app.stack.top
    assert about.title == app.t("about.title") != "about.title"
    assert [work.name for work in about.works] == [work.name for work in notices.works()]
    assert len(about.work_rects) == len(about.works) > 30
    assert __version__ in app.t("about.version", version=__version__)
    driver.key(pygame.K_END)
    driver.settle(0.5)
    assert about.scroll == about.max_scroll > 0  # the list scrolls to its last work


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_work_opens_its_whole_licence_text_from_the_keyboard_and_the_mouse(make_app, lang):
    app = make_app(lang=lang)
    driver = _open_about(app)
    about = app.stack.top
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    licence = app.stack.top
    assert isinstance(licence, LicenceScene) and licence.work == about.works[1]
    driver.settle(0.3)
    driver.draw()
    shown = " ".join(line for line, _, _ in licence.lines)
    assert " ".join(notices.licence_text(about.works[1]).split()) in " ".join(shown.split())
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is about

    driver.settle(0.3)
    row = about.work_rects[0].move(about.view.x + (about.view.w - about.text_width if about.rtl else 0),
                                   about.view.y - int(about.scroll))
    driver.click(row.center)
    assert isinstance(app.stack.top, LicenceScene) and app.stack.top.work == about.works[0]
    lgpl = app.stack.top
    driver.key(pygame.K_END)
    driver.settle(1.5)
    driver.draw()
    assert lgpl.scroll == lgpl.max_scroll > 10 * lgpl.view.h  # the LGPL's 500 lines scroll


def test_the_licence_button_shows_the_games_own_licence_which_is_the_top_level_license(make_app):
    app = make_app()
    driver = _open_about(app)
    driver.click(app.stack.top.licence_button.rect.center)
    own = app.stack.top
    assert isinstance(own, LicenceScene) and own.work is None
    assert [line for line, _, reading in own.lines if not reading][0] == "MIT License"
    root = notices.asset_path("..", "LICENSE").resolve()
    assert notices.own_licence_text() == root.read_text(encoding="utf-8")
