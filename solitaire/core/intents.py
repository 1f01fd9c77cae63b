"""What a click, a double click or a drop on the table means: a Move, a Refusal, or nothing.

The play scene knows where the pointer is; the rules know what a gesture there asks for. Each
function here takes the pile (and how many cards) the gesture names and returns the move the
rules make of it, so a second table (the Duel's) asks the same questions the same way.
"""

from __future__ import annotations

from .errors import IllegalMove, Refusal
from .game import Game
from .moves import CELL, FOUNDATION, TABLEAU, WASTE, Move, Pile, parse_request

Intent = Move | Refusal | None


def movable(game: Game, pile: Pile, index: int) -> int:
    """How many cards a press on card ``index`` of ``pile`` picks up (0: none)."""
    if pile.kind == TABLEAU:
        if index < game.hidden[pile.index]:
            return 0
        return len(game.tableau[pile.index]) - index
    if pile.kind in (WASTE, FOUNDATION, CELL):
        return 1 if index == len(game.pile(pile)) - 1 else 0
    return 0


def aim(game: Game, src: Pile, count: int, pile: Pile) -> Pile:
    """The pile a drop or a click on ``pile`` means: on the foundation area, the foundation
    that takes the single card (DS-3, TF-3, K-5); anywhere else, ``pile`` itself.
    """
    if pile.kind == FOUNDATION and count == 1:
        found = game.foundation_for(game.pile(src)[-1])
        if found is not None:
            return Pile(FOUNDATION, found)
    return pile


def drop(game: Game, src: Pile, count: int, pile: Pile) -> Move | Refusal:
    """``count`` cards of ``src`` let go over ``pile``: the move, or why the rules refuse it."""
    move = Move(src, aim(game, src, count, pile), count)
    refusal = game.check(move)
    return move if refusal is None else refusal


def one_tap(game: Game, pile: Pile, count: int) -> Intent:
    """K-8's one tap: the clicked card (and those on it) go to a good place, if there is one."""
    return _resolve(game, f"{ref(pile, count)}>*") if count else None


def place_selection(game: Game, src: Pile, count: int, pile: Pile) -> Move | None:
    """K-8's select-then-click: the selected cards asked onto the clicked pile; None when the
    click was on the selection's own pile (it only lets go of the selection).
    """
    return None if src == pile else Move(src, aim(game, src, count, pile), count)


def home_click(game: Game, pile: Pile, count: int, double: bool) -> Intent:
    """DS-8 / TF-6: a click sends a top card home; a double click looks on the tableau.

    ``double`` is a second click on the same card in time, with double clicks allowed.
    """
    if not count:
        return None
    if count == 1 and pile.kind != FOUNDATION:
        target = game.foundation_for(game.pile(pile)[-1])
        if target is not None:
            return Move(pile, Pile(FOUNDATION, target), 1)
    return _resolve(game, f"{ref(pile, count)}>t") if double else None


def _resolve(game: Game, text: str) -> Move | Refusal:
    try:
        return game.resolve(parse_request(text))
    except IllegalMove as refused:
        return refused.refusal


def ref(pile: Pile, count: int) -> str:
    """Notation for the source of a move of ``count`` cards from ``pile``."""
    text = str(pile)
    return f"{text}:{count}" if count != 1 else text
