"""Card faces: the index in all four corners, pip layouts, aces, one big pip on the smallest
cards, and the court cards' panels (their figures are ``courts``). ``FaceArt`` is the faces'
part of ``CardArt``: it reads the card size and radius ``CardArt`` keeps and caches pips in it.
"""

from __future__ import annotations

import math

import pygame

from solitaire.core.cards import RANK, RED_SUITS, SUIT, SUIT_SYMBOLS
from solitaire.view import palette
from solitaire.view.corner import (
    INDEX_CENTRE, INDEX_EDGE, INDEX_GAP, INDEX_RANK, INDEX_REACH, INDEX_SUIT, INDEX_TALLEST, INDEX_TOP,
)
from solitaire.view.courts import CourtInks, draw_figure
from solitaire.view.layout import FAN_UP, WASTE_FAN
from solitaire.view.paint import (
    RANK_LABELS, cap_text, glyph, rrect, sample_factor, supersample,
)
from solitaire.view.simple_courts import draw_simple_court

# Below this card width a pip would be under 10 px and a nine or ten's pips crowd into a blot:
# number cards show one big pip instead. From here up the pip layout reads better: the count
# shows at a glance, as on a real deck, while the small index alone would have to tell it.
COMPACT_WIDTH = 70

# The gap between a court panel and the widest court index beside it, in card widths.
PANEL_CLEARANCE = 0.025

# The pip layouts' two columns, in card widths: in from the corner indices' reach.
PIP_COLUMNS = (0.325, 0.675)

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


class FaceArt:
    # -- faces --

    def _pip(self, suit: int, height: int, flipped: bool = False) -> pygame.Surface:
        key = (suit, height, flipped)
        pip = self._pips.get(key)
        if pip is None:
            pip = glyph(SUIT_SYMBOLS[suit], self.style.ink(suit), height)
            if flipped:
                pip = pygame.transform.flip(pip, True, True)
            self._pips[key] = pip
        return pip

    def _render_face(self, card: int) -> pygame.Surface:
        suit, rank = SUIT[card], RANK[card]
        w = self._size[0]
        surface = self._blank_card().copy()
        index = self._index(suit, rank)
        surface.blit(index, (0, 0))
        surface.blit(pygame.transform.flip(index, True, True), (0, 0))
        if rank > 10:
            self._court(surface, suit, rank)
        elif rank == 1:
            self._ace(surface, suit)
        elif w < COMPACT_WIDTH:
            big = self._pip(suit, round(w * 0.42))
            surface.blit(big, big.get_rect(center=(w / 2, self._size[1] / 2)))
        else:
            self._pips_layout(surface, suit, rank)
        return surface

    def _index(self, suit: int, rank: int) -> pygame.Surface:
        """The corner index in both top corners, on a clear card-sized layer; turned about the
        centre it gives the bottom corners. A fan that leaves a card's left strip, right strip
        or top strip showing thus shows an upright index whichever way it runs.
        """
        w, h = self._size
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((*self.style.ink(suit), 0))
        room = self._index_room()
        corner = self._corner_index(suit, rank, room)
        x = self._index_left(corner.get_width(), room)
        y = min(max(round(w * INDEX_TOP), room.top), room.bottom - corner.get_height())
        layer.blit(corner, (x, y))
        layer.blit(corner, (w - x - corner.get_width(), y))
        return layer

    def _index_room(self) -> pygame.Rect:
        """Where a corner index may lie: ``INDEX_EDGE`` in from the card's own edge line, no
        further out than ``INDEX_REACH``, and a pixel clear of the edge of a card lying over it
        in a waste fan (which leaves ``WASTE_FAN`` of the width in sight) or in a column's
        face-up fan (``FAN_UP`` of the height, grown with the index as ``Layout.fan_up`` grows
        it)."""
        w, h = self._size
        inside = math.ceil(self.border_width() + w * INDEX_EDGE)
        right = min(int(w * WASTE_FAN) - 1, int(w * INDEX_REACH))
        bottom = int(h * FAN_UP * (1 + (self.style.index_scale - 1) / 2)) - 1
        return pygame.Rect(inside, inside, right - inside, bottom - inside)

    def _index_left(self, width: int, room: pygame.Rect) -> int:
        """An index ``width`` wide: centred on ``INDEX_CENTRE``, kept in ``room``."""
        return min(max(round(self._size[0] * INDEX_CENTRE - width / 2), room.left), room.right - width)

    def _corner_index(self, suit: int, rank: int, room: pygame.Rect) -> pygame.Surface:
        """Rank over suit, centred on one another, cut to their ink, fitted to ``room`` (the
        "10" and any rank at large text set narrower; all of it smaller where high contrast's
        thick edges leave less room)."""
        w = self._size[0]
        ink = self.style.ink(suit)
        cap = round(w * INDEX_RANK * self.style.index_scale)
        label = cap_text(RANK_LABELS[rank - 1], ink, cap, "DejaVuSans-Bold.ttf")
        low = min(label.get_height(), round(cap * INDEX_TALLEST))
        narrow = (min(label.get_width(), room.w), low)
        if narrow != label.get_size():
            label = pygame.transform.smoothscale(label, narrow)
        pip = self._pip(suit, round(w * INDEX_SUIT))
        gap = round(w * INDEX_GAP)
        width = max(label.get_width(), pip.get_width())
        corner = pygame.Surface((width, label.get_height() + gap + pip.get_height()), pygame.SRCALPHA)
        corner.fill((*ink, 0))
        corner.blit(label, ((width - label.get_width()) // 2, 0))
        corner.blit(pip, ((width - pip.get_width()) // 2, label.get_height() + gap))
        if corner.get_height() > room.h:
            k = room.h / corner.get_height()
            corner = pygame.transform.smoothscale(corner, (max(1, int(width * k)), room.h))
        return corner

    def _pips_layout(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        w, h = self._size
        height = round(w * 0.165)
        left, right = w * PIP_COLUMNS[0], w * PIP_COLUMNS[1]
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
            ring = supersample(self._size, sample_factor(w), lambda s, f: pygame.draw.circle(
                s, palette.COURT_GOLD, (s.get_width() / 2, s.get_height() / 2), w * 0.36 * f,
                max(1, round(f * w / 90))), palette.COURT_GOLD)
            surface.blit(ring, (0, 0))

    # -- court cards --

    def _court_inks(self, suit: int) -> CourtInks:
        """The figure's robe is the suit's ink; its lining a contrasting red or blue; the
        crown's stones the suit's ink in the four-colour deck, else red or blue."""
        robe = self.style.ink(suit)
        lining = palette.COURT_LINING_BLUE if robe == palette.INK_RED else palette.INK_RED
        if self.style.four_colour:
            jewel = robe
        else:
            jewel = palette.INK_RED if suit in RED_SUITS else palette.COURT_LINING_BLUE
        outline = palette.HC_BORDER if self.style.high_contrast else palette.COURT_OUTLINE
        return CourtInks(robe, lining, outline, jewel)

    def _court(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        """A framed panel holding the figure twice, turned about the centre, a suit pip beside
        each head. The panel is drawn supersampled (only its own area, the costly part of a
        court card); the pips at final size."""
        w, h = self._size
        colour = self.style.ink(suit)
        room = self._index_room()
        widest = self._corner_index(0, 12, room).get_width()  # the Queen's, the widest court index
        reach = self._index_left(widest, room) + widest
        panel = pygame.Rect(reach + round(w * PANEL_CLEARANCE), round(h * 0.085), 0, 0)
        panel.width = w - 2 * panel.x
        panel.height = h - 2 * panel.y
        if self.style.faces == "simple":
            draw_simple_court(surface, panel, suit, rank, self.style, self._pip)
            return
        inks = self._court_inks(suit)
        weight = w / 90 if self.style.high_contrast else w / 130

        def draw(s: pygame.Surface, f: float) -> None:
            frame = self._panel_frame(s, s.get_rect(), f, colour)
            inner = s.get_rect().inflate(-2 * frame, -2 * frame)
            half = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
            s.set_clip(half)
            draw_figure(s, rank, suit, half, inks, max(1, round(f * weight)))
            s.set_clip(None)
            upper = s.subsurface(half).copy()
            s.blit(pygame.transform.flip(upper, True, True), (inner.x, inner.bottom - upper.get_height()))
            line = max(1, round(f * max(1.0, w / 110)))
            waist = inner.centery
            pygame.draw.line(s, palette.COURT_GOLD_DARK, (inner.x, waist), (inner.right, waist), line)

        surface.blit(supersample(panel.size, sample_factor(w), draw, colour), panel)
        size = round(w * 0.085)
        beside = (round(panel.x + panel.w * 0.16), round(panel.y + panel.h * 0.1))  # the upper head
        side = self._pip(suit, size).get_rect(center=beside)
        surface.blit(self._pip(suit, size), side)
        surface.blit(self._pip(suit, size, flipped=True), (w - side.right, h - side.bottom))

    def _panel_frame(self, s: pygame.Surface, rect: pygame.Rect, f: float, colour: tuple[int, int, int]) -> int:
        """The court panel's parchment, its ink edge and a gold rule inside; returns how far
        in from ``rect`` the clear inside begins."""
        line = max(1, round(f * max(1.0, self._size[0] / 100)))
        radius = self._size[0] * 0.03 * f
        rrect(s, palette.COURT_PARCHMENT, rect, radius)
        rrect(s, colour, rect, radius, line)
        inner = rect.inflate(-5 * line, -5 * line)
        rrect(s, palette.COURT_GOLD, inner, radius * 0.6, line)
        return round(3.5 * line)
