"""Card faces, backs, pile slots, highlights and the table felt, drawn by code at any size.

Everything is rendered at the exact pixel size the layout asks for, so cards stay crisp
from ~40x56 to ~240x336. Shapes (rounded corners, court panels, backs) are drawn at a
multiple of the final size and ``smoothscale``d down, which is how they get anti-aliased
edges; text is rendered at the final size so the font's hinting keeps the index sharp.

A card is an int ``suit * 13 + (rank - 1)``: suits 0..3 are spades, hearts, diamonds,
clubs; ranks 1..13 are ace..king.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Callable

import pygame

from solitaire.app.resources import asset_path
from solitaire.core.cards import RANK, RED_SUITS, SUIT, SUIT_SYMBOLS
from solitaire.view import palette

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Below this card width the nine-pip layouts no longer read; a compact face keeps the
# index large and shows one big pip instead.
COMPACT_WIDTH = 88

# Pip centres in a unit box: x 0 = left column, 1 = right column; y 0 = top row, 1 = bottom.
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: tuple((x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (0, 1)) + ((0.5, 0.5),),
    10: tuple((x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (0, 1)) + ((0.5, 1 / 6), (0.5, 5 / 6)),
}

SLOT_KINDS = ("tableau", "foundation", "stock-recycle", "stock-empty", "waste")

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def ink(suit: int) -> tuple[int, int, int]:
    return palette.INK_RED if suit in RED_SUITS else palette.INK_BLACK


# --- fonts and glyphs -------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(name: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", name)), max(1, size))


def _ink_crop(surface: pygame.Surface) -> pygame.Surface:
    """The part of a rendered glyph that has ink, so glyphs align by their shapes."""
    return surface.subsurface(surface.get_bounding_rect(min_alpha=8)).copy()


@lru_cache(maxsize=None)
def _cap_ratio(name: str) -> float:
    """Ink height of a capital per pixel of font size, to size text by its visible height."""
    probe = _ink_crop(_font(name, 200).render("E", True, (0, 0, 0)))
    return probe.get_height() / 200


@lru_cache(maxsize=16)
def _master_glyph(text: str, colour: tuple[int, int, int], name: str = "DejaVuSans.ttf") -> pygame.Surface:
    """A large ink-cropped rendering that smaller sizes are box-filtered down from."""
    return _ink_crop(_font(name, 320).render(text, True, colour))


def _glyph(text: str, colour: tuple[int, int, int], height: int, name: str = "DejaVuSans.ttf") -> pygame.Surface:
    """A symbol scaled to an exact ink height (suit pips look best filtered, not hinted)."""
    master = _master_glyph(text, colour, name)
    height = max(2, height)
    width = max(1, round(master.get_width() * height / master.get_height()))
    return pygame.transform.smoothscale(master, (width, height))


def _text(label: str, colour: tuple[int, int, int], cap_height: int, name: str) -> pygame.Surface:
    """Hinted text whose capitals are ``cap_height`` pixels tall, ink-cropped, tightly set.

    Characters are set one by one so "10" is as narrow as the single-figure ranks.
    """
    size = max(4, round(cap_height / _cap_ratio(name)))
    font = _font(name, size)
    parts = [_ink_crop(font.render(ch, True, colour)) for ch in label]
    gap = max(0, round(cap_height * 0.06))
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    height = max(p.get_height() for p in parts)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.fill((*colour, 0))
    x = 0
    for p in parts:
        out.blit(p, (x, height - p.get_height()))
        x += p.get_width() + gap
    return out


# --- supersampled drawing ---------------------------------------------------------------


def _supersample(size: tuple[int, int], factor: int, draw: Callable[[pygame.Surface, float], None],
                 clear: tuple[int, int, int] = (0, 0, 0)) -> pygame.Surface:
    """Draw on a ``factor`` times larger canvas and box-filter it down: anti-aliased shapes.

    ``clear`` is the colour of the transparent background, so filtered edges blend towards
    the shape's own colour rather than darkening.
    """
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((*clear, 0))
    draw(big, float(factor))
    return pygame.transform.smoothscale(big, size)


def _factor(width: int) -> int:
    """Supersampling factor; a power of two, as odd factors make smoothscale lose a little
    alpha (253 instead of 255) and let the table show through the card."""
    return 4 if width < 140 else 2


def _rrect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect | tuple, radius: float,
           width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(0, round(radius)))


def _mask_to(surface: pygame.Surface, mask: pygame.Surface) -> None:
    """Keep ``surface`` only where ``mask`` is opaque (alpha multiply)."""
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _rrect_mask(size: tuple[int, int], rect: pygame.Rect, radius: float) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    _rrect(mask, (255, 255, 255, 255), rect, radius)
    return mask


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is one: blits get several times faster."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


# --- crowns for the court cards ----------------------------------------------------------


def _crown(surface: pygame.Surface, rank: int, box: pygame.Rect, jewel: tuple[int, int, int],
           line: int) -> None:
    """A king's crown, queen's tiara or jack's coronet inside ``box``."""
    x, y, w, h = box

    def pt(u: float, v: float) -> tuple[float, float]:
        return (x + u * w, y + v * h)

    gold, dark = palette.COURT_GOLD, palette.COURT_GOLD_DARK
    if rank == 13:
        outline = [pt(0.02, 1.0), pt(0.0, 0.3), pt(0.22, 0.62), pt(0.3, 0.08), pt(0.5, 0.5),
                   pt(0.7, 0.08), pt(0.78, 0.62), pt(1.0, 0.3), pt(0.98, 1.0)]
        tips = [(0.0, 0.3), (0.3, 0.08), (0.7, 0.08), (1.0, 0.3)]
        top = (0.5, 0.0)
    elif rank == 12:
        outline = [pt(0.04, 1.0), pt(0.0, 0.45), pt(0.2, 0.7), pt(0.34, 0.3), pt(0.5, 0.62),
                   pt(0.66, 0.3), pt(0.8, 0.7), pt(1.0, 0.45), pt(0.96, 1.0)]
        tips = [(0.0, 0.45), (0.34, 0.3), (0.66, 0.3), (1.0, 0.45)]
        top = (0.5, 0.42)
    else:
        outline = [pt(0.1, 1.0), pt(0.06, 0.5), pt(0.3, 0.62), pt(0.5, 0.28), pt(0.7, 0.62),
                   pt(0.94, 0.5), pt(0.9, 1.0)]
        tips = [(0.06, 0.5), (0.94, 0.5)]
        top = (0.5, 0.18)
    pygame.draw.polygon(surface, gold, outline)
    pygame.draw.polygon(surface, dark, outline, line)
    band = pygame.Rect(0, 0, 0, 0)
    band.update(round(x + 0.03 * w), round(y + 0.78 * h), round(0.94 * w), round(0.22 * h))
    _rrect(surface, gold, band, line)
    _rrect(surface, dark, band, line, line)
    r = max(2.0, 0.065 * w)
    for u, v in tips:
        pygame.draw.circle(surface, gold, pt(u, v), r)
        pygame.draw.circle(surface, dark, pt(u, v), r, line)
    pygame.draw.circle(surface, jewel, pt(*top), r * 1.35)
    pygame.draw.circle(surface, dark, pt(*top), r * 1.35, line)
    for u in (0.22, 0.5, 0.78):
        pygame.draw.circle(surface, jewel, pt(u, 0.89), r * (1.0 if u == 0.5 else 0.7))


# --- the art ---------------------------------------------------------------------------


class CardArt:
    """All card-sized images for one card size, rendered on first use and cached.

    Highlights and shadows are larger than a card by ``margin`` on every side: blit them at
    ``(card_x - margin, card_y - margin)``.
    """

    BACKS: tuple[str, ...] = ("blue", "red", "green")

    def __init__(self, card_size: tuple[int, int], back: str = "blue") -> None:
        self._back_name = self._check_back(back)
        self.set_size(card_size)

    # -- configuration --

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def back_name(self) -> str:
        return self._back_name

    def set_size(self, card_size: tuple[int, int]) -> None:
        w, h = int(card_size[0]), int(card_size[1])
        if w < 8 or h < 8:
            raise ValueError(f"card size too small: {card_size}")
        self._size = (w, h)
        self.margin = max(4, round(w * 0.1))
        # at least 3.5 px, or the corner pixel itself would be partly covered and the corner look square
        self._radius = max(4.0, w * 0.065)
        self._faces: dict[int, pygame.Surface] = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._slots: dict[tuple[str, int | None], pygame.Surface] = {}
        self._highlights: dict[str, pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None
        self._pips: dict[tuple[int, int, bool], pygame.Surface] = {}

    def set_back(self, back: str) -> None:
        self._back_name = self._check_back(back)

    def _check_back(self, back: str) -> str:
        if back not in self.BACKS:
            raise ValueError(f"unknown card back {back!r}; choose from {', '.join(self.BACKS)}")
        return back

    # -- public images --

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card``; the same Surface object until the size changes."""
        surface = self._faces.get(card)
        if surface is None:
            if not 0 <= card < 52:
                raise ValueError(f"no such card: {card}")
            surface = self._faces[card] = _ready(self._render_face(card))
        return surface

    def back(self) -> pygame.Surface:
        surface = self._backs.get(self._back_name)
        if surface is None:
            surface = self._backs[self._back_name] = _ready(self._render_back(self._back_name))
        return surface

    def slot(self, kind: str, suit: int | None = None) -> pygame.Surface:
        """Marker of an empty pile.

        ``foundation`` shows a faint suit when the pile's suit is fixed, else a faint "A";
        ``stock-recycle`` shows a circular arrow (clicking turns the waste over);
        ``stock-empty`` a crossed ring (no recycles left).
        """
        if kind not in SLOT_KINDS:
            raise ValueError(f"unknown slot kind {kind!r}; choose from {', '.join(SLOT_KINDS)}")
        key = (kind, suit if kind == "foundation" else None)
        surface = self._slots.get(key)
        if surface is None:
            surface = self._slots[key] = _ready(self._render_slot(*key))
        return surface

    def highlight(self, colour_name: str) -> pygame.Surface:
        """A glowing outline around a card, ``margin`` larger on each side, clear inside.

        ``drop``: the pile a dragged card would land on; ``hint``: a suggested move;
        ``focus``: keyboard focus; ``select``: a picked-up card in click-to-move.
        """
        if colour_name not in palette.HIGHLIGHTS:
            raise ValueError(f"unknown highlight {colour_name!r}; choose from {', '.join(palette.HIGHLIGHTS)}")
        surface = self._highlights.get(colour_name)
        if surface is None:
            surface = self._highlights[colour_name] = _ready(self._render_highlight(colour_name))
        return surface

    def shadow(self) -> pygame.Surface:
        """A soft shadow, ``margin`` larger on each side; offset it down-right under a dragged card."""
        if self._shadow is None:
            self._shadow = _ready(self._render_shadow())
        return self._shadow

    # -- the blank card every face starts from --

    def _blank_card(self) -> pygame.Surface:
        if self._blank is None:
            w, h = self._size
            border = max(1.0, w / 110)

            def draw(s: pygame.Surface, f: float) -> None:
                full = pygame.Rect(0, 0, s.get_width(), s.get_height())
                _rrect(s, palette.CARD_BORDER, full, self._radius * f)
                inset = round(border * f)
                _rrect(s, palette.CARD_IVORY, full.inflate(-2 * inset, -2 * inset), (self._radius - border) * f)

            self._blank = _supersample(self._size, _factor(w), draw, palette.CARD_BORDER)
        return self._blank

    # -- faces --

    def _pip(self, suit: int, height: int, flipped: bool = False) -> pygame.Surface:
        key = (suit, height, flipped)
        pip = self._pips.get(key)
        if pip is None:
            pip = _glyph(SUIT_SYMBOLS[suit], ink(suit), height)
            if flipped:
                pip = pygame.transform.flip(pip, True, True)
            self._pips[key] = pip
        return pip

    def _render_face(self, card: int) -> pygame.Surface:
        suit, rank = SUIT[card], RANK[card]
        w = self._size[0]
        surface = self._blank_card().copy()
        if w < COMPACT_WIDTH:
            self._compact_face(surface, suit, rank)
            return surface
        index = self._index(suit, rank)
        surface.blit(index, (0, 0))
        surface.blit(pygame.transform.flip(index, True, True), (0, 0))
        if rank > 10:
            self._court(surface, suit, rank)
        elif rank == 1:
            self._ace(surface, suit)
        else:
            self._pips_layout(surface, suit, rank)
        return surface

    def _index(self, suit: int, rank: int) -> pygame.Surface:
        """Rank over suit in the top-left corner, on a clear card-sized layer."""
        w, h = self._size
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((*ink(suit), 0))
        label = _text(RANK_LABELS[rank - 1], ink(suit), round(w * 0.165), "DejaVuSans-Bold.ttf")
        if label.get_width() > w * 0.2:
            label = pygame.transform.smoothscale(label, (round(w * 0.2), label.get_height()))
        pip = self._pip(suit, round(w * 0.12))
        centre_x = w * 0.12
        top = round(w * 0.06)
        layer.blit(label, (round(centre_x - label.get_width() / 2), top))
        layer.blit(pip, (round(centre_x - pip.get_width() / 2), top + label.get_height() + round(w * 0.04)))
        return layer

    def _pips_layout(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        w, h = self._size
        height = round(w * 0.175)
        left, right = w * 0.315, w * 0.685
        top, bottom = h * 0.195, h * 0.805
        for u, v in PIP_LAYOUTS[rank]:
            pip = self._pip(suit, height, flipped=v > 0.5)
            cx = left + u * (right - left)
            cy = top + v * (bottom - top)
            surface.blit(pip, (round(cx - pip.get_width() / 2), round(cy - pip.get_height() / 2)))

    def _ace(self, surface: pygame.Surface, suit: int) -> None:
        w, h = self._size
        pip = self._pip(suit, round(w * (0.5 if suit == 0 else 0.42)))
        surface.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
        if suit == 0:
            ring = _supersample(self._size, _factor(w), lambda s, f: pygame.draw.circle(
                s, palette.COURT_GOLD, (s.get_width() / 2, s.get_height() / 2), w * 0.36 * f,
                max(1, round(f * w / 90))), palette.COURT_GOLD)
            surface.blit(ring, (0, 0))

    def _compact_face(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        """Small cards: a big rank and suit across the top strip, one large pip below."""
        w, h = self._size
        colour = ink(suit)
        label = _text(RANK_LABELS[rank - 1], colour, round(w * 0.25), "DejaVuSans-Bold.ttf")
        if label.get_width() > w * 0.42:
            label = pygame.transform.smoothscale(label, (round(w * 0.42), label.get_height()))
        corner = pygame.Surface((w, h), pygame.SRCALPHA)
        corner.fill((*colour, 0))
        pad = max(2, round(w * 0.08))
        corner.blit(label, (pad, pad))
        small = self._pip(suit, round(w * 0.22))
        corner.blit(small, (w - pad - small.get_width(), pad + (label.get_height() - small.get_height()) // 2))
        surface.blit(corner, (0, 0))
        surface.blit(pygame.transform.flip(corner, True, True), (0, 0))
        if rank > 10:
            panel = pygame.Rect(0, 0, round(w * 0.58), round(h * 0.46))
            panel.center = (w // 2, h // 2)
            jewel = palette.INK_RED if suit in RED_SUITS else (40, 70, 140)

            def draw(s: pygame.Surface, f: float) -> None:
                big = pygame.Rect(panel.x * f, panel.y * f, panel.w * f, panel.h * f)
                self._panel_frame(s, big, f, colour)
                crown = pygame.Rect(0, 0, round(big.w * 0.66), round(big.h * 0.26))
                crown.midtop = (big.centerx, big.y + round(big.h * 0.14))
                _crown(s, rank, crown, jewel, max(1, round(f * 0.8)))

            surface.blit(_supersample(self._size, _factor(w), draw, colour), (0, 0))
            big = self._pip(suit, round(w * 0.26))
            surface.blit(big, big.get_rect(center=(w / 2, panel.y + panel.h * 0.66)))
        else:
            big = self._pip(suit, round(w * 0.42))
            surface.blit(big, big.get_rect(center=(w / 2, h / 2)))

    # -- court cards --

    def _panel_frame(self, s: pygame.Surface, rect: pygame.Rect, f: float, colour: tuple[int, int, int]) -> None:
        line = max(1, round(f * max(1.0, self._size[0] / 100)))
        radius = self._size[0] * 0.03 * f
        _rrect(s, palette.COURT_PARCHMENT, rect, radius)
        _rrect(s, colour, rect, radius, line)
        inner = rect.inflate(-5 * line, -5 * line)
        _rrect(s, palette.COURT_GOLD, inner, radius * 0.6, line)

    def _court(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        """A framed, mirror-symmetric panel: a crown over a large serif letter, twice.

        Shapes are drawn supersampled; the letter and pips are placed at final size so
        their edges stay hinted and crisp.
        """
        w, h = self._size
        colour = ink(suit)
        panel = pygame.Rect(round(w * 0.225), round(h * 0.085), 0, 0)
        panel.width = w - 2 * panel.x
        panel.height = h - 2 * panel.y
        half_h = panel.h / 2
        crown = (panel.w * 0.66, half_h * 0.3)
        crown_top = panel.y + half_h * 0.09
        medallion_r = w * 0.085
        jewel = palette.INK_RED if suit in RED_SUITS else (40, 70, 140)

        def draw(s: pygame.Surface, f: float) -> None:
            big = pygame.Rect(round(panel.x * f), round(panel.y * f), round(panel.w * f), round(panel.h * f))
            self._panel_frame(s, big, f, colour)
            line = max(1, round(f * max(1.0, w / 110)))
            clip = big.inflate(-8 * line, -8 * line)
            self._hatch(s, clip, max(6.0, w * 0.06 * f), line)
            box = pygame.Rect(0, 0, round(crown[0] * f), round(crown[1] * f))
            box.midtop = (big.centerx, round(crown_top * f))
            _crown(s, rank, box, jewel, line)
            upper = s.subsurface(pygame.Rect(big.x, big.y, big.w, big.h // 2)).copy()
            s.blit(pygame.transform.flip(upper, True, True), (big.x, big.bottom - upper.get_height()))
            cy = big.centery
            pygame.draw.line(s, palette.COURT_GOLD_DARK, (clip.x, cy), (clip.right, cy), line)
            r = medallion_r * f
            diamond = [(big.centerx, cy - r), (big.centerx + r * 1.25, cy), (big.centerx, cy + r),
                       (big.centerx - r * 1.25, cy)]
            pygame.draw.polygon(s, palette.COURT_PARCHMENT, diamond)
            pygame.draw.polygon(s, palette.COURT_GOLD_DARK, diamond, line)

        surface.blit(_supersample(self._size, _factor(w), draw, colour), (0, 0))
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((*colour, 0))
        letter_top = crown_top + crown[1] + half_h * 0.07
        room = panel.y + half_h - medallion_r * 1.15 - letter_top
        cap = round(half_h * 0.36)
        letter = _text(RANK_LABELS[rank - 1], colour, cap, "DejaVuSerif-Bold.ttf")
        if letter.get_height() > room:  # the Q's tail and the J's descender
            letter = _text(RANK_LABELS[rank - 1], colour, round(cap * room / letter.get_height()), "DejaVuSerif-Bold.ttf")
        layer.blit(letter, (round(w / 2 - letter.get_width() / 2), round(letter_top)))
        side = self._pip(suit, round(w * 0.085))
        mid_y = letter_top + letter.get_height() / 2
        gap = (panel.w - letter.get_width()) / 4
        for cx in (panel.x + gap, panel.right - gap):
            layer.blit(side, side.get_rect(center=(round(cx), round(mid_y))))
        surface.blit(layer, (0, 0))
        surface.blit(pygame.transform.flip(layer, True, True), (0, 0))
        centre = self._pip(suit, round(medallion_r * 1.1))
        surface.blit(centre, centre.get_rect(center=(w // 2, h // 2)))

    @staticmethod
    def _hatch(s: pygame.Surface, area: pygame.Rect, step: float, line: int) -> None:
        """A faint gold diamond hatching that gives the court panel texture without noise."""
        layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        layer.fill((*palette.COURT_GOLD, 0))
        faint = (*palette.COURT_GOLD, 60)
        layer.set_clip(area)
        k = -float(area.h)
        while k < area.w + area.h:
            pygame.draw.line(layer, faint, (area.x + k, area.y), (area.x + k + area.h, area.bottom), line)
            pygame.draw.line(layer, faint, (area.x + k, area.bottom), (area.x + k + area.h, area.y), line)
            k += step
        s.blit(layer, (0, 0))

    # -- backs --

    def _render_back(self, name: str) -> pygame.Surface:
        w, h = self._size
        f = _factor(w)
        base, light, accent = {
            "blue": ((22, 54, 112), (54, 98, 176), (150, 186, 236)),
            "red": ((112, 22, 40), (150, 40, 58), (224, 176, 96)),
            "green": ((18, 84, 62), (38, 122, 90), (196, 226, 170)),
        }[name]

        def draw(s: pygame.Surface, f: float) -> None:
            full = pygame.Rect(0, 0, s.get_width(), s.get_height())
            _rrect(s, palette.CARD_BORDER, full, self._radius * f)
            border = round(max(1.0, w / 110) * f)
            _rrect(s, palette.CARD_IVORY, full.inflate(-2 * border, -2 * border), (self._radius - 1) * f)
            inner = full.inflate(-round(w * 0.12 * f), -round(w * 0.12 * f))
            radius = self._radius * 0.6 * f
            pattern = pygame.Surface(s.get_size(), pygame.SRCALPHA)
            pattern.fill(base)
            line = max(1, round(f * max(1.0, w / 90)))
            if name == "red":
                self._diamonds(pattern, inner, w * 0.11 * f, light, accent, line)
            else:
                self._lattice(pattern, inner, w * 0.1 * f, light, accent, line)
            _mask_to(pattern, _rrect_mask(s.get_size(), inner, radius))
            s.blit(pattern, (0, 0))
            frame = inner.inflate(-round(w * 0.07 * f), -round(w * 0.07 * f))
            _rrect(s, accent, frame, radius * 0.6, line)
            _rrect(s, accent, inner, radius, line)

        return _supersample(self._size, f, draw, palette.CARD_BORDER)

    @staticmethod
    def _lattice(s: pygame.Surface, area: pygame.Rect, step: float, light: tuple[int, int, int],
                 accent: tuple[int, int, int], line: int) -> None:
        """Diagonal trellis with a dot at every crossing, centred on the card."""
        cx, cy = area.center
        n = int(max(area.w, area.h) / step) + 2
        for i in range(-n, n + 1):
            d = i * step
            pygame.draw.line(s, light, (cx + d - area.h, cy - area.h), (cx + d + area.h, cy + area.h), line)
            pygame.draw.line(s, light, (cx + d + area.h, cy - area.h), (cx + d - area.h, cy + area.h), line)
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x = cx + (i + j) * step / 2
                y = cy + (j - i) * step / 2
                if area.left - step < x < area.right + step and area.top - step < y < area.bottom + step:
                    pygame.draw.circle(s, accent, (x, y), line * 1.4)

    @staticmethod
    def _diamonds(s: pygame.Surface, area: pygame.Rect, step: float, light: tuple[int, int, int],
                  accent: tuple[int, int, int], line: int) -> None:
        """Argyle: alternating shaded diamonds outlined in gold, centred on the card."""
        cx, cy = area.center
        half_w, half_h = step / 2, step * 0.7
        cols = int(area.w / step) + 3
        rows = int(area.h / (half_h * 2)) + 3
        for j in range(-rows, rows + 1):
            for i in range(-cols, cols + 1):
                x = cx + i * step + (half_w if j % 2 else 0)
                y = cy + j * half_h
                points = [(x, y - half_h), (x + half_w, y), (x, y + half_h), (x - half_w, y)]
                if (i + j) % 2 == 0:
                    pygame.draw.polygon(s, light, points)
                pygame.draw.polygon(s, accent, points, max(1, line // 2))

    # -- slots, highlights, shadow --

    def _render_slot(self, kind: str, suit: int | None) -> pygame.Surface:
        w, h = self._size
        f = _factor(w)

        def draw(s: pygame.Surface, f: float) -> None:
            full = pygame.Rect(0, 0, s.get_width(), s.get_height())
            line = max(1, round(f * max(1.5, w / 60)))
            _rrect(s, palette.SLOT_FILL, full, self._radius * f)
            _rrect(s, palette.SLOT_LINE, full.inflate(-line, -line), self._radius * f, line)
            centre = (full.w / 2, full.h / 2)
            r = w * 0.26 * f
            stroke = max(1, round(f * max(2.0, w / 28)))
            if kind == "stock-recycle":
                self._recycle_arrow(s, centre, r, stroke)
            elif kind == "stock-empty":
                pygame.draw.circle(s, palette.SLOT_SYMBOL, centre, r, stroke)
                d = r * 0.5
                pygame.draw.line(s, palette.SLOT_SYMBOL, (centre[0] - d, centre[1] - d), (centre[0] + d, centre[1] + d), stroke)
                pygame.draw.line(s, palette.SLOT_SYMBOL, (centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d), stroke)

        surface = _supersample(self._size, f, draw, (255, 255, 255))
        if kind == "foundation":
            if suit is None:
                mark = _text("A", palette.SLOT_SYMBOL[:3], round(w * 0.4), "DejaVuSerif-Bold.ttf")
            else:
                mark = _glyph(SUIT_SYMBOLS[suit], palette.SLOT_SYMBOL[:3], round(w * 0.45))
            mark.set_alpha(palette.SLOT_SYMBOL[3])
            surface.blit(mark, mark.get_rect(center=(w / 2, h / 2)))
        return surface

    @staticmethod
    def _recycle_arrow(s: pygame.Surface, centre: tuple[float, float], r: float, stroke: int) -> None:
        """A clockwise arrow almost closing a circle: "click to turn the waste over".

        Drawn straight onto the slot (pygame's draw replaces pixels), so overlapping strokes
        keep one even translucency.
        """
        colour = palette.SLOT_SYMBOL
        start, end = math.radians(-40), math.radians(245)
        steps = 72
        points = [(centre[0] + r * math.cos(start + (end - start) * k / steps),
                   centre[1] - r * math.sin(start + (end - start) * k / steps)) for k in range(steps + 1)]
        for p in points:
            pygame.draw.circle(s, colour, p, stroke / 2)
        pygame.draw.lines(s, colour, False, points, stroke)
        # the arc runs clockwise on screen from the lower left over the top to the head
        nx, ny = math.cos(start), -math.sin(start)
        tx, ty = math.sin(start), math.cos(start)
        base = points[0]
        size = stroke * 1.9
        head = [(base[0] + tx * size * 1.6, base[1] + ty * size * 1.6),
                (base[0] + nx * size, base[1] + ny * size),
                (base[0] - nx * size, base[1] - ny * size)]
        pygame.draw.polygon(s, colour, head)

    def _render_highlight(self, name: str) -> pygame.Surface:
        w, h = self._size
        m = self.margin
        colour = palette.HIGHLIGHTS[name]
        outer = (w + 2 * m, h + 2 * m)
        card = pygame.Rect(m, m, w, h)
        glow = pygame.Surface(outer, pygame.SRCALPHA)
        glow.fill((*colour, 0))
        _rrect(glow, (*colour, 230), card.inflate(m * 0.6, m * 0.6), self._radius + m * 0.3)
        glow = pygame.transform.gaussian_blur(glow, max(1, m // 2))
        hole = pygame.Surface(outer, pygame.SRCALPHA)
        hole.fill((255, 255, 255, 255))
        _rrect(hole, (255, 255, 255, 0), card, self._radius)
        _mask_to(glow, hole)
        f = _factor(w)
        ring_width = max(2.0, w / 45) if name != "focus" else max(1.5, w / 70)

        def draw(s: pygame.Surface, f: float) -> None:
            rect = pygame.Rect(0, 0, round(w * f), round(h * f))
            rect.topleft = (round(m * f), round(m * f))
            grow = round(ring_width * f * 0.5)
            _rrect(s, (*colour, 255), rect.inflate(2 * grow, 2 * grow), (self._radius + ring_width / 2) * f,
                   max(1, round(ring_width * f)))

        glow.blit(_supersample(outer, f, draw, colour), (0, 0))
        return glow

    def _render_shadow(self) -> pygame.Surface:
        w, h = self._size
        m = self.margin
        shadow = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        _rrect(shadow, (0, 0, 0, 120), pygame.Rect(m, m, w, h), self._radius)
        return pygame.transform.gaussian_blur(shadow, max(1, m // 2))


# --- the table ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _noise_tile() -> pygame.Surface:
    """Grey noise, partly softened, so the felt reads as fibre rather than static."""
    side = 128
    rng = random.Random(20240611)
    values = rng.randbytes(side * side)
    fine = pygame.image.frombuffer(bytes(v for b in values for v in (b, b, b)), (side, side), "RGB")
    tile = pygame.transform.smoothscale(pygame.transform.smoothscale(fine, (side // 4, side // 4)), (side, side))
    fine.set_alpha(128)
    tile.blit(fine, (0, 0))
    tile.set_alpha(14)
    return tile


@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green baize: a soft radial light, a darker rim and a faint fibre noise.

    Cached per size; the result is shared, so draw it, never draw on it.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    gw = 48
    gh = max(2, round(gw * h / w))
    gradient = pygame.Surface((gw, gh))
    c0, c1 = palette.FELT_CENTRE, palette.FELT_EDGE
    for y in range(gh):
        for x in range(gw):
            dx = (x + 0.5) / gw - 0.5
            dy = ((y + 0.5) / gh - 0.42) * (gh / gw)
            t = min(1.0, math.hypot(dx, dy) * 1.55) ** 1.7
            gradient.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(c0, c1)))
    surface = pygame.transform.smoothscale(gradient, (w, h))
    tile = _noise_tile()
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surface.blit(tile, (x, y))
    if pygame.display.get_surface() is not None:
        return surface.convert()
    return surface
