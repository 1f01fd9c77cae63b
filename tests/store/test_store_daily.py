"""The local daily leaderboard (DD-3) and the streak of days won (DD-4): kept in the statistics
file per day and mode, read back, and a damaged day costs only itself, with one notice."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from solitaire.store import Outcome, Store
from solitaire.store.atomic import DamagedFileError
from solitaire.store.daily import LOG_DAYS, DailyPlay, DailyResult, Streaks, streaks, won_days
from solitaire.store.stats import StatsDocument, stats_from_document, stats_to_document

TODAY = date(2026, 12, 2)
KEY = "klondike-d1-standard"


def days(*offsets: int) -> set[date]:
    return {TODAY - timedelta(n) for n in offsets}


def play(day: date = TODAY, log: tuple[str, ...] = ("s", "w>f1")) -> DailyPlay:
    return DailyPlay(day, log)


def game(won: bool, score: int, seconds: float, moves: int) -> DailyResult:
    return DailyResult(1, won, score, seconds, moves)


def test_DD3_the_days_best_is_a_win_then_the_score_then_fewer_moves_then_less_time():
    record = game(False, 400, 100.0, 90)
    record = record.after(game(True, 100, 300.0, 200))  # a win beats any score not won
    assert (record.games, record.won, record.score) == (2, True, 100)
    record = record.after(game(False, 900, 50.0, 10))
    assert (record.games, record.won, record.score) == (3, True, 100)
    record = record.after(game(True, 100, 200.0, 150))  # same score, fewer moves
    assert (record.moves, record.seconds) == (150, 200.0)
    record = record.after(game(True, 100, 120.0, 150))  # same moves, quicker
    assert (record.games, record.seconds) == (5, 120.0)
    assert DailyResult.from_document(json.loads(json.dumps(record.to_document()))) == record


def test_DD4_streak_counts_days_in_a_row_and_today_not_yet_played_breaks_nothing():
    assert streaks(set(), TODAY) == Streaks(0, 0)
    assert streaks(days(0, 1, 2), TODAY) == Streaks(3, 3)
    assert streaks(days(1, 2), TODAY) == Streaks(2, 2)  # today not won yet: still 2
    assert streaks(days(2, 3, 4, 5), TODAY) == Streaks(0, 4)  # yesterday missed: broken
    assert streaks(days(0, 2, 3, 4, 5, 6, 9, 10), TODAY) == Streaks(1, 5)  # gaps
    assert streaks(days(0, 1, 3, 4, 5), TODAY) == Streaks(2, 3)


def test_DD4_only_a_won_day_counts_in_the_streak():
    stats = (StatsDocument()
             .with_daily(play(TODAY - timedelta(1)), KEY, False, 300, 200.0, 100)
             .with_daily(play(TODAY - timedelta(2)), KEY, True, 600, 200.0, 100)
             .with_daily(play(TODAY - timedelta(2)), "freecell-d1-standard", False, 20, 9.0, 4))
    assert won_days(stats.daily) == days(2)
    assert streaks(won_days(stats.daily), TODAY) == Streaks(0, 1)


def test_DD3_the_store_keeps_a_daily_game_beside_the_modes_record_in_one_step(tmp_path):
    store = Store(tmp_path)
    store.end_game(KEY, Outcome(False, 80, 61.5, 40), play())
    store.end_game(KEY, Outcome(True, 655, 301.0, 140), play())
    store.end_game(KEY, Outcome(True, 600, 250.0, 130))  # an ordinary game: not a daily result
    store.end_game("freecell-d1-standard", Outcome(True, 520, 200.0, 90), play(TODAY - timedelta(1)))
    again = Store(tmp_path)
    assert again.stats(KEY).played == 3
    results = again.daily_results()
    assert results[TODAY.isoformat()][KEY] == DailyResult(2, True, 655, 301.0, 140, ("s", "w>f1"))
    assert results["2026-12-01"]["freecell-d1-standard"].won
    assert again.daily_streaks(TODAY) == Streaks(2, 2)
    assert again.daily_streaks(TODAY + timedelta(2)) == Streaks(0, 2)


def test_a_file_from_before_daily_deals_reads_with_none():
    old = stats_to_document(StatsDocument().with_duel("hard", "won", 900))
    del old["daily"]
    assert stats_from_document(old)[0].daily == {}


@pytest.mark.parametrize("damage", [
    lambda day: day.update(games=0),
    lambda day: day.update(won="yes"),
    lambda day: day.update(seconds=-1),
    lambda day: day.pop("moves"),
])
def test_a_damaged_day_costs_only_that_day(damage):
    document = stats_to_document(StatsDocument()
                                 .with_daily(play(), KEY, True, 600, 200.0, 100)
                                 .with_daily(play(TODAY - timedelta(1)), KEY, True, 500, 200.0, 100))
    damage(document["daily"]["2026-12-01"][KEY])
    stats, dropped = stats_from_document(document)
    assert list(stats.daily) == [TODAY.isoformat()] and list(dropped) == ["daily-2026-12-01"]


def test_a_day_of_a_wrong_name_is_dropped_and_a_wrong_shape_is_damage():
    document = stats_to_document(StatsDocument().with_daily(play(), KEY, True, 600, 200.0, 100))
    document["daily"]["2026-2-1"] = document["daily"][TODAY.isoformat()]
    stats, dropped = stats_from_document(document)
    assert list(stats.daily) == [TODAY.isoformat()] and list(dropped) == ["daily-2026-2-1"]
    document["daily"] = []
    with pytest.raises(DamagedFileError):
        stats_from_document(document)


def test_a_damaged_day_on_disk_is_one_notice_and_nothing_else_is_lost(tmp_path):
    store = Store(tmp_path)
    store.end_game(KEY, Outcome(True, 655, 301.0, 140), play())
    store.end_game(KEY, Outcome(True, 600, 300.0, 120), play(TODAY - timedelta(1)))
    path = tmp_path / "stats.json"
    document = json.loads(path.read_text())
    document["daily"]["2026-12-01"][KEY]["score"] = "lots"
    path.write_text(json.dumps(document))
    again = Store(tmp_path)
    notices = again.take_notices()
    assert [n.kind for n in notices] == ["stats_records_dropped"]
    assert list(again.daily_results()) == [TODAY.isoformat()]
    assert again.stats(KEY).played == 2  # the modes' record untouched
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("stats.json.damaged-")]
    assert len(aside) == 1 and json.loads(aside[0].read_text())["daily"]["2026-12-01"]  # kept


def test_resetting_every_record_forgets_the_daily_results_too(tmp_path):
    store = Store(tmp_path)
    store.end_game(KEY, Outcome(True, 655, 301.0, 140), play())
    store.reset_stats()
    assert Store(tmp_path).daily_results() == {}


def test_DD5_the_best_games_moves_are_kept_only_while_the_server_takes_the_day():
    stats = StatsDocument()
    for n in range(4, -1, -1):
        stats = stats.with_daily(play(TODAY - timedelta(n), ("s",) * (n + 1)), KEY, True, 600, 200.0, 100)
    kept = {day: modes[KEY].log for day, modes in stats.daily.items()}
    assert kept == {(TODAY - timedelta(n)).isoformat(): (("s",) * (n + 1) if n < LOG_DAYS else ())
                    for n in range(5)}
    again, _ = stats_from_document(json.loads(json.dumps(stats_to_document(stats))))
    assert again == stats


CODE = "KL1-D1N-AAAAAAB"


def test_DD6_a_daily_result_keeps_its_deals_code_and_a_file_from_before_it_reads_as_unknown(tmp_path):
    store = Store(tmp_path)
    store.end_game(KEY, Outcome(True, 655, 301.0, 140), DailyPlay(TODAY, ("s",), CODE))
    store.end_game(KEY, Outcome(False, 10, 30.0, 4), DailyPlay(TODAY - timedelta(1), ("s",)))  # no code
    path = tmp_path / "stats.json"
    document = json.loads(path.read_text())
    assert document["daily"][TODAY.isoformat()][KEY]["code"] == CODE
    assert "code" not in document["daily"]["2026-12-01"][KEY]  # as a file from before codes were kept
    results = Store(tmp_path).daily_results()
    assert results[TODAY.isoformat()][KEY].code == CODE and results["2026-12-01"][KEY].code is None
    assert not Store(tmp_path).take_notices()


def test_DD6_a_better_game_of_an_old_result_takes_its_code_and_a_worse_one_keeps_the_best():
    old = DailyResult(1, False, 10, 30.0, 4)  # read from a file from before codes were kept
    assert old.after(DailyResult(1, True, 600, 200.0, 100, (), CODE)).code == CODE
    assert old.after(DailyResult(1, False, 5, 30.0, 9, (), CODE)).code == CODE  # the same deal
    best = DailyResult(1, True, 600, 200.0, 100, (), CODE)
    assert best.after(DailyResult(1, False, 5, 30.0, 9)).code == CODE


def test_a_daily_results_code_that_is_not_a_game_code_costs_only_that_day():
    document = stats_to_document(StatsDocument()
                                 .with_daily(DailyPlay(TODAY, (), CODE), KEY, True, 600, 200.0, 100)
                                 .with_daily(DailyPlay(TODAY - timedelta(1), (), CODE), KEY, True, 500, 200.0, 100))
    document["daily"]["2026-12-01"][KEY]["code"] = "XX9-nonsense"
    stats, dropped = stats_from_document(document)
    assert list(stats.daily) == [TODAY.isoformat()] and list(dropped) == ["daily-2026-12-01"]
    assert stats.daily[TODAY.isoformat()][KEY].code == CODE


def test_a_stats_file_with_daily_results_carries_a_version_the_first_version_refuses(home) -> None:
    """Issue 32: the file gained ``daily`` but said version 1, so a version-1 game read it as its
    own and wrote it back without the daily results. That game refuses a newer version's file
    (``upgrade`` raises) and leaves it as it is."""
    from solitaire.store.versions import NewerVersionError, upgrade

    store = Store(home)
    store.end_game(KEY, Outcome(True, 100, 60.0, 90), play())
    document = json.loads((home / "stats.json").read_text())
    assert document["daily"]
    with pytest.raises(NewerVersionError):
        upgrade(document, 1, {})


def test_a_version_1_stats_file_with_daily_results_keeps_them(home) -> None:
    """Written by this game before the version said so: read as version 1, kept whole."""
    store = Store(home)
    store.end_game(KEY, Outcome(True, 100, 60.0, 90), play())
    path = home / "stats.json"
    document = json.loads(path.read_text())
    path.write_text(json.dumps(document | {"version": 1}))
    again = Store(home)
    assert again.daily_results()[TODAY.isoformat()][KEY].won and not again.take_notices()
    again.record_result(KEY, False, 0, 10.0, 5)
    assert json.loads(path.read_text())["daily"] == document["daily"]
