"""The window: resizable when windowed, the whole screen when full screen.

Windowed, the drawing surface is the real window size and the layout follows it, so clicks map
one to one. Full screen is SDL's desktop full screen on the same window (``Window.set_fullscreen``):
leaving it gives back the window's last size and place, with or without a window manager. Going
through ``set_mode`` instead (as before issue 22) left, under openbox, a screen-sized window
mostly off the screen, and that size was saved.

A window is never larger than the screen's usable area (the desktop less its panels) with the
window manager's frame around it: a size asked for (``--size``, a saved size, a resize by the
window manager) is clamped to it. A 16384×16384 window cost 16 s and 3.3 GB at every start
(issue 12), and a screen-sized one put its title bar and its bottom row of buttons off screen.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings

import pygame

from solitaire.app import native
from solitaire.core.quote import shown

log = logging.getLogger(__name__)

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 800)
HEADLESS_MAX_SIZE = (4096, 4096)
"""The largest surface on a driver without a screen (tests, screenshots up to 4K)."""

#: SDL's drivers that draw into memory: what SDL falls back to when no real display answers.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def largest_size() -> tuple[int, int]:
    """The biggest window the screen can show whole: its usable area less the window's frame
    (the whole desktop where the usable area is unknown; the headless limit without a screen)."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return HEADLESS_MAX_SIZE
    width, height = native.usable_size() or Display.desktop_size()
    frame_w, frame_h = native.frame_size() or (0, 0)
    return width - frame_w, height - frame_h


#: SDL hints the game sets unless the player's environment already does. The first two keep
#: OpenGL out of a game whose frames are plain 2D blits: framebuffer acceleration (the window) and
#: the renderer. Under X11 with Mesa's software OpenGL they cost ~100 MB of resident memory and
#: turned ~1 ms frames into 7-13 ms ones (bench --frames under Xvfb, 1920×1080; issue 11's note).
#: The third lets the click that activates the window reach the game: SDL drops it by default
#: on X11, so a drag begun on an inactive window was lost (issue 22).
DEFAULT_HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_RENDER_DRIVER": "software",
                 "SDL_MOUSE_FOCUS_CLICKTHROUGH": "1"}


class NoDisplay(Exception):
    """There is no screen to open the window on; the message says why, in one line."""


def start_video() -> str:
    """Start SDL's video and return its driver's name, or raise :class:`NoDisplay`.

    Without this, a game started with no display (an SSH session, a service) would run for
    ever on SDL's offscreen driver, drawing for nobody. A driver asked for in
    ``SDL_VIDEODRIVER`` (``dummy`` for tests and ``--smoke``) is always taken as it is.
    ``DEFAULT_HINTS`` go into the environment first, where SDL reads them, unless already set.
    """
    environ = os.environ
    for name, value in DEFAULT_HINTS.items():
        environ.setdefault(name, value)
    requested = bool(environ.get("SDL_VIDEODRIVER"))
    unix = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
    if unix and not requested and not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("Solitaire needs a screen to open its window on, and there is none here "
                        "(neither DISPLAY nor WAYLAND_DISPLAY is set).")
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(f"Solitaire cannot open its window: {error}.") from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and not requested:
        pygame.display.quit()
        raise NoDisplay(f"Solitaire found no screen to open its window on (SDL could only start "
                        f"its {driver!r} driver, which shows nothing).")
    return driver


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    """Between the minimum and the screen; on a screen smaller than the minimum, the screen wins."""
    most = largest_size()
    width = min(max(MIN_SIZE[0], int(size[0])), most[0])
    height = min(max(MIN_SIZE[1], int(size[1])), most[1])
    return width, height


def first_window_size(screen: tuple[int, int]) -> tuple[int, int]:
    """Three quarters of the screen's width and four fifths of its height (the screen's own shape,
    room left around it), never smaller than 1280x800 where the screen has room for that with
    a tenth of its width and some 15% of its height to spare (panels and the title bar)."""
    w, h = screen
    return (min(max(DEFAULT_SIZE[0], int(w * 0.75)), int(w * 0.9)),
            min(max(DEFAULT_SIZE[1], int(h * 0.8)), int(h * 0.85)))


class Display:
    """Owns the display surface; ``size`` is what scenes lay out against, ``windowed_size`` what
    the window is (or comes back to) when not full screen: the size worth saving."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        title: str = "Solitaire",
        icon: pygame.Surface | None = None,
    ) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)
        self.windowed_size = _clamp(size) if size else self._default_window_size()
        #: The size chosen from the screen when none was given (None: one was): not worth saving.
        self.first_size = None if size else self.windowed_size
        self.fullscreen = False
        self.surface: pygame.Surface = self._set_windowed()
        if _clamp(self.windowed_size) != self.windowed_size:  # the frame is known once the window is
            self.windowed_size = _clamp(self.windowed_size)
            self.surface = self._set_windowed()
        if fullscreen:
            self.toggle_fullscreen()

    @staticmethod
    def desktop_size() -> tuple[int, int]:
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else DEFAULT_SIZE

    def _default_window_size(self) -> tuple[int, int]:
        """The first window, before the player ever sized one: chosen from the screen (issue 33;
        a 4K screen opened 1280x800)."""
        return _clamp(first_window_size(native.usable_size() or self.desktop_size()))

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _set_windowed(self) -> pygame.Surface:
        surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        return surface

    @staticmethod
    def _window() -> pygame.Window:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pygame's advice to draw through Window: not taken here
            return pygame.Window.from_display_module()

    @classmethod
    def _set_minimum_size(cls) -> None:
        try:
            most = largest_size()
            cls._window().minimum_size = (min(MIN_SIZE[0], most[0]), min(MIN_SIZE[1], most[1]))
        except (AttributeError, pygame.error) as exc:
            log.debug("window minimum size not set: %s", exc)

    def toggle_fullscreen(self) -> tuple[int, int]:
        """Switch between windowed and full screen; returns the new surface size.

        The same window goes full screen and comes back: SDL keeps its windowed size and place
        and gives them back, and a window manager restores its own record of them too.
        """
        window = self._window()
        try:
            if self.fullscreen:
                window.set_windowed()
                if tuple(window.size) != self.windowed_size:  # a window manager kept another size
                    window.size = self.windowed_size
            else:
                window.set_fullscreen(desktop=True)
            self.fullscreen = not self.fullscreen
        except pygame.error as exc:
            log.warning("full screen unavailable: %s", exc)
        self.surface = pygame.display.get_surface() or self.surface
        return self.size

    def handle_resize(self) -> tuple[int, int] | None:
        """After a window resize event: the new size, or None if nothing changed for layout.

        A window dragged below the minimum is set back to it (the minimum-size hint is not
        honoured by every window manager), and one made larger than the screen back to the screen.
        """
        self.surface = pygame.display.get_surface() or self.surface
        if self.fullscreen:
            return self.size
        size = self.size
        self.windowed_size = _clamp(size)
        if self.windowed_size != size:
            self.surface = self._set_windowed()
        return self.size

    def first_colour(self, colour: tuple[int, int, int]) -> None:
        """Show the new window in one colour while the game loads (not a frame: ``flip`` is the
        frames'), so it is not black or the screen behind until the first frame is drawn."""
        self.surface.fill(colour)
        pygame.display.flip()

    def flip(self, area: pygame.Rect | None = None) -> None:
        """Show the frame: all of it, or only ``area`` when that is all that changed."""
        if area is None:
            pygame.display.flip()
        else:
            pygame.display.update(area)

    def screenshot(self, path: str) -> None:
        """Save the frame as a picture; ScreenshotFailed when it cannot be written (a disk full
        since the run began, a folder taken away)."""
        try:
            pygame.image.save(self.surface, path)
        except (pygame.error, OSError) as error:
            raise ScreenshotFailed(f"--screenshot: cannot write {shown(path)}: {error}") from None


class ScreenshotFailed(Exception):
    """The picture a run was asked for could not be written; the run itself went well."""
