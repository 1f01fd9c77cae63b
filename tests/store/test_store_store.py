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

from solitaire.core.rules import REGISTRY
from solitaire.store import Notice, Outcome, Settings, Store, data_dir, mode_key
from solitaire.store.atomic import TEMP_SUFFIX
from solitaire.store.settings import CARD_BACKS
from solitaire.store.versions import upgrade

Game = dict[str, object]
KLONDIKE_1 = mode_key("klondike", 1, "standard")
KLONDIKE_3 = mode_key("klondike", 3, "standard")


def all_files(folder: Path) -> list[str]:
    """The files in `folder` but the lock file, which stays once made."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.name != ".lock")


def test_everything_survives_a_restart(home: Path, validate: Callable[[Game], Game],
                                       game: Callable[[int], Game]) -> None:
    store = Store()
    assert store.folder == home and store.notices == [] and store.continue_slot() is None
    store.update_settings(volume=0.3, draw={"klondike": 3}, window_size=[1024, 700], fullscreen=True)
    store.record_result(KLONDIKE_3, True, 120, 95.5, 88)
    store.save_game(KLONDIKE_3, game(1))

    again = Store()
    assert again.settings == store.settings
    assert again.settings.window_size == (1024, 700)
    assert again.all_stats() == store.all_stats()
    assert again.load_game(KLONDIKE_3, validate) == game(1)
    assert again.continue_slot() == KLONDIKE_3
    assert again.notices == [] and not again.save_failed
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
    store.end_game(KLONDIKE_1, None)
    store.end_game(KLONDIKE_1, None)
    assert store.load_game(KLONDIKE_1, validate) is None
    assert store.continue_slot() is None and Store().continue_slot() is None


def test_continue_resumes_the_newest_game_still_waiting_when_the_last_one_ended(
        home: Path, validate: Callable[[Game], Game], game: Callable[[int], Game]) -> None:
    """Issue 33: a finished FreeCell took Continue away though a saved Klondike waited."""
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    store.save_game(KLONDIKE_3, game(3))
    freecell = mode_key("freecell", 1, "standard")
    store.save_game(freecell, game(1))
    store.end_game(freecell, None)
    assert store.continue_slot() in (KLONDIKE_1, KLONDIKE_3)
    os.utime(home / "saves" / f"{KLONDIKE_1}.json", (1e9, 1e9))  # an old save on disk
    again = Store()
    assert again.continue_slot() == KLONDIKE_3  # the newest of the two
    assert again.load_game(KLONDIKE_3, validate) == game(3)
    again.end_game(KLONDIKE_3, None)
    assert again.continue_slot() == KLONDIKE_1 and Store().continue_slot() == KLONDIKE_1
    assert again.load_game(KLONDIKE_1, validate) == game(1)
    again.end_game(KLONDIKE_1, None)
    assert again.continue_slot() is None


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
    defaults = {game: REGISTRY.get(game).default_draw for game in REGISTRY.ids()}  # every game the level files give
    assert settings.draw == {**defaults, "klondike": 3, "double": 3}
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


@pytest.mark.parametrize(("code", "kind"), [
    (errno.ENOSPC, "cannot_save_disk_full"), (errno.EROFS, "cannot_save_read_only"),
    (errno.EACCES, "cannot_save_read_only"), (errno.EIO, "cannot_save"),
])
@pytest.mark.parametrize("failing", ["replace", "write"])
def test_a_full_or_read_only_disk_keeps_everything_in_memory(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                             validate: Callable[[Game], Game],
                                                             game: Callable[[int], Game],
                                                             code: int, kind: str, failing: str) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    with monkeypatch.context() as patch:
        patch.setattr(os, failing, refuse_with(code))
        store.save_game(KLONDIKE_1, game(2))
        store.save_game(KLONDIKE_3, game(3))
        store.update_settings(volume=0.1)
        store.end_game(KLONDIKE_1, Outcome(False, 5, 10.0, 3))
        record = store.stats(KLONDIKE_1)
        assert record.played == 1
        assert store.save_failed and [notice.kind for notice in store.take_notices()] == [kind]
        assert store.load_game(KLONDIKE_1, validate) is None
        assert store.load_game(KLONDIKE_3, validate) == game(3)
        assert store.continue_slot() == KLONDIKE_3
        assert store.settings.volume == 0.1 and store.stats(KLONDIKE_1) == record
        assert not any(name.endswith(TEMP_SUFFIX) for name in all_files(home))
        store.save_game(KLONDIKE_3, game(4))
        assert store.notices == [], "told once per kind"

    store.update_settings(volume=0.2)
    assert not store.save_failed and [notice.kind for notice in store.take_notices()] == ["saving_again"]
    again = Store()
    assert again.settings == store.settings and again.stats(KLONDIKE_1) == record
    assert again.load_game(KLONDIKE_1, validate) is None
    assert again.load_game(KLONDIKE_3, validate) == game(4)


def test_each_kind_of_problem_is_told_once_and_again_after_saving_worked(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                                          game: Callable[[int], Game]) -> None:
    store = Store()
    kinds = []
    for code in [errno.ENOSPC, errno.ENOSPC, errno.EROFS, None, errno.ENOSPC]:
        with monkeypatch.context() as patch:
            if code is not None:
                patch.setattr(os, "replace", refuse_with(code))
            store.save_game(KLONDIKE_1, game(1))
            store.save_game(KLONDIKE_1, game(2))
        kinds += [notice.kind for notice in store.take_notices()]
    assert kinds == ["cannot_save_disk_full", "cannot_save_read_only", "saving_again", "cannot_save_disk_full"]


def test_flush_retries_and_reports(home: Path, monkeypatch: pytest.MonkeyPatch,
                                   game: Callable[[int], Game]) -> None:
    store = Store()
    with monkeypatch.context() as patch:
        patch.setattr("tempfile.mkstemp", refuse_with(errno.EACCES))
        store.save_game(KLONDIKE_1, game(1))
        assert store.flush() is False and len(store.notices) == 1
    assert store.flush() is True and not store.save_failed
    assert all_files(home) == ["saves/klondike-d1-standard.json", "settings.json"]


def test_a_failing_delete_is_kept_and_retried(home: Path, monkeypatch: pytest.MonkeyPatch,
                                              validate: Callable[[Game], Game], game: Callable[[int], Game]) -> None:
    store = Store()
    store.save_game(KLONDIKE_1, game(1))
    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", refuse_with(errno.EROFS))
        store.end_game(KLONDIKE_1, None)
        assert store.load_game(KLONDIKE_1, validate) is None and store.continue_slot() is None
    assert store.flush() and Store().load_game(KLONDIKE_1, validate) is None


def test_stale_temp_files_are_swept_on_start(home: Path) -> None:
    (home / "saves").mkdir(parents=True)
    for name in [f".settings.json.x1{TEMP_SUFFIX}", f"saves/.klondike-d1-standard.json.x2{TEMP_SUFFIX}"]:
        (home / name).write_text('{"half')
        os.utime(home / name, (1, 1))
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


@pytest.mark.parametrize("where", ["file", "file/home"])
def test_a_data_folder_that_cannot_exist_still_starts_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               game: Callable[[int], Game], where: str) -> None:
    """Issue 12: with the home a file, nothing was saved and nothing said. The player is told at
    start-up, once."""
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / where))
    store = Store()
    assert store.save_failed and store.notices == [Notice("cannot_save_not_folder", {"folder": str(tmp_path / where)})]
    store.save_game(KLONDIKE_1, game(1))
    store.record_result(KLONDIKE_1, True, 1, 1.0, 1)
    assert len(store.notices) == 1
    assert store.continue_slot() == KLONDIKE_1 and store.stats(KLONDIKE_1).played == 1
    assert (tmp_path / "file").read_text() == "not a folder"


def test_a_card_back_the_view_cannot_draw_falls_back_to_the_default(home: Path) -> None:
    """Issue 12: `"card_back": "purple"` (a newer version's back) passed the check and crashed
    every start in the view. Settings accept only what the game can show."""
    from solitaire.view.cardart import CardArt

    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"version": 1, "card_back": "purple", "volume": 0.4}))
    store = Store()
    assert store.settings.card_back == "blue" and store.settings.volume == 0.4 and store.notices == []
    assert set(CARD_BACKS) == set(CardArt.BACKS)
    with pytest.raises(ValueError):
        store.update_settings(card_back="purple")


def test_continue_never_names_a_game_this_version_does_not_have(home: Path, game: Callable[[int], Game]) -> None:
    """Issue 12: a `continue_slot` of a newer version's game set its save aside, then crashed."""
    (home / "saves").mkdir(parents=True)
    canfield = home / "saves" / "canfield-d1-standard.json"
    canfield.write_text(json.dumps({"version": 1, "slot": "canfield-d1-standard", "game": game(1)}))
    (home / "settings.json").write_text(json.dumps({"version": 1, "continue_slot": "canfield-d1-standard"}))
    store = Store()
    assert store.continue_slot() is None and store.settings.continue_slot is None and store.notices == []
    assert json.loads(canfield.read_text())["slot"] == "canfield-d1-standard"
    for slot in ["klondike-d4-standard", "double-d1-golf", "duel-d1-standard"]:
        with pytest.raises(ValueError):
            store.update_settings(continue_slot=slot)


def refuse_to_open(monkeypatch: pytest.MonkeyPatch, refused: Path) -> None:
    """Make the system refuse to read `refused`, as for a file another account owns (the tests
    run as root, who may read anything, so chmod cannot show it)."""
    real_open = os.open

    def guarded(path: object, *args: object, **kwargs: object) -> int:
        if Path(str(path)) == refused:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
def test_a_file_that_cannot_be_read_is_left_alone_and_named(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                            name: str) -> None:
    """Issue 12: files the game may not read were renamed `.damaged-*` and the player told the
    statistics start again. Such a file is left alone (never set aside, never overwritten) and
    named in the notice."""
    store = Store()
    store.update_settings(volume=0.2)
    store.record_result(KLONDIKE_1, True, 5, 50.0, 80)
    before = (home / name).read_bytes()
    refuse_to_open(monkeypatch, home / name)
    again = Store()
    kind = name.split(".")[0]
    assert again.take_notices() == [Notice(f"{kind}_unreadable", {"name": name})]
    again.update_settings(volume=0.9)
    again.record_result(KLONDIKE_1, False, 5, 50.0, 80)
    assert again.settings.volume == 0.9 and again.stats(KLONDIKE_1).played in (1, 2)
    assert (home / name).read_bytes() == before and not list(home.glob("*.damaged-*"))
    assert not again.save_failed and again.notices == []


def test_a_home_folder_that_cannot_be_opened_says_so_and_the_game_starts(home: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          game: Callable[[int], Game]) -> None:
    """Issue 12: a home folder with mode 000 stopped the game."""
    Store().record_result(KLONDIKE_1, True, 5, 50.0, 80)
    real_listdir = os.listdir

    def refuse(path: object = ".") -> list[str]:
        if Path(str(path)) == home:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_listdir(path)

    monkeypatch.setattr(os, "listdir", refuse)
    refuse_to_open(monkeypatch, home / ".lock")
    store = Store()
    assert store.notices == [Notice("folder_unreadable", {"folder": str(home)})]
    assert store.settings == Settings() and store.all_stats() == {}
    store.take_notices()
    store.save_game(KLONDIKE_1, game(1))
    assert store.take_notices() == [Notice("cannot_save_read_only", {"folder": str(home)})]
    assert json.loads((home / "stats.json").read_text())["modes"][KLONDIKE_1]["played"] == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["settings.json", "stats.json", f"saves/{KLONDIKE_1}.json"])
def test_a_fifo_in_place_of_a_data_file_does_not_hang_start_up(home: Path, name: str,
                                                               validate: Callable[[Game], Game]) -> None:
    """Issue 12: a FIFO in place of a data file hung start-up on open()."""
    (home / "saves").mkdir(parents=True)
    os.mkfifo(home / name)
    store = Store()
    store.load_game(KLONDIKE_1, validate)
    [notice] = store.notices
    assert notice.kind.endswith("_damaged") and not (home / name).exists()
    store.update_settings(volume=0.5)
    store.record_result(KLONDIKE_1, True, 1, 1.0, 1)
    assert Store().settings.volume == 0.5


def test_a_new_settings_file_lists_every_setting_and_a_merge_keeps_unknown_keys(home: Path) -> None:
    """Only the keys a copy changed are written into the file on disk; anything else there, even
    a key from a newer version of the same format, stays as it was."""
    Store().update_settings(volume=0.25)
    document = json.loads((home / "settings.json").read_text())
    assert set(document) == {"version"} | set(Settings().to_document()) and document["volume"] == 0.25
    document["future_key"] = {"kept": True}
    document["card_back"] = "purple"
    (home / "settings.json").write_text(json.dumps(document))
    Store().update_settings(one_tap=False)
    after = json.loads((home / "settings.json").read_text())
    assert after == document | {"one_tap": False}
