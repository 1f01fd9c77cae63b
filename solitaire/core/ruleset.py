"""A game's rules as one value: the Ruleset a level file is read into (rules.py reads it), with
its scoring systems and the named rule parts it is composed of.

The move engine (checks.py, targets.py), the deal-file check (position.py), the solver and the
scenes ask the Ruleset, never a game's id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .cards import ACE, KING, card
from .rule_module import RuleModule
from .errors import TOPIC_OF, TOPICS
from .predicates import (BUILDS, EMPTY_COLUMN, EMPTY_REFUSALS, FACE_UP, FOUNDATION_BASES, FOUNDATION_BUILDS, PAIRS,
                         RUNS, any_group)

# The rules every game shares (RULES.md, C-*), by refusal topic (errors.TOPICS). A game's
# ``[rule_ids]`` table adds its own rules and may replace these with a rule of its own.
COMMON_RULE_IDS: dict[str, str] = {
    "build": "C-2",
    "empty_column": "C-3",
    "foundation": "C-4",
    "talon": "C-5",
    "foundation_back": "C-7",
    "auto": "C-8",
    "undo": "C-9",
    "redo": "C-12",
}


@dataclass(frozen=True)
class Scoring:
    """One scoring system: points per kind of move, recycle costs, floor and display form."""

    name: str
    start: int
    floor: int | None  # None: no floor (Vegas, C-10)
    column_to_foundation: int
    waste_to_foundation: int
    waste_to_column: int
    flip: int
    foundation_to_column: int
    free_recycles: int
    recycle_penalty: dict[int, int]  # by draw count
    max_recycles: int  # -1: unlimited passes
    currency: str = ""  # DS-7: a currency marks Vegas scoring, money that carries over
    per_move: int = 0  # added for every move (SP-6: a point off each)
    # TP-6: each card of an unbroken run of column cards sent home scores this much more than the
    # one before (1, 2, 3 … with ``column_to_foundation = 1``); a click on the stock ends the run.
    # The run is counted only where it scores.
    streak: int = 0
    stock_turn: int = 0  # added for each click on the stock (TP-6: five points off)
    # DU-12: a card's trip home scores once; one taken back from a foundation (C-7, free) scores
    # nothing when it goes home again, so a card cannot be sent back and forth for points.
    home_scores_once: bool = False

    @property
    def is_vegas(self) -> bool:
        """Vegas scoring (DS-7): money, counted across games. Asked here and nowhere else."""
        return bool(self.currency)

    def recycle_cost(self, draw: int, recycles_before: int) -> int:
        if recycles_before < self.free_recycles:
            return 0
        return self.recycle_penalty.get(draw, 0)

    def add(self, score: int, delta: int) -> int:
        """C-10: a standard score stops at its floor; Vegas has none."""
        score += delta
        if self.floor is not None and score < self.floor:
            return self.floor
        return score

    def text(self, score: int) -> str:
        """``$416``, ``$0``, ``-$104`` in Vegas (DS-7); the bare number otherwise."""
        if not self.currency:
            return str(score)
        sign = "-" if score < 0 else ""
        return f"{sign}{self.currency}{abs(score)}"


# The named rule parts a game's ``[rules]`` table composes, each with the values the engine, the
# deal-file check and the solvers implement (the first is the default where a file says nothing).
# A value outside these is refused when the file is read, with one sentence naming the part. The
# predicates behind them are written once, in predicates.py.
PARTS: dict[str, tuple[str, ...]] = {
    "build": tuple(BUILDS),  # C-2 the other colour; or the same colour; SP-2 any suit; GO-2 nothing
    "empty_column": tuple(EMPTY_COLUMN),  # C-3 / DU-6: a King alone, or any card or run; GO-2 nothing
    "foundation_start": tuple(FOUNDATION_BASES),  # C-4: a foundation starts with an Ace; or any card
    "foundation_build": FOUNDATION_BUILDS,  # C-4 up by suit; GO-3 up or down, any suit; TP-3 K-A wraps
    "runs": tuple(RUNS),  # K-4 / TF-2 ordered runs; DS-2 any face-up group; SP-3 runs of one suit
    "run_size": ("any", "free_cells"),  # how long a run may be: any, or FC-3's free cells and columns
    "foundations": ("any", "suit_rows", "suit_fixed", "whole_suits", "one_pile"),  # K-5 / DS-3 / TF-3 / SP-4 / GO-3
    "face_up": tuple(FACE_UP),  # which dealt cards lie face up (K-1 / TF-1 / GO-1 / YU-1 / TP-1)
    "click": ("one_tap", "to_foundation"),  # K-8 one tap or select / DS-8, TF-6 click home, double click to a column
    "foundation_back": ("to_column", "never"),  # C-7 a foundation's top may come back; FC-4, SP-4 never
    "stock": ("waste", "deal_row", "none", "to_foundation"),  # K-3 onto a waste; SP-5 a row; FC-1 none; GO-4 home
    "goal": ("all_home", "clear_tableau"),  # C-4 every card home; GO-5 every column card gone
    "draw": ("cards", "suits"),  # what the draw count of a code says: cards drawn, or suits dealt (SP-1)
    "pairs": PAIRS,  # cards leave one at a time; PY-3 two in sight totalling 13 leave together, a King alone
}


@dataclass(frozen=True)
class Ruleset:
    id: str
    code: str  # the two letters of its game codes (G-1)
    name: str
    order: int  # place in the lists of games (title menu, statistics)
    on_title: bool  # offered on the title menu (the Duel's screen is not built yet)
    decks: int
    columns: tuple[int, ...]
    face_up: str  # a key of predicates.FACE_UP: "last", "all", "columns", "by_place", "uncovered"
    runs: str  # "ordered" (K-4, TF-2), "any" (DS-2) or "same_suit" (SP-3)
    foundations: str  # "any" (K-5), "suit_rows" (DS-3), "suit_fixed" (TF-3), "whole_suits" (SP-4), "one_pile" (GO-3)
    draws: tuple[int, ...]
    default_draw: int
    scorings: tuple[str, ...]
    undo_limit: int  # 0: unlimited
    auto_complete: bool
    deal_on_recycle: bool
    scoring_systems: dict[str, Scoring]
    build: str = "alternate_colours_down"
    empty_column: str = "king"
    foundation_start: str = "ace"
    foundation_build: str = "up_in_suit"
    goal: str = "all_home"
    click: str = "one_tap"
    run_size: str = "any"
    foundation_back: str = "to_column"
    stock: str = "waste"
    draw: str = "cards"
    pairs: str = "none"
    cells: int = 0  # free cells, each holding one card (FC-1)
    window: str = ""  # the scene that starts the game where it has its own (the Duel's "new_duel")
    ms_deals: int = 0  # deals numbered as Microsoft's FreeCell numbers them, 1 to this (FC-6)
    draw_names: tuple[str, ...] = ()  # e.g. ("easy", "hard"): the rule pages name the draws (DS-4, TF-4)
    daily_draws: tuple[int, ...] = ()  # the draws that have a daily deal (DD-1), where a pool exists
    rule_ids: dict[str, str] = field(default_factory=dict)  # refusal topic -> this game's rule
    layout: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)  # game-specific tables, e.g. [duel]
    version: int = 1  # the rules version digit of its game codes (G-1, G-4)
    # Piles at places (``[tableau]``, issue 34): each pile's place in card units, x in column
    # pitches and y in row pitches from the tableau's corner (the layout draws them there), or ()
    # for columns side by side; and for each pile the piles lying on it (numbered from 0, each
    # above its own number, so it is dealt and drawn after it), or () where none lies on another.
    places: tuple[tuple[float, float], ...] = ()
    covered_by: tuple[tuple[int, ...], ...] = ()
    module: RuleModule | None = field(default=None, compare=False)  # the one rule module it names, if any
    # Read from the parts above once, as plain attributes: the move engine asks them in its loops.
    builds_on: Callable[[int, int], bool] = field(init=False, repr=False, compare=False)
    build_refusal: Callable[[int, int], str] = field(init=False, repr=False, compare=False)
    moves_with: Callable[[int, int], bool] = field(init=False, repr=False, compare=False)
    empty_takes: Callable[[int], bool] = field(init=False, repr=False, compare=False)
    empty_refusal: str = field(init=False, repr=False, compare=False)
    foundation_base: int = field(init=False, repr=False, compare=False)
    # SP-5: the stock deals one card onto every column, and there is no waste.
    deals_rows: bool = field(init=False, repr=False, compare=False)
    # SP-4: a completed King-to-Ace run of one suit leaves for a foundation; nothing else goes home.
    whole_suits_leave: bool = field(init=False, repr=False, compare=False)
    # Each foundation's fixed suit, or None where an Ace picks any (``foundation_suit``).
    foundation_suits: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    # How many cards of each column the deal lays face down (the ``face_up`` part).
    dealt_hidden: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # For each pile, the piles it lies on: the ones a move emptying it may uncover (C-6, TP-2).
    covers: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        build = BUILDS[self.build]
        object.__setattr__(self, "builds_on", build.fits)  # C-2
        object.__setattr__(self, "build_refusal", build.refusal)
        object.__setattr__(self, "moves_with", RUNS[self.runs] or build.fits)  # K-4, DS-2, SP-3
        object.__setattr__(self, "empty_takes", EMPTY_COLUMN[self.empty_column])  # C-3, DU-6
        object.__setattr__(self, "empty_refusal", EMPTY_REFUSALS[self.empty_column])
        object.__setattr__(self, "foundation_base", FOUNDATION_BASES[self.foundation_start])  # C-4
        object.__setattr__(self, "deals_rows", self.stock == "deal_row")
        object.__setattr__(self, "whole_suits_leave", self.foundations == "whole_suits")
        object.__setattr__(self, "foundation_suits", tuple(
            None if self.foundations in ("any", "whole_suits", "one_pile") else index // self.decks
            for index in range(self.foundation_count)))
        hidden = FACE_UP[self.face_up].face_down
        object.__setattr__(self, "dealt_hidden", tuple(hidden(place, size, bool(self.covered_by and self.covered_by[place]))
                                                       for place, size in enumerate(self.columns)))
        object.__setattr__(self, "covers", tuple(tuple(under for under, above in enumerate(self.covered_by) if pile in above)
                                                 for pile in range(len(self.covered_by))))

    @property
    def card_count(self) -> int:
        return 52 * self.decks

    @property
    def foundation_count(self) -> int:
        """Four a deck; one where every card goes onto one pile (GO-3)."""
        return 1 if self.foundations == "one_pile" else 4 * self.decks

    @property
    def stock_in_sight(self) -> bool:
        """The stock's cards are dealt face up, in sight (TF-1; the ``face_up`` part)."""
        return FACE_UP[self.face_up].stock_in_sight

    @property
    def stock_top_in_sight(self) -> bool:
        """The stock's top card lies face up, the rest face down (PY-4; the ``face_up`` part)."""
        return FACE_UP[self.face_up].stock_top_in_sight

    @property
    def empty_takes_any(self) -> bool:
        """Any card or run may go into an empty column (the ``empty_column`` part)."""
        return self.empty_column == "any"

    @property
    def deals_face_down(self) -> bool:
        """Some dealt column cards lie face down (K-1, YU-1), so some cards are out of sight."""
        return any(self.dealt_hidden)

    @property
    def face_up_built(self) -> bool:
        """A column's face-up cards always lie built (C-2): the deal turns at most one card of a
        column face up and nothing but a build ever lands on it (K-1, DS-1; not FreeCell's or
        Yukon's dealt cards, nor Spider's dealt rows)."""
        return not self.deals_rows and all(size - hidden <= 1 for size, hidden in zip(self.columns, self.dealt_hidden))

    def is_ordered_run(self, cards: list[int]) -> bool:
        """Every card moves with the one under it (K-4, TF-2, SP-3; DS-2's any group at once)."""
        return self.moves_with is any_group or _each_on_the_last(self.moves_with, cards)

    def is_built(self, cards: list[int]) -> bool:
        """Every card builds on the one under it (C-2): how a dealt column's face-up cards lie."""
        return _each_on_the_last(self.builds_on, cards)

    def suits(self, draw: int) -> int:
        """How many suits a deal of ``draw`` uses: four, or the draw count where it counts suits."""
        return draw if self.draw == "suits" else 4

    def deck(self, draw: int) -> list[int]:
        """The cards of a deal, unshuffled: spades A–K, hearts, diamonds, clubs, once a deck;
        with fewer suits (SP-1) the first suits again until there are as many cards.
        """
        suits = self.suits(draw)
        return [card(rank, suit) for _ in range(self.card_count // (13 * suits))
                for suit in range(suits) for rank in range(ACE, KING + 1)]

    def is_covered(self, tableau: list[list[int]], pile: int) -> bool:
        """TP-2: a pile another pile still holding a card lies on; its cards cannot be played."""
        return bool(self.covered_by) and any(tableau[above] for above in self.covered_by[pile])

    def refusal_topics(self) -> tuple[str, ...]:
        """The refusal topics (errors.TOPICS) this game's parts can give: each needs a rule id."""
        race = bool(self.extra.get("duel"))  # the [duel] table: a race (DU-1)
        has = {"cells": self.cells > 0, "run_size": self.run_size == "free_cells", "covered": bool(self.covered_by),
               "whole_suits": self.whole_suits_leave, "race": race, "race_end": race, "pairs": self.pairs != "none"}
        return tuple(topic for topic in TOPICS if has.get(topic, True))

    def rule_of(self, reason: str) -> str:
        """The id of this game's rule that refuses a move for ``reason`` (a key of REASONS)."""
        topic = TOPIC_OF[reason]
        try:
            return self.rule_ids[topic]
        except KeyError:
            raise ValueError(f"levels/{self.id}.toml names no rule for {topic!r} ({reason})") from None

    def foundation_suit(self, index: int) -> int | None:
        """The suit a foundation is fixed to, or None where an Ace picks any (K-5)."""
        return self.foundation_suits[index]


def _each_on_the_last(fits: Callable[[int, int], bool], cards: list[int]) -> bool:
    """``fits(card, the card under it)`` for every card but the first. A plain loop: every run a
    move lifts is checked, and a generator costs twice as much on the short runs moves lift
    (``bench --core``)."""
    lower = cards[0] if cards else None
    for upper in cards[1:]:
        if not fits(upper, lower):
            return False
        lower = upper
    return True
