"""The rules core: pure Python, never imports pygame (a test enforces it).

Its names are loaded on first use (``core/exports.py``): importing one small module of the core
(``core.quote``, ``core.cards``) does not read every level file (issue 33 item 9).
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from .exports import lazy_exports

if TYPE_CHECKING:
    from .cards import card_name, card_text, parse_card
    from .codes import GameCode, parse_code
    from .errors import BadCode, BadDeal, IllegalMove, Refusal
    from .game import Game
    from .moves import CELL, DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Request, parse_request
    from .rules import REGISTRY, Ruleset, Scoring, ruleset

_WHERE = {
    **dict.fromkeys(("card_name", "card_text", "parse_card"), "cards"),
    **dict.fromkeys(("GameCode", "parse_code"), "codes"),
    **dict.fromkeys(("BadCode", "BadDeal", "IllegalMove", "Refusal"), "errors"),
    "Game": "game",
    **dict.fromkeys(("CELL", "DRAW", "FOUNDATION", "STOCK", "TABLEAU", "WASTE", "Move", "Pile", "Request",
                     "parse_request"), "moves"),
    **dict.fromkeys(("REGISTRY", "Ruleset", "Scoring", "ruleset"), "rules"),
}

__all__ = sorted(_WHERE)
__getattr__, __dir__ = lazy_exports(__name__, _WHERE)


class _Core(types.ModuleType):
    """The package, whose name ``ruleset`` is the function (``rules.ruleset``), as when every name
    was imported here at once: the submodule of that name (``core/ruleset.py``, which only
    ``rules`` imports) does not take the name over when it is loaded later."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "ruleset" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Core
