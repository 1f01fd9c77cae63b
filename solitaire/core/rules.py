"""Rulesets: each game is a data file in ``levels/`` read into a frozen Ruleset.

A game differs from Klondike only in the values here (decks, column sizes, which runs move, how
an Ace picks its foundation, draw counts, scoring tables), so the move logic in game.py is shared
by all four and a new variant is a new file.
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .errors import TOPIC_OF

GAMES = ("klondike", "double", "thoughtful", "duel")

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
}


def levels_dir() -> Path:
    """``levels/`` beside the package, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parents[2]
    return root / "levels"


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
    currency: str = ""

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


@dataclass(frozen=True)
class Ruleset:
    id: str
    code: str
    name: str
    decks: int
    columns: tuple[int, ...]
    face_up: str  # "last" or "all"
    runs: str  # "ordered" (K-4, TF-2) or "any" (DS-2)
    foundations: str  # "any" (K-5), "suit_rows" (DS-3), "suit_fixed" (TF-3)
    draws: tuple[int, ...]
    default_draw: int
    scorings: tuple[str, ...]
    undo_limit: int  # 0: unlimited
    auto_complete: bool
    deal_on_recycle: bool
    scoring_systems: dict[str, Scoring]
    rule_ids: dict[str, str] = field(default_factory=dict)  # refusal topic -> this game's rule
    layout: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)  # game-specific tables, e.g. [duel]

    @property
    def card_count(self) -> int:
        return 52 * self.decks

    @property
    def foundation_count(self) -> int:
        return 4 * self.decks

    def rule_of(self, reason: str) -> str:
        """The id of this game's rule that refuses a move for ``reason`` (a key of REASONS)."""
        topic = TOPIC_OF[reason]
        try:
            return self.rule_ids[topic]
        except KeyError:
            raise ValueError(f"levels/{self.id}.toml names no rule for {topic!r} ({reason})") from None

    def foundation_suit(self, index: int) -> int | None:
        """The suit a foundation is fixed to, or None where an Ace picks any (K-5)."""
        if self.foundations == "any":
            return None
        return index // self.decks


def _scoring(name: str, table: dict) -> Scoring:
    return Scoring(
        name=name,
        start=table["start"],
        floor=table.get("floor"),
        column_to_foundation=table["column_to_foundation"],
        waste_to_foundation=table["waste_to_foundation"],
        waste_to_column=table["waste_to_column"],
        flip=table["flip"],
        foundation_to_column=table["foundation_to_column"],
        free_recycles=table["free_recycles"],
        recycle_penalty={int(k): v for k, v in table["recycle_penalty"].items()},
        max_recycles=table["max_recycles"],
        currency=table.get("currency", ""),
    )


@cache
def ruleset(game: str) -> Ruleset:
    """The ruleset of ``game`` ("klondike", "double", "thoughtful", "duel")."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    with open(levels_dir() / f"{game}.toml", "rb") as f:
        data = tomllib.load(f)
    g = data["game"]
    systems = {name: _scoring(name, table) for name, table in data["scoring"].items()}
    known = {"game", "scoring", "layout", "rule_ids"}
    return Ruleset(
        id=g["id"],
        code=g["code"],
        name=g["name"],
        decks=g["decks"],
        columns=tuple(g["columns"]),
        face_up=g["face_up"],
        runs=g["runs"],
        foundations=g["foundations"],
        draws=tuple(g["draws"]),
        default_draw=g["default_draw"],
        scorings=tuple(g["scorings"]),
        undo_limit=g["undo_limit"],
        auto_complete=g["auto_complete"],
        deal_on_recycle=g["deal_on_recycle"],
        scoring_systems=systems,
        rule_ids={**COMMON_RULE_IDS, **data.get("rule_ids", {})},
        layout=data.get("layout", {}),
        extra={k: v for k, v in data.items() if k not in known},
    )
