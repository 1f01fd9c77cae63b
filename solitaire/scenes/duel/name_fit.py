"""A line holding a player's name, kept readable however long the name (issue 25): names are up
to 20 characters, told apart by a number ("Sara#2"), and a recorded run is labelled "recorded".

A line may shrink to fit its box, but only to ``READABLE_SHARE`` of its size (never under the
UI's ``SMALLEST_PX``): past that the name is cut short with an ellipsis — its end, never the
"#2" that tells two players apart, nor what the line says around the name (a tier, "recorded",
the figures) — so twenty wide letters do not make the whole line tiny (at 4K a line shrunk to
the UI's smallest size would be a sixth of its neighbours').
"""

from __future__ import annotations

import re
from typing import Callable

from solitaire.app.text import SMALLEST_PX, Text

READABLE_SHARE = 0.8  # the smallest share of its size a line with a name shrinks to
ELLIPSIS = "…"
NUMBER = re.compile(r"#\d+")  # the number that tells two players of one name apart ("Sara#2")


def readable_size(px: int) -> int:
    """The smallest size a line meant at ``px`` is drawn at."""
    return max(SMALLEST_PX, round(px * READABLE_SHARE))


def shorter_names(name: str) -> list[str]:
    """``name`` cut shorter and shorter with an ellipsis (longest first): its end before the last
    "#2" (kept, with whatever follows it: " · Bronze (recorded)"), or its end where it has none."""
    tail_at = max((number.start() for number in NUMBER.finditer(name)), default=len(name))
    stem, tail = (name[:tail_at], name[tail_at:]) if tail_at else (name, "")
    return [stem[:keep].rstrip() + ELLIPSIS + tail for keep in range(len(stem) - 1, 0, -1)]


def fit_name(text: Text, line: Callable[[str], str], name: str, px: int, width: int,
             bold: bool = False) -> tuple[str, int]:
    """The text and size that draw ``line(name)`` within ``width``: at ``px``, shrunk to no less
    than ``readable_size(px)``, then with ``name`` cut (``shorter_names``) until it fits there."""
    whole = line(name)
    size = text.fit_size(whole, px, width, bold, min_size=readable_size(px))
    if text.width(whole, size, bold) <= width:
        return whole, size
    shorter = shorter_names(name)
    for cut in map(line, shorter):
        if text.width(cut, size, bold) <= width:
            return cut, size
    return (line(shorter[-1]) if shorter else whole), size
