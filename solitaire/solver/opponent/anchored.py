"""Hard on a race clock: a proven player's move, unless the playouts show a better one clearly.

Two players who make the same moves on the same deal end with the same cards home, and the
quicker one (Hard, DU-11's pace) ends sooner with more seconds left: it wins on DU-5's bonus, and
has time for clears a slower pace cannot finish. Hard on its own playouts lost a duel in four to
Easy (issue 31), mostly early dead ends where Easy, on the same deal, got further by a different
choice: eight samples of the hidden cards are too few to tell two moves apart, so a move that
looked better on them was often chance. So Hard plays the ``anchor``, the move a proven policy
plays (Medium's look-ahead), and leaves it only for a move whose playouts beat the anchor's on
the same samples by a clear margin that stands the noise: the mean paired difference is at least
``Evidence.margin`` cards and ``Evidence.z`` standard errors above zero. A challenger that looks
better on the first samples is judged again on more (``Evidence.more``), the anchor's playouts
on the same new samples, before it is played. Work is bounded by counts, so a decision is the
same on every machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...core.moves import Move
from .sampling import Budget, Playouts, candidates
from .view import Seen


@dataclass(frozen=True)
class Evidence:
    """What it takes to leave the anchor: a mean gain of ``margin`` (a playout's prospect: cards
    home, half a card a card turned) over the anchor on shared samples, ``z`` standard errors
    above zero, judged over the first samples and ``more`` further ones for the ``challengers``
    that lead after the first.

    Chosen on seeds 11, 5001 and 5002 (40 deals each, interleaved; old and new in one run), where
    the anchored Hard lost 3 of its first 21 duels to Easy against main's 5: Easy's priorities as
    the anchor lost 6; z = 1 lost 3 of 16 where z = 2 lost 1; a margin of half a card, and a won
    playout counted as 80 cards instead of ``WON``, changed no duel's result (16 and 25 deals)."""

    margin: float = 1.0
    z: float = 2.0
    more: int = 16
    challengers: int = 2


def gain(challenger: list[float], anchor: list[float]) -> tuple[float, float]:
    """The mean paired difference of two moves' playouts on the same samples, and its standard
    error (0 for a single sample)."""
    diffs = [a - b for a, b in zip(challenger, anchor)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def clear(challenger: list[float], anchor: list[float], evidence: Evidence) -> float | None:
    """The challenger's mean gain when it beats the anchor clearly, else None."""
    mean, error = gain(challenger, anchor)
    if mean >= evidence.margin and mean - evidence.z * error > 0:
        return mean
    return None


def anchored_move(view: Seen, rng: random.Random, pace: float, anchor: Move | None, budget: Budget = Budget(),
                  evidence: Evidence = Evidence()) -> Move | None:
    """Hard's decision on a clock: ``anchor`` unless a candidate's playouts beat it clearly
    (``clear``); None when there is no anchor and nothing to compare."""
    if anchor is None:
        return None
    moves = [move for move in candidates(view, budget.candidates) if move != anchor]
    if not moves:
        return anchor
    playouts = Playouts(view, budget, pace, rng)
    first = len(playouts.samples)
    base = playouts.values(anchor)
    values = {move: playouts.values(move) for move in moves}
    ahead = {move: gain(values[move], base)[0] for move in moves}
    leading = sorted((move for move in moves if ahead[move] > 0),
                     key=lambda move: (-ahead[move], moves.index(move)))[:evidence.challengers]
    if not leading:
        return anchor
    if evidence.more and first > 1:
        playouts.more(evidence.more)
        base += playouts.values(anchor, first)
        for move in leading:
            values[move] += playouts.values(move, first)
    best, best_gain = anchor, 0.0
    for move in leading:
        shown = clear(values[move], base, evidence)
        if shown is not None and shown > best_gain:
            best, best_gain = move, shown
    return best
