"""The refused-move message at the table: the reason in words, the rule's id apart and small,
always the id of the game being played (TF-7; issue 11)."""

from __future__ import annotations

import re

import pygame

from solitaire import i18n
from solitaire.core import DRAW, TABLEAU, Pile

from tests.positions import build
from tests.scenes.table.test_play import centre

RULE_ID = re.compile(r"\b(C|K|DS|TF|DU)-\d")


def at_table(app, driver, game):
    app.settings = app.settings.updated(show_rule_numbers=True)
    app.open("play", code=str(game.code) if game.code else "TF1-D1N-AAAAAAB")
    scene = driver.scene
    scene._replace_game(game)
    driver.settle(3)
    return scene


def test_TF6_a_refused_double_click_in_thoughtful_names_thoughtfuls_rule(app, driver):
    scene = at_table(app, driver, build("thoughtful", tableau=["5H", "9C"], foundations=[]))
    spot = centre(scene, Pile(TABLEAU, 0))
    driver.click(spot)
    driver.click(spot)
    assert scene.hud.toast is not None and scene.hud.toast.note == "Rule TF-6"  # was DS-8, Double's
    assert "5 of hearts" in scene.hud.toast.text and not RULE_ID.search(scene.hud.toast.text)


def test_TF6_the_rule_line_is_arabic_in_arabic(app, driver):
    i18n.set_language("ar")
    try:
        scene = at_table(app, driver, build("thoughtful", tableau=["5H", "9C"], foundations=[]))
        spot = centre(scene, Pile(TABLEAU, 0))
        driver.click(spot)
        driver.click(spot)
        assert scene.hud.toast.note == "القاعدة TF-6\u200f"  # the code closed by a RIGHT-TO-LEFT MARK (i18n.t)
        assert "5♥" in scene.hud.toast.text and not RULE_ID.search(scene.hud.toast.text)
        driver.draw()
    finally:
        i18n.set_language("en")


def test_DS9_undo_past_the_limit_says_the_limit_and_its_rule(app, driver):
    from solitaire.core import Game, parse_code

    game = Game.deal(parse_code("DS1-D1N-AAAAAAB"))
    for _ in range(203):
        game.apply(DRAW)
    scene = at_table(app, driver, game)
    for _ in range(200):
        driver.key(pygame.K_u)
    assert scene.game.moves == 203 and not scene.game.can_undo
    assert scene.undo_button.enabled  # a click on it says why it takes nothing back
    driver.click(scene.undo_button.rect.center)
    assert scene.hud.toast.note == "Rule DS-9"
    assert scene.hud.toast.text == "Undo reaches back only 200 moves, and you have taken all of them back"


def toast_lines(app, scene, monkeypatch) -> list[str]:
    """The toast's lines as drawn (its note apart)."""
    drawn: list[str] = []
    render = type(app.text).render

    def recording(self, text, size, *args, **kwargs):
        drawn.append(text)
        return render(self, text, size, *args, **kwargs)

    monkeypatch.setattr(type(app.text), "render", recording)
    scene.hud.draw_toast(app.display.surface)
    return drawn


def test_a_refusal_never_leaves_one_word_on_a_line_of_its_own(make_app, monkeypatch):
    """Issue 22: in Arabic "no column takes 10♦ now: … or an empty column if it is a" wrapped
    "King" onto a line of its own at 1280×720."""
    app = make_app((1280, 720), "ar")
    scene = app.open("play", code="KL1-D1N-AAAAAAB")
    text = app.t("refusal.no_column", card="10♦")
    assert len(app.text.wrap(text, 15, 768)[-1].split()) == 1  # the toast's size and width
    scene.hud.say(text)
    lines = toast_lines(app, scene, monkeypatch)
    assert len(lines) == 2 and " ".join(lines) == text
    assert all(len(line.split()) > 3 for line in lines), lines
