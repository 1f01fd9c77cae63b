"""The second face style's court cards ("Simple", issue 33): no figure, the rank's letter large in
the suit's ink over a lattice of the suit's pips, double-ended like the figures.

A clean, modern face some players read faster than a portrait: the letter tells the rank from
across the table, the lattice the suit. Drawn by our code at the card's size (the frame
supersampled, letters and pips at final size so they stay hinted and crisp).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from solitaire.core.cards import SUIT_SYMBOLS
from solitaire.view import palette
from solitaire.view.paint import RANK_LABELS, cap_text, glyph, rrect, sample_factor, supersample

RGB = palette.RGB


def tint(ink: RGB, paper: RGB, share: float) -> RGB:
    """``ink`` mixed with ``share`` of ``paper``."""
    return (round(ink[0] + (paper[0] - ink[0]) * share), round(ink[1] + (paper[1] - ink[1]) * share),
            round(ink[2] + (paper[2] - ink[2]) * share))


def draw_simple_court(surface: pygame.Surface, panel: pygame.Rect, suit: int, rank: int,
                      style: palette.Style, pip: Callable[[int, int, bool], pygame.Surface]) -> None:
    """The panel ``panel`` of ``surface``: a tinted field framed in the suit's ink, its lattice
    of faint pips, and in each half the rank's letter over a pip (the lower half turned)."""
    w = surface.get_width()
    ink = style.ink(suit)
    field = style.card if style.high_contrast else tint(ink, style.card, 0.9)
    faint = tint(ink, style.card, 0.55 if style.high_contrast else 0.75)
    line_w = w / 60 if style.high_contrast else w / 110

    def frame(s: pygame.Surface, f: float) -> None:
        radius = w * 0.03 * f
        rrect(s, field, s.get_rect(), radius)
        rrect(s, ink, s.get_rect(), radius, max(1, round(f * line_w)))

    layer = supersample(panel.size, sample_factor(w), frame, field)
    step = max(6, round(panel.w / 4.5))
    mark = glyph(SUIT_SYMBOLS[suit], faint, max(3, round(step * 0.42)))
    inset = max(2, round(panel.w * 0.06))
    clear = layer.get_rect().inflate(-2 * inset, -2 * inset)
    layer.set_clip(clear)
    rows = range(0, panel.h // step + 2)
    for row in rows:
        for col in range(-1, panel.w // step + 2):
            x = clear.x + col * step + (step // 2 if row % 2 else 0)
            layer.blit(mark, mark.get_rect(center=(x, clear.y + row * step)))
    layer.set_clip(None)
    half = pygame.Rect(0, 0, panel.w, panel.h // 2)
    letter = cap_text(RANK_LABELS[rank - 1], ink, round(panel.h * 0.2), "DejaVuSans-Bold.ttf")
    big = pip(suit, round(panel.h * 0.11), False)
    gap = round(panel.h * 0.03)
    top = half.centery - (letter.get_height() + gap + big.get_height()) // 2
    plate = pygame.Rect(0, 0, max(letter.get_width(), big.get_width()) + 2 * gap,
                        letter.get_height() + big.get_height() + 3 * gap)
    plate.center = (half.centerx, top + plate.h // 2 - gap)
    pygame.draw.rect(layer, field, plate, border_radius=gap)
    layer.blit(letter, letter.get_rect(midtop=(half.centerx, top)))
    layer.blit(big, big.get_rect(midtop=(half.centerx, top + letter.get_height() + gap)))
    upper = layer.subsurface(half).copy()
    layer.blit(pygame.transform.flip(upper, True, True), (0, panel.h - upper.get_height()))
    pygame.draw.line(layer, faint, (inset, panel.h // 2), (panel.w - inset, panel.h // 2), max(1, round(line_w)))
    surface.blit(layer, panel)
