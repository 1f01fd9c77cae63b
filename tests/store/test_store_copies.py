"""Two copies of the game open on one folder (issue 12): nothing either of them did is lost.

Each copy does what the game does: opens the store and builds its settings from it, plays
(a save after every move, then the end of the game), changes settings (through the settings
listener, as `solitaire.main` wires it, or straight to the store, as the New game window does) and
quits (the listener's last save and a flush). Every order of the two copies' steps is played,
each on a fresh folder; then two real processes play many games at once.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from solitaire.main import DEFAULT_SETTINGS, _persist
from solitaire.store import Outcome, Settings, Store, mode_key
from store_helpers import make_game, validate_game

K1 = mode_key("klondike", 1, "standard")
K3 = mode_key("klondike", 3, "standard")
T1 = mode_key("thoughtful", 1, "standard")
REPO = Path(__file__).resolve().parents[2]


@dataclass
class FakeDisplay:
    size: tuple[int, int]
    fullscreen: bool = False

    @property
    def windowed_size(self) -> tuple[int, int]:
        """A window never made full screen is its own windowed size."""
        return self.size


@dataclass
class Copy:
    """One copy of the game: its store and the settings dict its App holds."""

    name: str
    home: Path
    display: FakeDisplay
    store: Store | None = None
    settings: Settings = DEFAULT_SETTINGS

    def open(self) -> None:
        self.store = Store(self.home)
        self.settings = self.store.settings

    def change(self, name: str, value: object) -> None:
        """A change in the settings dialog: the App's listener saves it."""
        self.settings = self.settings.updated(**{name: value})
        _persist(self.store, self.settings, self.display, {})

    def play(self, slot: str, seed: int, won: bool, end: bool = True) -> None:
        for moves in range(1, 3):
            self.store.save_game(slot, make_game(seed) | {"moves": moves})
        if end:
            self.store.end_game(slot, Outcome(won, seed, 60.0, 2))

    def quit(self) -> None:
        _persist(self.store, self.settings, self.display, {})
        assert self.store.flush()


def steps_of(copy: Copy, other_slot: str, seed: int, setting: tuple[str, object],
             per_game: dict[str, dict[str, object]]) -> list[Callable[[], None]]:
    """Open; start a Klondike game (the other copy plays one in the same slot); change a setting
    in the dialog and a per-game choice in New game; end the Klondike game and play one in
    another mode; quit."""
    return [
        copy.open,
        lambda: copy.play(K1, seed, won=True, end=False),
        lambda: (copy.change(*setting), copy.store.update_settings(**per_game)),
        lambda: (copy.store.end_game(K1, Outcome(True, seed, 60.0, 2)), copy.play(other_slot, seed + 1, won=False)),
        copy.quit,
    ]


def interleavings(a: int, b: int) -> Iterator[tuple[str, ...]]:
    """Every order of `a` steps of copy A and `b` of copy B, each copy's own steps in order."""
    for places in itertools.combinations(range(a + b), a):
        yield tuple("A" if i in places else "B" for i in range(a + b))


def test_two_copies_in_every_order_lose_no_game_and_no_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # what survives a power cut is not the question here
    orders = 0
    for order in interleavings(5, 5):
        home = tmp_path / f"order{orders}"
        a = Copy("A", home, FakeDisplay((1100, 700)))
        b = Copy("B", home, FakeDisplay((1300, 900)))
        steps = {"A": iter(steps_of(a, T1, 10, ("volume", 0.3), {"draw": {"klondike": 3}})),
                 "B": iter(steps_of(b, K3, 20, ("card_back", "red"), {"scoring": {"double": "vegas"}}))}
        for who in order:
            next(steps[who])()
        after = Store(home)
        stats = after.all_stats()
        assert {key: record.played for key, record in stats.items()} == {K1: 2, T1: 1, K3: 1}, order
        assert stats[K1].won == 2 and stats[T1].won == 0 and stats[K3].won == 0, order
        settings = after.settings
        assert (settings.volume, settings.card_back) == (0.3, "red"), order
        assert settings.draw["klondike"] == 3 and settings.scoring["double"] == "vegas", order
        assert settings.window_size in (a.display.size, b.display.size), order  # the last one written
        assert after.load_game(K1, validate_game) is None, f"a counted game is still resumable: {order}"
        assert after.notices == [], order
        orders += 1
    assert orders == 252
    print(f"2 copies, {orders} orders, 4 games each order, every one counted once")


PLAYER = """
import sys
from pathlib import Path
from solitaire.store import Outcome, Store
from store_helpers import make_game
home, name, games = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
sys.stdin.readline()
store = Store(home)
for i in range(games):
    slot = "klondike-d1-standard" if i % 2 == 0 else sys.argv[4]
    for moves in range(1, 3):
        store.save_game(slot, make_game(i) | {"moves": moves})
    store.end_game(slot, Outcome(i % 4 == 0, i, 30.0, 2))
    if name == "A":
        store.update_settings(volume=round(i / games, 3))
    else:
        store.update_settings(animation_speed=1.0 + i / games)
assert store.flush() and store.notices == []
"""


def test_two_processes_playing_at_once_lose_nothing(tmp_path: Path) -> None:
    """Two real processes on one folder, each ending a game every few milliseconds, half of them
    in the same slot, each changing its own setting after every game."""
    games = 60
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]))
    players = [subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path), name, str(games), other],
                                stdin=subprocess.PIPE, env=env)
               for name, other in (("A", T1), ("B", K3))]
    for player in players:
        player.stdin.write(b"go\n")  # type: ignore[union-attr]
        player.stdin.close()  # type: ignore[union-attr]
    assert [player.wait(timeout=120) for player in players] == [0, 0]
    store = Store(tmp_path)
    played = {key: record.played for key, record in store.all_stats().items()}
    assert played == {K1: games, T1: games // 2, K3: games // 2}
    assert store.stats(K1).won == 2 * len(range(0, games, 4))
    assert store.settings.volume == round((games - 1) / games, 3)
    assert store.settings.animation_speed == 1.0 + (games - 1) / games
    assert not list((tmp_path / "saves").glob("*.json"))
    print(f"2 processes, {2 * games} games, all counted once")
