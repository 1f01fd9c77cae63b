"""Issue 12: what the player is told in the game when saving fails, and when it works again."""

from __future__ import annotations

import errno
import json
import os
import time
from types import SimpleNamespace

import pygame
import pytest

from solitaire.scenes.menus.notice import NoticeScene
from solitaire.store import mode_key

SLOT = mode_key("klondike", 1, "standard")


def refuse(code):
    def refuse_write(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return refuse_write


# The store's writes fail as the disk makes them fail; the system calls themselves are faked in
# the store's own tests. Patching ``os.write`` here would also break the pipes of any
# multiprocessing helper alive in the test process (a hang seen once), so only the store's
# writing is refused.
STORE_WRITE = "solitaire.store.writing.write_bytes_atomic"


def open_klondike(app, driver):
    app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(1)
    return driver.scene


def test_a_full_disk_is_told_at_once_once_and_again_when_saving_works(app, driver, monkeypatch):
    scene = open_klondike(app, driver)
    with monkeypatch.context() as patch:
        patch.setattr(STORE_WRITE, refuse(errno.ENOSPC))
        scene.draw_stock()
        driver.settle(0.05)
        notice = app.stack.top
        assert isinstance(notice, NoticeScene)
        assert notice.lines == [app.t("store.cannot_save_disk_full")]
        driver.key(pygame.K_ESCAPE)
        assert app.stack.top is scene
        scene.draw_stock()
        driver.settle(0.05)
        assert app.stack.top is scene, "told once per kind"
    scene.draw_stock()
    driver.settle(0.05)
    assert app.stack.top is scene and scene.hud.toast.text == app.t("store.saving_again")
    assert app.services.store.load_game(SLOT, lambda data: data) is not None


def test_a_read_only_folder_is_told_with_the_folder(app, driver, monkeypatch):
    scene = open_klondike(app, driver)
    monkeypatch.setattr(STORE_WRITE, refuse(errno.EROFS))
    scene.draw_stock()
    driver.settle(0.05)
    assert app.stack.top.lines == [app.t("store.cannot_save_read_only", folder=str(app.services.store.folder))]


def test_a_damaged_save_opened_by_continue_is_told(app, driver):
    store = app.services.store
    (store.folder / "saves").mkdir(parents=True, exist_ok=True)
    (store.folder / "saves" / f"{SLOT}.json").write_text(json.dumps(
        {"version": 1, "slot": SLOT, "game": {"format": 1, "start": {"game": "klondike"}, "log": []}}))
    store.update_settings(continue_slot=SLOT)
    assert store.continue_slot() == SLOT
    app.open("play", slot=SLOT)
    driver.settle(0.05)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and len(notice.lines) == 1
    [aside] = (store.folder / "saves").glob(f"{SLOT}.json.damaged-*")
    assert notice.lines == [app.t("store.save_damaged", aside=aside.name)]


@pytest.mark.skipif(os.name != "posix", reason="the other copy's lock is taken with flock")
def test_a_folder_another_copy_holds_never_stops_a_move_and_the_game_saves_once_it_is_free(
        app, driver, monkeypatch):
    """Issue 23: a move waited 5 s for a lock held by a stopped copy. Now the move goes on at once
    and the play scene's frames write it once the other copy lets go."""
    import fcntl

    from solitaire.store import lock, writing

    def never(seconds):
        raise AssertionError("a move waited for the folder's lock")

    scene = open_klondike(app, driver)
    monkeypatch.setattr(lock, "time", SimpleNamespace(monotonic=time.monotonic, sleep=never))
    monkeypatch.setattr(writing, "BUSY_RETRY_SECONDS", 0.0)  # tried again at the next frame
    fd = os.open(app.services.store.folder / lock.LOCK_FILE, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        scene.draw_stock()
        driver.settle(0.05)
        assert app.stack.top is scene  # a moment's wait is nothing to tell
        assert not (app.services.store.folder / "saves" / f"{SLOT}.json").exists()
    finally:
        os.close(fd)
    driver.settle(0.05)
    saved = json.loads((app.services.store.folder / "saves" / f"{SLOT}.json").read_text())
    assert saved["game"]["log"] == [str(move) for move in scene.game.log] and len(scene.game.log) == 1


@pytest.mark.parametrize("lang, label", [("en", "Continue Double Solitaire · Draw 3 · Vegas"),
                                         ("ar", "متابعة Double Solitaire\u200f · سحب 3 · فيغاس")])
def test_the_titles_continue_says_which_game_it_resumes(make_app, lang, label):
    """Issue 22: "Continue" alone did not say which of the saved games it brings back."""
    app = make_app((1280, 720), lang)
    app.open("title")
    play = app.open("play", code="DS1-D3V-AAAAAAB")
    play.draw_stock()
    app.stack.clear()
    title = app.open("title")
    assert title.continue_button.visible and title.continue_button.label == label
    title.continue_button.on_click()
    assert str(app.stack.top.game.code) == "DS1-D3V-AAAAAAB"
