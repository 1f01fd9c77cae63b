"""FreeCell and Spider played to a win in the real game by posted events (issue 24): FreeCell's
whole deal with the mouse (its keyboard game is in test_keyboard_wins.py), Spider from a deal
near its end with the mouse and with the keyboard. After each move the table must be exactly
the rules core's position after that move.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, Pile, parse_code, parse_request
from solitaire.core.position import game_from_json
from solitaire.view.layout import Slot
from tests.scenes.table.test_keyboard_wins import play_line_by_keyboard

LINES = json.loads((Path(__file__).with_name("keyboard_wins.json")).read_text(encoding="utf-8"))
WHOLE = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]


def near_the_end() -> dict:
    """Spider, one suit: seven suits home, the last spread over four columns, one card face down."""
    return {"game": "spider", "draw": 1, "scoring": "standard", "stock": [], "waste": [],
            "tableau": [["KS", "QS", "JS", "TS"], ["9S", "8S", "7S"], ["3s", "6S", "5S"], ["4S"], ["2S", "AS"],
                        [], [], [], [], []],
            "foundations": [WHOLE] * 7 + [[]], "score": 700}


SPIDER_LINE = ["t2:3>t1", "t3:2>t1", "t4>t1", "t3>t1", "t5:2>t1"]


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return rect.centerx, rect.centery


def drag_move(driver, play, text: str) -> None:
    """One move made with the mouse: the card pressed and dragged onto its place, or the stock
    clicked; the table must then be the rules core's position after the move."""
    expected = play.game.clone()
    move = expected.resolve(parse_request(text))
    expected.apply(move)
    layout, view = play.layout, play.view
    if move.src.kind == STOCK:
        driver.click(centre(layout.pile_rect(Pile(STOCK))))
    else:
        pile = play.game.pile(move.src)
        sprite = view.by_slot[Slot(move.src, len(pile) - move.count)]
        start = (round(sprite.pos[0]) + layout.card[0] // 2, round(sprite.pos[1]) + 8)
        target = play.game.pile(move.dst)
        if move.dst.kind == TABLEAU and target:
            top = view.by_slot[Slot(move.dst, len(target) - 1)]
            end = (round(top.pos[0]) + layout.card[0] // 2, round(top.pos[1]) + layout.card[1] // 2)
        else:
            end = centre(layout.pile_rect(move.dst))
        driver.drag(start, end)
    assert play.game.to_json() == expected.to_json(), text
    if not play.finish.busy:
        driver.settle(0.3)  # the cards land (auto-complete, once it starts, is the caller's)


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


@pytest.fixture
def quiet(app):
    app.settings = app.settings.updated(status_line=False)  # no solver process for the status
    return app


def test_FC8_a_whole_freecell_deal_is_won_with_the_mouse(quiet, driver):
    line = LINES["freecell"]
    play = quiet.open("play", code=parse_code(line["code"]))
    driver.settle(3)
    assert len(play.layout.piles()) == 16  # 4 cells, 4 foundations, 8 columns: no stock, no waste
    for text in line["moves"]:
        drag_move(driver, play, text)
        if play.finish.busy:
            break  # FC-5: every column in order, the rest go home by themselves
    driver.settle(20)
    assert play.game.won


def test_FC2_a_card_dragged_into_a_free_cell_and_back(quiet, driver):
    play = quiet.open("play", code=parse_code("FC1-MS-1"))
    driver.settle(3)
    drag_move(driver, play, "t1>c2")
    assert play.game.cells[1]
    drag_move(driver, play, "c2>c4")


@pytest.mark.parametrize("hands", ["mouse", "keyboard"])
def test_SP4_spider_from_a_deal_near_its_end_is_won(quiet, driver, hands):
    play = quiet.open("play", game=game_from_json(near_the_end()))
    driver.settle(3)
    if hands == "mouse":
        for text in SPIDER_LINE:
            drag_move(driver, play, text)
    else:
        driver.key(pygame.K_TAB)
        play_line_by_keyboard(driver, play, SPIDER_LINE)
    assert play.game.won and play.game.hidden[2] == 0


def test_SP5_the_stock_is_clicked_to_deal_a_row(quiet, driver):
    play = quiet.open("play", code=parse_code("SP1-D2N-AAAAAAB"))
    driver.settle(3)
    drag_move(driver, play, "s")
    assert len(play.game.stock) == 40 and all(len(column) >= 6 for column in play.game.tableau)


def test_FC1_keyboard_focus_starts_on_a_place_freecell_has(quiet, driver):
    play = quiet.open("play", code=parse_code("FC1-MS-1"))
    driver.settle(1)
    driver.key(pygame.K_TAB)
    pile, _ = play.board.place()
    assert pile.kind in (CELL, "f") and pile in play.layout.piles()


def test_FC6_a_microsoft_deal_number_typed_in_the_game_code_window_is_played(quiet, driver):
    play = quiet.open("play", code=parse_code("KL1-D1N-AAAAAAB"))
    driver.settle(1)
    dialog = quiet.open("game_code", play=play)
    dialog.submit("fc1-ms-11982")
    driver.settle(2)
    assert str(play.game.code) == "FC1-MS-11982" and [column[0] for column in play.game.tableau[:2]] == [13, 0]  # AH AS
    assert len(play.layout.piles()) == 16  # the table rebuilt for cells and no stock
    driver.draw()


def test_SP4_spiders_table_draws_its_foundations_as_runs(make_app):
    app = make_app((1280, 720))
    play = app.open("play", game_id="spider")
    assert {play.view._slot_kind(Pile(FOUNDATION, f), play.game) for f in range(8)} == {"foundation-run"}
    klondike = app.open("play", game_id="klondike")
    assert klondike.view._slot_kind(Pile(FOUNDATION, 0), klondike.game) == "foundation"


def test_SP5_a_click_on_any_deal_left_deals_the_next_row(app, driver):
    """The deals left lie side by side (issue 33): a click on the one showing least deals too."""
    play = app.open("play", game_id="spider")
    app.stack.on_resize(app.display.size)
    driver.settle(1.0)
    x, y = play.layout.card_positions(play.game)[Slot(Pile(STOCK), 0)]
    left = len(play.game.stock)
    driver.click((int(x) + 3, int(y) + play.layout.card[1] // 2))
    driver.settle(1.0)
    assert len(play.game.stock) == left - len(play.game.tableau)
