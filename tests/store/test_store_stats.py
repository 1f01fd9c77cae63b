"""Statistics: every record follows from the results it has seen, checked against a model.

Thousands of seeded random sessions run through `ModeStats.after` and a plain list of results;
the record must always equal what the list says, satisfy its invariants, and survive a round
trip through its JSON document. A shorter run goes through the Store and the disk.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from solitaire.store import ModeStats, Result, Store, mode_key
from solitaire.store.atomic import DamagedFileError
from solitaire.store.stats import RECENT_LENGTH, StatsDocument, stats_from_document, stats_to_document

Outcome = tuple[bool, int, float, int]
KEYS = [mode_key("klondike", 1, "standard"), mode_key("klondike", 3, "standard"), mode_key("double", 3, "vegas")]


def expected(outcomes: Sequence[Outcome], vegas: bool) -> ModeStats:
    """The record, computed the slow obvious way from every result."""
    wins = [outcome for outcome in outcomes if outcome[0]]
    runs = "".join("W" if won else "L" for won, *_ in outcomes).split("L")
    return ModeStats(
        played=len(outcomes), won=len(wins), current_streak=len(runs[-1]) if outcomes else 0,
        longest_streak=max(len(run) for run in runs) if outcomes else 0,
        best_score=max((score for _, score, _, _ in outcomes), default=None),
        fastest_win=min((float(seconds) for _, _, seconds, _ in wins), default=None),
        fewest_moves=min((moves for *_, moves in wins), default=None),
        vegas_total=sum(score for _, score, _, _ in outcomes) if vegas else 0,
        recent=tuple(Result(won, score) for won, score, _, _ in outcomes[-RECENT_LENGTH:]))


def random_outcome(rng: random.Random, skill: float) -> Outcome:
    won = rng.random() < skill
    return won, rng.randint(-52, 260 if won else 120), rng.choice([rng.uniform(30, 2000), rng.randint(30, 2000)]), \
        rng.randint(60, 300)


def test_records_match_the_model_over_random_sessions() -> None:
    rng = random.Random(20261129)
    for session in range(3000):
        vegas = session % 2 == 1
        skill = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
        outcomes: list[Outcome] = []
        record = ModeStats()
        for _ in range(rng.choice([0, 1, 2, 5, 19, 20, 21, 40])):
            outcomes.append(random_outcome(rng, skill))
            record = record.after(*outcomes[-1], vegas=vegas)
            record.check()
            assert record.won <= record.played and record.current_streak <= record.longest_streak
            assert record.win_rate == pytest.approx(record.won / record.played)
        assert record == expected(outcomes, vegas)
        document = StatsDocument({KEYS[session % 3]: record})
        assert stats_from_document(stats_to_document(document)) == (document, {})


def test_streaks() -> None:
    record = ModeStats()
    for won in [True, True, False, True, True, True, False, True]:
        record = record.after(won, 0, 10.0, 10, vegas=False)
    assert (record.current_streak, record.longest_streak, record.played, record.won) == (1, 3, 8, 6)
    assert record.win_rate == 0.75 and ModeStats().win_rate == 0.0


def test_vegas_keeps_its_running_dollars_and_others_do_not(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for score in [-52, -30, 208]:
        store.record_result(KEYS[2], score > 0, score, 100.0, 100)
        store.record_result(KEYS[0], score > 0, score, 100.0, 100)
    assert Store(tmp_path).stats(KEYS[2]).vegas_total == 126
    assert Store(tmp_path).stats(KEYS[0]).vegas_total == 0


def test_the_store_keeps_records_across_restarts(tmp_path: Path) -> None:
    rng = random.Random(5)
    outcomes: dict[str, list[Outcome]] = {key: [] for key in KEYS}
    store = Store(tmp_path)
    for step in range(150):
        key = rng.choice(KEYS)
        outcomes[key].append(random_outcome(rng, 0.4))
        store.record_result(key, *outcomes[key][-1])
        if step % 25 == 0:
            store = Store(tmp_path)
    for key in KEYS:
        assert Store(tmp_path).stats(key) == expected(outcomes[key], key.endswith("vegas"))


def test_reset_one_mode_or_all(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for key in KEYS:
        store.record_result(key, True, 10, 60.0, 90)
    store.reset_stats(KEYS[0])
    assert set(Store(tmp_path).all_stats()) == set(KEYS[1:]) and store.stats(KEYS[0]) == ModeStats()
    store.reset_stats()
    assert Store(tmp_path).all_stats() == {}


@pytest.mark.parametrize("result", [(1, 0, 1.0, 1), (True, 1.5, 1.0, 1), (True, 0, -1.0, 1), (True, 0, float("nan"), 1),
                                    (True, 0, 1.0, -1), (False, 0, 1.0, True)])
def test_bad_results_are_refused(tmp_path: Path, result: Outcome) -> None:
    with pytest.raises(ValueError):
        Store(tmp_path).record_result(KEYS[0], *result)


@pytest.mark.parametrize("change", [
    {"won": 3, "played": 2}, {"current_streak": 2, "longest_streak": 1}, {"longest_streak": 5},
    {"best_score": None}, {"fastest_win": None}, {"fewest_moves": None}, {"recent": []},
    {"current_streak": 0}, {"recent": [{"won": True, "score": 1}, {"won": True, "score": 1}]},
])
def test_inconsistent_records_are_damage(change: dict[str, object]) -> None:
    record = ModeStats().after(False, 0, 1.0, 1, vegas=False).after(True, 5, 1.0, 1, vegas=False)
    document = record.to_document() | change
    with pytest.raises(DamagedFileError):
        ModeStats.from_document(document)
