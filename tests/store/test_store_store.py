"""The Store as the game uses it: round trips, one save per mode, Continue, a failing disk."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from solitaire.store import Settings, Store, data_dir, mode_key
from solitaire.store.atomic import TEMP_SUFFIX
from solitaire.store.versions import upgrade

Game = dict[str, object]
KLONDIKE_1 = mode_key("klondike", 1, "standard")
KLONDIKE_3 = mode_key("klondike", 3, "standard")


def all_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_everything_survives_a_restart(home: Path, validate: Callable[[Game], Game],
                                       game: Callable[[int], Game]) -> None:
    store = Store()
    assert store.folder == home and store.messages == [] and store.continue_slot() is None
    store.update_settings(volume=0.3, draw={"klondike": 3}, window_size=[1024, 700], fullscreen=True)
    store.record_result(KLONDIKE_3, True, 120, 95.5, 88)
    store.save_game(KLONDIKE_3, game(1))

    again = Store()
    assert again.settings == store.settings
    assert again.settings.window_size == (1024, 700)
    assert again.all_stats() == store.all_stats()
    assert again.load_game(KLONDIKE_3, validate) == game(1)
    assert again.continue_slot() == KLONDIKE_3
    assert again.messages == [] and not again.save_failed
    assert all_files(home) == ["saves/klondike-d3-standard.json", "settings.json", "stats.json"]


def test_K7_each_draw_mode_keeps_its_own_game(home: Path, validate: Callable[[Game], Game],
                                             game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    assert store.load_game(KLONDIKE_3, validate) is None
    store.save_game(KLONDIKE_3, game(3))
    assert store.continue_slot() == KLONDIKE_3
    assert Store().load_game(KLONDIKE_1, validate) == game(1)
    assert Store().load_game(KLONDIKE_3, validate) == game(3)


def test_a_finished_game_is_deleted_and_continue_goes(home: Path, validate: Callable[[Game], Game],
                                                      game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    store.delete_game(KLONDIKE_1)
    store.delete_game(KLONDIKE_1)
    assert store.load_game(KLONDIKE_1, validate) is None
    assert store.continue_slot() is None and Store().continue_slot() is None


def test_autosave_after_every_move_does_not_rewrite_settings(home: Path, game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    before = (home / "settings.json").stat().st_mtime_ns
    os.utime(home / "settings.json", ns=(1, 1))
    for seed in range(2, 6):
        store.save_game(KLONDIKE_1, game(seed))
    assert (home / "settings.json").stat().st_mtime_ns == 1 != before


def test_bad_slot_names_never_reach_the_file_system(home: Path, validate: Callable[[Game], Game]) -> None:
    store = Store()
    for slot in ["../settings", "klondike-d1-standard/../../x", "", "Klondike-d1-standard", "klondike-d0-x"]:
        with pytest.raises(ValueError):
            store.save_game(slot, {})
        with pytest.raises(ValueError):
            store.load_game(slot, validate)
    with pytest.raises(ValueError):
        mode_key("klondike", 10, "standard")


def test_unknown_or_bad_settings_changes_raise(home: Path) -> None:
    store = Store()
    for change in [{"volume": 1.5}, {"volume": True}, {"language": "fr"}, {"draw": {"klondike": 4}},
                   {"draw": {"duel": 1}}, {"draw": {"chess": 1}}, {"scoring": {"thoughtful": "vegas"}},
                   {"window_size": (10, 10)}, {"card_back": "../x"}, {"colour": "red"}, {"one_tap": 1}]:
        with pytest.raises(ValueError):
            store.update_settings(**change)
    assert store.settings == Settings()
    assert not (home / "settings.json").exists()


def test_per_game_settings_merge(home: Path) -> None:
    store = Store()
    store.update_settings(draw={"klondike": 3}, scoring={"double": "vegas"})
    store.update_settings(draw={"double": 3})
    settings = Store().settings
    assert settings.draw == {"klondike": 3, "double": 3, "thoughtful": 1, "duel": 3}
    assert settings.scoring["double"] == "vegas" and settings.scoring["klondike"] == "standard"


def test_data_json_cannot_hold_is_a_programming_error(home: Path, game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    with pytest.raises(TypeError):
        store.save_game(KLONDIKE_1, {"cards": {1, 2}})
    assert not store.save_failed and json.loads((home / "saves" / f"{KLONDIKE_1}.json").read_text())["game"] == game(1)


def refuse_with(code: int) -> Callable[..., None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return refuse


@pytest.mark.parametrize(("code", "sentence"), [
    (errno.ENOSPC, "The disk is full, so your progress cannot be saved; the game keeps it while it runs "
                   "and keeps trying."),
    (errno.EROFS, "Your progress cannot be saved in {home}; the game keeps it while it runs and keeps trying."),
])
def test_a_full_or_read_only_disk_keeps_everything_in_memory(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                             validate: Callable[[Game], Game],
                                                             game: Callable[[int], Game],
                                                             code: int, sentence: str) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse_with(code))
        store.save_game(KLONDIKE_1, game(2))
        store.save_game(KLONDIKE_3, game(3))
        store.update_settings(volume=0.1)
        record = store.record_result(KLONDIKE_1, False, 5, 10.0, 3)
        store.delete_game(KLONDIKE_1)
        assert store.save_failed and store.messages == [sentence.format(home=home)]
        assert store.load_game(KLONDIKE_1, validate) is None
        assert store.load_game(KLONDIKE_3, validate) == game(3)
        assert store.continue_slot() == KLONDIKE_3
        assert store.settings.volume == 0.1 and store.stats(KLONDIKE_1) == record
        assert not any(name.endswith(TEMP_SUFFIX) for name in all_files(home))

    store.update_settings(volume=0.2)
    assert not store.save_failed and len(store.messages) == 1
    again = Store()
    assert again.settings == store.settings and again.stats(KLONDIKE_1) == record
    assert again.load_game(KLONDIKE_1, validate) is None
    assert again.load_game(KLONDIKE_3, validate) == game(3)


def test_flush_retries_and_reports(home: Path, monkeypatch: pytest.MonkeyPatch,
                                   game: Callable[[int], Game]) -> None:
    store = Store()
    with monkeypatch.context() as patch:
        patch.setattr("tempfile.mkstemp", refuse_with(errno.EACCES))
        store.save_game(KLONDIKE_1, game(1))
        assert store.flush() is False and len(store.messages) == 1
    assert store.flush() is True and not store.save_failed
    assert all_files(home) == ["saves/klondike-d1-standard.json", "settings.json"]


def test_a_failing_delete_is_kept_and_retried(home: Path, monkeypatch: pytest.MonkeyPatch,
                                              validate: Callable[[Game], Game], game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", refuse_with(errno.EROFS))
        store.delete_game(KLONDIKE_1)
        assert store.load_game(KLONDIKE_1, validate) is None and store.continue_slot() is None
    assert store.flush() and Store().load_game(KLONDIKE_1, validate) is None


def test_stale_temp_files_are_swept_on_start(home: Path) -> None:
    (home / "saves").mkdir(parents=True)
    for name in [f".settings.json.x1{TEMP_SUFFIX}", f"saves/.klondike-d1-standard.json.x2{TEMP_SUFFIX}"]:
        (home / name).write_text('{"half')
    Store()
    assert all_files(home) == []


def test_SOLITAIRE_HOME_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "a" / "b"))
    assert data_dir() == tmp_path / "a" / "b" and (tmp_path / "a" / "b").is_dir()


def test_without_override_the_platform_folder_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLITAIRE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = data_dir()
    assert folder.is_dir() and folder == tmp_path / "solitaire-team" / "Solitaire"
    monkeypatch.setitem(sys.modules, "pygame.system", None)
    assert data_dir() == folder  # without pygame (the tools), the very same folder


def test_the_store_does_not_import_pygame(tmp_path: Path) -> None:
    """Headless tools use the store; pygame stays out, looking up the player's folder included."""
    code = ("import sys; from solitaire.store import Store; Store(); "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("SOLITAIRE_HOME", "XDG_DATA_HOME")}
    environment.update(HOME=str(tmp_path), PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    subprocess.run([sys.executable, "-c", code], check=True, env=environment)


def test_older_versions_are_upgraded_step_by_step() -> None:
    """The tables are empty at version 1; this pins the mechanism later versions rely on."""
    migrations = {1: lambda doc: doc | {"b": doc.pop("a")}, 2: lambda doc: doc | {"c": doc["b"] * 2}}
    assert upgrade({"version": 1, "a": 2}, 3, migrations) == {"version": 3, "b": 2, "c": 4}
    assert upgrade({"version": 3, "b": 1}, 3, migrations) == {"version": 3, "b": 1}


def test_a_data_folder_that_cannot_exist_still_starts_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               game: Callable[[int], Game]) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "file" / "home"))
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    store.record_result(KLONDIKE_1, True, 1, 1.0, 1)
    assert store.save_failed and len(store.messages) == 1
    assert store.continue_slot() == KLONDIKE_1
