"""Keyboard to the end (issue 16): a whole game of every game with a line in ``keyboard_wins.json``
(a new game adds its line there, no Python) played to a win with posted key events only, the focus visible all along, and the win panel reached and
used with the keyboard too.

Each deal's winning line was found by the solver (``solitaire.solver.api.solve``, on deals of
``levels/pools/``) and is kept in ``keyboard_wins.json``, so no search runs here. Every move of
the line is made the way a player without a mouse makes it: the arrow keys walk the focus to
the card, Shift+Enter picks it up (with the cards on it), the arrows walk to the place, Enter
puts it down; Space draws. After each move the table must be exactly the rules core's position
after that move, and what a player by ear heard (issue 36: the speech log) must say it: the
focus where the arrows put it, the cards picked up, the move as the rules core played it.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from solitaire.app.speech import Speech
from solitaire.core import STOCK, TABLEAU, Game, Pile, parse_code, parse_request
from solitaire.play import spoken
from solitaire.scenes.table.win import WinScene

LINES = json.loads((Path(__file__).with_name("keyboard_wins.json")).read_text(encoding="utf-8"))
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each of hundreds of moves."""
    return replace(services, store=None)


def route(board, goal: tuple[Pile, int]) -> list[int]:
    """The arrow keys that take the board's focus from where it is to ``goal`` (a pile and a
    depth): a breadth-first search over what each arrow does to the focus, asked of the board
    itself (an arrow only moves the focus), which is put back where it was afterwards."""
    start = (board.pile, board.depth)
    paths: dict[tuple[Pile, int], list[int]] = {start: []}
    queue = deque([start])
    try:
        while queue:
            state = queue.popleft()
            if state == goal:
                return paths[state]
            for key in ARROWS:
                board.pile, board.depth = state
                board.board_key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
                after = (board.pile, board.depth)
                if after not in paths:
                    paths[after] = paths[state] + [key]
                    queue.append(after)
    finally:
        board.pile, board.depth = start
    raise AssertionError(f"the arrow keys never reach {goal}")


def walk_to(driver, play, pile: Pile, depth: int = 1) -> None:
    for key in route(play.board, (pile, depth)):
        driver.key(key)
    assert (play.board.pile, play.board.depth) == (pile, depth)


def heard_lines(app, path) -> list[str]:
    """The lines the speech log holds, once every line said is written."""
    app.speech.wait()
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def play_line_by_keyboard(driver, play, moves: list[str], log=None) -> None:
    """Each move made by keys; with the speech ``log``, each checked as it was said."""
    heard = (lambda: heard_lines(play.app, log)) if log is not None else list
    for text in moves:
        expected = play.game.clone()
        move = expected.resolve(parse_request(text))
        was = spoken.before(expected, move)
        expected.apply(move)
        if move.src.kind == STOCK:
            count = len(heard())
            driver.key(pygame.K_SPACE)
        else:
            depth = move.count if move.src.kind == TABLEAU else 1
            walk_to(driver, play, move.src, depth)
            assert log is None or heard()[-1] == "en\t" + spoken.place_words(play.game, move.src, depth), text
            driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
            assert log is None or heard()[-1].startswith("en\tPicked up: "), text
            walk_to(driver, play, move.dst)
            count = len(heard())
            driver.key(pygame.K_RETURN)
        assert play.game.to_json() == expected.to_json(), text
        assert play.group.focused is play.board and play.group.focus_visible
        if log is not None:
            said = heard()[count:]
            assert said, f"{text}: nothing said"
            assert said[0] == "en\t" + spoken.move_words(was, expected), text
            assert said[1:] in ([], ["en\tAuto-complete plays the rest of the cards home"]), text


@pytest.mark.parametrize("game_id", sorted(LINES))
def test_a_whole_game_is_won_with_the_keyboard_alone(app, driver, game_id, tmp_path, monkeypatch):
    """... and by ear: every line said is read back from the speech log (issue 36)."""
    line = LINES[game_id]
    log = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(log))
    app.speech = Speech(on=True)
    app.settings = app.settings.updated(status_line=False)  # no solver process for the status
    code = parse_code(line["code"])
    assert code.game == game_id
    play = app.open("play", code=code)
    driver.settle(3)
    driver.key(pygame.K_TAB)  # the board is the first stop
    assert play.group.focused is play.board and play.group.focus_visible

    assert heard_lines(app, log)[-1] == "en\t" + spoken.place_words(play.game, *play.board.place())
    play_line_by_keyboard(driver, play, line["moves"], log)

    assert play.game.won and heard_lines(app, log)[-1].endswith(", you won!")
    driver.settle(3)  # the last card lands, the cascade starts
    driver.key(pygame.K_ESCAPE)  # a key skips it
    panel = app.stack.top
    assert isinstance(panel, WinScene)
    assert panel.group.focused is panel.new_button and panel.group.focus_visible
    assert heard_lines(app, log)[-1].startswith("en\tYou won! ")  # the panel's title, first
    driver.key(pygame.K_RETURN)  # New game, from the keyboard too
    assert app.stack.top is play and not play.game.won and play.game.moves == 0


def test_the_lines_are_wins_by_the_rules_core():
    """The kept lines still win their deals (the test above checks each step against this)."""
    for game_id, line in LINES.items():
        game = Game.deal(parse_code(line["code"]))
        for text in line["moves"]:
            game.apply(game.resolve(parse_request(text)))
        assert game.won, game_id


def test_shift_enter_picks_up_a_run_and_enter_puts_it_down_in_double(app, driver):
    """DS-8: a click only sends a card home, a double click picks a column: the keyboard's
    pick-up reaches any column a drag would."""
    play = app.open("play", code=LINES["double"]["code"])
    driver.settle(3)
    driver.key(pygame.K_TAB)
    walk_to(driver, play, Pile(TABLEAU, 0))
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert play.clicks.selection == (Pile(TABLEAU, 0), 1)
    driver.key(pygame.K_ESCAPE)  # and Escape lets go of it
    assert play.clicks.selection is None and app.stack.top is play
