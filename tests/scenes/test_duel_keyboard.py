"""Issue 16, "keyboard to the end … and a Duel": a whole duel won with posted key events only —
the arrows walk the board, Shift+Enter picks the focused cards up, Enter puts them down, Space
draws — with the focus visible after every key and the table the rules core's position after
every move; then End, and the results' buttons, by keyboard. The line played is the solver's
win of a deal of the Duel's pool (found in milliseconds, so it is searched here)."""

from __future__ import annotations

import pygame
import pytest

from solitaire.core import DRAW, STOCK, TABLEAU, Game, Pile, parse_code, parse_request
from solitaire.scenes.table.marks import card_rect
from solitaire.solver import api
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_drawing import settle

CODE = "DU2-D3N-QZBMUPP"  # in levels/pools/duel-d3-standard.json: the solver wins it at once


class Keys:
    """Posts KEYDOWN events to the app, and checks after each that a focus is seen."""

    def __init__(self, app) -> None:
        self.app = app
        self.pressed = 0

    def press(self, key: int, seen: bool = True, mod: int = 0) -> None:
        """One key, then (``seen``) the focus must show where it is."""
        self.app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.pressed += 1
        settle(self.app, 1 / 60)
        if seen:
            self.check_focus()

    def check_focus(self) -> None:
        scene = self.app.stack.top
        group = scene.group
        assert group.focus_visible and group.focused is not None and group.focused.visible, scene
        board = getattr(scene, "board", None)
        if group.focused is board:  # the focus ring is drawn round a card on the screen
            ring = card_rect(scene, board.pile, board.depth)
            assert self.app.display.surface.get_rect().contains(ring), ring

    def tab_to(self, widget) -> None:
        """Tab until ``widget`` has the focus."""
        for _ in range(12):
            if self.app.stack.top.group.focused is widget:
                return
            self.press(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {widget}")


def walk_to(keys: Keys, duel, pile: Pile, depth: int = 1) -> None:
    """The arrows from the focused place to ``pile``, ``depth`` cards from its top (screen order:
    right-to-left tables are walked the same way)."""
    board, x_of = duel.board, (lambda p: duel.layout.pile_origin(p)[0])
    for _ in range(40):
        if board.pile == pile and board.depth == depth:
            return
        if (board.pile.kind == TABLEAU) != (pile.kind == TABLEAU):
            keys.press(pygame.K_DOWN if pile.kind == TABLEAU else pygame.K_UP)
        elif board.pile != pile:
            keys.press(pygame.K_RIGHT if x_of(pile) > x_of(board.pile) else pygame.K_LEFT)
        else:
            keys.press(pygame.K_UP if depth > board.depth else pygame.K_DOWN)
    raise AssertionError(f"the arrows never reached {pile} at depth {depth}")


def play_by_keys(keys: Keys, duel, text: str, expected: Game) -> None:
    """One move of the solver's line, by keys only; the table must then be ``expected`` (the
    rules core's position after the move)."""
    move = expected.resolve(parse_request(text))
    if move == DRAW:
        walk_to(keys, duel, Pile(STOCK))
        keys.press(pygame.K_SPACE)
    else:
        walk_to(keys, duel, move.src, move.count if move.src.kind == TABLEAU else 1)
        keys.press(pygame.K_RETURN, mod=pygame.KMOD_SHIFT)  # picked up
        assert duel.clicks.selection == (move.src, move.count), text
        walk_to(keys, duel, move.dst)
        keys.press(pygame.K_RETURN)  # put down
    expected.apply(move)
    assert duel.game.to_json() == expected.to_json(), text


def racing(app, rival):
    app.open("title")
    duel = app.open("duel", rival=rival, code=CODE)
    settle(app, 5.0)  # the deal lands, the count runs out
    assert duel.duel.started
    return duel


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_whole_duel_won_and_its_results_left_with_keys_only(make_app, lang):
    app = make_app((1280, 720), lang)
    expected = Game.deal(parse_code(CODE))
    line = api.solve(expected, 10.0).moves
    assert line, "the pool's deal is no longer won by the solver"
    duel = racing(app, ScriptedRival([], name="Computer · Easy", end_at=0.5))
    keys = Keys(app)
    keys.press(pygame.K_DOWN)  # the first arrow shows the focus on the board
    for text in line:
        if duel.finish.auto_timer is not None:  # K-9: the rest goes home by itself
            break
        play_by_keys(keys, duel, text, expected)
    settle(app, 10.0)
    results = app.stack.top
    assert type(results).__name__ == "DuelResultsScene"
    assert duel.duel.race.ended_how(0) == "won" and duel.duel.race.home(0) == 52
    assert results.result.winner == "you" and results.result.you.home == 52
    keys.check_focus()  # the results open with the focus seen
    keys.tab_to(results.title_button)
    keys.press(pygame.K_RETURN, seen=False)  # the title shows its focus at the first Tab, as at start
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]


def ended_by_keys(app, keys):
    """A duel, then End by keys: Tab to End, Enter, the arrow to "End now", Enter."""
    duel = racing(app, ScriptedRival([], name="Computer · Easy", end_at=0.5))
    keys.tab_to(duel.end_button)
    keys.press(pygame.K_RETURN)
    question = app.stack.top
    assert type(question).__name__ == "DuelEndScene"
    keys.check_focus()  # on "Keep playing", seen
    keys.press(pygame.K_LEFT if question.rtl else pygame.K_RIGHT)
    assert question.group.focused is question.yes
    keys.press(pygame.K_RETURN)
    assert duel.duel.race.ended_how(0) == "end"
    settle(app, 0.5)
    results = app.stack.top
    assert type(results).__name__ == "DuelResultsScene"
    keys.check_focus()
    return duel, results


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_End_by_keys_then_New_duel_by_keys(make_app, lang):
    app = make_app((1280, 720), lang)
    keys = Keys(app)
    ended_by_keys(app, keys)
    keys.tab_to(app.stack.top.new_button)
    keys.press(pygame.K_RETURN)
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "NewDuelScene"]
    assert app.stack.top.group.focused is app.stack.top.start_button


def test_Rematch_by_keys_then_leaving_by_keys_asks_first(make_app):
    app = make_app((1280, 720))
    keys = Keys(app)
    duel, results = ended_by_keys(app, keys)
    keys.tab_to(results.rematch_button)
    keys.press(pygame.K_RETURN)  # a duel started from the keyboard shows the board's focus at once
    again = app.stack.top
    assert type(again).__name__ == "DuelScene" and again is not duel and str(again.duel.code) == CODE
    assert again.group.focused is again.board
    keys.press(pygame.K_ESCAPE)  # the duel's menu
    menu = app.stack.top
    assert type(menu).__name__ == "DuelMenuScene"
    keys.tab_to(menu.buttons[-1])  # Leave
    keys.press(pygame.K_RETURN)
    question = app.stack.top
    assert type(question).__name__ == "ConfirmScene" and again.duel.result is None  # asked first
    keys.tab_to(question.yes)
    keys.press(pygame.K_RETURN, seen=False)
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]
    assert again.duel.result is not None and again.duel.race.ended_how(0) == "end"  # leaving is End
