"""Issue 32: a folder named ``.lock`` in the data folder stopped every save until the game was
closed (EISDIR, said as a generic "cannot save"), and every result played since was lost at quit.
It is set aside as damage, with all it holds; failing that, the game saves without the lock."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire.store import Store, writing
from solitaire.store.lock import LOCK_FILE
from store_helpers import make_game, validate_game

SLOT = "klondike-d1-standard"


def test_a_folder_named_lock_is_set_aside_with_what_it_holds_and_saving_works(home: Path) -> None:
    (home / LOCK_FILE).mkdir(parents=True)
    (home / LOCK_FILE / "kept.txt").write_text("mine")
    store = Store(home)
    store.record_result(SLOT, True, 10, 60.0, 90)
    store.save_game(SLOT, make_game(3))
    assert not store.save_failed and store.flush()
    [notice] = store.take_notices()
    assert notice.kind == "lock_damaged"
    assert (home / notice.fields["aside"] / "kept.txt").read_text() == "mine"
    assert (home / LOCK_FILE).is_file()
    again = Store(home)
    assert again.stats(SLOT).played == 1 and again.load_game(SLOT, validate_game) is not None


def test_a_folder_named_lock_that_cannot_be_moved_saves_without_the_lock_saying_so_once(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (home / LOCK_FILE).mkdir(parents=True)
    (home / "blocker").write_text("")
    monkeypatch.setattr(writing, "aside_name", lambda path: home / "blocker" / "x")  # ENOTDIR
    store = Store(home)
    store.record_result(SLOT, False, 0, 30.0, 12)
    store.record_result(SLOT, True, 10, 60.0, 90)
    store.save_game(SLOT, make_game(2))
    assert not store.save_failed and store.flush()
    assert [n.kind for n in store.take_notices()] == ["lock_unusable"]
    assert (home / LOCK_FILE).is_dir()
    assert Store(home).stats(SLOT).played == 2
