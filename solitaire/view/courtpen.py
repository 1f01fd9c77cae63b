"""The pen the court figures are drawn with: shapes given in a unit box, drawn into any box.

A figure's description says where things are as ``(u, v)`` in its box (``u`` 0..1 across,
``v`` 0..1 down), so one description serves every card size. The suit emblems worked into the
figures' clothes and regalia are drawn here too, from circles and polygons (no font), so they
stay true at any size and inherit the pen's outline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from solitaire.view import palette

Unit = tuple[float, float]
RGB = palette.RGB
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


@dataclass(frozen=True)
class CourtInks:
    """The colours of one suit's figures."""

    robe: RGB
    lining: RGB
    outline: RGB
    jewel: RGB


def bezier(p0: Unit, p1: Unit, p2: Unit, steps: int = 10) -> list[Unit]:
    """Points along the quadratic curve from ``p0`` towards ``p1`` to ``p2`` (``p0`` left out,
    so curves chain: ``[a, *bezier(a, c, b), *bezier(b, d, e)]``)."""
    out = []
    for k in range(1, steps + 1):
        t = k / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


class Pen:
    """Draws unit-box shapes into ``box`` of ``surface``, each filled and outlined."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect, line: int, outline: RGB) -> None:
        self.surface = surface
        self.box = box
        self.line = line
        self.outline = outline

    def at(self, u: float, v: float) -> tuple[float, float]:
        return (self.box.x + u * self.box.w, self.box.y + v * self.box.h)

    def shape(self, points: Sequence[Unit], fill: RGB, outlined: bool = True) -> None:
        pixels = [self.at(u, v) for u, v in points]
        pygame.draw.polygon(self.surface, fill, pixels)
        if outlined:
            pygame.draw.polygon(self.surface, self.outline, pixels, self.line)

    def oval(self, u: float, v: float, ru: float, rv: float, fill: RGB, outlined: bool = True) -> None:
        rect = pygame.Rect(0, 0, 0, 0)
        rect.update(round(self.box.x + (u - ru) * self.box.w), round(self.box.y + (v - rv) * self.box.h),
                    round(2 * ru * self.box.w), round(2 * rv * self.box.h))
        pygame.draw.ellipse(self.surface, fill, rect)
        if outlined:
            pygame.draw.ellipse(self.surface, self.outline, rect, self.line)

    def stroke(self, points: Sequence[Unit], colour: RGB, weight: float = 1.0) -> None:
        """A line through ``points``, ``weight`` outlines thick, with rounded joints."""
        width = max(1, round(self.line * weight))
        pixels = [self.at(u, v) for u, v in points]
        pygame.draw.lines(self.surface, colour, False, pixels, width)
        if width > 2:
            for p in pixels:
                pygame.draw.circle(self.surface, colour, p, width / 2)

    def emblem(self, suit: int, u: float, v: float, size: float, fill: RGB, outlined: bool = True) -> None:
        """The suit's shape, ``size`` of the box's height tall, centred on ``(u, v)``: outlined
        as one silhouette (the shape a line larger in the outline's ink, then the shape)."""
        cx, cy = self.at(u, v)
        s = size * self.box.h
        if outlined:
            _suit_shape(self.surface, suit, cx, cy, s + 2 * self.line, self.outline)
        _suit_shape(self.surface, suit, cx, cy, s, fill)


def _suit_shape(surface: pygame.Surface, suit: int, cx: float, cy: float, s: float, fill: RGB) -> None:
    """A spade, heart, diamond or club ``s`` pixels tall, from circles and polygons."""
    if suit == DIAMONDS:
        pygame.draw.polygon(surface, fill, [(cx, cy - s / 2), (cx + 0.36 * s, cy), (cx, cy + s / 2),
                                            (cx - 0.36 * s, cy)])
        return
    if suit == CLUBS:
        r = 0.22 * s
        for x, y in ((cx, cy - 0.27 * s), (cx - 0.24 * s, cy + 0.04 * s), (cx + 0.24 * s, cy + 0.04 * s)):
            pygame.draw.circle(surface, fill, (x, y), r)
        pygame.draw.circle(surface, fill, (cx, cy - 0.04 * s), r * 0.7)
    else:
        down = 1 if suit == HEARTS else -1  # a spade is a heart upside down, on a stem
        lobes = cy - down * 0.2 * s - (0.06 * s if suit == SPADES else 0)
        r = 0.27 * s
        for side in (-1, 1):
            pygame.draw.circle(surface, fill, (cx + side * 0.23 * s, lobes), r)
        tip = cy + down * 0.5 * s - (0.1 * s if suit == SPADES else 0)
        pygame.draw.polygon(surface, fill, [(cx - 0.49 * s, lobes + down * 0.08 * s),
                                            (cx + 0.49 * s, lobes + down * 0.08 * s), (cx, tip)])
    if suit != HEARTS:  # the stem
        pygame.draw.polygon(surface, fill, [(cx, cy), (cx - 0.2 * s, cy + 0.5 * s), (cx + 0.2 * s, cy + 0.5 * s)])
