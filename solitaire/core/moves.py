"""Moves as small immutable values, and their text notation (the ``replay`` contract).

Notation, case-insensitive: ``s`` clicks the stock; ``w>f`` / ``w>f3`` / ``w>t4``; ``t3>t5``;
``t3:4>t5`` moves four cards; ``f2>t5``; a destination ``f`` lets the rules pick the foundation,
``t`` asks where a double click would go (DS-8) and ``*`` where a one-tap click would (K-8).
``c2>t5`` / ``t3>c`` play from and to a free cell (FreeCell; ``c`` alone: the first free one).
``a`` runs auto-complete (K-9), ``u`` undoes and ``r`` redoes (C-12). Where cards leave in
pairs (PY-3) a card is dropped on its partner, which leaves with it: ``t3>t5``, ``w>t5``, and
``t5>s`` / ``w>s`` onto the stock's top card; a King leaves alone by ``t3>f``. Piles are
numbered from 1 in text, from 0 here.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .quote import clip

STOCK, WASTE, FOUNDATION, TABLEAU, CELL = "s", "w", "f", "t", "c"


class Pile(NamedTuple):
    kind: str  # one of STOCK, WASTE, FOUNDATION, TABLEAU, CELL
    index: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind in (STOCK, WASTE) else f"{self.kind}{self.index + 1}"


class Move(NamedTuple):
    src: Pile
    dst: Pile
    count: int = 1

    def __str__(self) -> str:
        if self.src.kind == STOCK:
            return "s"
        src = f"{self.src}:{self.count}" if self.count != 1 else str(self.src)
        return f"{src}>{self.dst}"


DRAW = Move(Pile(STOCK), Pile(WASTE), 0)


class Request(NamedTuple):
    """A parsed move text whose destination may still need choosing by the rules.

    ``dst_kind`` is a pile kind with ``dst_index`` set, or ``f`` with None (the rules pick the
    foundation), ``c`` with None (the first free cell), ``t`` with None (double-click choice),
    or ``*`` (one-tap choice).
    ``action`` is "move", "draw", "auto", "undo" or "redo".
    """

    action: str
    src: Pile | None = None
    count: int = 1
    dst_kind: str = ""
    dst_index: int | None = None


# A pile number or a card count has at most 3 digits (a longer one is no move, never a huge int).
_MOVE = re.compile(r"^(w|f(\d{1,3})|c(\d{1,3})|t(\d{1,3})(?::(\d{1,3}))?)>(f(\d{0,3})|t(\d{0,3})|c(\d{0,3})|\*|w|s)$")


def parse_request(text: str) -> Request:
    """Read one move in notation; raise ValueError with a sentence naming what is wrong."""
    word = text.strip().lower()
    if word == "s":
        return Request("draw")
    if word == "a":
        return Request("auto")
    if word == "u":
        return Request("undo")
    if word == "r":
        return Request("redo")
    m = _MOVE.match(word)
    if not m:
        raise ValueError(f'"{clip(text)}" is not a move (examples: s, w>f, t3>t5, t3:4>t5, c2>t5, f2>t5, u, r)')
    src_text, f_src, c_src, t_src, count_text, dst_text, f_dst, t_dst, c_dst = m.groups()
    if src_text == "w":
        src = Pile(WASTE)
    elif f_src is not None:
        src = Pile(FOUNDATION, _index(f_src, text))
    elif c_src is not None:
        src = Pile(CELL, _index(c_src, text))
    else:
        src = Pile(TABLEAU, _index(t_src, text))
    count = 1
    if count_text is not None:
        count = int(count_text)
        if not 1 <= count <= 104:
            raise ValueError(f'"{clip(text)}": a card count must be between 1 and 104')
    if dst_text == "*":
        return Request("move", src, count, "*")
    if dst_text in (WASTE, STOCK):  # a pair's partner on the waste or the stock (PY-3)
        return Request("move", src, count, dst_text, 0)
    if f_dst is not None:
        return Request("move", src, count, FOUNDATION, _index(f_dst, text) if f_dst else None)
    if c_dst is not None:
        return Request("move", src, count, CELL, _index(c_dst, text) if c_dst else None)
    return Request("move", src, count, TABLEAU, _index(t_dst, text) if t_dst else None)


def _index(number: str, text: str) -> int:
    value = int(number)
    if not 1 <= value <= 99:
        raise ValueError(f'"{clip(text)}": piles are numbered from 1')
    return value - 1
