"""The daily deal: a pure function of the UTC date and the mode, always from the mode's pool of
winnable deals (DD-1), its day the UTC date (DD-2), and a result rebuilt from its moves (DD-5)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from solitaire.core import BadCode, BadDeal, Game
from solitaire.core.daily import daily_deal, daily_modes, has_daily, replay_daily, utc_today
from solitaire.core.pools import winnable_codes
from solitaire.solver.api import solve

DAY = date(2026, 12, 2)


def test_DD1_the_daily_modes_are_the_pooled_draws_of_the_level_files():
    assert daily_modes() == (("klondike", 1), ("klondike", 3), ("double", 1), ("thoughtful", 1),
                             ("freecell", 1), ("yukon", 1), ("golf", 1), ("tripeaks", 1), ("pyramid", 1))
    assert not has_daily("spider", 1)  # no pool of winnable Spider deals
    assert not has_daily("duel", 3)  # a race, not a daily solitaire
    assert not has_daily("klondike", 2)  # pooled, but not a daily draw
    assert not has_daily("double", 1, "vegas")


def test_DD1_a_day_has_the_same_deal_every_time_pinned():
    """The deal of a date never drifts (as G-2 for codes): pinned, and equal when asked again."""
    assert str(daily_deal("klondike", 1, DAY)) == "KL1-D1N-HSJCBON"
    assert str(daily_deal("klondike", 3, DAY)) == "KL1-D3N-UGCMJJA"
    assert str(daily_deal("double", 1, DAY)) == "DS1-D1N-WFZQCCX"
    assert str(daily_deal("thoughtful", 1, DAY)) == "TF1-D1N-GPNOLJG"
    assert str(daily_deal("freecell", 1, DAY)) == "FC1-D1N-VULVAVP"
    assert daily_deal("freecell", 1, DAY) == daily_deal("freecell", 1, date(2026, 12, 2))


@pytest.mark.parametrize("game,draw", daily_modes())
def test_DD1_every_day_is_from_the_pool_and_differs_from_the_day_before(game, draw):
    pool = winnable_codes(game, draw, "standard")
    days = [DAY + timedelta(n) for n in range(3 * len(pool) + 7)]
    deals = [daily_deal(game, draw, day) for day in days]
    assert all(deal in pool for deal in deals)
    assert all(a != b for a, b in zip(deals, deals[1:]))
    start = days[0].toordinal() // len(pool) * len(pool) + len(pool)  # a whole cycle of days
    cycle = [daily_deal(game, draw, date.fromordinal(n)) for n in range(start, start + len(pool))]
    assert sorted(map(str, cycle)) == sorted(map(str, pool))  # no deal twice in a cycle


def test_DD1_modes_do_not_share_one_order():
    """Klondike draw 1 and draw 3 (one pool each) do not walk their pools in step."""
    k1 = [winnable_codes("klondike", 1, "standard").index(daily_deal("klondike", 1, DAY + timedelta(n)))
          for n in range(10)]
    k3 = [winnable_codes("klondike", 3, "standard").index(daily_deal("klondike", 3, DAY + timedelta(n)))
          for n in range(10)]
    assert k1 != k3


def test_DD1_a_mode_without_a_daily_deal_is_refused_in_one_line():
    with pytest.raises(BadCode, match="DD-1"):
        daily_deal("spider", 1, DAY)
    with pytest.raises(BadCode, match="DD-1"):
        daily_deal("klondike", 2, DAY)


def test_DD2_the_day_is_the_utc_date():
    late = datetime(2026, 12, 2, 23, 30, tzinfo=timezone(timedelta(hours=-5)))  # 04:30 UTC on the 3rd
    assert utc_today(late) == date(2026, 12, 3)
    assert utc_today(datetime(2026, 12, 2, 0, 0, tzinfo=timezone.utc)) == DAY


@pytest.mark.parametrize("game,score", [("thoughtful", None), ("freecell", 520)])
def test_DD5_the_replay_of_a_winning_line_is_won_and_scored_by_the_rules(game, score):
    line = solve(Game.deal(daily_deal(game, 1, DAY)), 5.0).moves
    replayed = replay_daily(game, 1, DAY, line)
    assert replayed.won and replayed.moves == len(line)
    assert score is None or replayed.score == score  # FC-7: 10 a card home


def test_DD5_a_line_played_on_another_days_deal_is_refused():
    line = solve(Game.deal(daily_deal("freecell", 1, DAY)), 5.0).moves
    with pytest.raises(BadDeal, match="saved move"):
        replay_daily("freecell", 1, DAY + timedelta(1), line)
