"""Game modes: which draw and scoring each game offers, and the key that names one mode.

A mode key such as `klondike-d3-vegas` names a saved-game slot and a statistics record; its
format is the core's (:mod:`solitaire.core.modes`), shared with the solver's pool files.
"""

from __future__ import annotations

from typing import NamedTuple

from solitaire.core.modes import check_mode_key, mode_key, parse_mode_key, scoring_of

__all__ = ["GameChoices", "game_choices", "check_mode_key", "mode_key", "parse_mode_key", "scoring_of"]


class GameChoices(NamedTuple):
    """What a game lets the player choose; the first of each is the default."""

    draws: tuple[int, ...]
    scorings: tuple[str, ...]


def game_choices() -> dict[str, GameChoices]:
    """What each known game lets the player choose, read from the registry (``levels/``) each
    time it is asked, so a game loaded from another folder is offered like a shipped one.
    """
    from solitaire.core.rules import REGISTRY  # the store stays importable without the level files

    out = {}
    for game in REGISTRY.ids():
        rules = REGISTRY.get(game)
        draws = (rules.default_draw,) + tuple(d for d in rules.draws if d != rules.default_draw)
        out[game] = GameChoices(draws=draws, scorings=rules.scorings)
    return out
