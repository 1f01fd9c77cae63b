"""One summary of the foundations for the search and the hints (issue 13): how high each suit is
built, read along a winning line of a one-deck and a two-deck game."""

import pytest

from solitaire.core import Game, parse_code
from solitaire.core.cards import SUIT
from solitaire.core.moves import parse_request
from solitaire.solver.api import solve
from solitaire.solver.foundations import foundation_ranks
from solitaire.solver.search import Search


def heights(game: Game) -> list[int]:
    """What the summary must say, from the piles' sizes (a foundation builds up from its Ace)."""
    by_suit: list[list[int]] = [[], [], [], []]
    for pile in game.foundations:
        if pile:
            by_suit[SUIT[pile[0]]].append(len(pile))
    if game.rules.decks == 1:
        return [max(sizes, default=0) for sizes in by_suit]
    return [size for sizes in by_suit for size in sorted(sizes + [0] * (2 - len(sizes)))]


@pytest.mark.parametrize("code", ["TF1-D1N-AAAAAAD", "DS1-D1N-AAAAAAB"])
def test_the_summary_follows_the_foundations_along_a_winning_line(code):
    game = Game.deal(parse_code(code))
    line = solve(game, 10.0).moves
    assert line, "the deal is won by the solver"
    for text in line:
        assert foundation_ranks(game) == heights(game)
        assert Search(game).start[1] == tuple(foundation_ranks(game))
        game.apply(game.resolve(parse_request(text)))
    assert foundation_ranks(game) == [13] * (4 * game.rules.decks)
