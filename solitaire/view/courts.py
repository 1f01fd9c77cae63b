"""The court figures: a King, a Queen and a Jack, drawn from vector paths at any size.

Each figure is a half-length portrait drawn into the upper half of the court panel (the card
then turns that half about the centre, as a double-headed court card does). Shapes are given in
the half-panel's unit box: ``u`` runs 0..1 across, ``v`` 0..1 from the panel's top down to the
centre line, so one description serves every card size; ``faces`` draws it supersampled.

The three tell apart at a glance by their heads: the King a tall crown and a full beard, the
Queen a low crown over long hair, the Jack a plumed cap and no crown. Each holds something of
their own at their left side (our right): a sword, a rose, a halberd. The robe is the suit's
ink, so a figure follows the deck's colours (two or four); high contrast outlines it firmer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from solitaire.view import palette

Unit = tuple[float, float]
RGB = palette.RGB


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


# --- the parts every figure shares -------------------------------------------------------

HEAD = (0.5, 0.43, 0.155, 0.175)
"""The face: centre ``u``, ``v`` and radii; the crown's room above it, the shoulders below."""


def head(x: float, y: float) -> Unit:
    """A point near the head, in head radii from its centre (x right, y down)."""
    u, v, ru, rv = HEAD
    return (u + x * ru, v + y * rv)


def _robe(pen: Pen, inks: CourtInks) -> None:
    """Shoulders and chest down to the centre line, the lining showing down the front between
    gold edges, gold studs on the cloth, and the sleeve of the arm that holds the figure's
    thing at its left (our right)."""
    outer = [(0.0, 1.0), (0.0, 0.88), *bezier((0.0, 0.88), (0.01, 0.72), (0.2, 0.69)), (0.4, 0.66),
             (0.6, 0.66), (0.8, 0.69), *bezier((0.8, 0.69), (0.99, 0.72), (1.0, 0.88)), (1.0, 1.0)]
    pen.shape(outer, inks.robe)
    hem = [(0.5 + (u - 0.5) * 0.88, v + 0.045) for u, v in outer[1:-1]]
    pen.stroke(hem, palette.COURT_GOLD, 1.8)
    front = [(0.41, 0.68), (0.59, 0.68), (0.64, 1.0), (0.36, 1.0)]
    pen.shape(front, inks.lining)
    for edge in ((front[0], front[3]), (front[1], front[2])):
        pen.stroke(edge, palette.COURT_GOLD, 2.2)
    pen.shape([(0.72, 0.72), (0.9, 0.71), (0.95, 0.83), (0.79, 0.88)], inks.robe)
    pen.shape([(0.78, 0.84), (0.94, 0.8), (0.96, 0.86), (0.8, 0.9)], palette.COURT_GOLD)


def _neck(pen: Pen) -> None:
    pen.shape([head(-0.4, 0.6), head(0.4, 0.6), head(0.45, 1.5), head(-0.45, 1.5)], palette.COURT_SKIN)


def _face(pen: Pen, inks: CourtInks, lips: RGB | None = None) -> None:
    """The face: eyes, brows, nose, cheeks and mouth (lips coloured for the Queen)."""
    u, v, ru, rv = HEAD
    pen.oval(u, v, ru, rv, palette.COURT_SKIN)
    dark = inks.outline
    for side in (-1, 1):
        pen.oval(*head(side * 0.38, 0.42), 0.2 * ru, 0.1 * rv, palette.COURT_CHEEK, outlined=False)
        pen.oval(*head(side * 0.36, -0.1), 0.17 * ru, 0.09 * rv, palette.COURT_ERMINE, outlined=False)
        pen.oval(*head(side * 0.36, -0.1), 0.09 * ru, 0.09 * rv, dark, outlined=False)
        pen.stroke([head(side * 0.16, -0.34), head(side * 0.36, -0.4), head(side * 0.56, -0.33)], dark)
    pen.stroke([head(0.0, -0.2), head(-0.08, 0.28), head(0.06, 0.32)], dark)
    if lips is not None:
        pen.oval(*head(0.0, 0.6), 0.18 * ru, 0.075 * rv, lips)
    else:
        pen.stroke([head(-0.2, 0.56), head(0.0, 0.6), head(0.2, 0.56)], dark)


def _hand(pen: Pen, u: float, v: float) -> None:
    pen.oval(u, v, 0.05, 0.045, palette.COURT_SKIN)


def crown(pen: Pen, kind: int, jewel: RGB, box: tuple[float, float, float, float]) -> None:
    """A King's crown (``kind`` 13) or a Queen's (12) in the unit ``box`` (u, v, width, height)."""
    x, y, w, h = box

    def pt(a: float, b: float) -> Unit:
        return (x + a * w, y + b * h)

    if kind == 13:
        outline = [pt(0.02, 1.0), pt(0.0, 0.3), pt(0.22, 0.62), pt(0.3, 0.08), pt(0.5, 0.5),
                   pt(0.7, 0.08), pt(0.78, 0.62), pt(1.0, 0.3), pt(0.98, 1.0)]
        tips = [(0.0, 0.3), (0.3, 0.08), (0.7, 0.08), (1.0, 0.3)]
        top = (0.5, 0.0)
    else:
        outline = [pt(0.04, 1.0), pt(0.0, 0.45), pt(0.2, 0.7), pt(0.34, 0.3), pt(0.5, 0.62),
                   pt(0.66, 0.3), pt(0.8, 0.7), pt(1.0, 0.45), pt(0.96, 1.0)]
        tips = [(0.0, 0.45), (0.34, 0.3), (0.66, 0.3), (1.0, 0.45)]
        top = (0.5, 0.42)
    pen.shape(outline, palette.COURT_GOLD)
    pen.shape([pt(0.02, 0.78), pt(0.98, 0.78), pt(0.98, 1.0), pt(0.02, 1.0)], palette.COURT_GOLD)
    r = 0.07 * w
    aspect = pen.box.w / pen.box.h
    for a, b in tips:
        pen.oval(*pt(a, b), r, r * aspect, palette.COURT_GOLD)
    pen.oval(*pt(*top), r * 1.3, r * 1.3 * aspect, jewel)
    for a in (0.25, 0.5, 0.75):
        pen.oval(*pt(a, 0.89), r * 0.8, r * 0.8 * aspect, jewel, outlined=False)


# --- the figures -------------------------------------------------------------------------


def _king(pen: Pen, inks: CourtInks) -> None:
    """A crowned, bearded King with an ermine collar and an upright sword."""
    u, v, ru, rv = HEAD
    blade = [(0.85, 0.05), (0.885, 0.12), (0.885, 0.76), (0.815, 0.76), (0.815, 0.12)]
    pen.shape(blade, palette.COURT_STEEL)
    pen.stroke([(0.85, 0.14), (0.85, 0.72)], palette.COURT_STEEL_DARK)  # its ridge
    _robe(pen, inks)
    pen.shape([(0.14, 0.7), (0.86, 0.7), (0.8, 0.8), (0.2, 0.8)], palette.COURT_ERMINE)
    for a in (0.26, 0.38, 0.5, 0.62, 0.74):  # the ermine's black tails
        pen.oval(a, 0.75, 0.011, 0.024, inks.outline, outlined=False)
    pen.shape([(0.75, 0.74), (0.97, 0.74), (0.97, 0.78), (0.75, 0.78)], palette.COURT_GOLD)  # the guard
    _hand(pen, 0.85, 0.87)
    pen.oval(*head(0.0, 0.05), ru * 1.2, rv * 0.95, palette.COURT_HAIR)
    _neck(pen)
    _face(pen, inks)
    beard = [head(-0.98, 0.05), *bezier(head(-0.98, 0.05), head(-1.05, 1.3), head(0.0, 1.55)),
             *bezier(head(0.0, 1.55), head(1.05, 1.3), head(0.98, 0.05)),
             head(0.6, 0.4), head(0.25, 0.36), head(0.0, 0.48), head(-0.25, 0.36), head(-0.6, 0.4)]
    pen.shape(beard, palette.COURT_BEARD)
    pen.oval(*head(0.0, 0.66), 0.2 * ru, 0.08 * rv, palette.COURT_LIP, outlined=False)
    crown(pen, 13, inks.jewel, (u - 1.08 * ru, v - rv - 0.22, 2.16 * ru, 0.25))


def _queen(pen: Pen, inks: CourtInks) -> None:
    """A crowned Queen with long hair to her shoulders, pearls and a rose."""
    u, v, ru, rv = HEAD
    crown_top = head(0.0, -1.12)
    hair = [crown_top, *bezier(crown_top, head(-1.7, -1.0), head(-1.55, 1.75)), head(-0.6, 1.75),
            head(0.6, 1.75), *bezier(head(1.55, 1.75), head(1.7, -1.0), crown_top)]
    pen.shape(hair, palette.COURT_HAIR_QUEEN)
    _robe(pen, inks)
    pen.shape([(0.37, 0.68), (0.63, 0.68), (0.59, 0.8), (0.41, 0.8)], palette.COURT_SKIN)  # the neckline
    _neck(pen)
    for side in (-1, 1):  # the hair falling over her shoulders
        pen.shape([head(side * 1.55, 1.75), head(side * 0.9, 1.75), head(side * 0.8, 0.7)],
                  palette.COURT_HAIR_QUEEN)
    _face(pen, inks, lips=palette.INK_RED)
    for k in range(7):  # pearls along the neckline
        t = k / 6
        pen.oval(0.41 + 0.18 * t, 0.72 + 0.06 * (1 - (2 * t - 1) ** 2), 0.016, 0.016, palette.COURT_ERMINE)
    # the rose in her hand: stem, leaf, bloom
    pen.stroke([(0.86, 0.9), (0.86, 0.54)], palette.COURT_LEAF, 1.6)
    leaf = [(0.86, 0.7), *bezier((0.86, 0.7), (0.96, 0.6), (0.98, 0.66)),
            *bezier((0.98, 0.66), (0.94, 0.72), (0.86, 0.7))]
    pen.shape(leaf, palette.COURT_LEAF)
    pen.oval(0.86, 0.5, 0.07, 0.065, palette.INK_RED)
    pen.oval(0.86, 0.5, 0.03, 0.028, palette.COURT_ROSE_HEART)
    _hand(pen, 0.86, 0.88)
    crown(pen, 12, inks.jewel, (u - 1.02 * ru, v - rv - 0.13, 2.04 * ru, 0.17))


def _jack(pen: Pen, inks: CourtInks) -> None:
    """A young Jack in a plumed cap, curls at his ears, holding a halberd."""
    _, _, ru, rv = HEAD
    pen.shape([(0.85, 0.1), (0.88, 0.1), (0.88, 0.98), (0.85, 0.98)], palette.COURT_WOOD)  # the shaft
    axe = [(0.88, 0.14), *bezier((0.88, 0.14), (1.0, 0.12), (0.99, 0.28)), (0.88, 0.26)]
    pen.shape(axe, palette.COURT_STEEL)
    pen.shape([(0.865, 0.0), (0.89, 0.1), (0.84, 0.1)], palette.COURT_STEEL)  # the point
    _robe(pen, inks)
    pen.shape([(0.3, 0.68), (0.7, 0.68), (0.64, 0.76), (0.36, 0.76)], palette.COURT_ERMINE)  # a plain collar
    for k in range(3):  # buttons
        pen.oval(0.5, 0.82 + k * 0.07, 0.018, 0.018, palette.COURT_GOLD)
    _hand(pen, 0.865, 0.87)
    _neck(pen)
    for side in (-1, 1):
        pen.oval(*head(side * 0.95, 0.1), 0.32 * ru, 0.5 * rv, palette.COURT_HAIR)
    _face(pen, inks)
    # the cap: a plume sweeping up behind it, the soft crown, then the brim and its gold stud
    tip = head(-1.1, -2.4)
    plume = [head(-0.4, -0.95), *bezier(head(-0.4, -0.95), head(-1.3, -1.6), tip),
             *bezier(tip, head(-0.25, -1.8), head(0.25, -1.1))]
    pen.shape(plume, palette.COURT_ERMINE)
    pen.oval(*head(0.12, -1.1), ru * 1.05, 0.44 * rv, inks.lining)
    pen.shape([head(-1.3, -0.78), head(1.3, -0.78), head(1.2, -0.5), head(-1.2, -0.5)], inks.robe)
    pen.oval(*head(-0.5, -0.64), 0.12 * ru, 0.11 * rv, palette.COURT_GOLD)


FIGURES: dict[int, Callable[[Pen, CourtInks], None]] = {11: _jack, 12: _queen, 13: _king}
"""The figure of each court rank (11 Jack, 12 Queen, 13 King)."""


def draw_figure(surface: pygame.Surface, rank: int, box: pygame.Rect, inks: CourtInks, line: int) -> None:
    """The figure of ``rank`` in ``box``, the upper half of a court panel."""
    FIGURES[rank](Pen(surface, box, line, inks.outline), inks)
