"""Issue 12: the window is never larger than the screen, whatever is asked or saved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from solitaire.app.display import HEADLESS_MAX_SIZE, MIN_SIZE, Display
from solitaire.main import run
from solitaire.store import Store

SCREEN = (1366, 768)


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A real-looking 1366×768 screen under the dummy driver."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [SCREEN])
    pygame.display.init()
    yield SCREEN
    pygame.display.quit()


def test_a_window_asked_larger_than_the_screen_fits_the_screen(screen: tuple[int, int]) -> None:
    assert Display((16384, 16384)).size == screen
    assert Display((5000, 700)).size == (screen[0], 700)
    assert Display((100, 100)).size == MIN_SIZE


def test_a_resize_beyond_the_screen_is_set_back(screen: tuple[int, int]) -> None:
    display = Display((1200, 700))
    pygame.display.set_mode((4000, 3000), pygame.RESIZABLE)
    assert display.handle_resize() == screen and display.size == screen
    pygame.display.set_mode((1000, 650), pygame.RESIZABLE)
    assert display.handle_resize() == (1000, 650)


def test_a_screen_smaller_than_the_minimum_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 480)])
    pygame.display.init()
    try:
        assert Display((1280, 800)).size == (800, 480)
    finally:
        pygame.display.quit()


def test_without_a_screen_sizes_stop_at_the_headless_limit() -> None:
    pygame.display.init()
    try:
        assert Display((20000, 300)).size == (HEADLESS_MAX_SIZE[0], MIN_SIZE[1])
    finally:
        pygame.display.quit()


def test_the_saved_window_size_is_what_the_screen_shows(screen: tuple[int, int], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`--size 16384x16384` was saved, and cost 16 s and 3.3 GB at every start after."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    assert run(smoke=True, frames=2, size=(5000, 3000)) == 0
    assert Store(tmp_path).settings.window_size == screen
