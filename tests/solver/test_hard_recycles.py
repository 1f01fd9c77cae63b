"""Issue 31: on a race clock Hard's playouts count what their recycles cost (DU-2), so Hard no
longer pays for passes it need not make; without a clock a won line is worth its passes."""

from __future__ import annotations

import random

from solitaire.core import DRAW, Game
from solitaire.solver.opponent.sampling import RECYCLE_POINTS_A_CARD, WON, Budget, Playouts, recycles_paid
from solitaire.solver.player import PACE, Strength, seen
from tests.positions import build


def stuck(recycles: int) -> Game:
    """A Duel position whose talon gives nothing: a click on the empty stock only recycles it."""
    game = build("duel", tableau=["KS QH", "KD QC"], waste="5S 9D 7C", foundations=["AH 2H"], draw=3)
    game.recycles = recycles
    return game


def value(game: Game, seconds_left: float | None) -> float:
    view = seen(game, seconds_left)
    return Playouts(view, Budget(samples=2), PACE[Strength.HARD], random.Random(1)).value(DRAW)


def test_DU2_recycles_paid_counts_only_the_passes_past_the_free_ones():
    game = stuck(2)
    for _ in range(3):
        game.apply(DRAW)  # the third recycle is free, the fourth and fifth cost 20 each
    assert game.recycles == 5
    assert recycles_paid(game, 2) == 40
    assert recycles_paid(game, 4) == 20
    assert recycles_paid(game, 5) == 0


def test_DU2_on_a_race_clock_a_playout_that_pays_for_a_recycle_counts_a_card_less():
    """The same click: free (the third recycle) it is worth what the cards home are; paid (the
    fourth) it is worth a card less on a clock, and the same without one (main judged both by
    cards home alone, so Hard paid 51 points a deal for recycles against Easy's 7.5)."""
    assert RECYCLE_POINTS_A_CARD == 20
    assert value(stuck(2), 120.0) == 2  # the two hearts home
    assert value(stuck(3), 120.0) == 2 - 20 / RECYCLE_POINTS_A_CARD
    assert value(stuck(3), None) == 2


def test_a_won_playout_is_worth_winning_whatever_its_passes_cost():
    game = build("duel", tableau=["KS"], waste="", stock="", draw=3,
                 foundations=["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                              "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"])
    game.recycles = 3
    playouts = Playouts(seen(game, 60.0), Budget(samples=1), PACE[Strength.HARD], random.Random(1))
    won = game.clone()
    won.recycles = 9  # six passes paid on the way
    won.apply(won.legal_moves()[0])
    assert won.won and recycles_paid(won, 3) == 120 and playouts._prospect(won) == WON
