"""Rulesets and the registry of games: each game is one data file in ``levels/``.

A game is composed of named rule parts (``[rules]`` in its file: how the tableau builds, what an
empty column takes, where a foundation starts, which groups move, how a click acts), a deal
shape, draw counts and scoring tables. This module is the one place that reads them: the move
engine (checks.py, targets.py), deal-file validation (position.py), the solver and the scenes
ask the Ruleset, never a game's id. The registry discovers the games from the files, with their
code letters and menu order, so a new game or variant is a new file and no Python changes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .cards import ACE, KING, card
from .errors import TOPIC_OF, TOPICS
from .predicates import BUILDS, EMPTY_COLUMN, FOUNDATION_BASES, RUNS, any_group
from .shipped import shipped_root

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


def levels_dir() -> Path:
    """``levels/`` beside the package, inside it (a pip install), or inside a PyInstaller bundle."""
    return shipped_root() / "levels"


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
    "build": tuple(BUILDS),  # C-2 the other colour; or the same colour; SP-2 any suit
    "empty_column": tuple(EMPTY_COLUMN),  # C-3 / DU-6: a King alone, or any card or run
    "foundation_start": tuple(FOUNDATION_BASES),  # C-4: a foundation starts with an Ace, up by suit
    "runs": tuple(RUNS),  # K-4 / TF-2 ordered runs; DS-2 any face-up group; SP-3 runs of one suit
    "run_size": ("any", "free_cells"),  # how long a run may be: any, or FC-3's free cells and columns
    "foundations": ("any", "suit_rows", "suit_fixed", "whole_suits"),  # K-5 / DS-3 / TF-3 / SP-4
    "face_up": ("last", "all"),  # which dealt column cards lie face up (K-1 / TF-1)
    "click": ("one_tap", "to_foundation"),  # K-8 one tap or select / DS-8, TF-6 click home, double click to a column
    "foundation_back": ("to_column", "never"),  # C-7 a foundation's top may come back; FC-4, SP-4 never
    "stock": ("waste", "deal_row", "none"),  # K-3 turns cards onto a waste; SP-5 deals a row; FC-1 has none
    "draw": ("cards", "suits"),  # what the draw count of a code says: cards drawn, or suits dealt (SP-1)
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
    face_up: str  # "last" or "all"
    runs: str  # "ordered" (K-4, TF-2), "any" (DS-2) or "same_suit" (SP-3)
    foundations: str  # "any" (K-5), "suit_rows" (DS-3), "suit_fixed" (TF-3), "whole_suits" (SP-4)
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
    click: str = "one_tap"
    run_size: str = "any"
    foundation_back: str = "to_column"
    stock: str = "waste"
    draw: str = "cards"
    cells: int = 0  # free cells, each holding one card (FC-1)
    window: str = ""  # the scene that starts the game where it has its own (the Duel's "new_duel")
    ms_deals: int = 0  # deals numbered as Microsoft's FreeCell numbers them, 1 to this (FC-6)
    draw_names: tuple[str, ...] = ()  # e.g. ("easy", "hard"): the rule pages name the draws (DS-4, TF-4)
    daily_draws: tuple[int, ...] = ()  # the draws that have a daily deal (DD-1), where a pool exists
    rule_ids: dict[str, str] = field(default_factory=dict)  # refusal topic -> this game's rule
    layout: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)  # game-specific tables, e.g. [duel]
    version: int = 1  # the rules version digit of its game codes (G-1, G-4)
    # Read from the parts above once, as plain attributes: the move engine asks them in its loops.
    builds_on: Callable[[int, int], bool] = field(init=False, repr=False, compare=False)
    build_refusal: Callable[[int, int], str] = field(init=False, repr=False, compare=False)
    moves_with: Callable[[int, int], bool] = field(init=False, repr=False, compare=False)
    empty_takes: Callable[[int], bool] = field(init=False, repr=False, compare=False)
    foundation_base: int = field(init=False, repr=False, compare=False)
    # SP-5: the stock deals one card onto every column, and there is no waste.
    deals_rows: bool = field(init=False, repr=False, compare=False)
    # SP-4: a completed King-to-Ace run of one suit leaves for a foundation; nothing else goes home.
    whole_suits_leave: bool = field(init=False, repr=False, compare=False)
    # Each foundation's fixed suit, or None where an Ace picks any (``foundation_suit``).
    foundation_suits: tuple[int | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        build = BUILDS[self.build]
        object.__setattr__(self, "builds_on", build.fits)  # C-2
        object.__setattr__(self, "build_refusal", build.refusal)
        object.__setattr__(self, "moves_with", RUNS[self.runs] or build.fits)  # K-4, DS-2, SP-3
        object.__setattr__(self, "empty_takes", EMPTY_COLUMN[self.empty_column])  # C-3, DU-6
        object.__setattr__(self, "foundation_base", FOUNDATION_BASES[self.foundation_start])  # C-4
        object.__setattr__(self, "deals_rows", self.stock == "deal_row")
        object.__setattr__(self, "whole_suits_leave", self.foundations == "whole_suits")
        object.__setattr__(self, "foundation_suits", tuple(
            None if self.foundations in ("any", "whole_suits") else index // self.decks
            for index in range(self.foundation_count)))

    @property
    def card_count(self) -> int:
        return 52 * self.decks

    @property
    def foundation_count(self) -> int:
        return 4 * self.decks

    @property
    def empty_takes_any(self) -> bool:
        """Any card or run may go into an empty column (the ``empty_column`` part)."""
        return self.empty_column == "any"

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

    def refusal_topics(self) -> tuple[str, ...]:
        """The refusal topics (errors.TOPICS) this game's parts can give: each needs a rule id."""
        race = bool(self.extra.get("duel"))  # the [duel] table: a race (DU-1)
        has = {"cells": self.cells > 0, "run_size": self.run_size == "free_cells",
               "whole_suits": self.whole_suits_leave, "race": race, "race_end": race}
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
        per_move=table.get("per_move", 0),
    )


class LevelError(ValueError):
    """A level file that is not a game this engine can play: one sentence naming the part."""


def _parts(path: Path, table: dict) -> dict[str, str]:
    """The ``[rules]`` table, each part checked against the values the engine implements."""
    unknown = sorted(set(table) - set(PARTS))
    if unknown:
        raise LevelError(f"{path.name}: [rules] has no part {unknown[0]!r} (parts: {', '.join(PARTS)})")
    parts = {}
    for part, values in PARTS.items():
        value = table.get(part, values[0])
        if value not in values:
            raise LevelError(f"{path.name}: [rules] {part} must be one of {', '.join(values)}, not {value!r}")
        parts[part] = value
    return parts


def load_level(path: Path) -> Ruleset:
    """Read one level file into a Ruleset; LevelError for a file that is not TOML, lacks a
    setting or names a value the engine cannot play.
    """
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        return _ruleset(path, data)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{path.name}: not TOML: {error}") from None
    except KeyError as error:
        raise LevelError(f"{path.name}: the setting {error.args[0]!r} is missing") from None


def _ruleset(path: Path, data: dict) -> Ruleset:
    g = data["game"]
    if g["id"] != path.stem:
        raise LevelError(f"{path.name}: its id {g['id']!r} must be its file name")
    parts = _parts(path, data.get("rules", {}))
    systems = {name: _scoring(name, table) for name, table in data["scoring"].items()}
    known = {"game", "rules", "scoring", "layout", "rule_ids"}
    rules = Ruleset(
        id=g["id"],
        code=g["code"],
        name=g["name"],
        order=g["order"],
        on_title=g.get("on_title", True),
        decks=g["decks"],
        columns=tuple(g["columns"]),
        draws=tuple(g["draws"]),
        default_draw=g["default_draw"],
        scorings=tuple(g["scorings"]),
        undo_limit=g["undo_limit"],
        auto_complete=g["auto_complete"],
        deal_on_recycle=g["deal_on_recycle"],
        scoring_systems=systems,
        cells=g.get("cells", 0),
        ms_deals=g.get("ms_deals", 0),
        window=g.get("window", ""),
        draw_names=tuple(g.get("draw_names", ())),
        daily_draws=tuple(g.get("daily_draws", ())),
        rule_ids={**COMMON_RULE_IDS, **data.get("rule_ids", {})},
        layout=data.get("layout", {}),
        extra={k: v for k, v in data.items() if k not in known},
        version=g.get("rules_version", 1),
        **parts,
    )
    if not set(rules.daily_draws) <= set(rules.draws):
        raise LevelError(f"{path.name}: daily_draws {list(rules.daily_draws)} must be among draws {list(rules.draws)}")
    unnamed = [topic for topic in rules.refusal_topics() if topic not in rules.rule_ids]
    if unnamed:
        raise LevelError(f"{path.name}: [rule_ids] names no rule for {unnamed[0]!r} (its refusals cite one)")
    return rules


class Registry:
    """The games there are, discovered from level files (like python-chess's variant list).

    The shipped games are ``levels/*.toml``; ``load_folder`` adds the files of another folder (a
    variant under test, a contributor's new game) and ``forget`` takes one out again.
    """

    def __init__(self) -> None:
        self._games: dict[str, Ruleset] = {}

    def load_folder(self, folder: Path) -> list[Ruleset]:
        """Add every ``*.toml`` game of ``folder``, all or none: LevelError on a file that cannot
        be played or a clash of ids or code letters.
        """
        added = [load_level(path) for path in sorted(Path(folder).glob("*.toml"))]
        known = dict(self._games)
        for rules in added:
            if rules.id in known:
                raise LevelError(f"{rules.id}.toml: a game {rules.id!r} is already known")
            clash = next((other for other in known.values() if other.code == rules.code), None)
            if clash is not None:
                raise LevelError(f"{rules.id}.toml: the code letters {rules.code} are {clash.id}'s")
            known[rules.id] = rules
        self._games = known
        return added

    def forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    def ids(self) -> tuple[str, ...]:
        """Every known game's id, in menu order."""
        return tuple(r.id for r in sorted(self._games.values(), key=lambda r: (r.order, r.id)))

    def title_games(self) -> tuple[str, ...]:
        """The games the title menu offers, in order."""
        return tuple(game for game in self.ids() if self._games[game].on_title)

    def default(self) -> str:
        """The game played where nothing chose one (a first run, a scene opened on its own):
        the first the title menu offers, so it is always a game a player can pick.
        """
        return self.title_games()[0]

    def modes(self) -> tuple[tuple[str, int, str], ...]:
        """Every (game, draw, scoring) the games allow, in menu order: the modes there are."""
        return tuple((game, draw, scoring) for game in self.ids()
                     for draw in self._games[game].draws for scoring in self._games[game].scorings)

    def get(self, game_id: str) -> Ruleset:
        try:
            return self._games[game_id]
        except (KeyError, TypeError):
            raise ValueError(f"unknown game {game_id!r} (expected one of {', '.join(self.ids())})") from None

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id in self._games

    def by_code(self, letters: str) -> Ruleset | None:
        """The game whose codes start with ``letters`` (``KL``), or None."""
        return next((r for r in self._games.values() if r.code == letters), None)

    def codes(self) -> tuple[str, ...]:
        return tuple(self._games[game].code for game in self.ids())


REGISTRY = Registry()
REGISTRY.load_folder(levels_dir())


def ruleset(game: str) -> Ruleset:
    """The ruleset of a known game (``REGISTRY``); ValueError naming the known ones otherwise."""
    return REGISTRY.get(game)


def default_game() -> str:
    """The game played where nothing chose one (``Registry.default``)."""
    return REGISTRY.default()
