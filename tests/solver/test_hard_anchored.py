"""Issue 31: on a race clock Hard plays Medium's move, and leaves it only for a move whose
playouts beat it clearly on the same samples of the hidden cards. Two players making the same
moves end with the same cards home; the quicker one (Hard) has more seconds left, and DU-5's
bonus decides the duel for it."""

from __future__ import annotations

import random

from solitaire.core import DRAW, Game, Move, Pile, parse_code
from solitaire.core.moves import FOUNDATION, TABLEAU, WASTE
from solitaire.solver.opponent.anchored import Evidence, anchored_move, clear, gain
from solitaire.solver.opponent.lookahead import medium_move
from solitaire.solver.opponent.sampling import Budget
from solitaire.solver.player import PACE, Strength, decide, seen
from tests.positions import build


def test_a_gain_is_judged_against_its_noise():
    anchor = [5.0] * 8
    assert gain([7.0] * 8, anchor) == (2.0, 0.0)
    assert clear([7.0] * 8, anchor, Evidence()) == 2.0  # two cards more on every sample
    assert clear([5.5] * 8, anchor, Evidence()) is None  # always ahead, by less than the margin
    lucky = [5.0] * 7 + [30.0]  # 3.1 cards more on average, all of it from one sample
    assert gain(lucky, anchor)[0] > Evidence().margin
    assert clear(lucky, anchor, Evidence()) is None


def playing_on() -> Game:
    """Seed 11's DU2-D3N-IEIQORA after 41 of Hard's moves (two passes made, 3:27 left)."""
    game = build("duel", tableau=["KS QH JC TD 9S 8D 7S 6H 5C 4D", "KD QC", "7C", "JS", "ac qs th QD", "7D",
                                  "8c 2c 4c 9c 6d TS 9H 8S 7H 6C 5D 4S 3H"],
                 stock="9D KH 3C KC 3D JH 4H TC 8H JD 6S", waste="5H 5S 2H",
                 foundations=["AS 2S 3S", "AH", "AD 2D", ""], draw=3)
    game.recycles = 2
    return game


def test_DU5_hard_keeps_mediums_move_where_the_playouts_favour_another_within_their_noise():
    """Medium sends the 2 of hearts home. On the playouts the stock click does 3.6 cards better
    on average over 24 samples, give or take 3: chance, not evidence. Main's Hard (eight
    samples, Medium's move favoured by half a card) clicked the stock."""
    view = seen(playing_on(), 207.2)
    two_home = Move(Pile(WASTE, 0), Pile(FOUNDATION, 1), 1)
    assert medium_move(view) == two_home
    assert decide(view, Strength.HARD) == two_home


def dead_end_ahead() -> Game:
    """Seed 11's DU2-D3N-UFALKGR after 28 of Hard's moves (one pass made, 3:37 left)."""
    game = build("duel", tableau=["KS", "KC QD JS TD", "QH", "9s JD TC 9H 8C 7H 6S", "ad 6c 4d 2c 3C 2D", "5h th 7S 6H",
                                  "5s 2h 8s 7c ac 5c 3H"],
                 stock="9D KH JH KD QS TS QC 8H 6D 9C", waste="5D 7D 4C 3D 8D 4H 4S JC",
                 foundations=["AH", "AS 2S 3S", "", ""], draw=3)
    game.recycles = 1
    return game


def test_DU2_hard_leaves_mediums_move_for_a_clearly_better_one():
    """Medium lays the Jack of clubs from the waste on the Queen of hearts; after it every
    playout is stuck at 5 cards, and after a stock click (the talon's groups of three kept) every
    one goes further: 10.4 cards on average, give or take 2. Hard clicks; asked for a gain it
    cannot show, it would keep Medium's move."""
    view = seen(dead_end_ahead(), 217.6)
    jack = Move(Pile(WASTE, 0), Pile(TABLEAU, 2), 1)
    assert medium_move(view) == jack
    assert decide(view, Strength.HARD) == DRAW

    def hard(evidence: Evidence) -> Move | None:
        rng = random.Random(f"0|hard|{view.position_key}")
        return anchored_move(view, rng, PACE[Strength.HARD], jack, Budget(), evidence)

    assert hard(Evidence(margin=20.0)) == jack


def test_DU2_on_a_race_clock_hard_keeps_its_free_recycle_and_plays_mediums_opening():
    """Main's Hard turned the whole stock over first (eight moves and one of DU-2's free
    recycles) and so left Medium's line from its first move; on the clock it plays Medium's."""
    view = seen(Game.deal(parse_code("DU2-D3N-OAJBPDG")), 240.0)
    assert medium_move(view) != DRAW
    assert decide(view, Strength.HARD) == medium_move(view)
