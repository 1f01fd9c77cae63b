"""Yukon played to a win in the real game by posted mouse events (issue 34; its keyboard game is
in test_keyboard_wins.py): a group whatever its order dragged by its first card (YU-2), the
auto-complete at the end (YU-5). After each move the table must be exactly the rules core's
position after that move.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire.core import parse_code
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
