"""Issue 23: another copy holding the folder's lock never makes the game wait.

A copy stopped while it held the lock (``kill -STOP``) made the other wait 5 s at start-up and
at every move, then say "cannot save". Now a write tries the lock once: finding it taken, it
keeps everything in memory and is tried again a moment later (``Store.retry``, every frame of a
game in play); the player is told once the lock has been taken for a while, and when saving
works again. Nothing is lost or counted twice. Waiting is caught by making the lock's sleep
fail, and the store's clock is a fake one: no test here measures or waits for time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from solitaire.store import Notice, Outcome, Store, mode_key
from solitaire.store import lock, writing
from solitaire.store.lock import LOCK_FILE, folder_lock
from store_helpers import make_game, validate_game

fcntl = pytest.importorskip("fcntl")  # the other copy's lock is taken as the store takes it on POSIX

K1 = mode_key("klondike", 1, "standard")
REPO = Path(__file__).resolve().parents[2]


class Clock:
    """The store's clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(writing, "time", fake)
    return fake


class NoWaiting:
    """The lock's clock, whose sleep between two tries fails the test."""

    monotonic = staticmethod(time.monotonic)

    @staticmethod
    def sleep(seconds: float) -> None:
        raise AssertionError("the store waited for the folder's lock")


@pytest.fixture
def never_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock, "time", NoWaiting)


@pytest.fixture
def held(home: Path) -> Iterator[Callable[[], None]]:
    """The folder's lock held as another copy holds it (its own open file: flock keeps two of
    them apart even in one process); yields the function that lets it go."""
    home.mkdir(parents=True, exist_ok=True)
    fd = os.open(home / LOCK_FILE, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    released = []

    def release() -> None:
        if not released:
            released.append(True)
            os.close(fd)

    yield release
    release()


def play_and_end(store: Store, seed: int) -> None:
    store.save_game(K1, make_game(seed))
    store.end_game(K1, Outcome(True, seed, 60.0, 2))


def test_a_held_lock_never_makes_start_up_or_a_move_wait(home: Path, held, never_wait, clock: Clock) -> None:
    (home / "settings.json").write_text('{"version": 1, "volume": 0.2}')
    store = Store(home)  # start-up reads what is there without the lock
    assert store.settings.volume == 0.2
    play_and_end(store, 7)
    store.update_settings(volume=0.4)
    assert store.notices == [] and not store.save_failed  # a moment's wait is nothing to tell
    assert not (home / "stats.json").exists()  # kept in memory
    assert store.stats(K1).played == 1  # ... and counted there already
    held()
    store.retry()
    assert not (home / "stats.json").exists(), "tried again only once its moment has come"
    clock.now += writing.BUSY_RETRY_SECONDS
    store.retry()
    after = Store(home)
    assert after.stats(K1).played == 1 and after.settings.volume == 0.4
    assert after.load_game(K1, validate_game) is None and store.notices == []


def test_a_lock_held_for_long_is_told_once_then_saving_again(home: Path, held, never_wait, clock: Clock) -> None:
    store = Store(home)
    play_and_end(store, 1)
    for _ in range(20):  # the game's frames, a second apart
        clock.now += 1.0
        store.retry()
        play_and_end(store, 2)
    assert store.take_notices() == [Notice("cannot_save_busy", {"folder": str(home)})]
    assert store.save_failed
    held()
    clock.now += writing.BUSY_RETRY_SECONDS
    store.retry()
    assert store.take_notices() == [Notice("saving_again")] and not store.save_failed
    assert Store(home).stats(K1).played == 21  # every game, once


def test_flush_waits_for_the_lock_a_little_and_says_whether_all_is_saved(
        home: Path, held, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game ending: no frame waits, so the lock is waited for (WAIT_SECONDS at most)."""
    monkeypatch.setattr(writing, "WAIT_SECONDS", 0.05)
    store = Store(home)
    play_and_end(store, 3)
    assert store.flush() is False
    held()
    assert store.flush() is True and Store(home).stats(K1).played == 1


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="SIGSTOP is POSIX")
def test_a_copy_stopped_while_writing_does_not_stop_the_other(home: Path, never_wait, clock: Clock) -> None:
    """The attack of the issue: a real process takes the lock and is stopped (kill -STOP)."""
    home.mkdir(parents=True)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import os, signal, sys; from pathlib import Path\n"
         "from solitaire.store.lock import folder_lock\n"
         "with folder_lock(Path(sys.argv[1])):\n"
         "    print('held', flush=True)\n"
         "    os.kill(os.getpid(), signal.SIGSTOP)\n", str(home)],
        stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        assert holder.stdout.readline() == "held\n"  # type: ignore[union-attr]
        _, status = os.waitpid(holder.pid, os.WUNTRACED)  # stopped now (a SIGCONT before would be lost)
        assert os.WIFSTOPPED(status)
        store = Store(home)
        play_and_end(store, 5)
        assert not (home / "stats.json").exists()
    finally:
        holder.send_signal(signal.SIGCONT)
        assert holder.wait(timeout=60) == 0
    clock.now += writing.BUSY_RETRY_SECONDS
    store.retry()
    assert Store(home).stats(K1).played == 1


def test_the_lock_is_still_one_writer_at_a_time(home: Path) -> None:
    """Giving up at once changes nothing in what the lock guarantees: taken, it is refused."""
    home.mkdir(parents=True)
    with folder_lock(home):
        with pytest.raises(TimeoutError):
            with folder_lock(home):
                pass


def test_a_save_whose_delete_waited_is_deleted_when_the_slot_s_next_game_ends_too(home: Path) -> None:
    """Seen once in two processes playing at once: a game ended while the lock was taken, the
    next game in its slot saved and ended before the lock came free; the first one's save,
    counted, stayed on disk (its delete had been replaced by the next game's save)."""
    store = Store(home)
    store.save_game(K1, make_game(1))  # written: the lock is free
    fd = os.open(home / LOCK_FILE, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        store.end_game(K1, Outcome(True, 1, 60.0, 2))  # its delete waits for the lock ...
        play_and_end(store, 2)  # ... while the next game in the slot is saved and ended
    finally:
        os.close(fd)
    assert store.flush()
    assert not list((home / "saves").glob("*.json")) and Store(home).stats(K1).played == 2
