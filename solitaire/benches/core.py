"""``python game.py bench --core``: apply+undo pairs and legal-move generations per second.

A benchmark that prints figures, not a test: the machine is shared and noisy, so each figure is
the median of several timed rounds.
"""

from __future__ import annotations

import random
import statistics
import time

from solitaire.core.codes import GameCode
from solitaire.core.game import Game

TARGET_PAIRS = 100_000  # the aim for Klondike on one core
# (game, draw, scoring, the apply+undo target where the issue set one: Klondike's)
GAMES = (("klondike", 1, "standard", TARGET_PAIRS), ("klondike", 3, "standard", TARGET_PAIRS),
         ("double", 1, "standard", 0), ("thoughtful", 1, "standard", 0), ("duel", 3, "standard", 0))


def _positions(game_id: str, draw: int, scoring: str, count: int) -> list[tuple[Game, list]]:
    """Mid-game positions reached by random play, each with its legal moves."""
    rng = random.Random(1)
    out = []
    deal = 0
    while len(out) < count:
        game = Game.deal(GameCode(game_id, draw, scoring, deal))
        deal += 1
        for _ in range(rng.randrange(5, 60)):
            moves = game.legal_moves()
            if not moves:
                break
            game.apply(rng.choice(moves))
        moves = game.legal_moves()
        if moves:
            out.append((game, moves))
    return out


def _rate(run, operations: int, rounds: int = 5) -> float:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        rates.append(operations / (time.perf_counter() - start))
    return statistics.median(rates)


def run_core_bench() -> None:
    print("core benchmark (median of 5 rounds, one core)")
    for game_id, draw, scoring, target_pairs in GAMES:
        positions = _positions(game_id, draw, scoring, 200)
        pairs = sum(len(moves) for _, moves in positions) * 10

        def apply_undo() -> None:
            for _ in range(10):
                for game, moves in positions:
                    for move in moves:
                        game.apply(move)
                        game.undo()

        def generate() -> None:
            for _ in range(10):
                for game, _ in positions:
                    game.legal_moves()

        label = f"{game_id} draw {draw}"
        pair_rate = _rate(apply_undo, pairs)
        gen_rate = _rate(generate, len(positions) * 10)
        target = f"  (target ≥ {target_pairs:,})" if target_pairs else ""
        print(f"  {label:<18} apply+undo pairs/s {pair_rate:>10,.0f}{target}")
        print(f"  {label:<18} legal-move generations/s {gen_rate:>8,.0f}")
