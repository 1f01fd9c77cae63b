"""The name of a game mode: one game, one draw count, one scoring, e.g. ``klondike-d3-vegas``.

One format for every place a mode is named: the store's saved-game slots and statistics
records, the play scene's slot of a game, the solver's pool files (``levels/pools/<key>.json``)
and the tool that makes them. Keys are checked against a strict pattern because they become
file names.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}-d[1-9]-[a-z][a-z0-9_]{0,31}")


def mode_key(game: str, draw: int, scoring: str) -> str:
    """Name the mode, e.g. `mode_key("klondike", 3, "vegas") == "klondike-d3-vegas"`."""
    key = f"{game}-d{draw}-{scoring}"
    check_mode_key(key)
    return key


def check_mode_key(key: object) -> str:
    """Return `key` if it is a well-formed mode key; raise ValueError otherwise.

    The pattern, not the list of games, decides, so statistics of a game added later or removed
    since are kept rather than called damage.
    """
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"not a mode key: {key!r}")
    return key


def parse_mode_key(key: object) -> tuple[str, int, str]:
    """(game, draw, scoring) of a well-formed mode key; ValueError otherwise."""
    game, draw, scoring = check_mode_key(key).split("-")
    return game, int(draw[1:]), scoring


def scoring_of(key: str) -> str:
    """The scoring part of a mode key."""
    return parse_mode_key(key)[2]
