"""Named colours of the card art and table, kept together so a theme is one edit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solitaire.core.cards import RED_SUITS

RGB = tuple[int, int, int]

CARD_IVORY: RGB = (251, 250, 245)
CARD_BORDER: RGB = (128, 126, 118)
INK_RED: RGB = (200, 16, 46)
INK_BLACK: RGB = (26, 26, 26)

COURT_PARCHMENT: RGB = (246, 238, 218)
COURT_GOLD: RGB = (214, 172, 58)
COURT_GOLD_DARK: RGB = (140, 104, 22)
COURT_OUTLINE: RGB = (44, 34, 30)
COURT_SKIN: RGB = (248, 216, 184)
COURT_HAIR: RGB = (112, 66, 32)
COURT_HAIR_QUEEN: RGB = (196, 132, 48)
COURT_BEARD: RGB = (150, 96, 48)
COURT_ERMINE: RGB = (252, 252, 250)
COURT_STEEL: RGB = (188, 198, 210)
COURT_STEEL_DARK: RGB = (120, 130, 146)
COURT_CHEEK: RGB = (240, 178, 160)
COURT_LIP: RGB = (176, 84, 70)
COURT_WOOD: RGB = (140, 92, 46)
COURT_LEAF: RGB = (46, 130, 60)
COURT_ROSE_HEART: RGB = (240, 120, 130)
COURT_LINING_BLUE: RGB = (40, 70, 140)
COURT_HAIRS: tuple[RGB, RGB, RGB, RGB] = ((58, 40, 32), (204, 150, 62), (156, 72, 38), (112, 66, 32))
"""Each suit's figures' hair (spades, hearts, diamonds, clubs): one of the things that tell a
King of spades from a King of clubs when both are inked alike."""
COURT_GREY: RGB = (196, 194, 188)
COURT_VEIL: RGB = (222, 230, 246)
COURT_FLAME: RGB = (244, 140, 36)
COURT_FLAME_HEART: RGB = (255, 222, 90)

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

INK_BLUE: RGB = (22, 84, 196)
INK_GREEN: RGB = (18, 128, 54)

HC_CARD: RGB = (255, 255, 255)
HC_BORDER: RGB = (0, 0, 0)
HC_TABLE: RGB = (18, 22, 26)
HC_SLOT_LINE: tuple[int, int, int, int] = (255, 255, 255, 220)
HC_SLOT_SYMBOL: tuple[int, int, int, int] = (255, 255, 255, 200)
HC_HIGHLIGHTS: dict[str, RGB] = {
    "drop": (255, 226, 0),
    "hint": (0, 230, 255),
    "focus": (255, 226, 0),
    "select": (255, 255, 255),
}
"""High contrast: saturated, opaque rings (each kind also has its own shape, `CardArt.highlight`)."""


FACE_STYLES = ("classic", "simple")
"""The court cards' styles a player chooses from in Settings: "classic" the twelve figures
(``courts``), "simple" the rank's letter over a lattice of its suit (``simple_courts``)."""

INDEX_SCALES = {"normal": 1.0, "large": 1.12, "largest": 1.24}
"""A card's index at each text size: it grows less than the text, as the card's corner and the
fan of a column (``Layout``) have only so much room."""


@dataclass(frozen=True)
class Style:
    """How the cards and the table look, from the player's comfort settings."""

    four_colour: bool = False
    high_contrast: bool = False
    index_scale: float = 1.0
    """How much larger the card indices are drawn (large text grows them where a card allows)."""
    faces: str = "classic"
    """The court cards' style (``FACE_STYLES``): figures, or the rank's letter over its suit."""

    @classmethod
    def of(cls, settings: Any) -> Style:
        """The style the settings ask for (the store's ``Settings``; the view does not import it)."""
        return cls(settings.four_colour_deck, settings.high_contrast,
                   INDEX_SCALES[settings.text_size], settings.card_faces)

    def ink(self, suit: int) -> RGB:
        """A suit's ink: red and black, or with the four-colour deck one ink a suit (0..3 are
        spades, hearts, diamonds, clubs)."""
        if self.four_colour:
            return (INK_BLACK, INK_RED, INK_BLUE, INK_GREEN)[suit]
        return INK_RED if suit in RED_SUITS else INK_BLACK

    def mark(self, suit: int | None) -> tuple[int, int, int, int]:
        """The faint suit (or "A") on an empty foundation: tinted by the suit's own ink in the
        four-colour deck, so the slot says which suit goes there by colour as well."""
        base = HC_SLOT_SYMBOL if self.high_contrast else SLOT_SYMBOL
        if not self.four_colour or suit is None:
            return base
        r, g, b = self.ink(suit)
        lift = 0.45 if suit else 0.75  # black would vanish on the felt: a light grey for spades
        return (round(r + (255 - r) * lift), round(g + (255 - g) * lift), round(b + (255 - b) * lift),
                min(255, base[3] + 90))

    @property
    def card(self) -> RGB:
        return HC_CARD if self.high_contrast else CARD_IVORY

    @property
    def border(self) -> RGB:
        return HC_BORDER if self.high_contrast else CARD_BORDER

    def highlight(self, name: str) -> RGB:
        return (HC_HIGHLIGHTS if self.high_contrast else HIGHLIGHTS)[name]
