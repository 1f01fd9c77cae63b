"""Game modes: which draw and scoring each game offers, and the key that names one mode.

A mode key such as `klondike-d3-vegas` names a saved-game slot and a statistics record. Keys are
checked against a strict pattern because they become file names.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class GameChoices(NamedTuple):
    """What a game lets the player choose; the first of each is the default."""

    draws: tuple[int, ...]
    scorings: tuple[str, ...]


def _choices() -> dict[str, GameChoices]:
    """Read from the rulesets in ``levels/``, so the store offers exactly what the games do."""
    from solitaire.core.rules import GAMES as GAME_IDS, ruleset

    out = {}
    for game in GAME_IDS:
        rules = ruleset(game)
        draws = (rules.default_draw,) + tuple(d for d in rules.draws if d != rules.default_draw)
        out[game] = GameChoices(draws=draws, scorings=rules.scorings)
    return out


GAMES: dict[str, GameChoices] = _choices()

VEGAS = "vegas"

_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}-d[1-9]-[a-z][a-z0-9_]{0,31}")


def mode_key(game: str, draw: int, scoring: str) -> str:
    """Name the mode, e.g. `mode_key("klondike", 3, "vegas") == "klondike-d3-vegas"`."""
    key = f"{game}-d{draw}-{scoring}"
    check_mode_key(key)
    return key


def check_mode_key(key: object) -> str:
    """Return `key` if it is a well-formed mode key; raise ValueError otherwise.

    The pattern, not the `GAMES` table, decides, so statistics of a game added later or removed
    since are kept rather than called damage.
    """
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"not a mode key: {key!r}")
    return key


def scoring_of(key: str) -> str:
    """The scoring part of a mode key."""
    return check_mode_key(key).rsplit("-", 1)[1]
