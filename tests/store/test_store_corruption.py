"""Thousands of damaged files, each handled the same way.

Every case starts from a real data folder (settings, statistics, one saved game), damages one
file, and opens a Store. Whatever the damage, there is no exception, the other two files are
byte for byte untouched, and the outcome is one of:

- valid: the file was still a valid document (a bit flip in a digit, say): it loads, nothing is said;
- damage: the file is set aside as `<name>.damaged-<stamp>` holding the exact bytes, that
  document starts from its defaults, and exactly one notice says so;
- records (statistics only): some records were odd; only they are dropped, the file keeps every
  other record, a copy of the damaged bytes is kept aside, and one notice names the modes;
- newer: the version number now reads as a newer game's: the file is left exactly as it is, the
  document is not used, and one notice says so.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from solitaire.store import Notice, Settings, Store, mode_key, write_json_atomic
from store_helpers import make_game, validate_game

SLOT = mode_key("double", 3, "vegas")
OTHER = mode_key("double", 1, "standard")
SETTINGS = "settings.json"
STATS = "stats.json"
SAVE = f"saves/{SLOT}.json"
Damage = Callable[[bytes], bytes]


def build_folder(folder: Path) -> dict[str, bytes]:
    """A realistic folder written by the store itself; returns each file's bytes."""
    store = Store(folder)
    store.update_settings(volume=0.25, language="ar", draw={"klondike": 3}, scoring={"double": "vegas"},
                          window_size=(1600, 900), card_back="red")
    rng = random.Random(7)
    for key in [SLOT, OTHER]:
        for _ in range(25):
            store.record_result(key, rng.random() < 0.5, rng.randint(-52, 200), rng.uniform(60, 600),
                                rng.randint(50, 200))
    store.save_game(SLOT, make_game(3))
    return {name: (folder / name).read_bytes() for name in (SETTINGS, STATS, SAVE)}


@pytest.fixture(scope="module")
def originals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return build_folder(tmp_path_factory.mktemp("original"))


def truncations(data: bytes) -> Iterator[bytes]:
    """Every strict prefix of the JSON text (the final newline alone is not part of it)."""
    for length in range(len(data.rstrip(b"\n"))):
        yield data[:length]


def bit_flips(data: bytes, seed: int, count: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    for _ in range(count):
        flipped = bytearray(data)
        for _ in range(rng.choice([1, 1, 1, 2, 8])):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        yield bytes(flipped)


def wrong_types(data: bytes) -> Iterator[bytes]:
    """Replace the whole document, and then each value in it, by values of other types."""
    others: list[object] = [None, True, 0, -1, 2.5, "x", [], {}, 10 ** 30, [1, 2]]
    for other in others:
        yield json.dumps(other).encode()
    document = json.loads(data)
    for path in value_paths(document):
        for other in others[:: 3 if len(path) > 2 else 1]:
            yield json.dumps(replaced(document, path, other)).encode()


def value_paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, child in items:
        yield prefix + (key,)
        if len(prefix) < 3 and not (isinstance(child, list) and len(child) > 8):
            yield from value_paths(child, prefix + (key,))


def replaced(document: object, path: tuple[object, ...], new: object) -> object:
    copy = json.loads(json.dumps(document))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    parent[path[-1]] = new  # type: ignore[index]
    return copy


def run_case(folder: Path, originals: dict[str, bytes], target: str, damaged: bytes) -> str:
    """Damage `target` in a fresh copy of the folder, open a Store, check it; return the outcome."""
    for name, data in originals.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(damaged if name == target else data)
    store = Store(folder)
    game = store.load_game(SLOT, validate_game)
    for name, data in originals.items():
        if name != target:
            assert (folder / name).read_bytes() == data, f"{name} was touched"
    aside = list((folder / target).parent.glob(f"{Path(target).name}.damaged-*"))
    if not store.notices:
        assert aside == [] and (folder / target).read_bytes() == damaged
        assert Settings.from_document(store.settings.to_document()) == store.settings
        for record in store.all_stats().values():
            record.check()
        assert game is None or validate_game(game) == game
        return "valid"
    [notice] = store.notices
    if notice.kind.endswith("_newer"):
        assert aside == [] and (folder / target).read_bytes() == damaged
        assert_defaults(store, target, game)
        return "newer"
    assert len(aside) == 1 and aside[0].name in notice.fields.values()
    assert aside[0].read_bytes() == damaged
    if notice.kind == "stats_records_dropped":
        check_records_dropped(folder, damaged, store, notice.fields["modes"].split(", "))
        return "records"
    assert not (folder / target).exists()
    assert_defaults(store, target, game)
    return "damage"


def assert_defaults(store: Store, target: str, game: object) -> None:
    if target == SETTINGS:
        assert store.settings == Settings()
    elif target == STATS:
        assert store.all_stats() == {}
    else:
        assert game is None


def check_records_dropped(folder: Path, damaged: bytes, store: Store, dropped: list[str]) -> None:
    """The repaired file holds every record of the damaged one that was fine, unchanged, and no other."""
    before = json.loads(damaged)["modes"]
    after = json.loads((folder / STATS).read_text())["modes"]
    assert dropped and set(after).isdisjoint(dropped) and set(after) | set(dropped) == set(before)
    for key, record in after.items():
        assert before[key] == record, f"record {key} was changed"
    assert set(store.all_stats()) == set(after)


def run_cases(tmp_path: Path, originals: dict[str, bytes], cases: list[tuple[str, bytes]]) -> list[str]:
    return [run_case(tmp_path / f"case{i}", originals, target, data) for i, (target, data) in enumerate(cases)]


def test_truncation_at_every_length_is_damage(tmp_path: Path, originals: dict[str, bytes]) -> None:
    cases = [(target, cut) for target in (SETTINGS, STATS, SAVE) for cut in truncations(originals[target])]
    assert len(cases) >= 1000
    assert set(run_cases(tmp_path, originals, cases)) == {"damage"}


def test_bit_flips_are_damage_or_still_valid(tmp_path: Path, originals: dict[str, bytes]) -> None:
    cases = [(target, flipped) for seed, target in enumerate((SETTINGS, STATS, SAVE))
             for flipped in bit_flips(originals[target], seed, 300)]
    outcomes = run_cases(tmp_path, originals, cases)
    assert outcomes.count("damage") + outcomes.count("records") > len(cases) // 2


def test_wrong_types_are_damage_or_repaired(tmp_path: Path, originals: dict[str, bytes]) -> None:
    cases = [(target, data) for target in (SETTINGS, STATS, SAVE) for data in wrong_types(originals[target])]
    assert len(cases) >= 300
    outcomes = run_cases(tmp_path, originals, cases)
    assert {"damage", "records", "valid"} <= set(outcomes)


def test_settings_with_wrong_values_are_repaired_key_by_key(tmp_path: Path, originals: dict[str, bytes]) -> None:
    document = json.loads(originals[SETTINGS])
    document.update(volume="loud", language=3, draw={"klondike": True, "double": 3}, fullscreen=1, extra=[1])
    assert run_case(tmp_path, originals, SETTINGS, json.dumps(document).encode()) == "valid"
    settings = Store(tmp_path).settings
    assert (settings.volume, settings.language, settings.fullscreen) == (0.7, None, False)
    assert settings.draw == Settings().draw | {"double": 3}
    assert (settings.card_back, settings.window_size) == ("red", (1600, 900))


@pytest.mark.parametrize("target", [SETTINGS, STATS, SAVE])
@pytest.mark.parametrize("damage", [
    pytest.param(lambda data: b"[" + b"0," * (10 << 20) + b"0]", id="20MiB"),
    pytest.param(lambda data: re.sub(rb'"version": \d+', b'"version": 0', data, count=1), id="older-than-any"),
    pytest.param(lambda data: re.sub(rb'"version": \d+,', b"", data, count=1), id="no-version"),
    pytest.param(lambda data: data.decode().encode("utf-16"), id="utf-16"),
    pytest.param(lambda data: b"\0" * len(data), id="zeros"),
])
def test_other_damage(tmp_path: Path, originals: dict[str, bytes], target: str, damage: Damage) -> None:
    assert run_case(tmp_path, originals, target, damage(originals[target])) == "damage"


@pytest.mark.parametrize("target", [SETTINGS, STATS, SAVE])
def test_a_newer_versions_file_is_left_alone_and_never_overwritten(tmp_path: Path, originals: dict[str, bytes],
                                                                   target: str) -> None:
    """Issue 12: an older game set a newer one's files aside (and then wrote its own over them)."""
    newer = re.sub(rb'"version": \d+', b'"version": 99', originals[target], count=1)
    assert run_case(tmp_path, originals, target, newer) == "newer"
    store = Store(tmp_path)
    store.update_settings(volume=0.5, card_back="green")
    store.record_result(SLOT, True, 10, 60.0, 100)
    store.save_game(SLOT, make_game(9))
    assert store.settings.volume == 0.5 and store.stats(SLOT).played >= 1
    assert (tmp_path / target).read_bytes() == newer
    assert not store.save_failed


@pytest.mark.parametrize("change", [
    pytest.param(lambda game: game | {"cards": game["cards"][:-1]}, id="missing-card"),
    pytest.param(lambda game: game | {"cards": game["cards"][:-1] + game["cards"][:1]}, id="duplicate-card"),
    pytest.param(lambda game: game | {"code": "bad code"}, id="bad-code"),
    pytest.param(lambda game: {"cards": game["cards"]}, id="missing-fields"),
])
def test_impossible_games_are_damage(tmp_path: Path, originals: dict[str, bytes],
                                     change: Callable[[dict[str, object]], dict[str, object]]) -> None:
    document = json.loads(originals[SAVE])
    document["game"] = change(document["game"])
    assert run_case(tmp_path, originals, SAVE, json.dumps(document).encode()) == "damage"


def test_a_save_filed_under_another_mode_is_damage(tmp_path: Path, originals: dict[str, bytes]) -> None:
    document = json.loads(originals[SAVE])
    document["slot"] = mode_key("klondike", 1, "standard")
    assert run_case(tmp_path, originals, SAVE, json.dumps(document).encode()) == "damage"


def test_one_odd_record_costs_only_that_mode(tmp_path: Path, originals: dict[str, bytes]) -> None:
    """Issue 12: one odd record in one mode set the whole file aside and every mode showed 0."""
    document = json.loads(originals[STATS])
    document["modes"][SLOT]["won"] = document["modes"][SLOT]["played"] + 1
    document["modes"]["Not A Mode"] = document["modes"][OTHER]
    assert run_case(tmp_path, originals, STATS, json.dumps(document).encode()) == "records"
    store = Store(tmp_path)
    assert store.notices == [] and set(store.all_stats()) == {OTHER}
    assert store.stats(OTHER).played == 25


def test_set_aside_names_are_unique(tmp_path: Path, originals: dict[str, bytes]) -> None:
    for _ in range(3):
        (tmp_path / SETTINGS).write_bytes(b"{")
        store = Store(tmp_path)
        assert len(store.notices) == 1
    assert len(list(tmp_path.glob(f"{SETTINGS}.damaged-*"))) == 3


def test_a_damaged_file_that_cannot_be_moved_is_reported_and_left(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / STATS).write_bytes(b"{")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("os.replace", refuse)
    store = Store(tmp_path)
    assert store.all_stats() == {}
    assert store.notices == [Notice("stats_damaged_kept", {"name": STATS})]
    assert (tmp_path / STATS).read_bytes() == b"{"


def test_the_damage_notice_names_the_file_set_aside(tmp_path: Path) -> None:
    write_json_atomic(tmp_path / SETTINGS, {"version": "one"})
    [notice] = Store(tmp_path).notices
    aside = next(tmp_path.glob("settings.json.damaged-*")).name
    assert notice == Notice("settings_damaged", {"aside": aside})
