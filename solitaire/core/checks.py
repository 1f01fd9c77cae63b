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

from .errors import Refusal, refusal
from .moves import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from .cards import RANK
from .predicates import foundation_refusal, leave_together, leaves_alone, run_capacity
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
    src, dst = move.src, move.dst
    return check_parts(table, move, src.kind, src.index, dst.kind, dst.index, move.count)


def check_parts(table: Table, move: Move, src_kind: str, src_index: int, dst_kind: str, dst_index: int,
                count: int) -> Refusal | None:
    """``check`` with the move's fields read already: ``Game.apply`` reads them once for the
    check and the move (a named tuple's field costs about what a call does; ``bench --core``,
    issue 24)."""
    if src_kind == STOCK:
        return check_draw(table)
    if table.pairs_leave:  # PY-3: every move of cards is a King leaving or a pair
        return check_pair(table, src_kind, src_index, dst_kind, dst_index, count)
    counts = table.pile_counts  # has_pile twice, in line: ~1,000 instructions fewer a move of cards
    if not (0 <= src_index < counts.get(src_kind, 0) and 0 <= dst_index < counts.get(dst_kind, 0)):
        missing = move.src if not exists(table, move.src) else move.dst
        return refuse(table, "no_pile", pile=str(missing), game=table.rules)
    if src_kind == dst_kind and src_index == dst_index:
        return refuse(table, "same_pile")
    if dst_kind in (STOCK, WASTE):
        return refuse(table, "not_to_talon")
    if dst_kind == FOUNDATION:
        if table.rules.whole_suits_leave:
            return refuse(table, "suits_leave_alone")
        if count != 1:
            return refuse(table, "one_at_a_time")
    elif dst_kind == CELL and count != 1:
        return refuse(table, "cell_one_card")
    refused = (_column_gives(table, src_index, count) if src_kind == TABLEAU
               else _other_gives(table, src_kind, src_index, count))
    if refused:
        return refused
    if src_kind == FOUNDATION and dst_kind != TABLEAU:
        return refuse(table, "foundation_to_column_only")
    moving = (table.tableau[src_index] if src_kind == TABLEAU else table.pile_at(src_kind, src_index))[-count]
    if dst_kind == TABLEAU:
        return _column_accepts(table, moving, count, dst_index)
    if dst_kind == FOUNDATION:
        return _foundation_accepts(table, moving, dst_index)
    return refuse(table, "cell_full", number=dst_index + 1) if table.cells[dst_index] else None


def check_pair(table: Table, src_kind: str, src_index: int, dst_kind: str, dst_index: int,
               count: int) -> Refusal | None:
    """None if the move is legal in a game of pairs, else the rule that refuses it: a King from
    a column or the waste to the foundation (PY-3), or a card dropped on its partner (PY-3, the
    two in sight, PY-2, PY-4)."""
    counts = table.pile_counts
    for kind, index in ((src_kind, src_index), (dst_kind, dst_index)):
        if not 0 <= index < counts.get(kind, 0):
            return refuse(table, "no_pile", pile=str(Pile(kind, index)), game=table.rules)
    if src_kind == dst_kind and src_index == dst_index:
        return refuse(table, "same_pile")
    if src_kind == FOUNDATION:
        return refuse(table, "foundation_final", game=table.rules)
    if count != 1:
        return refuse(table, "pair_one_card")
    refused = check_source(table, Pile(src_kind, src_index), 1)
    if refused:
        return refused
    card = table.pile_at(src_kind, src_index)[-1]
    if dst_kind == FOUNDATION:
        return None if leaves_alone(card) else refuse(table, "pair_needed", card=card)
    if dst_kind == STOCK:
        if not table.stock:
            return refuse(table, "stock_empty_pair")
    else:
        refused = check_source(table, Pile(dst_kind, dst_index), 1)
        if refused:
            return refused
    partner = table.pile_at(dst_kind, dst_index)[-1]
    if not leave_together(card, partner):
        return refuse(table, "pair_not_thirteen", card=card, target=partner, total=RANK[card] + RANK[partner])
    return None


def exists(table: Table, ref: Pile) -> bool:
    """The game has the pile ``ref`` names."""
    return has_pile(table, ref.kind, ref.index)


def has_pile(table: Table, kind: str, index: int) -> bool:
    """The game has a pile of that kind and index (a stock and a waste are number 0)."""
    return 0 <= index < table.pile_counts.get(kind, 0)


def check_draw(table: Table) -> Refusal | None:
    """A click on the stock: turn cards onto the waste (K-3), or deal a row (SP-5)."""
    rules = table.rules
    if table.stock and not rules.deals_rows:  # the common click first: cards to turn (a game with no stock has none)
        return None
    if rules.stock == "none":
        return refuse(table, "no_stock", game=rules)
    if rules.stock == "to_foundation":
        return refuse(table, "stock_used_up")  # GO-4: one pass, no waste to turn back
    if rules.deals_rows:
        if not table.stock:
            return refuse(table, "no_rows_left")
        empty = next((i for i, column in enumerate(table.tableau) if not column), None)
        return None if empty is None else refuse(table, "deal_on_empty", number=empty + 1)
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
    kind, index = src
    return _column_gives(table, index, count) if kind == TABLEAU else _other_gives(table, kind, index, count)


def _other_gives(table: Table, kind: str, index: int, count: int) -> Refusal | None:
    """The waste and a cell give their one card; a foundation its top card, where its game lets
    it come back (C-7, FC-4)."""
    if kind == WASTE:
        return (refuse(table, "waste_empty") if not table.waste
                else refuse(table, "waste_top_only") if count != 1 else None)
    if kind == CELL:
        return (refuse(table, "cell_empty", number=index + 1) if not table.cells[index]
                else refuse(table, "cell_one_card") if count != 1 else None)
    if not table.foundations[index]:
        return refuse(table, "foundation_empty", number=index + 1)
    if table.rules.foundation_back == "never":
        return refuse(table, "foundation_final", game=table.rules)
    return refuse(table, "foundation_top_only") if count != 1 else None


def _column_gives(table: Table, column: int, count: int) -> Refusal | None:
    """A column gives its top card, or a run its rules let move together (K-4, DS-2, SP-3)."""
    cards = table.tableau[column]
    if not cards:
        return refuse(table, "column_empty", number=column + 1)
    if table.rules.covered_by and table.rules.is_covered(table.tableau, column):
        return refuse(table, "covered", number=column + 1)  # TP-2
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
    """C-4 (TF-3, DS-3: a foundation's own suit), as ``predicates.foundation_refusal`` decides."""
    pile = table.foundations[index]
    fixed = table.rules.foundation_suits[index]
    reason = foundation_refusal(c, pile, table.rules.foundation_base, fixed, table.rules.foundation_build)
    if reason is None:
        return None
    if reason == "wrong_suit_slot":
        return refuse(table, reason, card=c, suit=fixed)
    return refuse(table, reason, card=c, target=pile[-1]) if pile else refuse(table, reason, card=c)


def _column_accepts(table: Table, c: int, count: int, index: int) -> Refusal | None:
    """What builds on the column's top (C-2), or what an empty column takes (C-3), in a run no
    longer than the free cells and empty columns allow (FC-3).
    """
    pile = table.tableau[index]
    rules = table.rules
    if rules.covered_by and rules.is_covered(table.tableau, index):
        return refuse(table, "covered", number=index + 1)  # TP-2: nothing reaches a covered pile
    if not pile:
        if not rules.empty_takes(c):
            return refuse(table, rules.empty_refusal, card=c)
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
