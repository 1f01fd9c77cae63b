"""The named rule predicates a game composes: each written once, and used alike by the move
checks (checks.py), the move lists and click targets (targets.py) and the solvers' move
generation. A level file names them in its ``[rules]`` table; rules.py looks them up here.

A build predicate says whether card ``moving`` may go on card ``target`` in a column; with it
comes the refusal reason for a card that does not fit (errors.REASONS). A run predicate says
whether two neighbouring face-up cards of a column move together (``upper`` lies on ``lower``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from .cards import ACE, KING, RANK, RED, SUIT

CardPair = Callable[[int, int], bool]


def alternate_colours_down(moving: int, target: int) -> bool:
    """C-2: one rank lower, the other colour."""
    return RED[moving] != RED[target] and RANK[moving] + 1 == RANK[target]


def same_suit_down(moving: int, target: int) -> bool:
    """One rank lower, the same suit (Spider's runs, SP-3)."""
    return SUIT[moving] == SUIT[target] and RANK[moving] + 1 == RANK[target]


def same_colour_down(moving: int, target: int) -> bool:
    """One rank lower, the same colour (red on red, black on black)."""
    return RED[moving] == RED[target] and RANK[moving] + 1 == RANK[target]


def any_suit_down(moving: int, target: int) -> bool:
    """One rank lower, whatever the suit (Spider's building)."""
    return RANK[moving] + 1 == RANK[target]


def any_group(upper: int, lower: int) -> bool:
    """DS-2: any face-up group moves together, in order or not."""
    return True


@dataclass(frozen=True)
class Build:
    """How a column builds: the predicate, and the refusal reason of a card that does not fit."""

    fits: CardPair
    refusal: Callable[[int, int], str]


def _other_colour_refusal(moving: int, target: int) -> str:
    """C-2's refusal says which half of the rule is broken: the rank, the colour, or both."""
    if RED[moving] != RED[target]:
        return "not_on_rank"
    return "not_on_colour" if RANK[moving] + 1 == RANK[target] else "not_on"


def _same_colour_refusal(moving: int, target: int) -> str:
    return "not_on_rank" if RED[moving] == RED[target] else "not_on_same_colour"


def _rank_refusal(moving: int, target: int) -> str:
    return "not_on_rank"


def nothing_builds(moving: int, target: int) -> bool:
    """GO-2: no card goes on a column; cards only leave the columns."""
    return False


BUILDS: dict[str, Build] = {
    "alternate_colours_down": Build(alternate_colours_down, _other_colour_refusal),
    "same_colour_down": Build(same_colour_down, _same_colour_refusal),
    "any_suit_down": Build(any_suit_down, _rank_refusal),
    "none": Build(nothing_builds, lambda moving, target: "no_building"),
}

# Which face-up groups move together: every card on the one under it by the build ("ordered",
# K-4, TF-2), by suit ("same_suit", SP-3) or any group at all ("any", DS-2).
RUNS: dict[str, CardPair | None] = {"ordered": None, "same_suit": same_suit_down, "any": any_group}


def empty_takes_king(card: int) -> bool:
    """C-3 / DU-6: an empty column takes a King, alone or leading its group."""
    return RANK[card] == KING


def empty_takes_any(card: int) -> bool:
    """Any card or group may go into an empty column."""
    return True


EMPTY_COLUMN: dict[str, Callable[[int], bool]] = {
    "king": empty_takes_king, "any": empty_takes_any, "none": lambda card: False}  # none: GO-2
# The refusal of a card an empty column does not take, by the ``empty_column`` part.
EMPTY_REFUSALS = {"king": "king_only", "any": "king_only", "none": "no_building"}

class FaceUp(NamedTuple):
    """The ``face_up`` part: how many cards of a dealt column lie face down, by the column's place
    (0 first), its size and whether another pile lies on it (``[tableau] covered_by``), and
    whether the stock's cards are in sight too."""

    face_down: Callable[[int, int, bool], int]
    stock_in_sight: bool
    stock_top_in_sight: bool = False  # the stock's top card lies face up (PY-4)


# Asked here and nowhere else (the deal, the deal-file check, the solvers, the hint).
FACE_UP: dict[str, FaceUp] = {
    "last": FaceUp(lambda place, size, covered: size - 1, False),  # K-1: only each column's last card face up
    "all": FaceUp(lambda place, size, covered: 0, True),  # TF-1: every card face up, the stock's too (FC-1 has none)
    "columns": FaceUp(lambda place, size, covered: 0, False),  # GO-1: every column card face up, the stock face down
    "by_place": FaceUp(lambda place, size, covered: min(place, size), False),  # YU-1: as many face down as columns to its left
    # TP-1: a pile another lies on face down, the others' last card face up; each turns up once uncovered (C-6)
    "uncovered": FaceUp(lambda place, size, covered: size if covered else max(size - 1, 0), False),
    "stock_top": FaceUp(lambda place, size, covered: 0, False, True),  # PY-1, PY-4: every pyramid card face up, and the stock's top card
}

ANY_RANK = 0
FOUNDATION_BASES = {"ace": ACE, "any": ANY_RANK}  # C-4: an Ace first; or any card
# How a foundation goes on: C-4 up in its suit; GO-3 one rank up or down whatever the suit, a
# King and an Ace not next to each other; TP-3 the same with the King and the Ace next to each other.
FOUNDATION_BUILDS = ("up_in_suit", "up_or_down", "up_or_down_wrap")


def foundation_refusal(card: int, pile: list[int], base: int, fixed: int | None,
                       build: str = "up_in_suit") -> str | None:
    """The foundation rule, decided here and nowhere else: C-4, a foundation starts with its base
    card and goes up one rank at a time in one suit, a foundation fixed to a suit (TF-3, DS-3)
    taking that suit only; or one rank up or down whatever the suit (GO-3), the King next to the
    Ace where it wraps. None when ``card`` may go on ``pile``, else the refusal reason
    (errors.REASONS). The move checks, the move lists, the click targets and the deal-file check
    all ask it.
    """
    if fixed is not None and SUIT[card] != fixed:
        return "wrong_suit_slot"
    if not pile:
        return None if base == ANY_RANK or RANK[card] == base else "ace_first"
    top = pile[-1]
    if build != "up_in_suit":
        step = abs(RANK[card] - RANK[top])
        return None if step == 1 or (step == 12 and build == "up_or_down_wrap") else "not_next_rank"
    if SUIT[top] != SUIT[card]:
        return "foundation_suit"
    return None if RANK[card] == RANK[top] + 1 else "foundation_rank"


def foundation_holds(cards: list[int], base: int, fixed: int | None, build: str = "up_in_suit") -> bool:
    """A foundation's cards, bottom to top, are a pile its rule could have built (a deal file's
    check). One built up or down takes the stock's cards whatever they are (GO-4): any cards."""
    if build != "up_in_suit":
        return True
    return all(foundation_refusal(c, cards[:position], base, fixed) is None for position, c in enumerate(cards))


def is_whole_suit(cards: list[int]) -> bool:
    """SP-4: thirteen cards of one suit from the King down to the Ace, the Ace on top."""
    return (len(cards) == 13 and RANK[cards[0]] == KING
            and all(same_suit_down(cards[i + 1], cards[i]) for i in range(12)))


def run_capacity(free_cells: int, empty_columns: int) -> int:
    """FC-3: how many cards move as one run: (free cells + 1) x 2 ^ (empty columns), the
    empty columns counted without the one the run goes into.
    """
    return (free_cells + 1) << empty_columns


PAIR_TOTAL = 13  # PY-3: an Ace counts 1, a Jack 11, a Queen 12; a King, 13 alone, leaves by itself


def leave_together(card: int, partner: int) -> bool:
    """PY-3: two cards leave together when their ranks total 13 (a 6 and a 7, a Queen and an Ace)."""
    return RANK[card] + RANK[partner] == PAIR_TOTAL


def leaves_alone(card: int) -> bool:
    """PY-3: a King leaves by itself."""
    return RANK[card] == KING


# The ``pairs`` part: how cards leave where they leave in pairs ("none": they do not).
PAIRS = ("none", "thirteen")
