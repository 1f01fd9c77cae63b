"""The hint of the games whose unseen cards lie in a stock (Golf, TriPeaks: ``api``; Pyramid:
``pairs``), from what the player sees: each legal move is played on a few deals of the unseen
cards, in orders drawn at random, and the rest of each searched briefly; the move that does best
over all of them is the hint. What a game fills in and how a searched sample counts are its own.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..core.game import Game
from ..core.moves import Move


def best_on_samples(game: Game, moves: Sequence[Move], seed: str, unseen: Sequence[int], samples: int,
                    nodes: int, deal: Callable[[Game, list[int]], None],
                    value: Callable[[Game, int], int]) -> Move | None:
    """The move of ``moves`` (a tie to the first) whose samples are worth most, or the one move.

    ``samples`` orders of ``unseen`` are drawn from ``random.Random(seed)`` (the same for every
    move, and each time for the same position: a hint asked twice is the same); ``deal`` lays
    one order into a copy of ``game``, the move is played on it, and ``value`` searches it for
    its share of ``nodes`` (positions, not seconds: the same hint on a busy machine as on an
    idle one) and says what it is worth."""
    if len(moves) < 2:
        return moves[0] if moves else None
    rng = random.Random(seed)
    orders = [rng.sample(unseen, len(unseen)) for _ in range(samples)]
    share = max(1, nodes // (samples * len(moves)))
    best, best_value = moves[0], -1
    for move in moves:
        total = 0
        for order in orders:
            sample = game.clone()
            deal(sample, order)
            sample.apply(move)
            total += value(sample, share)
        if total > best_value:
            best, best_value = move, total
    return best
