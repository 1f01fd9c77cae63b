"""Where a card can go: the legal moves now, and the choices a click or a move text leaves to
the rules (which foundation, which column, the next auto-complete card).

The third layer of ``Game``: the engine's checks (checks.py) say whether one move is legal; this
says which moves there are, for the solver, the hints and the click intents (intents.py).
"""

from __future__ import annotations

from .cards import KING, RANK, SUIT
from .checks import MoveChecks
from .errors import IllegalMove
from .moves import DRAW, FOUNDATION, TABLEAU, WASTE, Move, Pile, Request


class Targets(MoveChecks):
    """The move lists and destination choices of a deal."""

    def legal_moves(self) -> list[Move]:
        """Every legal move now. An Ace that may take any empty foundation (K-5) is offered the
        first empty one only, and a group only one empty column: the others are the same move.
        """
        builds_on = self.rules.builds_on
        moves: list[Move] = []
        if self._check_draw() is None:
            moves.append(DRAW)
        if self.waste:
            self._moves_of(Pile(WASTE), 1, self.waste[-1], moves)
        for column, cards in enumerate(self.tableau):
            face_up = len(cards) - self.hidden[column]
            for count in range(1, face_up + 1):
                if count > 1 and self.rules.runs == "ordered" and not builds_on(cards[-count + 1], cards[-count]):
                    break
                self._moves_of(Pile(TABLEAU, column), count, cards[-count], moves)
        for index, pile in enumerate(self.foundations):
            if pile:
                self._column_moves(Pile(FOUNDATION, index), 1, pile[-1], moves)
        return moves

    def _moves_of(self, src: Pile, count: int, c: int, out: list[Move]) -> None:
        if count == 1:
            target = self.foundation_for(c)
            if target is not None:
                out.append(Move(src, Pile(FOUNDATION, target), 1))
        self._column_moves(src, count, c, out)

    def _column_moves(self, src: Pile, count: int, c: int, out: list[Move]) -> None:
        builds_on = self.rules.builds_on
        empty_offered = False
        for index, pile in enumerate(self.tableau):
            if src.kind == TABLEAU and src.index == index:
                continue
            if pile:
                if builds_on(c, pile[-1]):
                    out.append(Move(src, Pile(TABLEAU, index), count))
            elif not empty_offered and self.rules.empty_takes(c):
                empty_offered = True
                out.append(Move(src, Pile(TABLEAU, index), count))

    def foundation_for(self, c: int) -> int | None:
        """The foundation a card dropped on the foundation area goes to (DS-3, TF-3, K-5):
        the first, in foundation order, that takes it; None when none does.
        """
        suit, rank, base = SUIT[c], RANK[c], self.rules.foundation_base
        for index, pile in enumerate(self.foundations):
            fixed = self.rules.foundation_suit(index)
            if fixed is not None and fixed != suit:
                continue
            if (rank == base and not pile) or (pile and SUIT[pile[-1]] == suit and RANK[pile[-1]] + 1 == rank):
                return index
        return None

    def tableau_target(self, src: Pile, count: int) -> int | None:
        """Where a double click puts a card or group (DS-8): the longest column that takes it
        (the leftmost of equals), else an empty column if it takes the group (C-3: a King).
        """
        builds_on = self.rules.builds_on
        moving = self.pile(src)[-count]
        best, best_len, empty = None, -1, None
        for index, pile in enumerate(self.tableau):
            if src.kind == TABLEAU and src.index == index:
                continue
            if pile:
                if builds_on(moving, pile[-1]) and len(pile) > best_len:
                    best, best_len = index, len(pile)
            elif empty is None and self.rules.empty_takes(moving):
                empty = index
        return best if best is not None else empty

    def resolve(self, request: Request) -> Move:
        """Turn a parsed move text into a concrete Move, choosing the destination where the
        text leaves it to the rules (``f``, ``t``, ``*``). Raises IllegalMove when nothing fits.
        """
        if request.action == "draw":
            return DRAW
        src, count, kind, index = request.src, request.count, request.dst_kind, request.dst_index
        if src is None:  # "u", "r", "a": an action on the game, not a move of cards
            raise ValueError(f'"{request.action}" is not a move of cards')
        if index is not None:
            return Move(src, Pile(kind, index), count)
        if not self._exists(src):
            raise IllegalMove(self.refuse("no_pile", pile=str(src), game=self.rules))
        refused = self._check_source(src, count)
        if refused:
            raise IllegalMove(refused)
        c = self.pile(src)[-count]
        if kind in (FOUNDATION, "*") and count == 1 and src.kind != FOUNDATION:
            target = self.foundation_for(c)
            if target is not None:
                return Move(src, Pile(FOUNDATION, target), 1)
            if kind == FOUNDATION:
                raise IllegalMove(self.refuse("no_foundation", card=c))
        if kind == FOUNDATION:
            raise IllegalMove(self.refuse("one_at_a_time"))
        target = self.tableau_target(src, count)
        if kind == "*" and target is not None and self._pointless_king_move(src, count, target):
            target = None
        if target is None:
            raise IllegalMove(self.refuse("no_place" if kind == "*" else "no_column", card=c))
        return Move(src, Pile(TABLEAU, target), count)

    def _pointless_king_move(self, src: Pile, count: int, target: int) -> bool:
        """A one-tap click does not shuttle a group (a King, C-3) that already heads an otherwise
        empty column.
        """
        return (
            src.kind == TABLEAU
            and not self.tableau[target]
            and count == len(self.tableau[src.index])
        )

    def auto_complete_ready(self) -> bool:
        """K-9: every column card face up, stock and waste empty, and cards still to go home."""
        return (
            self.rules.auto_complete
            and not self.stock
            and not self.waste
            and not any(self.hidden)
            and not self.won
        )

    def auto_complete_next(self) -> Move | None:
        """The next auto-complete move (K-9), or None when the game is won or nothing fits.

        The lowest column top that a foundation takes goes first; the view plays these one at a
        time so each card is seen flying home. In a position reached by Klondike's rules the
        face-up cards of a column are ordered, so some top card always fits until the game is won.
        """
        if not self.auto_complete_ready():
            return None
        best: Move | None = None
        best_rank = KING + 1
        for column, cards in enumerate(self.tableau):
            if cards and RANK[cards[-1]] < best_rank:
                target = self.foundation_for(cards[-1])
                if target is not None:
                    best = Move(Pile(TABLEAU, column), Pile(FOUNDATION, target), 1)
                    best_rank = RANK[cards[-1]]
        return best
