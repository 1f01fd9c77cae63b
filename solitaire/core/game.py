"""One game in play: the piles, the score, the moves that change them and undo.

Every game is played by this one class; what differs between Klondike, Double Solitaire,
Thoughtful and the Duel is the Ruleset read from ``levels/``: each check below asks one of its
rule parts (how columns build, what an empty column takes, where a foundation starts, which
groups move), never the game's id. A move is checked (``check``
returns a Refusal naming the rule), applied, and recorded with copies of the piles it touched, so
undo restores the exact state, score included (C-9). The move counter never goes back.
"""

from __future__ import annotations

from collections import deque
from .cards import KING, RANK, RED, SUIT, card_text
from .codes import GameCode
from .errors import IllegalMove, Refusal, refusal
from .moves import DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Request
from .rng import shuffled
from .rules import Ruleset, Scoring, ruleset

# An undo record: the move, the two pile lists it touched with copies of their old contents,
# the column whose hidden count it may have changed (-1: none) with the old count, and the old
# score and recycle count. Copies of two piles are cheap and make undo exact by construction.
_Record = tuple[Move, list[int], list[int], list[int], list[int], int, int, int, int]


class Game:
    """The state of one deal and the rules that move it."""

    def __init__(self, rules: Ruleset, draw: int, scoring: str, code: GameCode | None = None) -> None:
        if draw not in rules.draws:
            raise ValueError(f"{rules.name} has no draw {draw}")
        if scoring not in rules.scorings:
            raise ValueError(f"{rules.name} has no {scoring} scoring")
        self.rules = rules
        self.draw = draw
        self.scoring: Scoring = rules.scoring_systems[scoring]
        self.code = code
        self.tableau: list[list[int]] = [[] for _ in rules.columns]
        self.hidden: list[int] = [0] * len(rules.columns)  # face-down cards at each column's bottom
        self.stock: list[int] = []  # the last card is the next one drawn
        self.waste: list[int] = []  # the last card is the playable one
        self.foundations: list[list[int]] = [[] for _ in range(rules.foundation_count)]
        self.score = self.scoring.start
        self.moves = 0
        self.recycles = 0
        self.history: deque[_Record] = deque(maxlen=rules.undo_limit or None)
        self.log: list[Move | None] = []  # every applied move, None for an undo: a save replays it

    # ----------------------------------------------------------------------------- dealing
    @classmethod
    def deal(cls, code: GameCode) -> Game:
        """The exact deal a game code names (G-1, G-2).

        The deck, spades A–K, hearts, diamonds, clubs (twice for two decks), is shuffled by
        ``rng.shuffled`` with the deal number as seed, then dealt from its front row by row, as
        at a table: the first row gives one card to every column, the next one card to every
        column but the first, and so on. What is left is the stock, its first card drawn first.
        """
        rules = ruleset(code.game)
        game = cls(rules, code.draw, code.scoring, code)
        deck = shuffled(list(range(52)) * rules.decks, code.deal)
        position = 0
        for row in range(max(rules.columns)):
            for column, size in enumerate(rules.columns):
                if row < size:
                    game.tableau[column].append(deck[position])
                    position += 1
        if rules.face_up == "last":
            game.hidden = [size - 1 for size in rules.columns]
        game.stock = deck[position:][::-1]
        return game

    # ----------------------------------------------------------------------------- queries
    @property
    def won(self) -> bool:
        return sum(map(len, self.foundations)) == self.rules.card_count

    @property
    def score_text(self) -> str:
        return self.scoring.text(self.score)

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def undo_spent(self) -> bool:
        """Moves stand on the table that undo can no longer reach: the game's limit (DS-9,
        TF-6) has been used up, as opposed to there being nothing played to take back.
        """
        played = len(self.log) - 2 * self.log.count(None)  # each None took one move back
        return not self.history and played > 0

    def undo_refusal(self) -> Refusal | None:
        """Why ``undo()`` would take nothing back now, or None when it would."""
        if self.history:
            return None
        if self.undo_spent:
            return self.refuse("undo_limit", limit=self.rules.undo_limit)
        return self.refuse("nothing_to_undo")

    @property
    def can_recycle(self) -> bool:
        limit = self.scoring.max_recycles
        return limit < 0 or self.recycles < limit

    def pile(self, ref: Pile) -> list[int]:
        kind = ref.kind
        if kind == TABLEAU:
            return self.tableau[ref.index]
        if kind == FOUNDATION:
            return self.foundations[ref.index]
        if kind == WASTE:
            return self.waste
        return self.stock

    def face_up_count(self, column: int) -> int:
        return len(self.tableau[column]) - self.hidden[column]

    def all_cards(self) -> list[int]:
        cards = list(self.stock) + self.waste
        for pile in self.tableau + self.foundations:
            cards += pile
        return cards

    # ----------------------------------------------------------------------------- checking
    def refuse(self, reason: str, **params: object) -> Refusal:
        """The refusal for ``reason``, citing this game's own rule (its ``[rule_ids]``)."""
        return refusal(self.rules.rule_of(reason), reason, **params)

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

    # ----------------------------------------------------------------------------- applying
    def apply(self, move: Move) -> None:
        """Play ``move`` or raise IllegalMove. Scores it, flips what it uncovers, records undo."""
        refused = self.check(move)
        if refused:
            raise IllegalMove(refused)
        self._apply_checked(move)

    def _apply_checked(self, move: Move) -> None:
        src, dst, count = move
        scoring = self.scoring
        old_score, old_recycles = self.score, self.recycles
        if src.kind == STOCK:
            stock, waste = self.stock, self.waste
            record = (move, stock, stock[:], waste, waste[:], -1, 0, old_score, old_recycles)
            if not stock:
                self._recycle()
                if not self.rules.deal_on_recycle:
                    self._finish(record)
                    return
            take = min(self.draw, len(stock))
            waste.extend(stock[: -take - 1 : -1])
            del stock[-take:]
            self._finish(record)
            return
        from_pile = self.pile(src)
        to_pile = self.pile(dst)
        column = src.index if src.kind == TABLEAU else -1
        record = (
            move, from_pile, from_pile[:], to_pile, to_pile[:],
            column, self.hidden[column] if column >= 0 else 0, old_score, old_recycles,
        )
        to_pile.extend(from_pile[-count:])
        del from_pile[-count:]
        delta = 0
        if dst.kind == FOUNDATION:
            delta = scoring.waste_to_foundation if src.kind == WASTE else scoring.column_to_foundation
        elif src.kind == WASTE:
            delta = scoring.waste_to_column
        elif src.kind == FOUNDATION:
            delta = scoring.foundation_to_column
        if column >= 0 and from_pile and self.hidden[column] == len(from_pile):
            self.hidden[column] -= 1  # C-6: an uncovered face-down card turns face up
            delta += scoring.flip
        if delta:
            self.score = scoring.add(self.score, delta)
        self._finish(record)

    def _recycle(self) -> None:
        """K-3 / DS-5 / TF-4: the waste goes back to the stock in order, unshuffled."""
        cost = self.scoring.recycle_cost(self.draw, self.recycles)
        self.stock[:] = self.waste[::-1]
        self.waste.clear()
        self.recycles += 1
        if cost:
            self.score = self.scoring.add(self.score, -cost)

    def _finish(self, record: _Record) -> None:
        self.history.append(record)
        self.log.append(record[0])
        self.moves += 1

    def undo(self) -> bool:
        """Take back the last move, score included (C-9); False when there is none to take back.

        The move counter does not go back.
        """
        if not self.history:
            return False
        _, a, a_old, b, b_old, column, hidden, score, recycles = self.history.pop()
        a[:] = a_old
        b[:] = b_old
        if column >= 0:
            self.hidden[column] = hidden
        self.score = score
        self.recycles = recycles
        self.log.append(None)
        return True

    # ----------------------------------------------------------------------------- move lists
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
        assert src is not None
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

    def _check_source(self, src: Pile, count: int) -> Refusal | None:
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

    def _pointless_king_move(self, src: Pile, count: int, target: int) -> bool:
        """A one-tap click does not shuttle a group (a King, C-3) that already heads an otherwise
        empty column.
        """
        return (
            src.kind == TABLEAU
            and not self.tableau[target]
            and count == len(self.tableau[src.index])
        )

    # ----------------------------------------------------------------------------- auto-complete
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

    # ----------------------------------------------------------------------------- text form
    def to_json(self) -> dict:
        """The public state JSON of ``deal`` and ``replay``: piles bottom to top, face-down cards
        in lower case.
        """
        return {
            "code": str(self.code) if self.code else None,
            "game": self.rules.id,
            "draw": self.draw,
            "scoring": self.scoring.name,
            "tableau": [
                [card_text(c, i >= self.hidden[col]) for i, c in enumerate(cards)]
                for col, cards in enumerate(self.tableau)
            ],
            "stock": [card_text(c, False) for c in self.stock],
            "waste": [card_text(c) for c in self.waste],
            "foundations": [[card_text(c) for c in pile] for pile in self.foundations],
            "score": self.score,
            "score_text": self.score_text,
            "moves": self.moves,
            "recycles": self.recycles,
            "won": self.won,
        }

    def clone(self) -> Game:
        """An independent copy of the position (no history): for searches and previews."""
        other = Game.__new__(Game)
        other.rules, other.draw, other.scoring, other.code = self.rules, self.draw, self.scoring, self.code
        other.tableau = [list(p) for p in self.tableau]
        other.hidden = list(self.hidden)
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundations = [list(p) for p in self.foundations]
        other.score, other.moves, other.recycles = self.score, self.moves, self.recycles
        other.history = deque(maxlen=self.rules.undo_limit or None)
        other.log = []
        return other
