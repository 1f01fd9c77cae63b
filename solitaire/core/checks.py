"""Whether a move is legal now, and if not, the refusal naming the game's own rule.

The second layer of ``Game``: every check asks a rule part of the Ruleset (how columns build,
what an empty column takes, where a foundation starts, which groups move), never the game's id,
and a refusal cites the rule id from the game's ``[rule_ids]`` (errors.py words it).
"""

from __future__ import annotations

from .cards import RANK, RED, SUIT
from .errors import Refusal, refusal
from .moves import FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from .table import Table


class MoveChecks(Table):
    """The move checks of a deal: ``check`` and the refusals of undo and of a source pile."""

    def refuse(self, reason: str, **params: object) -> Refusal:
        """The refusal for ``reason``, citing this game's own rule (its ``[rule_ids]``)."""
        return refusal(self.rules.rule_of(reason), reason, **params)

    def undo_refusal(self) -> Refusal | None:
        """Why ``undo()`` would take nothing back now, or None when it would."""
        if self.history:
            return None
        if self.undo_spent:
            return self.refuse("undo_limit", limit=self.rules.undo_limit)
        return self.refuse("nothing_to_undo")

    def redo_refusal(self) -> Refusal | None:
        """Why ``redo()`` would play nothing now (no move undone since the last one played), or
        None when it would."""
        return None if self.undone else self.refuse("nothing_to_redo")

    def check(self, move: Move) -> Refusal | None:
        """None if ``move`` is legal now, else the rule that refuses it."""
        src, dst, count = move
        if src.kind == STOCK:
            return self._check_draw()
        if not self._exists(src) or not self._exists(dst):
            missing = src if not self._exists(src) else dst
            return self.refuse("no_pile", pile=str(missing), game=self.rules)
        if src == dst:
            return self.refuse("same_pile")
        if dst.kind in (STOCK, WASTE):
            return self.refuse("not_to_talon")
        if dst.kind == FOUNDATION and count != 1:
            return self.refuse("one_at_a_time")
        if src.kind == WASTE:
            if not self.waste:
                return self.refuse("waste_empty")
            if count != 1:
                return self.refuse("waste_top_only")
            moving = self.waste[-1:]
        elif src.kind == FOUNDATION:
            pile = self.foundations[src.index]
            if not pile:
                return self.refuse("foundation_empty", number=src.index + 1)
            if count != 1:
                return self.refuse("foundation_top_only")
            if dst.kind != TABLEAU:
                return self.refuse("foundation_to_column_only")
            moving = pile[-1:]
        else:
            refused = self._check_group(src.index, count)
            if refused:
                return refused
            moving = self.tableau[src.index][-count:]
        if dst.kind == FOUNDATION:
            return self._check_foundation(moving[0], dst.index)
        return self._check_column(moving[0], dst.index)

    def _exists(self, ref: Pile) -> bool:
        if ref.kind == TABLEAU:
            return 0 <= ref.index < len(self.tableau)
        if ref.kind == FOUNDATION:
            return 0 <= ref.index < len(self.foundations)
        return True

    def _check_draw(self) -> Refusal | None:
        if self.stock:
            return None
        if not self.waste:
            return self.refuse("nothing_to_draw")
        if not self.can_recycle:
            limit = self.scoring.max_recycles
            return self.refuse("vegas_one_pass") if limit == 0 else self.refuse("passes_used", limit=limit + 1)
        return None

    def _check_group(self, column: int, count: int) -> Refusal | None:
        cards = self.tableau[column]
        if not cards:
            return self.refuse("column_empty", number=column + 1)
        face_up = len(cards) - self.hidden[column]
        if count > face_up:
            if count > len(cards):
                return self.refuse("column_too_short", number=column + 1, count=len(cards))
            return self.refuse("face_down")
        if count > 1 and self.rules.runs == "ordered" and not self.rules.is_ordered_run(cards[-count:]):
            return self.refuse("not_in_order", card=cards[-count])
        return None

    def _check_foundation(self, c: int, index: int) -> Refusal | None:
        pile = self.foundations[index]
        fixed = self.rules.foundation_suit(index)
        if fixed is not None and SUIT[c] != fixed:
            return self.refuse("wrong_suit_slot", card=c, suit=fixed)
        if not pile:
            if RANK[c] != self.rules.foundation_base:
                return self.refuse("ace_first", card=c)
            return None
        top = pile[-1]
        if SUIT[top] != SUIT[c]:
            return self.refuse("foundation_suit", card=c, target=top)
        if RANK[c] != RANK[top] + 1:
            return self.refuse("foundation_rank", card=c, target=top)
        return None

    def _check_column(self, c: int, index: int) -> Refusal | None:
        pile = self.tableau[index]
        if not pile:
            if not self.rules.empty_takes(c):
                return self.refuse("king_only", card=c)
            return None
        top = pile[-1]
        if self.rules.builds_on(c, top):
            return None
        other_colour, next_rank = RED[c] != RED[top], RANK[c] + 1 == RANK[top]
        reason = "not_on_rank" if other_colour else "not_on_colour" if next_rank else "not_on"
        return self.refuse(reason, card=c, target=top)

    def _check_source(self, src: Pile, count: int) -> Refusal | None:
        """Whether ``count`` cards can be lifted from ``src`` at all, wherever they go."""
        if src.kind == TABLEAU:
            return self._check_group(src.index, count)
        pile = self.pile(src)
        if not pile:
            return (self.refuse("waste_empty") if src.kind == WASTE
                    else self.refuse("foundation_empty", number=src.index + 1))
        if count != 1:
            return (self.refuse("waste_top_only") if src.kind == WASTE
                    else self.refuse("foundation_top_only"))
        return None
