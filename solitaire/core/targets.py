"""Where a card can go: the legal moves now, and the choices a click or a move text leaves to
the rules (which foundation, which column or cell, the next auto-complete card).

The checks (checks.py) say whether one move is legal; this says which moves there are, for the
solver, the hints and the click intents (intents.py). Both ask the same predicates of the
Ruleset. These are functions of the table, composed into ``Game`` (table.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .cards import DECK, KING, RANK
from .checks import check_draw, check_source, exists, refuse, run_limit
from .errors import IllegalMove
from .predicates import foundation_refusal, leave_together, leaves_alone
from .moves import CELL, DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Request
from .table import Table


def legal_moves(table: Table) -> list[Move]:
    """Every legal move now. An Ace that may take any empty foundation (K-5) is offered the
    first empty one only, a group only one empty column and a card only the first free cell:
    the others are the same move.
    """
    if table.pairs_leave:
        return pair_moves(table)
    moves_with = table.rules.moves_with
    moves: list[Move] = []
    if table.rules.stock != "none" and check_draw(table) is None:
        moves.append(DRAW)
    columns = _Columns(table)
    if table.waste:
        _moves_of(table, Pile(WASTE), 1, table.waste[-1], moves, columns)
    for index, cell in enumerate(table.cells):
        if cell:
            _moves_of(table, Pile(CELL, index), 1, cell[-1], moves, columns)
    free_cell = next((i for i, cell in enumerate(table.cells) if not cell), None)
    covered = _covered(table)
    for column, cards in enumerate(table.tableau):
        if column in covered:
            continue
        face_up = len(cards) - table.hidden[column]
        for count in range(1, face_up + 1):
            if count > 1 and not moves_with(cards[-count + 1], cards[-count]):
                break
            _moves_of(table, Pile(TABLEAU, column), count, cards[-count], moves, columns)
        if cards and free_cell is not None:
            moves.append(Move(Pile(TABLEAU, column), Pile(CELL, free_cell), 1))
    if table.rules.foundation_back != "never":
        for index, pile in enumerate(table.foundations):
            if pile:
                _column_moves(table, Pile(FOUNDATION, index), 1, pile[-1], moves, columns)
    return moves


def pair_moves(table: Table) -> list[Move]:
    """Every legal move of a game of pairs now: a stock click, each King in sight to the
    foundation, each pair of cards in sight totalling 13 (once: the card of the lower pile,
    columns first, then the waste, dropped on the other)."""
    moves: list[Move] = []
    if table.rules.stock != "none" and check_draw(table) is None:
        moves.append(DRAW)
    in_sight: list[tuple[Pile, int]] = [(Pile(TABLEAU, index), cards[-1]) for index, cards in enumerate(table.tableau)
                                        if cards and check_source(table, Pile(TABLEAU, index), 1) is None]
    if table.waste:
        in_sight.append((Pile(WASTE), table.waste[-1]))
    home = Pile(FOUNDATION, 0)
    for place, (pile, card) in enumerate(in_sight):
        if leaves_alone(card):
            moves.append(Move(pile, home, 1))
            continue
        for partner, other in in_sight[place + 1:]:
            if leave_together(card, other):
                moves.append(Move(pile, partner, 1))
        if table.stock and leave_together(card, table.stock[-1]):
            moves.append(Move(pile, Pile(STOCK), 1))
    return moves


def resolve_pair(table: Table, src: Pile) -> Move:
    """Where a click or a move text with no partner sends a card (``*``, ``f``, ``t``): a King to
    the foundation; any other card needs its partner named, which the refusal says (PY-3)."""
    if src.kind == FOUNDATION:
        raise IllegalMove(refuse(table, "foundation_final", game=table.rules))
    refused = check_source(table, src, 1)
    if refused:
        raise IllegalMove(refused)
    card = table.pile(src)[-1]
    if leaves_alone(card):
        return Move(src, Pile(FOUNDATION, 0), 1)
    raise IllegalMove(refuse(table, "pair_needed", card=card))


@lru_cache(maxsize=None)
def _fitting(builds_on: Callable[[int, int], bool]) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it may go on by ``builds_on`` (C-2 and the other builds), asked
    once per build: a move list then looks up the columns whose top card takes a card, instead
    of asking every column for every card and group (Double Solitaire's groups of any length
    made that most of a hint's time, issue 33 item 10)."""
    return tuple(tuple(target for target in DECK if builds_on(card, target)) for card in DECK)


class _Columns:
    """The columns of a table by their top card, and the empty ones, for one move list."""

    def __init__(self, table: Table) -> None:
        self.fitting = _fitting(table.rules.builds_on)
        self.by_top: dict[int, list[int]] = {}
        self.empty: list[int] = []
        covered = _covered(table)
        for index, pile in enumerate(table.tableau):
            if index in covered:
                continue
            if pile:
                self.by_top.setdefault(pile[-1], []).append(index)
            else:
                self.empty.append(index)


def _covered(table: Table) -> frozenset[int]:
    """The piles another pile holding a card lies on (TP-2): none of their cards moves, and
    nothing goes onto them."""
    rules = table.rules
    if not rules.covered_by:
        return frozenset()
    return frozenset(pile for pile in range(len(table.tableau)) if rules.is_covered(table.tableau, pile))


def _moves_of(table: Table, src: Pile, count: int, c: int, out: list[Move], columns: _Columns) -> None:
    if count == 1:
        target = foundation_for(table, c)
        if target is not None:
            out.append(Move(src, Pile(FOUNDATION, target), 1))
    _column_moves(table, src, count, c, out, columns)


def _column_moves(table: Table, src: Pile, count: int, c: int, out: list[Move], columns: _Columns) -> None:
    """The columns ``c`` (alone or leading ``count`` cards) may go to, in column order: those
    whose top card it builds on, and the first empty one if an empty column takes it."""
    skip = src.index if src.kind == TABLEAU else -1
    by_top = columns.by_top
    targets = [index for top in columns.fitting[c] if top in by_top for index in by_top[top] if index != skip]
    empty = next((index for index in columns.empty if index != skip), None)
    if empty is not None and table.rules.empty_takes(c):
        targets.append(empty)
    if not targets:
        return
    targets.sort()
    limited = count > 1 and table.rules.run_size == "free_cells"
    for index in targets:
        if not limited or count <= run_limit(table, index):
            out.append(Move(src, Pile(TABLEAU, index), count))


def foundation_for(table: Table, c: int) -> int | None:
    """The foundation a card dropped on the foundation area goes to (DS-3, TF-3, K-5): the
    first, in foundation order, that takes it; None when none does (always in Spider, SP-4).
    """
    rules = table.rules
    if rules.whole_suits_leave:
        return None
    base, build = rules.foundation_base, rules.foundation_build
    for index, (pile, fixed) in enumerate(zip(table.foundations, rules.foundation_suits)):
        if foundation_refusal(c, pile, base, fixed, build) is None:  # C-4, GO-3
            return index
    return None


def tableau_target(table: Table, src: Pile, count: int) -> int | None:
    """Where a double click puts a card or group (DS-8): the longest column that takes it
    (the leftmost of equals), else an empty column if it takes the group (C-3: a King).
    """
    rules = table.rules
    limited = count > 1 and rules.run_size == "free_cells"
    moving = table.pile(src)[-count]
    best, best_len, empty = None, -1, None
    for index, pile in enumerate(table.tableau):
        if src.kind == TABLEAU and src.index == index:
            continue
        if limited and count > run_limit(table, index):
            continue
        if rules.covered_by and rules.is_covered(table.tableau, index):
            continue
        if pile:
            if rules.builds_on(moving, pile[-1]) and len(pile) > best_len:
                best, best_len = index, len(pile)
        elif empty is None and rules.empty_takes(moving):
            empty = index
    return best if best is not None else empty


def free_cell(table: Table) -> int | None:
    """The first free cell, or None."""
    return next((index for index, cell in enumerate(table.cells) if not cell), None)


def resolve(table: Table, request: Request) -> Move:
    """Turn a parsed move text into a concrete Move, choosing the destination where the text
    leaves it to the rules (``f``, ``c``, ``t``, ``*``). Raises IllegalMove when nothing fits.
    """
    if request.action == "draw":
        return DRAW
    src, count, kind, index = request.src, request.count, request.dst_kind, request.dst_index
    if src is None:  # "u", "r", "a": an action on the game, not a move of cards
        raise ValueError(f'"{request.action}" is not a move of cards')
    if index is not None:
        return Move(src, Pile(kind, index), count)
    if not exists(table, src):
        raise IllegalMove(refuse(table, "no_pile", pile=str(src), game=table.rules))
    if table.pairs_leave:
        return resolve_pair(table, src)
    refused = check_source(table, src, count)
    if refused:
        raise IllegalMove(refused)
    c = table.pile(src)[-count]
    if kind == CELL:
        cell = free_cell(table)
        if cell is None or not table.cells:
            raise IllegalMove(refuse(table, "no_free_cell" if table.cells else "no_pile", pile="c", game=table.rules))
        return Move(src, Pile(CELL, cell), count)
    if kind in (FOUNDATION, "*") and count == 1 and src.kind != FOUNDATION:
        target = foundation_for(table, c)
        if target is not None:
            return Move(src, Pile(FOUNDATION, target), 1)
        if kind == FOUNDATION:
            if table.rules.foundation_count == 1:  # GO-3: the one pile's own rule says why not
                return Move(src, Pile(FOUNDATION, 0), 1)
            raise IllegalMove(refuse(table, "no_foundation", card=c))
    if kind == FOUNDATION:
        raise IllegalMove(refuse(table, "one_at_a_time"))
    target = tableau_target(table, src, count)
    if kind == "*" and target is not None and _pointless_move(table, src, count, target):
        target = None
    if target is not None:
        return Move(src, Pile(TABLEAU, target), count)
    if kind == "*" and count == 1 and src.kind == TABLEAU and free_cell(table) is not None:
        return Move(src, Pile(CELL, free_cell(table)), 1)  # FC-2: a one-tap card parks in a cell
    raise IllegalMove(refuse(table, "no_place" if kind == "*" else "no_column", card=c))


def _pointless_move(table: Table, src: Pile, count: int, target: int) -> bool:
    """A one-tap click does not shuttle a group (a King, C-3) that already heads an otherwise
    empty column.
    """
    return src.kind == TABLEAU and not table.tableau[target] and count == len(table.tableau[src.index])


def auto_complete_ready(table: Table) -> bool:
    """K-9 / FC-5: every column card face up, stock and waste empty, every column in
    descending order (so each card's turn comes), and cards still to go home.
    """
    return (
        table.rules.auto_complete
        and not table.stock
        and not table.waste
        and not any(table.hidden)
        and all(RANK[a] > RANK[b] for column in table.tableau for a, b in zip(column, column[1:]))
        and not table.won
    )


def auto_complete_next(table: Table) -> Move | None:
    """The next auto-complete move (K-9), or None when the game is won or nothing fits.

    The lowest column top or cell card that a foundation takes goes first; the view plays these
    one at a time so each card is seen flying home. With every column in descending order the
    lowest card left is always a column top or in a cell, and it always fits, until the game is won.
    """
    if not auto_complete_ready(table):
        return None
    best: Move | None = None
    best_rank = KING + 1
    sources = [(Pile(TABLEAU, i), pile) for i, pile in enumerate(table.tableau)]
    sources += [(Pile(CELL, i), pile) for i, pile in enumerate(table.cells)]
    for src, cards in sources:
        if cards and RANK[cards[-1]] < best_rank:
            target = foundation_for(table, cards[-1])
            if target is not None:
                best = Move(src, Pile(FOUNDATION, target), 1)
                best_rank = RANK[cards[-1]]
    return best
