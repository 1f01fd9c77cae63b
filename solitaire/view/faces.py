"""Card faces: the index, pip layouts, aces, the compact face of small cards, and the court
cards' panels and crowns. ``FaceArt`` is the faces' part of ``CardArt``: it reads the card size
and radius ``CardArt`` keeps and caches pips in it.
"""

from __future__ import annotations

import pygame

from solitaire.core.cards import RANK, RED_SUITS, SUIT, SUIT_SYMBOLS
from solitaire.view import palette
from solitaire.view.paint import (
    RANK_LABELS, cap_text, glyph, rrect, sample_factor, supersample,
)

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
    rrect(surface, gold, band, line)
    rrect(surface, dark, band, line, line)
    r = max(2.0, 0.065 * w)
    for u, v in tips:
        pygame.draw.circle(surface, gold, pt(u, v), r)
        pygame.draw.circle(surface, dark, pt(u, v), r, line)
    pygame.draw.circle(surface, jewel, pt(*top), r * 1.35)
    pygame.draw.circle(surface, dark, pt(*top), r * 1.35, line)
    for u in (0.22, 0.5, 0.78):
        pygame.draw.circle(surface, jewel, pt(u, 0.89), r * (1.0 if u == 0.5 else 0.7))


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
        layer.fill((*self.style.ink(suit), 0))
        k = self.style.index_scale
        label = cap_text(RANK_LABELS[rank - 1], self.style.ink(suit), round(w * 0.165 * k), "DejaVuSans-Bold.ttf")
        if label.get_width() > w * 0.2 * k:
            label = pygame.transform.smoothscale(label, (round(w * 0.2 * k), label.get_height()))
        pip = self._pip(suit, round(w * 0.12))
        centre_x = w * 0.12 * k
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
            ring = supersample(self._size, sample_factor(w), lambda s, f: pygame.draw.circle(
                s, palette.COURT_GOLD, (s.get_width() / 2, s.get_height() / 2), w * 0.36 * f,
                max(1, round(f * w / 90))), palette.COURT_GOLD)
            surface.blit(ring, (0, 0))

    def _compact_face(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        """Small cards: a big rank and suit across the top strip, one large pip below."""
        w, h = self._size
        colour = self.style.ink(suit)
        label = cap_text(RANK_LABELS[rank - 1], colour, round(w * 0.25 * self.style.index_scale),
                         "DejaVuSans-Bold.ttf")
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
            jewel = self._jewel(suit)

            def draw(s: pygame.Surface, f: float) -> None:
                big = pygame.Rect(panel.x * f, panel.y * f, panel.w * f, panel.h * f)
                self._panel_frame(s, big, f, colour)
                crown = pygame.Rect(0, 0, round(big.w * 0.66), round(big.h * 0.26))
                crown.midtop = (big.centerx, big.y + round(big.h * 0.14))
                _crown(s, rank, crown, jewel, max(1, round(f * 0.8)))

            surface.blit(supersample(self._size, sample_factor(w), draw, colour), (0, 0))
            big = self._pip(suit, round(w * 0.26))
            surface.blit(big, big.get_rect(center=(w / 2, panel.y + panel.h * 0.66)))
        else:
            big = self._pip(suit, round(w * 0.42))
            surface.blit(big, big.get_rect(center=(w / 2, h / 2)))

    # -- court cards --

    def _jewel(self, suit: int) -> tuple[int, int, int]:
        """The crown's stones: the suit's own ink in the four-colour deck, else red or blue."""
        if self.style.four_colour:
            return self.style.ink(suit)
        return palette.INK_RED if suit in RED_SUITS else (40, 70, 140)

    def _panel_frame(self, s: pygame.Surface, rect: pygame.Rect, f: float, colour: tuple[int, int, int]) -> None:
        line = max(1, round(f * max(1.0, self._size[0] / 100)))
        radius = self._size[0] * 0.03 * f
        rrect(s, palette.COURT_PARCHMENT, rect, radius)
        rrect(s, colour, rect, radius, line)
        inner = rect.inflate(-5 * line, -5 * line)
        rrect(s, palette.COURT_GOLD, inner, radius * 0.6, line)

    def _court(self, surface: pygame.Surface, suit: int, rank: int) -> None:
        """A framed, mirror-symmetric panel: a crown over a large serif letter, twice.

        Shapes are drawn supersampled; the letter and pips are placed at final size so
        their edges stay hinted and crisp.
        """
        w, h = self._size
        colour = self.style.ink(suit)
        panel = pygame.Rect(round(w * 0.225), round(h * 0.085), 0, 0)
        panel.width = w - 2 * panel.x
        panel.height = h - 2 * panel.y
        half_h = panel.h / 2
        crown = (panel.w * 0.66, half_h * 0.3)
        crown_top = panel.y + half_h * 0.09
        medallion_r = w * 0.085
        jewel = self._jewel(suit)

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

        surface.blit(supersample(self._size, sample_factor(w), draw, colour), (0, 0))
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((*colour, 0))
        letter_top = crown_top + crown[1] + half_h * 0.07
        room = panel.y + half_h - medallion_r * 1.15 - letter_top
        cap = round(half_h * 0.36)
        letter = cap_text(RANK_LABELS[rank - 1], colour, cap, "DejaVuSerif-Bold.ttf")
        if letter.get_height() > room:  # the Q's tail and the J's descender
            letter = cap_text(RANK_LABELS[rank - 1], colour, round(cap * room / letter.get_height()), "DejaVuSerif-Bold.ttf")
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
