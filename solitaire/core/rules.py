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
from pathlib import Path
from typing import Any, Callable

from .quote import clip
from .rule_module import RuleModule, load_rule_module
from .ruleset import COMMON_RULE_IDS, PARTS, Ruleset, Scoring
from .shipped import shipped_root

__all__ = ["COMMON_RULE_IDS", "PARTS", "REGISTRY", "LevelError", "Registry", "Ruleset", "Scoring",
           "default_game", "levels_dir", "load_level", "ruleset"]


def levels_dir() -> Path:
    """``levels/`` beside the package, inside it (a pip install), or inside a PyInstaller bundle."""
    return shipped_root() / "levels"


class LevelError(ValueError):
    """A level file that is not a game this engine can play: one sentence naming the file and the key."""


_MISSING = object()

# What a key of a level file may hold, by the words its refusal uses.
_KINDS: dict[str, Callable[[object], bool]] = {
    "a whole number": lambda v: type(v) is int,
    "a whole number above 0": lambda v: type(v) is int and v > 0,
    "true or false": lambda v: type(v) is bool,
    "text": lambda v: type(v) is str,
    "a list of whole numbers above 0": lambda v: type(v) is list and bool(v) and all(type(x) is int and x > 0 for x in v),
    "a list of whole numbers": lambda v: type(v) is list and all(type(x) is int for x in v),
    "a list of texts": lambda v: type(v) is list and all(type(x) is str for x in v),
    "a table": lambda v: type(v) is dict,
    "a list of places": lambda v: type(v) is list and all(
        type(p) is list and len(p) == 2 and all(type(x) in (int, float) and 0 <= x < 100 for x in p) for p in v),
    "a list of lists of whole numbers": lambda v: type(v) is list and all(
        type(p) is list and all(type(x) is int for x in p) for p in v),
}


class _Table:
    """One table of a level file, read key by key: a missing key or a value of the wrong kind is
    a LevelError naming the file, the table and the key (never a TypeError further on)."""

    def __init__(self, path: Path, name: str, table: object) -> None:
        if table is _MISSING:
            raise LevelError(f"{path.name}: [{name}] is missing")
        if type(table) is not dict:
            raise LevelError(f"{path.name}: [{name}] must be a table")
        self.path, self.name, self.table = path, name, table

    def __call__(self, key: str, kind: str, default: object = _MISSING) -> Any:
        value = self.table.get(key, default)
        if value is _MISSING:
            raise LevelError(f"{self.path.name}: [{self.name}] {key} is missing")
        if value is not default and not _KINDS[kind](value):
            raise LevelError(f"{self.path.name}: [{self.name}] {key} must be {kind}, not {clip(repr(value))}")
        return value


def _scoring(path: Path, name: str, table: object) -> Scoring:
    read = _Table(path, f"scoring.{name}", table)
    penalties = read("recycle_penalty", "a table")
    if not all(key.isdigit() and type(value) is int for key, value in penalties.items()):
        raise LevelError(f"{path.name}: [scoring.{name}] recycle_penalty must map draw counts to whole numbers")
    number = "a whole number"
    return Scoring(
        name=name,
        start=read("start", number),
        floor=read("floor", number, None),
        column_to_foundation=read("column_to_foundation", number),
        waste_to_foundation=read("waste_to_foundation", number),
        waste_to_column=read("waste_to_column", number),
        flip=read("flip", number),
        foundation_to_column=read("foundation_to_column", number),
        free_recycles=read("free_recycles", number),
        recycle_penalty={int(k): v for k, v in penalties.items()},
        max_recycles=read("max_recycles", number),
        currency=read("currency", "text", ""),
        per_move=read("per_move", number, 0),
        streak=read("streak", number, 0),
        stock_turn=read("stock_turn", number, 0),
        home_scores_once=read("home_scores_once", "true or false", False),
    )


def _tableau(path: Path, table: object, piles: int) -> dict[str, tuple]:
    """The ``[tableau]`` table: piles at places, and which lie on which (TP-1), checked whole
    here so the engine and the layout can trust it."""
    if table is _MISSING:
        return {}
    read = _Table(path, "tableau", table)
    where = f"{path.name}: [tableau]"
    places = read("places", "a list of places")
    if len(places) != piles:
        raise LevelError(f"{where} places must give each of the {piles} piles of [game] columns a place, not {len(places)}")
    covered_by = read("covered_by", "a list of lists of whole numbers", [[] for _ in range(piles)])
    if len(covered_by) != piles:
        raise LevelError(f"{where} covered_by must give each of the {piles} piles its list, not {len(covered_by)}")
    for number, above in enumerate(covered_by, 1):
        wrong = next((other for other in above if not number < other <= piles), None)
        if wrong is not None:
            raise LevelError(f"{where} covered_by: pile {number} can lie only under piles {number + 1} to {piles}"
                             f" (dealt and drawn after it), not {wrong}")
    return {"places": tuple((float(x), float(y)) for x, y in places),
            "covered_by": tuple(tuple(other - 1 for other in above) for above in covered_by) if any(covered_by) else ()}


def _module(path: Path, name: str) -> dict[str, RuleModule]:
    if not name:
        return {}
    try:
        return {"module": load_rule_module(name)}
    except ValueError as error:
        raise LevelError(f"{path.name}: [game] rule_module {error}") from None


def _parts(path: Path, table: dict) -> dict[str, str]:
    """The ``[rules]`` table, each part checked against the values the engine implements."""
    unknown = sorted(set(table) - set(PARTS))
    if unknown:
        raise LevelError(f"{path.name}: [rules] has no part {unknown[0]!r} (parts: {', '.join(PARTS)})")
    parts = {}
    for part, values in PARTS.items():
        value = table.get(part, values[0])
        if value not in values:
            raise LevelError(f"{path.name}: [rules] {part} must be one of {', '.join(values)}, not {clip(repr(value))}")
        parts[part] = value
    return parts


def load_level(path: Path) -> Ruleset:
    """Read one level file into a Ruleset; LevelError, one sentence naming the file and the key,
    for a file that is not TOML, lacks a setting or names a value the engine cannot play.
    """
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{path.name}: not TOML: {error}") from None
    except OSError as error:
        raise LevelError(f"{path.name}: cannot be read: {error.strerror or error}") from None
    return _ruleset(path, data)


def _ruleset(path: Path, data: dict) -> Ruleset:
    g = _Table(path, "game", data.get("game", _MISSING))
    if g("id", "text") != path.stem:
        raise LevelError(f"{path.name}: [game] id {g('id', 'text')!r} must be its file name")
    code = g("code", "text")
    if len(code) != 2 or not code.isascii() or not code.isupper():
        raise LevelError(f"{path.name}: [game] code must be two capital letters, not {clip(repr(code))}")
    parts = _parts(path, _Table(path, "rules", data.get("rules", {})).table)
    scorings = _Table(path, "scoring", data.get("scoring", _MISSING))
    systems = {name: _scoring(path, name, table) for name, table in scorings.table.items()}
    rule_ids = _Table(path, "rule_ids", data.get("rule_ids", {})).table
    if not all(type(value) is str for value in rule_ids.values()):
        raise LevelError(f"{path.name}: [rule_ids] must map each topic to a rule id in text")
    known = {"game", "rules", "scoring", "layout", "rule_ids", "tableau"}
    numbers, texts = "a list of whole numbers above 0", "a list of texts"
    draws = tuple(g("draws", numbers))
    columns = tuple(g("columns", numbers))
    rules = Ruleset(
        id=path.stem,
        code=code,
        name=g("name", "text"),
        order=g("order", "a whole number"),
        on_title=g("on_title", "true or false", True),
        decks=g("decks", "a whole number above 0"),
        columns=columns,
        draws=draws,
        default_draw=g("default_draw", "a whole number above 0"),
        scorings=tuple(g("scorings", texts)),
        undo_limit=g("undo_limit", "a whole number"),
        auto_complete=g("auto_complete", "true or false"),
        deal_on_recycle=g("deal_on_recycle", "true or false"),
        scoring_systems=systems,
        cells=g("cells", "a whole number", 0),
        ms_deals=g("ms_deals", "a whole number", 0),
        window=g("window", "text", ""),
        draw_names=tuple(g("draw_names", texts, ())),
        daily_draws=tuple(g("daily_draws", "a list of whole numbers", ())),
        rule_ids={**COMMON_RULE_IDS, **rule_ids},
        layout=_Table(path, "layout", data.get("layout", {})).table,
        extra={k: v for k, v in data.items() if k not in known},
        version=g("rules_version", "a whole number above 0", 1),
        **_tableau(path, data.get("tableau", _MISSING), len(columns)),
        **_module(path, g("rule_module", "text", "")),
        **parts,
    )
    if rules.default_draw not in draws:
        raise LevelError(f"{path.name}: [game] default_draw {rules.default_draw} must be among draws {list(draws)}")
    missing = next((name for name in rules.scorings if name not in systems), None)
    if missing is not None or not rules.scorings:
        raise LevelError(f"{path.name}: [game] scorings names {missing!r}, which has no [scoring.{missing}] table")
    once = next((name for name, scoring in systems.items() if scoring.home_scores_once), None)
    if once is not None and (rules.decks != 1 or rules.foundation_back != "to_column"):  # DU-12
        raise LevelError(f"{path.name}: [scoring.{once}] home_scores_once needs one deck (it counts each card's "
                         f"trips home) and foundation_back = \"to_column\" (no card comes back otherwise)")
    if not set(rules.daily_draws) <= set(rules.draws):
        raise LevelError(f"{path.name}: [game] daily_draws {list(rules.daily_draws)} must be among draws {list(rules.draws)}")
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
        # One line for each level file left out (``load_shipped``): the tools and the game print
        # them, and every other game still loads.
        self.problems: list[str] = []

    def load_folder(self, folder: Path) -> list[Ruleset]:
        """Add every ``*.toml`` game of ``folder``, all or none: LevelError on a file that cannot
        be played or a clash of ids or code letters.
        """
        added = [load_level(path) for path in sorted(Path(folder).glob("*.toml"))]
        known = dict(self._games)
        for rules in added:
            self._check_new(rules, known)
            known[rules.id] = rules
        self._games = known
        return added

    def load_shipped(self, folder: Path) -> None:
        """Add every game of ``folder`` that can be played; a file that cannot is left out and
        its one line kept in ``problems``, so one bad file takes no other game (nor any command)
        down with it."""
        for path in sorted(Path(folder).glob("*.toml")):
            try:
                rules = load_level(path)
                self._check_new(rules, self._games)
            except LevelError as error:
                self.problems.append(f"levels/{error} (the game is left out)")
                continue
            self._games[rules.id] = rules

    @staticmethod
    def _check_new(rules: Ruleset, known: dict[str, Ruleset]) -> None:
        if rules.id in known:
            raise LevelError(f"{rules.id}.toml: a game {rules.id!r} is already known")
        clash = next((other for other in known.values() if other.code == rules.code), None)
        if clash is not None:
            raise LevelError(f"{rules.id}.toml: the code letters {rules.code} are {clash.id}'s")

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
        games = self.title_games() or self.ids()
        if not games:
            raise LevelError("levels/: no game can be played (" + "; ".join(self.problems) + ")")
        return games[0]

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
REGISTRY.load_shipped(levels_dir())


def ruleset(game: str) -> Ruleset:
    """The ruleset of a known game (``REGISTRY``); ValueError naming the known ones otherwise."""
    return REGISTRY.get(game)


def default_game() -> str:
    """The game played where nothing chose one (``Registry.default``)."""
    return REGISTRY.default()
