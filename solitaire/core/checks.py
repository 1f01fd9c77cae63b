"""Whether a move is legal now, and if not, the refusal naming the game's own rule.

A move is checked by the roles of its two piles: what the source pile gives (the waste and a
cell their top card, a foundation its top card back to a column, a column a run its rules let
move) and what the destination accepts (a foundation the next card of its suit, a cell one card
when free, a column what builds on its top or what an empty column takes, as long as the run is
short enough). Each role asks the predicates of the Ruleset (predicates.py), never the game's
id, and a refusal cites the rule id from the game's ``[rule_ids]`` (errors.py words it).

These are functions of the table, composed into ``Game`` (table.py).
"""

from __future__ import annotations

from .cards import SUIT
from .errors import Refusal, refusal
from .moves import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from .predicates import extends_foundation, run_capacity
from .table import Table


def refuse(table: Table, reason: str, **params: object) -> Refusal:
    """The refusal for ``reason``, citing this game's own rule (its ``[rule_ids]``)."""
    return refusal(table.rules.rule_of(reason), reason, **params)


def undo_refusal(table: Table) -> Refusal | None:
    """Why ``undo()`` would take nothing back now, or None when it would."""
    if table.history:
        return None
    if table.undo_spent:
        return refuse(table, "undo_limit", limit=table.rules.undo_limit)
    return refuse(table, "nothing_to_undo")


def redo_refusal(table: Table) -> Refusal | None:
    """Why ``redo()`` would play nothing now (no move undone since the last one played), or None
    when it would."""
    return None if table.undone else refuse(table, "nothing_to_redo")


def check(table: Table, move: Move) -> Refusal | None:
    """None if ``move`` is legal now, else the rule that refuses it."""
    src, dst, count = move
    if src.kind == STOCK:
        return check_draw(table)
    if not exists(table, src) or not exists(table, dst):
        missing = src if not exists(table, src) else dst
        return refuse(table, "no_pile", pile=str(missing), game=table.rules)
    if src == dst:
        return refuse(table, "same_pile")
    if dst.kind in (STOCK, WASTE):
        return refuse(table, "not_to_talon")
    if dst.kind == FOUNDATION and table.rules.whole_suits_leave:
        return refuse(table, "suits_leave_alone")
    if dst.kind == FOUNDATION and count != 1:
        return refuse(table, "one_at_a_time")
    if dst.kind == CELL and count != 1:
        return refuse(table, "cell_one_card")
    refused = check_source(table, src, count)
    if refused:
        return refused
    if src.kind == FOUNDATION and dst.kind != TABLEAU:
        return refuse(table, "foundation_to_column_only")
    moving = table.pile(src)[-count]
    if dst.kind == FOUNDATION:
        return _foundation_accepts(table, moving, dst.index)
    if dst.kind == CELL:
        return refuse(table, "cell_full", number=dst.index + 1) if table.cells[dst.index] else None
    return _column_accepts(table, moving, count, dst.index)


def exists(table: Table, ref: Pile) -> bool:
    if ref.kind == TABLEAU:
        return 0 <= ref.index < len(table.tableau)
    if ref.kind == FOUNDATION:
        return 0 <= ref.index < len(table.foundations)
    if ref.kind == CELL:
        return 0 <= ref.index < len(table.cells)
    return ref.kind in (STOCK, WASTE) and table.rules.stock != "none" and (
        ref.kind == STOCK or not table.rules.deals_rows)


def check_draw(table: Table) -> Refusal | None:
    """A click on the stock: turn cards onto the waste (K-3), or deal a row (SP-5)."""
    rules = table.rules
    if rules.stock == "none":
        return refuse(table, "no_stock", game=rules)
    if rules.deals_rows:
        if not table.stock:
            return refuse(table, "no_rows_left")
        empty = next((i for i, column in enumerate(table.tableau) if not column), None)
        return None if empty is None else refuse(table, "deal_on_empty", number=empty + 1)
    if table.stock:
        return None
    if not table.waste:
        return refuse(table, "nothing_to_draw")
    if not table.can_recycle:
        limit = table.scoring.max_recycles
        return refuse(table, "vegas_one_pass") if limit == 0 else refuse(table, "passes_used", limit=limit + 1)
    return None


def check_source(table: Table, src: Pile, count: int) -> Refusal | None:
    """Whether ``count`` cards can be lifted from ``src`` at all, wherever they go: what the
    source's role gives.
    """
    if src.kind == TABLEAU:
        return _column_gives(table, src.index, count)
    pile = table.pile(src)
    if src.kind == WASTE:
        return (refuse(table, "waste_empty") if not pile
                else refuse(table, "waste_top_only") if count != 1 else None)
    if src.kind == CELL:
        return (refuse(table, "cell_empty", number=src.index + 1) if not pile
                else refuse(table, "cell_one_card") if count != 1 else None)
    if not pile:
        return refuse(table, "foundation_empty", number=src.index + 1)
    if table.rules.foundation_back == "never":
        return refuse(table, "foundation_final", game=table.rules)
    return refuse(table, "foundation_top_only") if count != 1 else None


def _column_gives(table: Table, column: int, count: int) -> Refusal | None:
    """A column gives its top card, or a run its rules let move together (K-4, DS-2, SP-3)."""
    cards = table.tableau[column]
    if not cards:
        return refuse(table, "column_empty", number=column + 1)
    face_up = len(cards) - table.hidden[column]
    if count > face_up:
        if count > len(cards):
            return refuse(table, "column_too_short", number=column + 1, count=len(cards))
        return refuse(table, "face_down")
    if count > 1 and not table.rules.is_ordered_run(cards[-count:]):
        reason = "not_same_suit_run" if table.rules.runs == "same_suit" else "not_in_order"
        return refuse(table, reason, card=cards[-count])
    return None


def _foundation_accepts(table: Table, c: int, index: int) -> Refusal | None:
    """C-4: the next card of the foundation's suit, from its base up (TF-3, DS-3: its own suit)."""
    pile = table.foundations[index]
    fixed = table.rules.foundation_suit(index)
    if fixed is not None and SUIT[c] != fixed:
        return refuse(table, "wrong_suit_slot", card=c, suit=fixed)
    if extends_foundation(c, pile, table.rules.foundation_base):
        return None
    if not pile:
        return refuse(table, "ace_first", card=c)
    top = pile[-1]
    return refuse(table, "foundation_suit" if SUIT[top] != SUIT[c] else "foundation_rank", card=c, target=top)


def _column_accepts(table: Table, c: int, count: int, index: int) -> Refusal | None:
    """What builds on the column's top (C-2), or what an empty column takes (C-3), in a run no
    longer than the free cells and empty columns allow (FC-3).
    """
    pile = table.tableau[index]
    rules = table.rules
    if not pile:
        if not rules.empty_takes(c):
            return refuse(table, "king_only", card=c)
    elif not rules.builds_on(c, pile[-1]):
        return refuse(table, rules.build_refusal(c, pile[-1]), card=c, target=pile[-1])
    if count > 1 and rules.run_size == "free_cells":
        limit = run_limit(table, index)
        if count > limit:
            return refuse(table, "run_too_long", limit=limit)
    return None


def run_limit(table: Table, destination: int) -> int:
    """FC-3: the longest run that may move onto column ``destination`` now."""
    empty = table.empty_columns - (0 if table.tableau[destination] else 1)
    return run_capacity(table.free_cells, empty)
