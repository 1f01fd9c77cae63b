"""One game in play: dealing, applying a move, undoing it, and the game's text form.

Every game is played by this one class; what differs between Klondike, Double Solitaire,
Thoughtful and the Duel is the Ruleset read from ``levels/``. The class is built in layers, one
job a file: the state (table.py), the checks that refuse a move naming the rule (checks.py), the
move lists and the "where does it go" choices (targets.py), and here the engine: a move is
checked, applied, and recorded with copies of the piles it touched, so undo restores the exact
state, score included (C-9). The move counter never goes back. A move undone can be played
again by redo until a new move is made (C-12).
"""

from __future__ import annotations

from collections import deque

from .cards import card_text
from .codes import GameCode
from .errors import IllegalMove
from .moves import FOUNDATION, STOCK, TABLEAU, WASTE, Move
from .rng import shuffled
from .rules import ruleset
from .table import Record
from .targets import Targets


class Game(Targets):
    """The state of one deal and the rules that move it."""

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

    # ----------------------------------------------------------------------------- applying
    def apply(self, move: Move) -> None:
        """Play ``move`` or raise IllegalMove. Scores it, flips what it uncovers, records undo;
        being a new move, it leaves nothing to redo (C-12)."""
        refused = self.check(move)
        if refused:
            raise IllegalMove(refused)
        self._apply_checked(move)
        self.undone.clear()

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

    def _finish(self, record: Record) -> None:
        self.history.append(record)
        self.log.append(record[0])
        self.moves += 1

    def undo(self) -> bool:
        """Take back the last move, score included (C-9); False when there is none to take back.

        The move counter does not go back.
        """
        if not self.history:
            return False
        move, a, a_old, b, b_old, column, hidden, score, recycles = self.history.pop()
        a[:] = a_old
        b[:] = b_old
        if column >= 0:
            self.hidden[column] = hidden
        self.score = score
        self.recycles = recycles
        self.log.append(None)
        self.undone.append(move)
        return True

    def redo(self) -> bool:
        """Play the last move undone again (C-12): checked and scored as any move (undo restored
        the position it was played from, so it scores what it scored then) and counted, the move
        counter never going back; the moves undone before it stay to redo. False when there is
        none; IllegalMove if the position no longer allows it.
        """
        if not self.undone:
            return False
        move = self.undone[-1]
        refused = self.check(move)
        if refused:
            raise IllegalMove(refused)
        self._apply_checked(move)
        self.undone.pop()
        return True

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
        other.undone = []
        return other
