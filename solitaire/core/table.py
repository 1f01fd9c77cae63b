"""The state of one deal: the piles by role, the score and the counters, and what can be read
off them.

``Game`` (game.py) is this state with the move checks (checks.py), the move lists and "where
does it go" choices (targets.py) and the apply/undo engine composed onto it, each a module of
one job.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import NamedTuple, Self

from .codes import GameCode
from .moves import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from .rules import Ruleset, Scoring


class Record(NamedTuple):
    """What undo needs to take one move back exactly (C-9): the cards it moved, to move them
    back; a copy of each pile it changed otherwise (a click on the stock, a dealt row, a
    completed suit leaving); each column's face-down count it changed as it was; and the score
    and recycle count before. A move of cards needs no copy of its piles: moving them back is
    exact, and most moves are one card. An immutable value with named fields (a named tuple:
    made once a move, it costs a third of a frozen dataclass, measured with ``bench --core``);
    made with :data:`new_record`. Its other fields are plain tuples of text and numbers, which
    Python's garbage collector stops watching: a duel server holding every race's records
    (thousands of races) does not pause to scan them all.
    """

    move: Move
    # A move of cards (from kind, from index, to kind, to index, count), which undo takes back
    # by moving them back; () for a click on the stock. A plain tuple: a Move's five fields
    # cost undo ~1,100 instructions more to read (cachegrind).
    moved: tuple[str, int, str, int, int] | tuple[()]
    piles: tuple[tuple[str, int, tuple[int, ...]], ...]  # (kind, index, its cards before), newest first
    hidden: tuple[tuple[int, int], ...]  # (column, face-down count before)
    score: int
    recycles: int
    streak: int  # the run of column cards sent home before (TP-6)


#: ``new_record((move, moved, piles, hidden, score, recycles, streak))``: a Record made by the tuple's own
#: constructor. A named tuple's generated ``__new__`` is a Python function, and a record is made
#: on every move: this halves its cost (``bench --core``'s apply+undo, issue 24).
new_record = partial(tuple.__new__, Record)


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
        self.cells: list[list[int]] = [[] for _ in range(rules.cells)]  # each holds one card at most
        # How many piles of each kind the game has: a game with no stock has neither stock nor
        # waste (FC-1), one that deals rows has no waste (SP-5). Every move's check asks it.
        self.pile_counts = {TABLEAU: len(rules.columns), FOUNDATION: rules.foundation_count, CELL: rules.cells,
                            STOCK: int(rules.stock != "none"), WASTE: int(rules.stock == "waste")}
        self.pairs_leave = rules.pairs != "none"  # PY-3: every move of cards is a pair or a King leaving
        self._clears_tableau = rules.goal == "clear_tableau"  # GO-5: won when the columns are empty
        self.score = self.scoring.start
        self.moves = 0
        self.recycles = 0
        self.streak = 0  # column cards sent home since the last click on the stock, where a run scores (TP-6)
        # DU-12, where the scoring says a card's trip home scores once: each card's trips home on
        # the line played (a move home adds one, its undo takes it back); None elsewhere.
        self.trips_home: list[int] | None = [0] * 52 if self.scoring.home_scores_once else None
        # Read once for every move: the piles each lies on (TP-2), the rule module's points (TP-6).
        self.covers = rules.covers
        self.module_points = rules.module.points if rules.module is not None else None
        self.history: deque[Record] = deque(maxlen=rules.undo_limit or None)
        self.undone: list[Move] = []  # the moves undo took back, the next one to redo last (C-12)
        self.log: list[Move | None] = []  # every applied move, None for an undo: a save replays it

    @property
    def won(self) -> bool:
        """Every card home (C-4), or every column card gone where that is the goal (GO-5)."""
        if self._clears_tableau:
            return not any(self.tableau)
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

    @property
    def passes(self) -> tuple[int, int] | None:
        """The pass through the stock this is and how many the game allows, ``(1, 3)`` at
        Pyramid's deal (PY-4); None where the waste turns back without limit."""
        limit = self.scoring.max_recycles
        return None if limit < 0 else (self.recycles + 1, limit + 1)

    @property
    def free_cells(self) -> int:
        return sum(1 for cell in self.cells if not cell)

    @property
    def empty_columns(self) -> int:
        return sum(1 for column in self.tableau if not column)

    def pile(self, ref: Pile) -> list[int]:
        return self.pile_at(ref.kind, ref.index)

    def pile_at(self, kind: str, index: int) -> list[int]:
        """The pile of that kind and index: ``pile`` for a move's fields read already, or an
        undo record's (kind, index), with no Pile made (``bench --core``, issue 24). The kinds
        asked most come first: the move engine finds a column itself, and asks here for the
        rest (a foundation, the waste, the stock's copies on undo): ~380 instructions fewer a
        Klondike apply+undo than columns first (cachegrind)."""
        if kind == FOUNDATION:
            return self.foundations[index]
        if kind == WASTE:
            return self.waste
        if kind == STOCK:
            return self.stock
        if kind == CELL:
            return self.cells[index]
        return self.tableau[index]

    def face_up_count(self, column: int) -> int:
        return len(self.tableau[column]) - self.hidden[column]

    def all_cards(self) -> list[int]:
        cards = list(self.stock) + self.waste
        for pile in self.tableau + self.foundations + self.cells:
            cards += pile
        return cards

    def been_home(self) -> list[int]:
        """DU-12: the cards off the foundations whose trip home has scored (taken back since), in
        card order; none where a trip home scores every time. What a position written as JSON
        needs beside its piles to score as the game it was taken from."""
        trips = self.trips_home
        if trips is None:
            return []
        home = {c for pile in self.foundations for c in pile}
        return [c for c, count in enumerate(trips) if count and c not in home]

    def count_trips_home(self, been_home: list[int]) -> None:
        """DU-12 for a position set up from its piles (a deal file, a saved start, a server's
        table): every card on a foundation went home once, and so did ``been_home``."""
        if self.trips_home is None:
            return
        self.trips_home = [0] * 52
        for c in [c for pile in self.foundations for c in pile] + been_home:
            self.trips_home[c] = 1

    def clone(self) -> Self:
        """An independent copy of the position (no history, no log): for searches and previews.

        Every attribute is copied, whatever it is, so a field added later cannot be forgotten:
        lists of piles pile by pile, lists as lists, the rest shared (immutable values); only
        the history, the log and the moves to redo start empty (never copied: a long game's log
        made a search's every clone slow).
        """
        other = self.__class__.__new__(self.__class__)
        fresh = {"history": deque(maxlen=self.rules.undo_limit or None), "log": [], "undone": []}
        state = other.__dict__
        for name, value in self.__dict__.items():
            if name in fresh:
                value = fresh[name]
            elif type(value) is list:  # piles pile by pile; a list of numbers in one slice (DU-12's 52 counts)
                value = [item[:] for item in value] if value and type(value[0]) is list else value[:]
            state[name] = value
        return other
