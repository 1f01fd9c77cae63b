"""Game modes: which draw and scoring each game offers, and the key that names one mode.

A mode key such as `klondike-d3-vegas` names a saved-game slot and a statistics record; its
format is the core's (:mod:`solitaire.core.modes`), shared with the solver's pool files.
"""

from __future__ import annotations

from typing import NamedTuple

from solitaire.core.modes import check_mode_key, mode_key, parse_mode_key, scoring_of

__all__ = ["GAMES", "VEGAS", "GameChoices", "check_mode_key", "mode_key", "parse_mode_key", "scoring_of"]


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
