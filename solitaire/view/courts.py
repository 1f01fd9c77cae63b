"""The court figures: twelve of them, a King, a Queen and a Jack of each suit, drawn from vector
paths at any size.

Each figure is a half-length portrait drawn into the upper half of the court panel (the card
then turns that half about the centre, as a double-headed court card does). Shapes are given in
the half-panel's unit box (``courtpen``): ``u`` runs 0..1 across, ``v`` 0..1 from the panel's
top down to the centre line, so one description serves every card size; ``faces`` draws it
supersampled.

The ranks tell apart at a glance by their heads: a King a tall crown and a beard, a Queen a low
crown over long hair, a Jack a hat and no crown. The suits tell apart even in one ink (issue
33): each suit's figures have their own hair colour, the suit's emblem on their chest and
shoulders and atop their crowns, and each of the twelve holds their own thing and wears their
own headdress or beard (``regalia``). The robe is the suit's ink, so a figure follows the
deck's colours (two or four); high contrast outlines it firmer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from solitaire.view import palette, regalia
from solitaire.view.courtpen import CLUBS, DIAMONDS, HEARTS, SPADES, CourtInks, Pen, Unit, bezier

__all__ = ["CourtInks", "draw_figure"]

HEAD = (0.5, 0.43, 0.155, 0.175)
"""The face: centre ``u``, ``v`` and radii; the crown's room above it, the shoulders below."""


def head(x: float, y: float) -> Unit:
    """A point near the head, in head radii from its centre (x right, y down)."""
    u, v, ru, rv = HEAD
    return (u + x * ru, v + y * rv)


# --- the parts every figure shares -------------------------------------------------------


def _robe(pen: Pen, suit: int, inks: CourtInks) -> None:
    """Shoulders and chest down to the centre line, the lining showing down the front between
    gold edges, the suit's emblem in gold on each shoulder and on the breast, and the sleeve of
    the arm that holds the figure's thing at its left (our right)."""
    outer = [(0.0, 1.0), (0.0, 0.88), *bezier((0.0, 0.88), (0.01, 0.72), (0.2, 0.69)), (0.4, 0.66),
             (0.6, 0.66), (0.8, 0.69), *bezier((0.8, 0.69), (0.99, 0.72), (1.0, 0.88)), (1.0, 1.0)]
    pen.shape(outer, inks.robe)
    hem = [(0.5 + (u - 0.5) * 0.88, v + 0.045) for u, v in outer[1:-1]]
    pen.stroke(hem, palette.COURT_GOLD, 1.8)
    for u in (0.1, 0.24):
        pen.emblem(suit, u, 0.86, 0.075, palette.COURT_GOLD, outlined=False)
    front = [(0.41, 0.68), (0.59, 0.68), (0.64, 1.0), (0.36, 1.0)]
    pen.shape(front, inks.lining)
    for edge in ((front[0], front[3]), (front[1], front[2])):
        pen.stroke(edge, palette.COURT_GOLD, 2.2)
    pen.emblem(suit, 0.5, 0.915, 0.1, palette.COURT_GOLD)
    pen.shape([(0.72, 0.72), (0.9, 0.71), (0.95, 0.83), (0.79, 0.88)], inks.robe)
    pen.shape([(0.78, 0.84), (0.94, 0.8), (0.96, 0.86), (0.8, 0.9)], palette.COURT_GOLD)


def _neck(pen: Pen) -> None:
    pen.shape([head(-0.4, 0.6), head(0.4, 0.6), head(0.45, 1.5), head(-0.45, 1.5)], palette.COURT_SKIN)


def _face(pen: Pen, inks: CourtInks, lips: palette.RGB | None = None) -> None:
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


def _beard(pen: Pen, suit: int) -> None:
    """Each King his own beard: full (spades), a moustache over a forked beard (hearts), a
    pointed beard (diamonds), long and grey (clubs)."""
    colour = palette.COURT_GREY if suit == CLUBS else palette.COURT_HAIRS[suit]
    mouth = [head(0.6, 0.4), head(0.25, 0.36), head(0.0, 0.48), head(-0.25, 0.36), head(-0.6, 0.4)]
    if suit == HEARTS:
        fork = [head(-0.45, 0.55), *bezier(head(-0.45, 0.55), head(-0.5, 1.3), head(-0.18, 1.5)),
                head(0.0, 1.2), head(0.18, 1.5), *bezier(head(0.18, 1.5), head(0.5, 1.3), head(0.45, 0.55))]
        pen.shape(fork, colour)
        for side in (-1, 1):  # the moustache's curled ends
            pen.shape([head(0.0, 0.42), head(side * 0.55, 0.38), head(side * 0.8, 0.2), head(side * 0.6, 0.52),
                       head(0.0, 0.56)], colour)
        return
    if suit == DIAMONDS:
        pen.shape([head(-0.85, 0.1), *bezier(head(-0.85, 0.1), head(-0.7, 0.9), head(0.0, 1.75)),
                   *bezier(head(0.0, 1.75), head(0.7, 0.9), head(0.85, 0.1)), *mouth], colour)
        return
    low = 1.55 if suit == SPADES else 2.1
    pen.shape([head(-0.98, 0.05), *bezier(head(-0.98, 0.05), head(-1.05, 1.3), head(0.0, low)),
               *bezier(head(0.0, low), head(1.05, 1.3), head(0.98, 0.05)), *mouth], colour)


def _jack_hat(pen: Pen, suit: int, inks: CourtInks) -> None:
    """Each Jack his own hat: a plumed cap (spades), a beret with a feather (hearts), a pointed
    hood (diamonds), a steel helmet (clubs); the suit's emblem as its badge."""
    _, _, ru, rv = HEAD
    gold = palette.COURT_GOLD
    if suit == SPADES:
        tip = head(-1.1, -2.4)
        pen.shape([head(-0.4, -0.95), *bezier(head(-0.4, -0.95), head(-1.3, -1.6), tip),
                   *bezier(tip, head(-0.25, -1.8), head(0.25, -1.1))], palette.COURT_ERMINE)
        pen.oval(*head(0.12, -1.1), ru * 1.05, 0.44 * rv, inks.lining)
        pen.shape([head(-1.3, -0.78), head(1.3, -0.78), head(1.2, -0.5), head(-1.2, -0.5)], inks.robe)
        badge = head(-0.5, -0.64)
    elif suit == HEARTS:
        pen.shape([head(0.6, -1.0), *bezier(head(0.6, -1.0), head(1.9, -1.4), head(1.7, -0.2)),
                   *bezier(head(1.7, -0.2), head(1.5, -0.9), head(0.7, -0.7))], palette.COURT_ERMINE)
        pen.oval(*head(-0.15, -0.95), ru * 1.45, 0.5 * rv, inks.lining)
        pen.shape([head(-1.1, -0.78), head(1.1, -0.78), head(1.05, -0.5), head(-1.05, -0.5)], gold)
        badge = head(0.0, -0.64)
    elif suit == DIAMONDS:
        hood = [head(-1.15, -0.45), *bezier(head(-1.15, -0.45), head(-1.2, -1.6), head(-0.2, -1.9)),
                head(0.9, -2.3), head(0.55, -1.5), *bezier(head(0.55, -1.5), head(1.2, -1.1), head(1.15, -0.45))]
        pen.shape(hood, inks.robe)
        pen.oval(*head(0.9, -2.3), 0.03, 0.03, gold)
        pen.shape([head(-1.2, -0.75), head(1.2, -0.75), head(1.15, -0.45), head(-1.15, -0.45)], inks.lining)
        badge = head(-0.45, -0.6)
    else:
        pen.oval(*head(0.0, -0.85), ru * 1.05, 0.85 * rv, palette.COURT_STEEL)
        pen.stroke([head(0.0, -1.65), head(0.0, -0.7)], palette.COURT_STEEL_DARK, 1.5)
        pen.shape([head(-1.7, -0.72), head(1.7, -0.72), head(1.45, -0.48), head(-1.45, -0.48)],
                  palette.COURT_STEEL)
        badge = head(-0.5, -1.05)
    pen.emblem(suit, *badge, 0.3 * rv, gold if suit != CLUBS else inks.jewel)


# --- the figures -------------------------------------------------------------------------


def _king(pen: Pen, suit: int, inks: CourtInks) -> None:
    """A crowned, bearded King with an ermine collar, holding his suit's arm."""
    u, v, ru, rv = HEAD
    regalia.HELD[13, suit](pen, inks)
    _robe(pen, suit, inks)
    pen.shape([(0.14, 0.7), (0.86, 0.7), (0.8, 0.8), (0.2, 0.8)], palette.COURT_ERMINE)
    for a in (0.26, 0.38, 0.5, 0.62, 0.74):  # the ermine's black tails
        pen.oval(a, 0.75, 0.011, 0.024, inks.outline, outlined=False)
    _hand(pen, 0.85, 0.87)
    hair = palette.COURT_GREY if suit == CLUBS else palette.COURT_HAIRS[suit]
    pen.oval(*head(0.0, 0.05), ru * 1.2, rv * 0.95, hair)
    _neck(pen)
    _face(pen, inks)
    _beard(pen, suit)
    pen.oval(*head(0.0, 0.66), 0.2 * ru, 0.08 * rv, palette.COURT_LIP, outlined=False)
    regalia.crown(pen, suit, 13, inks, (u - 1.08 * ru, v - rv - 0.22, 2.16 * ru, 0.25))


def _queen(pen: Pen, suit: int, inks: CourtInks) -> None:
    """A crowned Queen with long hair to her shoulders and pearls, holding her suit's flower
    or fan."""
    u, v, ru, rv = HEAD
    colour = palette.COURT_HAIRS[suit]
    crown_top = head(0.0, -1.12)
    if suit == DIAMONDS:
        regalia.veil(pen, head(0.0, -1.0))
    hair = [crown_top, *bezier(crown_top, head(-1.7, -1.0), head(-1.55, 1.75)), head(-0.6, 1.75),
            head(0.6, 1.75), *bezier(head(1.55, 1.75), head(1.7, -1.0), crown_top)]
    pen.shape(hair, colour)
    _robe(pen, suit, inks)
    pen.shape([(0.37, 0.68), (0.63, 0.68), (0.59, 0.8), (0.41, 0.8)], palette.COURT_SKIN)  # the neckline
    _neck(pen)
    for side in (-1, 1):  # the hair falling over her shoulders
        pen.shape([head(side * 1.55, 1.75), head(side * 0.9, 1.75), head(side * 0.8, 0.7)], colour)
    _face(pen, inks, lips=palette.INK_RED)
    for k in range(7):  # pearls along the neckline
        t = k / 6
        pen.oval(0.41 + 0.18 * t, 0.72 + 0.06 * (1 - (2 * t - 1) ** 2), 0.016, 0.016, palette.COURT_ERMINE)
    regalia.HELD[12, suit](pen, inks)
    _hand(pen, 0.86, 0.88)
    regalia.crown(pen, suit, 12, inks, (u - 1.02 * ru, v - rv - 0.13, 2.04 * ru, 0.17))


def _jack(pen: Pen, suit: int, inks: CourtInks) -> None:
    """A young Jack in his suit's hat, curls at his ears, holding his suit's arm."""
    _, _, ru, rv = HEAD
    regalia.HELD[11, suit](pen, inks)
    _robe(pen, suit, inks)
    pen.shape([(0.3, 0.68), (0.7, 0.68), (0.64, 0.76), (0.36, 0.76)], palette.COURT_ERMINE)  # a plain collar
    _hand(pen, 0.865, 0.87)
    _neck(pen)
    for side in (-1, 1):
        pen.oval(*head(side * 0.95, 0.1), 0.32 * ru, 0.5 * rv, palette.COURT_HAIRS[suit])
    _face(pen, inks)
    _jack_hat(pen, suit, inks)


FIGURES: dict[int, Callable[[Pen, int, CourtInks], None]] = {11: _jack, 12: _queen, 13: _king}
"""The figure of each court rank (11 Jack, 12 Queen, 13 King), drawn for a suit."""


def draw_figure(surface: pygame.Surface, rank: int, suit: int, box: pygame.Rect, inks: CourtInks,
                line: int) -> None:
    """The figure of ``rank`` of ``suit`` in ``box``, the upper half of a court panel."""
    FIGURES[rank](Pen(surface, box, line, inks.outline), suit, inks)
