"""Duel statistics per opponent: the record follows its results, survives the file, and a
record that could not have come from any duels is dropped as damaged."""

from __future__ import annotations

import json
import random

import pytest

from solitaire.store import Store
from solitaire.store.atomic import DamagedFileError
from solitaire.store.duel_stats import DUEL_RECENT_LENGTH, RecentDuel, DuelStats
from solitaire.store.stats import StatsDocument, stats_from_document, stats_to_document


def test_the_record_is_what_the_list_of_duels_says():
    rng = random.Random(3)
    record, duels = DuelStats(), []
    for _ in range(300):
        outcome, total = rng.choice(["won", "lost", "tied"]), rng.randint(0, 2000)
        record, duels = record.after(outcome, total), duels + [(outcome, total)]
        record.check()
        assert record.played == len(duels)
        assert (record.won, record.lost, record.tied) == tuple(
            sum(o == kind for o, _ in duels) for kind in ("won", "lost", "tied"))
        assert record.best_total == max(t for _, t in duels)
        assert record.recent == tuple(RecentDuel(o, t) for o, t in duels[-DUEL_RECENT_LENGTH:])
        assert DuelStats.from_document(json.loads(json.dumps(record.to_document()))) == record


def test_a_bad_result_is_refused():
    with pytest.raises(ValueError):
        DuelStats().after("drawn", 10)
    with pytest.raises(ValueError):
        DuelStats().after("won", -1)


def test_an_inconsistent_record_is_damaged():
    document = DuelStats().after("won", 300).to_document()
    document["lost"] = 2
    with pytest.raises(DamagedFileError):
        DuelStats.from_document(document)


def test_a_file_from_before_duels_reads_with_none_and_one_bad_record_costs_only_itself():
    old = stats_to_document(StatsDocument())
    del old["duels"]
    assert stats_from_document(old)[0].duels == {}
    document = stats_to_document(StatsDocument().with_duel("hard", "won", 900).with_duel("easy", "lost", 40))
    document["duels"]["easy"]["played"] = 7
    stats, dropped = stats_from_document(document)
    assert set(stats.duels) == {"hard"} and list(dropped) == ["duel-easy"]


def test_the_store_counts_duels_per_opponent_on_disk_and_resets_one(tmp_path):
    store = Store(tmp_path)
    store.record_duel("hard", "won", 812)
    store.record_duel("hard", "tied", 300)
    store.record_duel("easy", "lost", 120)
    again = Store(tmp_path)
    hard = again.duel_stats("hard")
    assert (hard.played, hard.won, hard.tied, hard.best_total) == (2, 1, 1, 812)
    assert again.duel_stats("medium") == DuelStats()
    again.reset_stats("duel-hard")
    assert Store(tmp_path).duel_stats("hard") == DuelStats()
    assert Store(tmp_path).duel_stats("easy").lost == 1
    with pytest.raises(ValueError):
        store.record_duel("grandmaster", "won", 1)
