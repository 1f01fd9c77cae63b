"""TriPeaks' rule module (levels/tripeaks.toml): the peaks' points, which the scoring fields
cannot say (TP-6). A peak is a pile that lies on no other; clearing the first and the second of
them scores 15 each, the last 30 (the scoring BVS Solitaire and Dailysol describe)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import TABLEAU, Move

if TYPE_CHECKING:  # a rule module is read while the registry loads: core's table is not built yet
    from ..table import Table

PEAK_POINTS = 15  # TP-6: each of the first peaks cleared
LAST_PEAK_POINTS = 30  # TP-6: the last


def points(table: Table, move: Move) -> int:
    """The points of a peak's last card leaving it (TP-6); 0 for any other move."""
    src = move.src
    if src.kind != TABLEAU or table.tableau[src.index] or table.rules.covers[src.index]:
        return 0
    peaks = [pile for pile, under in enumerate(table.rules.covers) if not under]
    return LAST_PEAK_POINTS if not any(table.tableau[pile] for pile in peaks) else PEAK_POINTS
