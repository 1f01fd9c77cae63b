"""DU-5's time bonus, apart from the race that pays it: the solver's computer player weighs it
too (ending now against playing on), and the Duel's screens show how it is reached.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .game import Game


def clock_seconds(seconds_left: float) -> int:
    """The whole seconds the countdown shows: rounded up, so 0 only when the time is out."""
    return max(0, math.ceil(seconds_left - 1e-9))


@dataclass(frozen=True)
class TimeBonus:
    """DU-5: how a time bonus is reached, so it can be shown as well as paid: the whole seconds
    the clock showed when the player finished × ``per_second`` × (cards home ÷ cards in the
    deck)², rounded down. Squared so that it pays for finishing: with few cards home it is
    small, and playing on while cards still go home earns more than it loses (docs/RULES.md,
    DU-5, has the figures)."""

    seconds: int
    home: int
    cards: int = 52
    per_second: int = 10

    @property
    def points(self) -> int:
        return self.seconds * self.per_second * self.home * self.home // (self.cards * self.cards)


def time_bonus(seconds_left: float, home: int, cards: int = 52, per_second: int = 10) -> int:
    """DU-5's bonus for finishing with ``seconds_left`` on the clock and ``home`` cards home."""
    return TimeBonus(clock_seconds(seconds_left), home, cards, per_second).points


def finishing_bonus(game: Game, seconds_left: float, home: int | None = None) -> int:
    """DU-5's bonus for ``game`` finishing with ``seconds_left`` on the clock, by its own rules
    (``home``: as if that many cards were home, for a player weighing one more)."""
    table = game.rules.extra.get("duel", {})
    cards_home = sum(map(len, game.foundations)) if home is None else home
    return time_bonus(seconds_left, cards_home, game.rules.card_count, int(table.get("bonus_per_second", 10)))
