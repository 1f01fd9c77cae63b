"""The state of one deal: the piles, the score and the counters, and what can be read off them.

The first layer of ``Game`` (game.py): the move checks (checks.py), the move lists and the
"where does it go" choices (targets.py) and the apply/undo engine (game.py) each add one job on
top of this state, so each file reads as one job while a game stays one object.
"""

from __future__ import annotations

from collections import deque

from .codes import GameCode
from .moves import FOUNDATION, TABLEAU, WASTE, Move, Pile
from .rules import Ruleset, Scoring

# An undo record: the move, the two pile lists it touched with copies of their old contents,
# the column whose hidden count it may have changed (-1: none) with the old count, and the old
# score and recycle count. Copies of two piles are cheap and make undo exact by construction.
Record = tuple[Move, list[int], list[int], list[int], list[int], int, int, int, int]


class Table:
    """One deal's piles and counters under a Ruleset, draw count and scoring."""

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
        self.history: deque[Record] = deque(maxlen=rules.undo_limit or None)
        self.undone: list[Move] = []  # the moves undo took back, the next one to redo last (C-12)
        self.log: list[Move | None] = []  # every applied move, None for an undo: a save replays it

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
    def can_redo(self) -> bool:
        return bool(self.undone)

    @property
    def undo_spent(self) -> bool:
        """Moves stand on the table that undo can no longer reach: the game's limit (DS-9,
        TF-6) has been used up, as opposed to there being nothing played to take back.
        """
        played = len(self.log) - 2 * self.log.count(None)  # each None took one move back
        return not self.history and played > 0

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
