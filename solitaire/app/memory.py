"""Memory given back when the game goes idle after a screen closed or the window shrank
(issue 33 item 8).

A closed screen's pictures (its table layer, its cards, a dialog's panel) are freed when the
garbage collector breaks the cycles a scene makes with the app; the C library then keeps the
freed pages for the process unless asked to give them back (glibc's ``malloc_trim``): 65 MB of
a 184 MB game after every screen had been opened once. The loop calls ``App.tidy`` as it goes
to sleep on the event queue, when no frame is being waited for, so nobody sees the few
milliseconds it takes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import lru_cache
from typing import Any

import pygame


@lru_cache(maxsize=1)
def _trim() -> Any:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def give_back() -> None:
    """Collect the cycles closed screens left, and return the freed memory to the system."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)


def screens(count: float) -> int:
    """The bytes of ``count`` window-sized surfaces (at least 1280×720's): what a cache of
    pictures may keep, so that a 4K window's dialogs are not remade every frame and a small
    window's caches stay small."""
    screen = pygame.display.get_surface()
    w, h = screen.get_size() if screen is not None else (0, 0)
    return int(count * 4 * max(w * h, 1280 * 720))


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
