"""The hard deals of issue 17, as regression tests bounded by positions (never by seconds).

Before the bold attempts (``Search``'s portfolio), TF1-D3N-AAAAAEA took 1,449,167 positions and
TF1-D3N-AAAAAFJ 602,987 (commit d2b6dd7). Each must now be won within the budget stated here;
``solve`` replays the line through the core, so a "won" is a real win.
"""

from __future__ import annotations

import pytest

from solitaire.core import Game, parse_code
from solitaire.solver.api import solve
from solitaire.solver.search import Search, _uses_column

HARD_DEALS = (("TF1-D3N-AAAAAEA", 300_000), ("TF1-D3N-AAAAAFJ", 450_000))


@pytest.mark.parametrize("code, positions", HARD_DEALS)
def test_hard_deal_is_won_within_its_budget(code, positions):
    result = solve(Game.deal(parse_code(code)), 600.0, node_limit=positions)
    assert result.result == "won" and result.moves


def test_after_a_talon_card_goes_on_a_column_a_bold_attempt_uses_it_or_the_talon_next():
    search = Search(Game.deal(parse_code("TF1-D3N-AAAAAAB")))
    placed = [(acts, child) for acts, child, _ in search._bold_children(search.start, None, -1) if acts[-1][0] == "wt"]
    left_out = 0
    for acts, child in placed:
        column = acts[-1][1]
        following = list(search._bold_children(child, None, child[0][column][-1]))
        everything = list(search.children(child))
        assert following and all(_uses_column(a[0], column) for a, _, _ in following)
        left_out += len(everything) - len(following)
    assert placed and left_out > 0


def test_a_loss_is_still_proven_by_the_sure_attempts_alone():
    # Bold attempts only find wins; a "lost" comes from a sure attempt that tried every line.
    game = Game.deal(parse_code("TF1-D3N-AAAAAGA"))
    both = Search(game).run(60.0)
    sure = Search(game)
    sure.bold = False
    alone = sure.run(60.0)
    assert both.result == alone.result == "lost"
