"""The Duel (DU-1 … DU-6), seed 004."""

import pytest

from solitaire.core import DRAW, TABLEAU, IllegalMove, Move, Pile, parse_code
from solitaire.core.bonus import TimeBonus, time_bonus
from solitaire.core.duel import Race

from tests.positions import build

CODE = parse_code("DU2-D3N-AAAAAAB")


def test_DU1_same_deal_four_minutes_ends_on_time_or_when_both_finish():
    race = Race(CODE)
    assert race.games[0].to_json() == race.games[1].to_json()
    assert race.limit == 240 and not race.over
    race.tick(239.5)
    assert not race.over
    race.tick(1)
    assert race.over and race.seconds_left == 0
    with pytest.raises(IllegalMove) as refused:
        race.apply(0, DRAW)
    assert refused.value.refusal.rule == "DU-1"


def test_DU1_highest_score_wins_and_both_finishing_ends_the_race():
    race = Race(CODE)
    race.games[0].score = 50
    race.end(0)
    assert not race.over and race.winners() == []
    race.end(1)
    assert race.over and race.winners() == [0]


def test_DU2_draw_3_three_free_recycles_then_20_each():
    g = build("duel", waste="AC 2C 3C", draw=3)
    assert g.draw == 3 and g.rules.draws == (3,)
    g.score = 100
    for expected in (100, 100, 100, 80, 60):
        while g.stock:
            g.apply(DRAW)
        g.apply(DRAW)  # recycle (and deal the first batch, as in Klondike)
        assert g.score == expected


def test_DU3_undo_without_limit_takes_back_the_points():
    race = Race(CODE)
    game = race.games[0]
    for _ in range(300):
        race.apply(0, DRAW)
    game.score = 0
    count = 0
    while race.undo(0):
        count += 1
    assert count == 300


def test_DU4_end_shows_a_summary_then_ends_for_good():
    race = Race(CODE)
    race.games[1].score = 30
    race.games[0].score = 40
    preview = race.summary(0)
    assert preview.score == 40 and preview.beats_opponent
    summary = race.end(0)
    assert summary.total == 40 and summary.bonus == 0  # nothing on the foundations: no bonus
    with pytest.raises(IllegalMove) as refused:
        race.apply(0, DRAW)
    assert refused.value.refusal.rule == "DU-4"


def test_DU5_finishing_early_earns_seconds_left_x_10_x_home_share_squared():
    race = Race(CODE)
    race.games[0].foundations[0] = list(range(13))  # 13 cards home: a quarter of the deck
    race.tick(40)
    race.end(0)
    assert race.time_bonus(0) == 200 * 10 * 13 * 13 // (52 * 52) == 125
    how = race.breakdown(0).how
    assert how == TimeBonus(seconds=200, home=13, cards=52, per_second=10) and how.points == 125
    race.tick(300)
    assert race.time_bonus(1) == 0 and race.breakdown(1).how is None  # the clock ran out: no bonus


def test_DU5_the_seconds_are_the_whole_seconds_the_clock_shows():
    race = Race(CODE)
    race.games[0].foundations = [list(range(s * 13, s * 13 + 13)) for s in range(4)]  # all 52
    race.tick(120.4)  # the clock shows 2:00 (119.6 s, rounded up as the countdown does)
    race.end(0)
    assert race.breakdown(0).how.seconds == 120 and race.time_bonus(0) == 1200


def test_DU5_a_network_peers_end_counts_on_its_own_clock_so_both_sides_agree():
    """The two games' clocks agree within half a second; the peer's End carries its own race
    time (to the millisecond). Taking our clock instead, when ours was behind, gave the two
    sides bonuses a point apart (seen as 48 vs 47 in the two-process duel test)."""
    theirs, ours = Race(CODE), Race(CODE)
    for race in (theirs, ours):
        race.games[1].foundations[0] = list(range(13))
    theirs.tick(39.9996)
    theirs.end(1)  # on the peer's own machine, at its own clock
    ours.tick(39.7)  # our clock, 0.3 s behind, hears the End
    ours.end(1, at=round(theirs.elapsed, 3))
    assert ours.finished_at[1] == theirs.finished_at[1] == 40.0
    assert ours.time_bonus(1) == theirs.time_bonus(1) == 125


def test_DU5_ending_never_beats_sending_the_next_card_home_soon():
    """The figures of docs/RULES.md (DU-5): with a minute or more left, one more card home within
    the time below, then End, totals at least End now (3 s with 51 home, 20 s with 13); the
    old bonus (÷ 4) failed this."""
    def pays(bonus, seconds, home, wait):
        return 10 + bonus(seconds - wait, home + 1) >= bonus(seconds, home)

    for most_home, wait in ((51, 3.0), (26, 7.0), (13, 20.0)):
        for home in range(0, most_home + 1):
            for seconds in range(60, 241):
                assert pays(time_bonus, seconds, home, wait), (home, seconds)
    assert not pays(lambda s, h: int(s * h) // 4, 120, 26, wait=7.0)  # version 1's bonus
    assert pays(time_bonus, 205, 8, wait=60.0)  # issue 22: 8 home at 3:25 — a minute's work pays
    assert time_bonus(205, 8) == 48  # (version 1 paid 410: about 35 cards' worth)


def test_DU6_only_a_king_goes_into_an_empty_column():
    g = build("duel", tableau=["", "QH", "KS"])
    assert g.check(Move(Pile(TABLEAU, 1), Pile(TABLEAU, 0))).rule == "DU-6"
    assert g.check(Move(Pile(TABLEAU, 2), Pile(TABLEAU, 0))) is None
