"""Pyramid played to a win in the real game by posted mouse events (issue 34; its keyboard game
is in test_keyboard_wins.py): pairs made by dragging one card onto its partner, or by clicking
one card and then the other (the stock's top card too), Kings sent away by a click, the stock
clicked (PY-3, PY-4, PY-7). After each move the table must be exactly the rules core's position
after that move.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire.core import FOUNDATION, STOCK, TABLEAU, Pile, parse_code, parse_request
from solitaire.view.layout import Slot
from tests.scenes.table.test_freecell_spider_play import centre, drag_move

LINES = json.loads((Path(__file__).with_name("keyboard_wins.json")).read_text(encoding="utf-8"))


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


def card_point(play, pile: Pile) -> tuple[int, int]:
    """A point on the top card of ``pile`` that no other card hides: its upper band (a pyramid
    card's lower half lies under the row below), or the middle of the stock."""
    if pile.kind == STOCK:
        return centre(play.layout.pile_rect(pile))
    sprite = play.view.by_slot[Slot(pile, len(play.game.pile(pile)) - 1)]
    return round(sprite.pos[0]) + play.layout.card[0] // 2, round(sprite.pos[1]) + 8


def test_PY7_a_whole_pyramid_deal_is_won_with_the_mouse_dragging_and_clicking(app, driver):
    app.settings = app.settings.updated(status_line=False)  # no solver process for the status
    line = LINES["pyramid"]
    play = app.open("play", code=parse_code(line["code"]))
    driver.settle(3)
    assert len(play.layout.piles()) == 31  # the stock, the waste, the pile of cards gone, 28 places (PY-1)
    clicked = dragged = 0
    for number, text in enumerate(line["moves"]):
        move = play.game.resolve(parse_request(text))
        if move.src.kind != STOCK and number % 2:  # every other move by clicks (PY-7)
            expected = play.game.clone()
            expected.apply(move)
            driver.click(card_point(play, move.src))
            if move.dst.kind != FOUNDATION:  # a King leaves at its own click; a pair needs the partner's
                assert play.clicks.selection == (move.src, 1)
                driver.click(card_point(play, move.dst))
            assert play.game.to_json() == expected.to_json(), text
            driver.settle(0.3)
            clicked += 1
        else:
            dragged += move.src.kind != STOCK
            drag_move(driver, play, text)
    assert play.game.won and not any(play.game.tableau) and clicked > 5 and dragged > 5


def test_PY3_a_drop_on_a_card_that_does_not_make_13_is_refused_naming_the_rule(app, driver):
    app.settings = app.settings.updated(status_line=False, show_rule_numbers=True)
    play = app.open("play", code=parse_code(LINES["pyramid"]["code"]))
    driver.settle(3)
    start = play.game.to_json()
    bottom = [Pile(TABLEAU, index) for index in range(21, 28)]
    wrong = next((a, b) for a in bottom for b in bottom
                 if a != b and (play.game.pile(a)[-1] % 13) + (play.game.pile(b)[-1] % 13) != 11)
    driver.drag(card_point(play, wrong[0]), card_point(play, wrong[1]))
    driver.settle(0.5)
    assert play.game.to_json() == start
    assert play.hud.toast is not None and play.hud.toast.note == "Rule PY-3" and "make 13" in play.hud.toast.text
