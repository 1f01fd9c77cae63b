"""What the table tells of the games whose stock is what a player spends (issue 34, beside
Aisleriot's "Stock left: 16"): the stock's cards left, on the stock, where the level's
``[layout] stock_count`` asks for it; and TriPeaks' run (TP-6) among the figures."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from solitaire.core import DRAW, STOCK, Pile, parse_code


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


def rendered(app, monkeypatch) -> list[str]:
    """The texts the app renders from now on."""
    texts: list[str] = []
    render = app.text.render

    def spy(text, *args, **kwargs):
        texts.append(text)
        return render(text, *args, **kwargs)

    monkeypatch.setattr(app.text, "render", spy)
    return texts


@pytest.mark.parametrize("code, shown", [("GO1-D1N-AAAAAAB", True), ("TP1-D1N-AAAAAAB", True),
                                         ("PY1-D1N-AAAAAAB", True), ("KL1-D1N-AAAAAAB", False)])
def test_GO4_TP4_PY4_the_stock_shows_its_cards_left_where_the_game_asks(app, driver, monkeypatch, code, shown):
    app.settings = app.settings.updated(status_line=False)
    play = app.open("play", code=parse_code(code))
    driver.settle(1)
    play.play(DRAW)
    driver.settle(1)
    texts = rendered(app, monkeypatch)
    surface = pygame.Surface(app.display.size)
    play.draw(surface, 1.0)
    assert (str(len(play.game.stock)) in texts) == shown
    if shown:  # the count sits on the stock, in its lower half
        stock = play.layout.pile_rect(Pile(STOCK))
        bare = pygame.Surface(app.display.size)
        play.view.draw(bare, play.game, 1.0)
        middle = (stock.centerx, stock.bottom - play.layout.card[0] * 0.2)
        assert surface.get_at((round(middle[0]), round(middle[1]))) != bare.get_at((round(middle[0]), round(middle[1])))


def test_TP6_the_run_from_the_peaks_is_among_the_figures_in_both_languages(make_app, monkeypatch):
    for language, word in (("en", "Run"), ("ar", "السلسلة")):
        app = make_app((1280, 720), language, status_line=False)
        play = app.open("play", code=parse_code("TP1-D1N-AAAAAAB"))
        texts = rendered(app, monkeypatch)
        play.draw(pygame.Surface(app.display.size), 1.0)
        assert any(f"{word} 0" in text for text in texts)
        move = next(m for m in play.game.legal_moves() if m.src.kind != STOCK)
        play.play(move)
        texts.clear()
        play.draw(pygame.Surface(app.display.size), 1.0)
        assert any(f"{word} 1" in text for text in texts)


def test_no_run_among_a_game_without_one(app, monkeypatch):
    play = app.open("play", code=parse_code("GO1-D1N-AAAAAAB"))
    texts = rendered(app, monkeypatch)
    play.draw(pygame.Surface(app.display.size), 1.0)
    assert not any("Run" in text for text in texts)


def test_GO4_a_card_turned_from_the_stock_flies_over_the_count(app, driver, monkeypatch):
    app.settings = app.settings.updated(status_line=False)
    play = app.open("play", code=parse_code("GO1-D1N-AAAAAAB"))
    driver.settle(1)
    play.play(DRAW)
    app.stack.update(0.02)  # the card on its way to the pile
    drawn: list[str] = []
    count, moving = play.hud.draw_stock_count, play.view._draw_moving
    monkeypatch.setattr(play.hud, "draw_stock_count", lambda *a: (drawn.append("count"), count(*a)))
    monkeypatch.setattr(play.view, "_draw_moving", lambda *a: (drawn.append("card"), moving(*a)))
    play.draw(pygame.Surface(app.display.size), 1.0)
    assert "card" in drawn and drawn.index("count") < drawn.index("card")
