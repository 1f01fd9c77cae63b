"""A hint from what the player sees alone, for games no search of this package plays (Spider):
the no-peek player's way. Every legal move is judged by what it shows and builds, never by a
face-down card or the stock's order.
"""

from __future__ import annotations

from ..core.cards import RANK, SUIT
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, STOCK, TABLEAU, Move


def seen_hint(game: Game) -> Move | None:
    """The best-looking move, or None when none does anything useful. A stock click comes only
    when nothing on the table helps: it covers every column.
    """
    best, best_value = None, 0
    for move in game.legal_moves():
        if move.src.kind == STOCK:
            continue
        value = _value(game, move)
        if value > best_value:
            best, best_value = move, value
    if best is None and DRAW in game.legal_moves():
        return DRAW
    if best is None and game.stock and not all(game.tableau):
        return _fill_empty(game)  # SP-5: the stock deals only once every column holds a card
    return best


def _fill_empty(game: Game) -> Move | None:
    """A card into an empty column so that the stock may deal: a top card that is not in a run
    with the card under it if there is one (the least to lose), from the longest column.
    """
    fills = [m for m in game.legal_moves() if m.src.kind == TABLEAU and m.dst.kind == TABLEAU
             and not game.tableau[m.dst.index] and m.count == 1 and len(game.tableau[m.src.index]) > 1]

    def loss(move: Move) -> tuple[int, int]:
        column = game.tableau[move.src.index]
        top, under = column[-1], column[-2]
        in_run = len(column) - game.hidden[move.src.index] > 1 and RANK[under] == RANK[top] + 1
        return (2 if in_run and SUIT[under] == SUIT[top] else 1 if in_run else 0), -len(column)

    return min(fills, key=loss, default=None)


def _value(game: Game, move: Move) -> int:
    """What a move is worth, from the cards in sight: home first, then a face-down card turned,
    a column emptied, and a run joined to its own suit; a move that only shuttles a run between
    alike places, or splits a run of one suit, is worth nothing.
    """
    src, dst, count = move
    if dst.kind == FOUNDATION:
        return 100
    if src.kind != TABLEAU or dst.kind != TABLEAU:
        return 0
    column = game.tableau[src.index]
    moving = column[-count]
    under = column[-count - 1] if count < len(column) else None
    target = game.tableau[dst.index]
    value = 0
    if under is not None and count == len(column) - game.hidden[src.index] and game.hidden[src.index]:
        value += 50  # turns a face-down card up
    elif under is None and target:
        if game.stock:
            return 0  # the column would have to be filled again before the stock deals (SP-5)
        value += 30  # empties a column
    same_suit_now = under is not None and RANK[under] == RANK[moving] + 1 and SUIT[under] == SUIT[moving]
    same_suit_after = bool(target) and SUIT[target[-1]] == SUIT[moving]
    if same_suit_now and not same_suit_after:
        return 0  # would split a run of one suit
    if same_suit_after and not same_suit_now:
        value += 20  # joins its own suit
    if not target:
        value = value if value >= 50 else 0  # an empty column is spent only to turn a card
    elif under is not None and RANK[under] == RANK[moving] + 1 and not value:
        return 0  # from one fitting card to another: nothing gained
    return value
