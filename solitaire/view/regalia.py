"""What sets one suit's court figures apart from another's: crowns and hats, what each holds.

Each suit's King, Queen and Jack share the suit's mark: the finials of the crowns are the
suit's shape, its emblem is worked into the clothes (``courts``) and the hair has the suit's
colour (``palette.COURT_HAIRS``). Beyond that each of the twelve holds their own thing and wears
their own headdress, so a King of spades and a King of clubs printed in one ink still differ at
a glance: a sword or a mace, a spiked crown or a low one set with clubs.

Everything is drawn in the half-panel's unit box of ``courtpen``, the figure's thing at its
left side (our right, ``u`` about 0.85), clear of the suit pip at the panel's top left.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire.view import palette
from solitaire.view.courtpen import CLUBS, DIAMONDS, HEARTS, SPADES, CourtInks, Pen, Unit, bezier

GOLD = palette.COURT_GOLD
RGB = palette.RGB
Box = tuple[float, float, float, float]


def _in(box: Box) -> Callable[[float, float], Unit]:
    x, y, w, h = box
    return lambda a, b: (x + a * w, y + b * h)


def _band(pen: Pen, box: Box, jewel: RGB, top: float = 0.74) -> None:
    pt = _in(box)
    pen.shape([pt(0.02, top), pt(0.98, top), pt(0.98, 1.0), pt(0.02, 1.0)], GOLD)
    aspect = pen.box.w / pen.box.h
    r = 0.055 * box[2]
    for a in (0.25, 0.5, 0.75):
        pen.oval(*pt(a, (1 + top) / 2), r, r * aspect, jewel, outlined=False)


def crown(pen: Pen, suit: int, rank: int, inks: CourtInks, box: Box) -> None:
    """A King's crown (rank 13) or a Queen's (12) in ``box`` (u, v, width, height): its rim
    shaped by the suit, its finials the suit's emblem."""
    pt = _in(box)
    fin = 0.25 * box[3]  # a finial's height
    if rank == 12:
        _queen_crown(pen, suit, inks, box)
        return
    if suit == HEARTS:  # a closed crown: a velvet cap under two gold arches
        dome = [pt(0.04, 0.78), *bezier(pt(0.04, 0.78), pt(0.0, 0.12), pt(0.5, 0.14)),
                *bezier(pt(0.5, 0.14), pt(1.0, 0.12), pt(0.96, 0.78))]
        pen.shape(dome, inks.lining)
        pen.stroke(dome, GOLD, 2.2)
        pen.stroke([pt(0.5, 0.16), pt(0.5, 0.76)], GOLD, 2.2)
        pen.emblem(HEARTS, *pt(0.5, 0.02), fin * 1.6, GOLD)
        _band(pen, box, inks.jewel)
        return
    if suit == SPADES:
        tips = [(0.0, 0.3), (0.3, 0.1), (0.7, 0.1), (1.0, 0.3)]
        rim = [pt(0.02, 1.0), pt(0.0, 0.3), pt(0.22, 0.62), pt(0.3, 0.1), pt(0.5, 0.5),
               pt(0.7, 0.1), pt(0.78, 0.62), pt(1.0, 0.3), pt(0.98, 1.0)]
    elif suit == DIAMONDS:
        tips = [(0.1, 0.32), (0.5, 0.06), (0.9, 0.32)]
        rim = [pt(0.02, 1.0), pt(0.02, 0.6), pt(0.1, 0.32), pt(0.2, 0.6), pt(0.38, 0.6), pt(0.5, 0.06),
               pt(0.62, 0.6), pt(0.8, 0.6), pt(0.9, 0.32), pt(0.98, 0.6), pt(0.98, 1.0)]
    else:  # clubs: a low, broad rim carrying three large trefoils
        tips = [(0.14, 0.4), (0.5, 0.3), (0.86, 0.4)]
        rim = [pt(0.02, 1.0), pt(0.0, 0.55), *bezier(pt(0.0, 0.55), pt(0.25, 0.75), pt(0.5, 0.55)),
               *bezier(pt(0.5, 0.55), pt(0.75, 0.75), pt(1.0, 0.55)), pt(0.98, 1.0)]
        fin *= 1.6
    pen.shape(rim, GOLD)
    for a, b in tips:
        pen.emblem(suit, *pt(a, b), fin, inks.jewel if suit == DIAMONDS else GOLD)
    _band(pen, box, inks.jewel)


def _queen_crown(pen: Pen, suit: int, inks: CourtInks, box: Box) -> None:
    pt = _in(box)
    fin = 0.1 * box[3]
    if suit == SPADES:  # a coronet of points, spades on their tips
        pen.shape([pt(0.04, 1.0), pt(0.0, 0.45), pt(0.2, 0.7), pt(0.34, 0.3), pt(0.5, 0.62),
                   pt(0.66, 0.3), pt(0.8, 0.7), pt(1.0, 0.45), pt(0.96, 1.0)], GOLD)
        for a, b in ((0.0, 0.4), (0.34, 0.24), (0.66, 0.24), (1.0, 0.4)):
            pen.emblem(SPADES, *pt(a, b), fin * 5, GOLD)
        _band(pen, box, inks.jewel)
    elif suit == HEARTS:  # a tiara rising to one large heart
        pen.shape([pt(0.0, 1.0), *bezier(pt(0.0, 1.0), pt(0.2, 0.3), pt(0.5, 0.3)),
                   *bezier(pt(0.5, 0.3), pt(0.8, 0.3), pt(1.0, 1.0))], GOLD)
        pen.emblem(HEARTS, *pt(0.5, 0.3), fin * 8, inks.jewel)
        for a in (0.2, 0.8):
            pen.emblem(HEARTS, *pt(a, 0.62), fin * 4, inks.jewel, outlined=False)
    elif suit == DIAMONDS:  # a plain circlet, a diamond on the brow (the veil is behind)
        pen.shape([pt(0.0, 0.6), pt(1.0, 0.6), pt(1.0, 1.0), pt(0.0, 1.0)], GOLD)
        pen.emblem(DIAMONDS, *pt(0.5, 0.55), fin * 9, inks.jewel)
    else:  # a wreath of leaves on a band, a club before
        for k in range(7):
            a = k / 6
            pen.oval(*pt(a, 0.6 - 0.25 * (1 - (2 * a - 1) ** 2)), 0.05, 0.035, palette.COURT_LEAF)
        _band(pen, box, inks.jewel, top=0.66)
        pen.emblem(CLUBS, *pt(0.5, 0.3), fin * 7, GOLD)


def veil(pen: Pen, top: Unit) -> None:
    """The Queen of diamonds' veil, falling from her circlet behind her hair to her shoulders."""
    u, v = top
    pen.shape([(u, v), *bezier((u, v), (u - 0.36, v + 0.05), (u - 0.36, 0.8)), (u + 0.36, 0.8),
               *bezier((u + 0.36, 0.8), (u + 0.36, v + 0.05), (u, v))], palette.COURT_VEIL)


# --- what each holds ---------------------------------------------------------------------------


def sword(pen: Pen, inks: CourtInks) -> None:
    pen.shape([(0.85, 0.05), (0.885, 0.12), (0.885, 0.76), (0.815, 0.76), (0.815, 0.12)], palette.COURT_STEEL)
    pen.stroke([(0.85, 0.14), (0.85, 0.72)], palette.COURT_STEEL_DARK)
    pen.shape([(0.75, 0.74), (0.97, 0.74), (0.97, 0.78), (0.75, 0.78)], GOLD)


def sceptre(pen: Pen, inks: CourtInks) -> None:
    """A gold rod under an orb and cross."""
    pen.shape([(0.84, 0.2), (0.87, 0.2), (0.87, 0.9), (0.84, 0.9)], GOLD)
    pen.shape([(0.845, 0.02), (0.865, 0.02), (0.865, 0.12), (0.845, 0.12)], GOLD)
    pen.shape([(0.825, 0.05), (0.885, 0.05), (0.885, 0.07), (0.825, 0.07)], GOLD)
    pen.oval(0.855, 0.16, 0.05, 0.05, inks.jewel)
    pen.stroke([(0.81, 0.16), (0.9, 0.16)], GOLD, 1.5)


def axe(pen: Pen, inks: CourtInks) -> None:
    """A battle axe: a long haft, a crescent blade turned outwards."""
    pen.shape([(0.85, 0.05), (0.88, 0.05), (0.88, 0.95), (0.85, 0.95)], palette.COURT_WOOD)
    blade = [(0.85, 0.12), *bezier((0.85, 0.12), (0.72, 0.1), (0.68, 0.04)),
             *bezier((0.68, 0.04), (0.64, 0.2), (0.68, 0.36)), *bezier((0.68, 0.36), (0.72, 0.3), (0.85, 0.28))]
    pen.shape(blade, palette.COURT_STEEL)
    pen.emblem(DIAMONDS, 0.75, 0.2, 0.08, inks.jewel, outlined=False)


def mace(pen: Pen, inks: CourtInks) -> None:
    """A mace: a flanged iron head on a gilt haft."""
    pen.shape([(0.845, 0.2), (0.875, 0.2), (0.875, 0.95), (0.845, 0.95)], GOLD)
    for du, dv in ((-0.075, 0.0), (0.075, 0.0), (0.0, -0.085), (0.0, 0.085)):
        pen.shape([(0.86, 0.15), (0.86 + du * 1.2 + dv * 0.3, 0.15 + dv * 1.2 - du * 0.3),
                   (0.86 + du * 1.2 - dv * 0.3, 0.15 + dv * 1.2 + du * 0.3)], palette.COURT_STEEL_DARK)
    pen.oval(0.86, 0.15, 0.06, 0.06, palette.COURT_STEEL)


def lily(pen: Pen, inks: CourtInks) -> None:
    """A white lily on a tall stem: three petals curling outwards from a gold heart."""
    pen.stroke([(0.86, 0.9), (0.86, 0.3)], palette.COURT_LEAF, 1.6)
    for side in (-1, 1):
        pen.shape([(0.86, 0.66), *bezier((0.86, 0.66), (0.86 + side * 0.1, 0.6), (0.86 + side * 0.08, 0.48)),
                   *bezier((0.86 + side * 0.08, 0.48), (0.86 + side * 0.02, 0.56), (0.86, 0.6))], palette.COURT_LEAF)
        pen.shape([(0.86, 0.3), *bezier((0.86, 0.3), (0.86 + side * 0.1, 0.26), (0.86 + side * 0.11, 0.14)),
                   *bezier((0.86 + side * 0.11, 0.14), (0.86 + side * 0.05, 0.18), (0.86 + side * 0.02, 0.2))],
                  palette.COURT_ERMINE)
    pen.shape([(0.835, 0.3), *bezier((0.835, 0.3), (0.83, 0.14), (0.86, 0.07)),
               *bezier((0.86, 0.07), (0.89, 0.14), (0.885, 0.3))], palette.COURT_ERMINE)
    pen.oval(0.86, 0.29, 0.022, 0.02, GOLD)


def rose(pen: Pen, inks: CourtInks) -> None:
    pen.stroke([(0.86, 0.9), (0.86, 0.54)], palette.COURT_LEAF, 1.6)
    leaf = [(0.86, 0.7), *bezier((0.86, 0.7), (0.96, 0.6), (0.98, 0.66)),
            *bezier((0.98, 0.66), (0.94, 0.72), (0.86, 0.7))]
    pen.shape(leaf, palette.COURT_LEAF)
    pen.oval(0.86, 0.5, 0.07, 0.065, palette.INK_RED)
    pen.oval(0.86, 0.5, 0.03, 0.028, palette.COURT_ROSE_HEART)


def fan(pen: Pen, inks: CourtInks) -> None:
    """A folding fan, open above her hand: ribs of gold over the lining's colour."""
    hub = (0.85, 0.78)
    rim = [(hub[0] + 0.16 * dx, hub[1] - 0.28 * dy) for dx, dy in
           ((-0.94, 0.34), (-0.77, 0.64), (-0.5, 0.87), (-0.17, 0.98), (0.17, 0.98), (0.5, 0.87), (0.6, 0.8))]
    pen.shape([hub, *rim], inks.lining)
    for p in rim[1:-1]:
        pen.stroke([hub, p], GOLD)
    pen.emblem(DIAMONDS, 0.82, 0.59, 0.07, GOLD, outlined=False)


def clover(pen: Pen, inks: CourtInks) -> None:
    """A sprig of clover: three leaves, the club's own shape, on a long stem."""
    pen.stroke([(0.86, 0.9), *bezier((0.86, 0.9), (0.84, 0.6), (0.86, 0.34))], palette.COURT_LEAF, 1.6)
    pen.emblem(CLUBS, 0.86, 0.28, 0.17, palette.COURT_LEAF)
    pen.oval(0.86, 0.25, 0.015, 0.015, palette.COURT_ERMINE, outlined=False)


def halberd(pen: Pen, inks: CourtInks) -> None:
    pen.shape([(0.85, 0.1), (0.88, 0.1), (0.88, 0.98), (0.85, 0.98)], palette.COURT_WOOD)
    blade = [(0.88, 0.14), *bezier((0.88, 0.14), (1.0, 0.12), (0.99, 0.28)), (0.88, 0.26)]
    pen.shape(blade, palette.COURT_STEEL)
    pen.shape([(0.865, 0.0), (0.89, 0.1), (0.84, 0.1)], palette.COURT_STEEL)


def torch(pen: Pen, inks: CourtInks) -> None:
    """A burning torch: a wooden handle, a gold cup, a flame."""
    pen.shape([(0.84, 0.34), (0.88, 0.34), (0.875, 0.95), (0.845, 0.95)], palette.COURT_WOOD)
    pen.shape([(0.8, 0.26), (0.92, 0.26), (0.89, 0.36), (0.83, 0.36)], GOLD)
    flame = [(0.8, 0.26), *bezier((0.8, 0.26), (0.76, 0.14), (0.84, 0.02)),
             *bezier((0.84, 0.02), (0.84, 0.12), (0.88, 0.1)), *bezier((0.88, 0.1), (0.96, 0.18), (0.92, 0.26))]
    pen.shape(flame, palette.COURT_FLAME)
    pen.oval(0.86, 0.2, 0.025, 0.045, palette.COURT_FLAME_HEART, outlined=False)


def lance(pen: Pen, inks: CourtInks) -> None:
    """A lance with a pennant in the lining's colour."""
    pen.shape([(0.855, 0.06), (0.875, 0.06), (0.875, 0.98), (0.855, 0.98)], palette.COURT_WOOD)
    pen.shape([(0.865, -0.02), (0.89, 0.07), (0.84, 0.07)], palette.COURT_STEEL)
    pen.shape([(0.855, 0.1), (0.855, 0.3), (0.66, 0.24), (0.73, 0.2), (0.66, 0.15)], inks.lining)
    pen.emblem(DIAMONDS, 0.79, 0.2, 0.07, GOLD, outlined=False)


def bow(pen: Pen, inks: CourtInks) -> None:
    """A longbow held upright, its string on our side."""
    arc = [(0.86, 0.04), *bezier((0.86, 0.04), (1.04, 0.45), (0.86, 0.94))]
    pen.stroke(arc, palette.COURT_OUTLINE, 2.8)
    pen.stroke(arc, palette.COURT_WOOD, 1.8)
    pen.stroke([(0.86, 0.04), (0.86, 0.94)], palette.COURT_ERMINE, 0.7)
    pen.shape([(0.93, 0.45), (0.965, 0.45), (0.965, 0.55), (0.93, 0.55)], GOLD)


HELD: dict[tuple[int, int], Callable[[Pen, CourtInks], None]] = {
    (13, SPADES): sword, (13, HEARTS): sceptre, (13, DIAMONDS): axe, (13, CLUBS): mace,
    (12, SPADES): lily, (12, HEARTS): rose, (12, DIAMONDS): fan, (12, CLUBS): clover,
    (11, SPADES): halberd, (11, HEARTS): torch, (11, DIAMONDS): lance, (11, CLUBS): bow,
}
"""What each of the twelve holds, by (rank, suit)."""
