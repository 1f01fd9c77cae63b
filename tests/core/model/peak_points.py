"""The rule module of tests/core/model/two_peaks.toml: ten points for each peak cleared, a peak
being a pile that lies on no other (the ``points`` hook of core/rule_module.py)."""

from __future__ import annotations


def points(table, move) -> int:
    src = move.src
    if src.kind != "t" or table.tableau[src.index] or table.rules.covers[src.index]:
        return 0
    return 10
