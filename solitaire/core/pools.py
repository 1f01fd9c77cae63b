"""Verified-winnable deals, kept in ``levels/pools/<mode key>.json`` (``klondike-d1-standard``) by
``tools/make_pools.py`` (each file's header says how its codes were found and checked).
"""

from __future__ import annotations

import json
from functools import cache

from .codes import GameCode, parse_code
from .errors import BadCode
from .modes import mode_key
from .rules import levels_dir


@cache
def winnable_codes(game: str, draw: int, scoring: str) -> tuple[GameCode, ...]:
    """The pool of one mode; empty when the mode has none or its file cannot be read."""
    try:
        path = levels_dir() / "pools" / f"{mode_key(game, draw, scoring)}.json"
        codes = json.loads(path.read_text(encoding="utf-8"))["codes"]
    except (OSError, ValueError, KeyError, TypeError):
        return ()
    out = []
    for text in codes:
        try:
            code = parse_code(text)
        except BadCode:
            continue
        if (code.game, code.draw, code.scoring) == (game, draw, scoring):
            out.append(code)
    return tuple(out)


def has_pool(game: str, draw: int, scoring: str) -> bool:
    """Whether the mode has verified-winnable deals. The New Game window offers "winnable deals
    only" exactly where this is true, so a mode gains the option by gaining a pool file
    (``tools/make_pools.py``) and never offers a promise it cannot keep.
    """
    return bool(winnable_codes(game, draw, scoring))
