"""The table says what its game is until the game ends (issue 33): that the demo played in it, so
it no longer counts (C-13), and that it is the daily deal of its day (DD-1); a game like any other
carries no mark. Checked in the picture: a pill in the bottom corner the status pill leaves free."""

from __future__ import annotations

from datetime import date

import pygame
import pytest


def gold_in_corner(surface: pygame.Surface, rtl: bool) -> int:
    """Pixels of the mark's gold ink in the bottom corner opposite the status pill."""
    w, h = surface.get_size()
    xs = range(0, w // 3) if rtl else range(w - w // 3, w)
    return sum(1 for x in xs for y in range(h - h // 12, h, 1)
               if (lambda c: c.r > 200 and c.g > 170 and c.b < 170)(surface.get_at((x, y))))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_C13_a_game_the_demo_played_in_says_so_on_the_table(make_app, lang):
    app = make_app((1280, 720), lang)
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    app.stack.draw(app.display.surface, 1.0)
    assert play.mark() == "" and gold_in_corner(app.display.surface, lang == "ar") == 0
    play.session.demo_played = True  # as the demo's first move leaves it
    assert play.mark() == app.t("table.demo_mark")
    app.stack.draw(app.display.surface, 1.0)
    assert gold_in_corner(app.display.surface, lang == "ar") > 30


@pytest.mark.parametrize("lang, said", [("en", "Daily deal of 2 December 2026"),
                                        ("ar", "توزيعة 2 ديسمبر 2026 اليومية")])
def test_DD1_a_daily_deals_table_names_its_day(make_app, lang, said):
    app = make_app((1280, 720), lang)
    play = app.open("play", game_id="klondike", draw=1, scoring="standard", daily=date(2026, 12, 2))
    assert play.mark() == said
    app.stack.draw(app.display.surface, 1.0)
    assert gold_in_corner(app.display.surface, lang == "ar") > 30
    play.session.demo_played = True
    assert play.mark() == f"{said}  ·  {app.t('table.demo_mark')}"
