"""Pyramid's pass through the stock (PY-4: three in all), shown under the stock where the level's
``[layout] pass_count`` asks for it ("Pass 1 of 3", «المرور 1 من 3»), and said where the stock's
count is said; the table only reads the game to show it."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from solitaire import i18n
from solitaire.core import DRAW, STOCK, TABLEAU, Game, Pile, parse_code
from solitaire.play import spoken

PYRAMID = "PY1-D1N-AAAAAAB"
WORDS = {"en": ("Pass 1 of 3", "Pass 2 of 3"), "ar": ("المرور 1 من 3", "المرور 2 من 3")}


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


def turned_back(game: Game) -> None:
    """Every stock card turned onto the waste, then the waste turned back: the second pass."""
    while game.stock:
        game.apply(DRAW)
    game.apply(DRAW)


def test_PY4_the_pass_is_the_games_own_count_of_turns_back():
    game = Game.deal(parse_code(PYRAMID))
    assert game.passes == (1, 3)
    turned_back(game)
    assert game.passes == (2, 3)
    turned_back(game)
    assert game.passes == (3, 3) and not game.can_recycle
    game.undo()
    assert game.passes == (2, 3)
    assert Game.deal(parse_code("KL1-D1N-AAAAAAB")).passes is None  # standard Klondike: no limit


def rendered(app, monkeypatch) -> list[str]:
    texts: list[str] = []
    render = app.text.render
    monkeypatch.setattr(app.text, "render", lambda text, *a, **k: (texts.append(text), render(text, *a, **k))[1])
    return texts


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (3840, 2160)])
def test_PY4_the_pass_shows_under_the_stock_clear_of_the_pyramid(make_app, monkeypatch, language, size):
    app = make_app(size, language, status_line=False)
    play = app.open("play", code=parse_code(PYRAMID))
    texts = rendered(app, monkeypatch)
    surface = pygame.Surface(app.display.size)
    play.draw(surface, 1.0)
    first, second = WORDS[language]
    assert first in texts and second not in texts
    stock = play.layout.pile_rect(Pile(STOCK))
    box = play.hud.draw_passes(pygame.Surface(app.display.size), play.layout, play.game)
    assert box.top >= stock.bottom and box.left < stock.centerx < box.right  # under the stock, mirrored too
    assert surface.get_rect().contains(box)
    piles = [play.layout.pile_rect(pile) for pile in play.layout.piles() if pile.kind != STOCK]
    assert box.collidelist(piles) == -1  # on the felt, no card of the pyramid under it
    bare = pygame.Surface(app.display.size)
    play.view.draw(bare, play.game, 1.0)
    assert surface.get_at(box.center) != bare.get_at(box.center)  # the picture has it

    turned_back(play.game)
    state = play.game.to_json()
    texts.clear()
    play.draw(surface, 1.0)
    assert second in texts and first not in texts
    assert play.game.to_json() == state and play.game.passes == (2, 3)  # drawing reads the game, never changes it


@pytest.mark.parametrize("code", ["GO1-D1N-AAAAAAB", "TP1-D1N-AAAAAAB", "DS1-D3V-AAAAAAB"])
def test_no_pass_where_the_level_does_not_ask(app, monkeypatch, code):
    play = app.open("play", code=parse_code(code))
    texts = rendered(app, monkeypatch)
    play.draw(pygame.Surface(app.display.size), 1.0)
    assert not any(text.startswith("Pass") for text in texts)
    assert play.hud.draw_passes(pygame.Surface(app.display.size), play.layout, play.game) is None


@pytest.mark.parametrize("language", ["en", "ar"])
def test_PY4_the_pass_is_said_with_the_stock_and_when_the_waste_turns_back(language):
    assert i18n.set_language(language)
    try:
        game = Game.deal(parse_code(PYRAMID))
        first, second = (words.lower() for words in WORDS[language])
        assert spoken.place_words(game, Pile(STOCK)).endswith(first)
        assert first not in spoken.place_words(game, Pile(TABLEAU, 27)).lower()
        while game.stock:
            game.apply(DRAW)
        was = spoken.before(game, DRAW)
        game.apply(DRAW)
        assert spoken.move_words(was, game).lower().endswith(second)
        assert spoken.place_words(game, Pile(STOCK)).endswith(second)
        golf = Game.deal(parse_code("GO1-D1N-AAAAAAB"))
        assert i18n.t("speech.pass", n=1, total=1) not in spoken.place_words(golf, Pile(STOCK))
    finally:
        i18n.set_language("en")
