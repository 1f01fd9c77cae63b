"""Named colours of the card art and table, kept together so a theme is one edit."""

from __future__ import annotations

RGB = tuple[int, int, int]

CARD_IVORY: RGB = (251, 250, 245)
CARD_BORDER: RGB = (128, 126, 118)
INK_RED: RGB = (200, 16, 46)
INK_BLACK: RGB = (26, 26, 26)

COURT_PARCHMENT: RGB = (246, 238, 218)
COURT_GOLD: RGB = (214, 172, 58)
COURT_GOLD_DARK: RGB = (140, 104, 22)

FELT_CENTRE: RGB = (44, 128, 76)
FELT_EDGE: RGB = (12, 58, 34)

SLOT_LINE: tuple[int, int, int, int] = (255, 255, 255, 110)
SLOT_FILL: tuple[int, int, int, int] = (0, 0, 0, 38)
SLOT_SYMBOL: tuple[int, int, int, int] = (255, 255, 255, 96)

HIGHLIGHTS: dict[str, RGB] = {
    "drop": (255, 208, 64),
    "hint": (80, 226, 232),
    "focus": (255, 255, 255),
    "select": (92, 160, 255),
}
