"""The corner index's geometry: shared by the faces that draw it (``faces``) and the layout,
whose squeezed column fans must still leave each card's whole rank in sight."""

from __future__ import annotations

# The corner index, in card widths: the rank's centre from the card's side, how close it comes
# to the card's own edge (beyond the edge's line), the furthest it reaches from the side, its
# top, its capital height at normal text size, the tallest it may be in capitals (the J's
# descender and the Q's tail are pressed to it), the gap under it and the suit's height.
# ``FaceArt._index_room`` keeps it inside the strip a waste fan leaves (``layout.WASTE_FAN``,
# 0.24 widths) and the one a column's face-up fan leaves (``layout.FAN_UP`` of the card's
# height) at every text size and in high contrast's thick edges; the reach keeps it clear of a
# ten's first pip (from 0.2425 widths: ``PIP_COLUMNS``).
INDEX_CENTRE = 0.12
INDEX_EDGE = 0.015
INDEX_REACH = 0.22
INDEX_TOP = 0.04
INDEX_RANK = 0.155
INDEX_TALLEST = 1.15
INDEX_GAP = 0.02
INDEX_SUIT = 0.105


def rank_reach(card_width: int, index_scale: float) -> int:
    """How far down from a card's top edge its corner rank reaches, in pixels, at the tallest a
    rank is drawn (a Q's tail) and a pixel under it: a fan step this long shows the whole rank,
    in its suit's ink."""
    return round(card_width * (INDEX_TOP + INDEX_RANK * index_scale * INDEX_TALLEST)) + 1
