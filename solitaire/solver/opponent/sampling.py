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

A playout is judged by how far it gets towards winning (``_prospect``: a win, else cards home
and cards turned): under DU-5 a race's points come from cards home and the bonus for finishing,
so the line that goes furthest is the one that pays (judged by the race total instead, quick
points led Hard into dead ends; issue 22). On a race clock, where a duel is won on points
(DU-1), a playout that is not won also counts what it paid for recycles (DU-2): a card lost for
every ``RECYCLE_POINTS_A_CARD`` points (issue 31: Hard paid 51 points a deal for recycles
against Easy's 7.5, and lost duels on them). A won playout is worth winning whatever its passes
cost, and without a clock nothing is charged: a Klondike deal won over nine passes stays won.
On a clock no playout runs past 0:00. In a race Hard compares its playouts with Medium's move's
on shared samples and leaves that move only on clear evidence (``anchored``); ``hard_move``
decides without a clock and for the Hint. Whether to press End is the player's (``solver.player``), not the
search's: Hard returns None only when it has no move worth comparing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.game import Game
from ...core.moves import DRAW, Move
from .memory import home
from .priorities import clicks_to_play, easy_move, ranked
from .view import Seen, determinise

WON = 1000.0
"""A playout's prospect for winning, above any number of cards home."""
RECYCLE_POINTS_A_CARD = 20
"""On a race clock, the recycle costs (DU-2's 20 points a pass past the free ones) a playout's
prospect counts as one card fewer home: a card home scores 10 or 15 points and raises DU-5's
bonus. Against no charge, on seeds 11, 5001 and 5002 (40 deals each), Hard lost 26 of 120 duels
to Easy where it lost 31 (10 points a card, tried on seed 11 alone: no better than 20)."""


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


def still_hidden(game: Game) -> int:
    return sum(game.hidden)


class Playouts:
    """Scores moves by playouts on shared samples of the unseen cards."""

    def __init__(self, view: Seen, budget: Budget, pace: float, rng: random.Random) -> None:
        self.view = view
        self.budget = budget
        self.pace = pace
        self.rng = rng
        self.samples: list[Game] = []
        self.more(budget.samples)
        self.hidden_at_start = still_hidden(view.game)
        self.recycles_at_start = view.game.recycles

    def more(self, count: int) -> None:
        """Draw ``count`` more samples (none past the first while every card is known)."""
        order = list(self.view.unknown)
        for _ in range(count if order else min(count, 1 - len(self.samples))):
            self.rng.shuffle(order)
            self.samples.append(determinise(self.view, order))

    def value(self, move: Move) -> float:
        """The mean prospect of playouts starting with ``move``, over the samples."""
        return sum(self.values(move)) / len(self.samples)

    def values(self, move: Move, start: int = 0) -> list[float]:
        """The prospect of a playout starting with ``move`` on each sample from ``start`` on."""
        return [self._playout(sample, move) for sample in self.samples[start:]]

    def _playout(self, sample: Game, first: Move) -> float:
        game = sample.clone()
        game.apply(first)
        seconds = self.view.seconds_left
        steps = self.budget.playout if seconds is None else min(self.budget.playout, int(seconds / self.pace))
        for _ in range(2, steps + 1):
            if game.won:
                break
            move = easy_move(game, True)
            if move is None:
                break
            game.apply(move)
        return self._prospect(game)

    def _prospect(self, game: Game) -> float:
        """How far a playout got towards winning: won, else cards home and cards turned, less
        (on a race clock) what its recycles cost."""
        if game.won:
            return WON
        prospect = home(game) + 0.5 * (self.hidden_at_start - still_hidden(game))
        if self.view.seconds_left is not None:
            prospect -= recycles_paid(game, self.recycles_at_start) / RECYCLE_POINTS_A_CARD
        return prospect


def recycles_paid(game: Game, since: int) -> int:
    """The points ``game``'s recycles after its first ``since`` cost (DU-2)."""
    return sum(game.scoring.recycle_cost(game.draw, before) for before in range(since, game.recycles))


LEAN = 0.5
"""Prospect given to the move the look-ahead prefers (``favoured``): the samples overrule it
only by a clear margin, half a card turned (issue 22: Hard alone lost deals Medium won)."""


def hard_move(view: Seen, rng: random.Random, pace: float, budget: Budget = Budget(),
              favoured: Move | None = None) -> Move | None:
    """Hard's decision; None when nothing useful is left. ``favoured``: Medium's look-ahead's
    move, which the playouts weigh with a lean of LEAN."""
    moves = candidates(view, budget.candidates)
    if favoured is not None and favoured not in moves:
        moves.append(favoured)
    if not moves:
        return None
    if len(moves) == 1:
        return moves[0]
    playouts = Playouts(view, budget, pace, rng)
    values = [playouts.value(move) + (LEAN if move == favoured else 0.0) for move in moves]
    return moves[max(range(len(moves)), key=lambda i: (values[i], -i))]
