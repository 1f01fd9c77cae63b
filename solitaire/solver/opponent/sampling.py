"""Hard: determinised search over samples of the unseen cards (hindsight optimisation).

The hidden cards of a Klondike position carry no information beyond which cards they are (the
unseen ones), so every way of placing the unseen cards in the hidden places is equally likely:
a sample is a random permutation (``view.determinise``). For each candidate move, Hard plays
the move and then Easy's policy on each of a few samples, with every card known (the hindsight
of Bjarnason, Fern & Tadepalli 2009, "Lower bounding Klondike solitaire with Monte-Carlo
planning"), and keeps the move whose playouts do best on average; every candidate meets the
same samples, so their comparison is not at the mercy of the draw. Work is bounded by counts
(samples, candidates, playout length), never by the clock, so a decision is the same on every
machine.

On a race clock a playout is scored as the Duel scores it (DU-4, DU-5): its best total if the
player pressed End at some point along it, the time bonus shrinking as the moves take their
pace, and no playout runs past 0:00. Whether to press End is the player's (``solver.player``),
not the search's: Hard returns None only when it has no move worth comparing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.duel import finishing_bonus
from ...core.game import Game
from ...core.moves import DRAW, Move
from .priorities import clicks_to_play, easy_move, ranked
from .view import Seen, determinise

WON = 1000.0
"""A playout's prospect for winning, above any number of cards home."""
PROSPECT_WEIGHT = 20.0
"""A move is chosen by its playouts' race total plus this many points a card of prospect (a
win's prospect outweighs any total): on a clock, quick points alone led Hard into dead ends
that a line aiming to win avoids; without a clock the prospect alone counts."""


@dataclass(frozen=True)
class Budget:
    """How much a decision may think: samples of the hidden cards, candidate moves, and the
    length of each playout in moves."""

    samples: int = 8
    candidates: int = 8
    playout: int = 60


def candidates(view: Seen, limit: int) -> list[Move]:
    """The moves worth comparing: the best ``limit`` wanted moves, and a stock click while the
    talon may still give a card."""
    game = view.game
    moves = [move for _, move in ranked(game)[:limit]]
    if clicks_to_play(game, view.stock_known) is not None:
        moves.append(DRAW)
    return moves


def home(game: Game) -> int:
    return sum(map(len, game.foundations))


def still_hidden(game: Game) -> int:
    return sum(game.hidden)


class Playouts:
    """Scores moves by playouts on shared samples of the unseen cards."""

    def __init__(self, view: Seen, budget: Budget, pace: float, rng: random.Random) -> None:
        self.view = view
        self.budget = budget
        self.pace = pace
        order = list(view.unknown)
        self.samples = []
        for _ in range(budget.samples if view.unknown else 1):
            rng.shuffle(order)
            self.samples.append(determinise(view, order))
        self.hidden_at_start = still_hidden(view.game)

    def value(self, move: Move) -> tuple[float, float]:
        """Means over the samples of what playouts starting with ``move`` reach: the best race
        total along them (0 without a clock), and their prospect (``_prospect``)."""
        totals, prospects = 0.0, 0.0
        for sample in self.samples:
            total, prospect = self._playout(sample, move)
            totals += total
            prospects += prospect
        count = len(self.samples)
        return totals / count, prospects / count

    def _playout(self, sample: Game, first: Move) -> tuple[float, float]:
        game = sample.clone()
        game.apply(first)
        seconds = self.view.seconds_left
        best = self._stop_value(game, 1)
        steps = self.budget.playout if seconds is None else min(self.budget.playout, int(seconds / self.pace))
        for step in range(2, steps + 1):
            if game.won:
                break
            move = easy_move(game, True)
            if move is None:
                break
            game.apply(move)
            best = max(best, self._stop_value(game, step))
        return best, self._prospect(game)

    def _stop_value(self, game: Game, steps: int) -> float:
        """The race total of stopping after ``steps`` moves of a playout (one more to press End,
        none when the last move won and ended the game itself)."""
        seconds = self.view.seconds_left
        if seconds is None:
            return 0.0
        left = seconds - steps * self.pace
        if not game.won:
            left -= self.pace
        return game.score + finishing_bonus(game, left)

    def _prospect(self, game: Game) -> float:
        """How far a playout got towards winning: won, else cards home and cards turned."""
        if game.won:
            return WON
        return home(game) + 0.5 * (self.hidden_at_start - still_hidden(game))


def hard_move(view: Seen, rng: random.Random, pace: float, budget: Budget = Budget()) -> Move | None:
    """Hard's decision; None when nothing useful is left."""
    moves = candidates(view, budget.candidates)
    if not moves:
        return None
    if len(moves) == 1 and view.seconds_left is None:
        return moves[0]
    playouts = Playouts(view, budget, pace, rng)
    values = [playouts.value(move) for move in moves]
    best = max(range(len(moves)), key=lambda i: (values[i][0] + PROSPECT_WEIGHT * values[i][1], -i))
    return moves[best]
