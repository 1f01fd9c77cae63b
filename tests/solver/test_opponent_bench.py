"""Issue 14's ``bench --opponent``: races on a simulated clock through core.duel.Race, head to
head from the deal-by-deal totals, and its command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.core.codes import GameCode
from solitaire.core.bonus import time_bonus
from solitaire.core.codes import DEAL_LIMIT
from solitaire.benches.opponent import DEFAULT_SEED, Played, deals_for, head_to_head, race
from solitaire.solver.player import PACE, Strength

REPO = Path(__file__).resolve().parents[2]
CODE = GameCode("duel", 3, "standard", 7)


def test_a_two_player_race_gives_each_the_total_it_gets_racing_alone():
    """Why head to head may compare the strengths' solo races: neither sees the other (DU-1)."""
    together = race(CODE, [Strength.MEDIUM, Strength.EASY])
    alone = [race(CODE, [Strength.MEDIUM])[0], race(CODE, [Strength.EASY])[0]]
    assert [(p.total, p.home, p.won, p.decisions) for p in together] == \
           [(p.total, p.home, p.won, p.decisions) for p in alone]


def test_every_decision_takes_its_pace_on_the_race_clock():
    """DU-5: on this deal Easy and Medium play the same 25 moves and End; the bonus differs by
    exactly the race time their paces leave (decisions × pace, End included)."""
    easy, medium = race(CODE, [Strength.EASY])[0], race(CODE, [Strength.MEDIUM])[0]
    assert (easy.decisions, easy.home) == (medium.decisions, medium.home) == (26, 2)

    def bonus(strength: Strength) -> int:
        return time_bonus(240 - 26 * PACE[strength], 2)

    assert medium.total - easy.total == bonus(Strength.MEDIUM) - bonus(Strength.EASY) == 1
    assert (easy.played, easy.ended_with) == (pytest.approx(26 * 2.0), pytest.approx(240 - 26 * 2.0))


def test_head_to_head_counts_wins_ties_and_losses_deal_by_deal():
    def rows(*totals: int) -> list[Played]:
        return [Played(t, 0, False, 1, 0.0, 0.0) for t in totals]

    assert head_to_head(rows(10, 5, 7, 0), rows(3, 5, 9, 0)) == {"won": 0.25, "tied": 0.5, "lost": 0.25}


@pytest.mark.parametrize("args, says", [
    (["--opponent", "--deals", "0"], "--deals: must be at least 1, not 0"),
    (["--opponent", "--deals", "many"], "--deals: invalid count: 'many'"),
    (["--json"], "--deals, --seed and --json go with --opponent"),
    (["--seed", "4"], "--deals, --seed and --json go with --opponent"),
    (["--opponent", "--seed", "-1"], "--seed: must be at least 0, not -1"),
    (["--opponent", "--seed", "x"], "--seed: invalid seed: 'x'"),
])
def test_bad_bench_options_are_one_line_and_exit_2(args, says):
    result = subprocess.run([sys.executable, str(REPO / "game.py"), "bench", *args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [f"game.py bench: {'argument ' if ('deals:' in says or 'seed:' in says) else ''}{says}"]


def test_the_deals_are_drawn_from_the_seed_never_deals_1_to_n():
    """Issue 31: deals 1…N were the only ones ever benched (and tuned on)."""
    drawn = deals_for(DEFAULT_SEED, 200)
    assert drawn == deals_for(DEFAULT_SEED, 200) and len(set(drawn)) == 200
    assert all(0 <= n < DEAL_LIMIT for n in drawn) and sorted(drawn) != list(range(1, 201))
    assert len(set(drawn) & set(range(1, 1001))) < 5
    assert len(set(deals_for(2027, 200)) & set(deals_for(9001, 200))) < 3  # two seeds, two sets of deals
