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

FOUNDATION_BASES = {"ace": ACE}


def extends_foundation(card: int, pile: list[int], base: int) -> bool:
    """C-4: a foundation starts with its base card and goes up one rank at a time in one suit."""
    if not pile:
        return RANK[card] == base
    top = pile[-1]
    return SUIT[top] == SUIT[card] and RANK[card] == RANK[top] + 1


def is_whole_suit(cards: list[int]) -> bool:
    """SP-4: thirteen cards of one suit from the King down to the Ace, the Ace on top."""
    return (len(cards) == 13 and RANK[cards[0]] == KING
            and all(same_suit_down(cards[i + 1], cards[i]) for i in range(12)))


def run_capacity(free_cells: int, empty_columns: int) -> int:
    """FC-3: how many cards move as one run: (free cells + 1) x 2 ^ (empty columns), the
    empty columns counted without the one the run goes into.
    """
    return (free_cells + 1) << empty_columns
