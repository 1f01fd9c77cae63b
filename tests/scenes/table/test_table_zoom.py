"""Issue 22, item 6: a column too long to show each card's rank zooms the table out (and back),
as played: a drag that lengthens it, an undo that shortens it."""

from __future__ import annotations

import pygame

from solitaire.core import TABLEAU, Game, Pile, parse_code
from solitaire.core.position import game_from_json
from solitaire.view.layout import Slot
from tests.scenes.conftest import Driver

T1, T2 = Pile(TABLEAU, 0), Pile(TABLEAU, 1)
#: Thoughtful, every card face up: nine on the first column, the ten of hearts alone on the
#: second; the ten onto the jack makes a column of ten, too long at the largest text in 1280×720.
FIRST = ["KD", "QD", "JD", "TD", "9D", "8D", "KS", "QH", "JS"]


def deep_game() -> Game:
    state = Game.deal(parse_code("TF1-D1N-AAAAAAB")).to_json()
    rest = [c.upper() for pile in state["tableau"] for c in pile] + [c.upper() for c in state["stock"]]
    for card in FIRST + ["TH"]:
        rest.remove(card)
    state["tableau"] = [FIRST, ["TH"]] + [[] for _ in range(5)]
    state["stock"] = [c.lower() for c in rest]
    return game_from_json(state)


def top_centre(scene, pile: Pile) -> tuple[int, int]:
    sprite = scene.view.by_slot[Slot(pile, len(scene.game.pile(pile)) - 1)]
    w, h = scene.layout.card
    return int(sprite.pos[0] + w // 2), int(sprite.pos[1] + h // 4)


def test_a_column_grown_too_long_zooms_the_table_out_and_an_undo_zooms_it_back(make_app):
    app = make_app((1280, 720), text_size="largest", one_tap=False)
    driver = Driver(app)
    scene = app.open("play", game=deep_game())
    driver.settle(2)
    full = scene.layout.card
    assert scene.layout.zoom == 1.0
    driver.drag(top_centre(scene, T2), top_centre(scene, T1))
    driver.settle(1)
    assert len(scene.game.tableau[0]) == 10
    assert scene.layout.zoom < 1.0 and scene.layout.card[0] < full[0]
    assert scene.screen.art.size == scene.layout.card  # the faces drawn at the size laid out
    _, up = scene.layout.column_steps(scene.game, 0)
    assert up >= scene.layout.readable
    for sprite in scene.view.sprites:  # every card settled where the zoomed layout puts it
        assert sprite.pos == scene.layout.card_positions(scene.game)[sprite.slot]
    driver.draw()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle(1)
    assert len(scene.game.tableau[0]) == 9 and scene.layout.zoom == 1.0 and scene.layout.card == full
