"""Why something was refused, in a form both people and programs can use."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    """A refused move: the rule id from RULES.md and one plain English sentence.

    ``text`` is what the "interactive rules" message shows (TF-7); ``rule`` lets a translation
    table or a test find the rule without parsing the sentence.
    """

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class IllegalMove(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


class BadCode(ValueError):
    """A game code that does not parse or names something its game does not have (G-3)."""


class BadDeal(ValueError):
    """A deal file or saved position that cannot be a position of its game."""
