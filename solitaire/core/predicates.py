"""The named rule predicates a game composes: each written once, and used alike by the move
checks (checks.py), the move lists and click targets (targets.py) and the solvers' move
generation. A level file names them in its ``[rules]`` table; rules.py looks them up here.

A build predicate says whether card ``moving`` may go on card ``target`` in a column; with it
comes the refusal reason for a card that does not fit (errors.REASONS). A run predicate says
whether two neighbouring face-up cards of a column move together (``upper`` lies on ``lower``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

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


BUILDS: dict[str, Build] = {
    "alternate_colours_down": Build(alternate_colours_down, _other_colour_refusal),
    "same_colour_down": Build(same_colour_down, _same_colour_refusal),
    "any_suit_down": Build(any_suit_down, _rank_refusal),
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


EMPTY_COLUMN: dict[str, Callable[[int], bool]] = {"king": empty_takes_king, "any": empty_takes_any}

# How many cards of a dealt column lie face down, by the column's place (0 first) and size: the
# ``face_up`` part, asked here and nowhere else (the deal, the deal-file check, the solvers).
FACE_DOWN: dict[str, Callable[[int, int], int]] = {
    "last": lambda place, size: size - 1,  # K-1: only each column's last card face up
    "all": lambda place, size: 0,  # TF-1, FC-1: every card face up
    "by_place": lambda place, size: min(place, size),  # YU-1: as many face down as columns to its left
}

FOUNDATION_BASES = {"ace": ACE}


def foundation_refusal(card: int, pile: list[int], base: int, fixed: int | None) -> str | None:
    """C-4, decided here and nowhere else: a foundation starts with its base card and goes up one
    rank at a time in one suit; a foundation fixed to a suit (TF-3, DS-3) takes that suit only.
    None when ``card`` may go on ``pile``, else the refusal reason (errors.REASONS). The move
    checks, the move lists, the click targets and the deal-file check all ask it.
    """
    if fixed is not None and SUIT[card] != fixed:
        return "wrong_suit_slot"
    if not pile:
        return None if RANK[card] == base else "ace_first"
    top = pile[-1]
    if SUIT[top] != SUIT[card]:
        return "foundation_suit"
    return None if RANK[card] == RANK[top] + 1 else "foundation_rank"


def foundation_holds(cards: list[int], base: int, fixed: int | None) -> bool:
    """A foundation's cards, bottom to top, are a pile C-4 could have built (a deal file's check)."""
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
