"""Easy's sensible priorities: each legal move ranked by what a player can see, and whether the
talon can still give anything.

The ranking is the one a tidy player follows: safe cards home first, then whatever turns a
face-down card, then a King into an empty column, waste plays, other cards home; never a
shuttle between equivalent places or a card back from a foundation. Each of these moves makes
progress (a card home or on a column, a card turned, the waste shorter), so a player following
the ranking cannot go round in circles; the talon is clicked only while it may still give a card
(``talon_offers``), which is judged exactly once the stock's order is known.
"""

from __future__ import annotations

from ...core.cards import KING, RANK, SUIT
from ...core.game import Game
from ...core.moves import DRAW, FOUNDATION, STOCK, WASTE, Move
from ..foundations import foundation_ranks
from ..position import safe_double_deck, safe_single_deck

USEFUL = 45
"""Moves ranked below this are taken only when the talon has nothing left to give."""


def is_safe(game: Game, c: int) -> bool:
    """The card may go home for good: no card of the other colour will want it on a column."""
    ranks = foundation_ranks(game)
    if game.rules.decks == 2:
        return safe_double_deck(RANK[c], SUIT[c], ranks)
    return safe_single_deck(RANK[c], SUIT[c], ranks)


def priority(game: Game, move: Move) -> int | None:
    """How much a player wants ``move`` (a legal move that is not a stock click); None: never."""
    src, dst, count = move
    if src.kind == FOUNDATION:
        return None
    if src.kind == WASTE:
        c = game.waste[-1]
        if dst.kind == FOUNDATION:
            return 90 if is_safe(game, c) else 60
        return 55 if RANK[c] != KING else 50
    column = game.tableau[src.index]
    hidden = game.hidden[src.index]
    moving = column[-count]
    below = len(column) - count
    uncovers = below > 0 and below == hidden
    if dst.kind == FOUNDATION:
        if is_safe(game, moving):
            return 100
        return 80 if uncovers else USEFUL
    if uncovers:
        return 70 + hidden
    if below == 0:
        if not game.tableau[dst.index]:
            return None  # a King that already heads its column: a pointless shuttle
        return 65 if king_waiting(game, src.index) else None
    under = column[below - 1]
    if game.foundation_for(under) is not None and is_safe(game, under):
        return 50  # frees a card to go home for good (its next move, at 100: no way back)
    if game.rules.builds_on(moving, under):
        return None  # the group already sits on a card that takes it: a sideways shuttle
    return 40  # frees a card that was out of order (Double Solitaire's loose groups)


def king_waiting(game: Game, emptied: int) -> bool:
    """A card an empty column would take and help: at the head of a column with face-down cards
    under it, or on the waste (a King, where C-3 rules)."""
    takes = game.rules.empty_takes
    if game.waste and takes(game.waste[-1]):
        return True
    return any(index != emptied and count and takes(game.tableau[index][count])
               for index, count in enumerate(game.hidden))


def ranked(game: Game) -> list[tuple[int, Move]]:
    """The wanted legal moves, best first (stock clicks apart); ties keep the core's order."""
    scored = []
    for order, move in enumerate(game.legal_moves()):
        if move.src.kind == STOCK:
            continue
        score = priority(game, move)
        if score is not None:
            scored.append((score, -order, move))
    scored.sort(reverse=True)
    return [(score, move) for score, _, move in scored]


def playable(game: Game, c: int) -> bool:
    """A talon card that, on top of the waste now, could go home or onto a column."""
    if game.foundation_for(c) is not None:
        return True
    takes = game.rules.empty_takes
    return any(game.rules.builds_on(c, column[-1]) if column else takes(c) for column in game.tableau)


def clicks_to_play(game: Game, stock_known: bool) -> int | None:
    """How many stock clicks bring a playable card to the top of the waste, the table as it is
    now; None when none does (or the stock cannot be clicked). Before the stock's order is known
    (its first pass) every click may turn up anything: 1.
    """
    if game.check(DRAW) is not None:
        return None
    if not stock_known:
        return 1
    stock, waste = list(game.stock), list(game.waste)
    recycles = game.recycles
    limit = game.scoring.max_recycles
    start = (len(stock), len(waste))
    total = len(stock) + len(waste)
    for clicks in range(1, 2 * total + 3):
        if not stock:
            if not waste or (0 <= limit <= recycles):
                return None
            stock, waste = waste[::-1], []
            recycles += 1
            if not game.rules.deal_on_recycle:
                if (len(stock), len(waste)) == start:
                    return None
                continue
        take = min(game.draw, len(stock))
        waste.extend(stock[: -take - 1: -1])
        del stock[-take:]
        if playable(game, waste[-1]):
            return clicks
        if (len(stock), len(waste)) == start:
            return None  # round the whole talon and back: nothing in it fits
    return None


def easy_move(game: Game, stock_known: bool) -> Move | None:
    """Easy's move: the best wanted move, else a stock click while the talon may give a card,
    else a lesser move; None when nothing useful is left."""
    moves = ranked(game)
    if moves and moves[0][0] >= USEFUL:
        return moves[0][1]
    if clicks_to_play(game, stock_known) is not None:
        return DRAW
    return moves[0][1] if moves else None

