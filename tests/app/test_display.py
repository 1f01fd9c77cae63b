"""Issue 12: the window is never larger than the screen, whatever is asked or saved; issue 22: nor
than the screen's usable area with the window's frame around it, and full screen gives the
window back as it was."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from solitaire.app import native
from solitaire.app.display import HEADLESS_MAX_SIZE, MIN_SIZE, Display, first_window_size
from solitaire.main import _persist, run
from solitaire.store import Store

SCREEN = (1366, 768)


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A real-looking 1366×768 screen under the dummy driver."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [SCREEN])
    monkeypatch.setattr(native, "usable_size", lambda: SCREEN)
    monkeypatch.setattr(native, "frame_size", lambda: (0, 0))
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
    monkeypatch.setattr(native, "usable_size", lambda: None)
    monkeypatch.setattr(native, "frame_size", lambda: None)
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


PANEL, FRAME = 40, (2, 25)  # a 40 px panel; openbox's frame: a 1 px border each side, title and handle


@pytest.fixture
def desktop_with_panel(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A 1920×1080 screen with a panel, windows framed by a window manager: what fits whole."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    monkeypatch.setattr(native, "usable_size", lambda: (1920, 1080 - PANEL))
    monkeypatch.setattr(native, "frame_size", lambda: FRAME)
    pygame.display.init()
    yield 1920 - FRAME[0], 1080 - PANEL - FRAME[1]
    pygame.display.quit()


def test_a_window_never_exceeds_the_usable_area_with_its_frame(desktop_with_panel: tuple[int, int]) -> None:
    """A saved or asked 1920×1080 window put its title bar and bottom row of buttons off screen."""
    assert Display((1920, 1080)).size == desktop_with_panel
    display = Display((1280, 800))
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)  # the window manager made it screen-sized
    assert display.handle_resize() == desktop_with_panel == display.windowed_size


def test_full_screen_and_back_keeps_the_window(desktop_with_panel: tuple[int, int]) -> None:
    display = Display((1280, 800))
    window = display._window()
    window.position = (150, 110)
    display.toggle_fullscreen()
    assert display.fullscreen and display.windowed_size == (1280, 800)
    assert display.toggle_fullscreen() == (1280, 800)
    assert not display.fullscreen and tuple(window.position) == (150, 110)


def test_the_size_saved_is_the_windows_not_the_screens(tmp_path: Path) -> None:
    """Just after leaving full screen the surface can still be screen-sized (the window manager
    answers later): the window's own size is what is saved (issue 22)."""
    store = Store(tmp_path)
    display = SimpleNamespace(fullscreen=False, size=(1920, 1080), windowed_size=(1280, 800))
    _persist(store, store.settings.updated(fullscreen=False), display, {})
    assert Store(tmp_path).settings.window_size == (1280, 800)


@pytest.mark.parametrize("screen, first", [((3840, 2160), (2880, 1728)), ((2560, 1440), (1920, 1152)),
                                           ((1920, 1080), (1440, 864)), ((1366, 768), (1229, 652)),
                                           ((1280, 800), (1152, 680))])
def test_the_first_window_is_chosen_from_the_screen(screen, first) -> None:
    """Issue 33: a 4K screen opened the 1280x800 window of a laptop's."""
    assert first_window_size(screen) == first


@pytest.fixture
def screen_4k(monkeypatch: pytest.MonkeyPatch):
    """A 3840×2160 screen under the dummy driver."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    monkeypatch.setattr(native, "usable_size", lambda: (3840, 2160))
    monkeypatch.setattr(native, "frame_size", lambda: (0, 0))
    pygame.display.init()
    yield
    pygame.display.quit()


def test_a_player_who_never_sized_the_window_gets_the_screens_first_size(screen_4k, tmp_path: Path) -> None:
    assert Store(tmp_path).settings.window_size is None  # never sized: nothing saved to reuse
    display = Display(Store(tmp_path).settings.window_size)
    assert display.windowed_size == display.size == (2880, 1728)
    _persist(Store(tmp_path), Store(tmp_path).settings, display, {})
    assert Store(tmp_path).settings.window_size is None  # chosen again next time, from that screen
    display.windowed_size = (2000, 1200)  # sized by the player
    _persist(Store(tmp_path), Store(tmp_path).settings, display, {})
    assert Store(tmp_path).settings.window_size == (2000, 1200)
