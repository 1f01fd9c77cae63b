"""Ratings (issue 25 item 3): openskill's Plackett-Luce model, ties counted as ties.

A player's skill is (mu, sigma); what people see is one number, ``1000 + 40 × (mu − 3 sigma)``
(1000 for a new player, whose skill is not known yet, rising as it becomes known) and its tier.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
TIERS = ((900, "bronze"), (1100, "silver"), (1300, "gold"), (1500, "platinum"))
TOP_TIER = "diamond"


@dataclass(frozen=True)
class Skill:
    mu: float = START[0]
    sigma: float = START[1]

    @property
    def number(self) -> int:
        return round(1000 + 40 * (self.mu - 3 * self.sigma))

    @property
    def tier(self) -> str:
        return tier_of(self.number)


def tier_of(number: int) -> str:
    return next((name for limit, name in TIERS if number < limit), TOP_TIER)


def rated(first: Skill, second: Skill, outcome: str) -> tuple[Skill, Skill]:
    """Both skills after a duel whose ``outcome`` is "first", "second" or "tie"."""
    ranks = {"first": [1, 2], "second": [2, 1], "tie": [1, 1]}[outcome]
    a, b = MODEL.rating(mu=first.mu, sigma=first.sigma), MODEL.rating(mu=second.mu, sigma=second.sigma)
    [[a2], [b2]] = MODEL.rate([[a], [b]], ranks=ranks)
    return Skill(a2.mu, a2.sigma), Skill(b2.mu, b2.sigma)
