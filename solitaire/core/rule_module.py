"""A game's rule module: the one piece of Python a game may add beside its level file (issue 34),
for what the named rule parts cannot say. A level file names it (``[game] rule_module =
"tripeaks"``): a module of ``solitaire/core/games/``, pure like the rest of core. The engine asks
the hooks below and nothing else of it, so a rule module cannot reach past them. It is read
while the registry loads the level files, so it imports only core's leaf modules (``cards``,
``moves``, ``predicates``) and the table's type under ``TYPE_CHECKING``.

Hooks, each optional (a module defines at least one):

- ``points(table, move) -> int``: the points a move scores beyond its game's ``[scoring]`` fields,
  asked after the move is played, its cards moved and what it uncovered turned (TriPeaks' peaks,
  TP-6). Undo takes them back with the rest of the score (C-9).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

PACKAGE = "solitaire.core.games"
HOOKS = ("points",)


@dataclass(frozen=True)
class RuleModule:
    """The hooks one rule module defines, looked up once when its level file is read."""

    name: str
    points: Callable[[Any, Any], int] | None = None


def load_rule_module(name: str) -> RuleModule:
    """The rule module ``name`` of ``solitaire/core/games/``; ValueError with one sentence when
    there is none or it defines none of the hooks."""
    if not name.isidentifier() or not name.islower():
        raise ValueError(f"must name a module of solitaire/core/games/ in lower case, not {name!r}")
    try:
        module = importlib.import_module(f"{PACKAGE}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{PACKAGE}.{name}":
            raise ValueError(f"{name!r} cannot be read: {error}") from None
        raise ValueError(f"{name!r} is no module of solitaire/core/games/") from None
    except Exception as error:  # a fault in the module is its level file's one line, never a traceback
        raise ValueError(f"{name!r} cannot be read: {type(error).__name__}: {error}") from None
    hooks = {hook: getattr(module, hook) for hook in HOOKS if callable(getattr(module, hook, None))}
    if not hooks:
        raise ValueError(f"{name!r} defines none of the hooks {', '.join(HOOKS)}")
    return RuleModule(name, **hooks)
