"""Yukon, Golf and TriPeaks played to a win in the real game by posted mouse events (issue 34; their
keyboard games are in test_keyboard_wins.py): Yukon's groups whatever their order dragged by their
first card (YU-2) and its auto-complete at the end (YU-5); Golf's top cards dragged or clicked onto
the one pile and its stock clicked (GO-2, GO-4, GO-7). After each move the table must be exactly
the rules core's position after that move.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire.core import FOUNDATION, TABLEAU, Pile, parse_code, parse_request
from solitaire.view.layout import Slot
from tests.scenes.table.test_freecell_spider_play import drag_move

LINES = json.loads((Path(__file__).with_name("keyboard_wins.json")).read_text(encoding="utf-8"))


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


def test_YU7_a_whole_yukon_deal_is_won_with_the_mouse(app, driver):
    app.settings = app.settings.updated(status_line=False)  # no solver process for the status
    line = LINES["yukon"]
    play = app.open("play", code=parse_code(line["code"]))
    driver.settle(3)
    assert len(play.layout.piles()) == 11  # 4 foundations, 7 columns: no stock, no waste (YU-1)
    groups = 0
    for text in line["moves"]:
        groups += ":" in text
        drag_move(driver, play, text)
        if play.finish.busy:
            break  # YU-5: every card face up and in order, the rest go home by themselves
    driver.settle(20)
    assert play.game.won and groups > 5


def test_GO7_a_whole_golf_deal_is_won_with_the_mouse_dragging_and_clicking(app, driver):
    app.settings = app.settings.updated(status_line=False)
    line = LINES["golf"]
    play = app.open("play", code=parse_code(line["code"]))
    driver.settle(3)
    assert len(play.layout.piles()) == 9  # the stock, the one pile, 7 columns (GO-1)
    for number, text in enumerate(line["moves"]):
        move = play.game.resolve(parse_request(text))
        if move.src.kind == TABLEAU and number % 2:  # every other card by one tap (GO-7)
            expected = play.game.clone()
            expected.apply(move)
            column = play.game.tableau[move.src.index]
            sprite = play.view.by_slot[Slot(move.src, len(column) - 1)]
            driver.click((round(sprite.pos[0]) + play.layout.card[0] // 2, round(sprite.pos[1]) + play.layout.card[1] // 2))
            assert play.game.to_json() == expected.to_json(), text
            driver.settle(0.3)
        else:
            drag_move(driver, play, text)
    assert play.game.won and play.game.foundations[0] and move.dst == Pile(FOUNDATION, 0)


def test_TP7_a_whole_tripeaks_deal_is_won_with_the_mouse_dragging_and_clicking(app, driver):
    """TriPeaks' cards overlap (TP-1): a press on a card lying on another takes the one on top,
    and a click on a covered card's visible part plays nothing (TP-2)."""
    app.settings = app.settings.updated(status_line=False)
    line = LINES["tripeaks"]
    play = app.open("play", code=parse_code(line["code"]))
    driver.settle(3)
    assert len(play.layout.piles()) == 30  # the stock, the one pile, 28 places (TP-1)
    peak = play.view.by_slot[Slot(Pile(TABLEAU, 0), 0)]  # the first peak: its top half in sight
    before = play.game.to_json()
    driver.click((round(peak.pos[0]) + play.layout.card[0] // 2, round(peak.pos[1]) + 5))
    driver.settle(0.3)
    assert play.game.to_json() == before
    for number, text in enumerate(line["moves"]):
        move = play.game.resolve(parse_request(text))
        if move.src.kind == TABLEAU and number % 2:  # every other card by one tap (TP-7)
            expected = play.game.clone()
            expected.apply(move)
            sprite = play.view.by_slot[Slot(move.src, 0)]
            # the card's lower half: no card of the row below lies there, whatever lies on its top
            driver.click((round(sprite.pos[0]) + play.layout.card[0] // 2, round(sprite.pos[1]) + play.layout.card[1] * 3 // 4))
            assert play.game.to_json() == expected.to_json(), text
            driver.settle(0.3)
        else:
            drag_move(driver, play, text)
    assert play.game.won and move.dst == Pile(FOUNDATION, 0)
