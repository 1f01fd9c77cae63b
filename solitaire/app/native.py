"""What pygame-ce 2.5 does not tell, asked of the libraries under it through ``ctypes``.

* The screen's *usable* area (the desktop less its panels and docks: SDL's
  ``SDL_GetDisplayUsableBounds``) and the window's frame (its title bar and borders:
  ``SDL_GetWindowBordersSize``): a window that fits both is never partly off screen (issue 22).
* The X server's connection, so an idle game can sleep on it instead of polling (issue 22).

Each answer is None where it cannot be had (another platform, a driver without a screen, a
library not found); callers then fall back to what pygame says.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import logging
import os
import sys
import warnings

import pygame

log = logging.getLogger(__name__)

#: Where pygame-ce's wheels and a PyInstaller bundle keep their own SDL library: the copy that
#: is already loaded and running the window (another copy would have no video started).
SDL_NAMES = ("libSDL2-2.0*.so*", "libSDL2-2-*.so*", "libSDL2-2.0*.dylib", "SDL2.dll")


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@functools.cache
def _sdl() -> ctypes.CDLL | None:
    """pygame's own SDL library, or None when it cannot be found."""
    package = os.path.dirname(pygame.__file__)
    folders = [package, os.path.join(package, ".dylibs"),
               os.path.join(os.path.dirname(package), "pygame_ce.libs")]
    if hasattr(sys, "_MEIPASS"):  # a PyInstaller bundle
        folders += [sys._MEIPASS, os.path.join(sys._MEIPASS, "pygame_ce.libs")]
    for folder in folders:
        for name in SDL_NAMES:
            for path in sorted(glob.glob(os.path.join(folder, name))):
                try:
                    library = ctypes.CDLL(path)
                except OSError as error:
                    log.debug("SDL library %s not loaded: %s", path, error)
                    continue
                library.SDL_GetWindowFromID.restype = ctypes.c_void_p
                library.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
                return library
    log.debug("pygame's SDL library not found: usable area and window frame unknown")
    return None


def usable_size() -> tuple[int, int] | None:
    """The first screen's usable area (panels and docks left out), in pixels."""
    sdl = _sdl()
    if sdl is None or not pygame.display.get_init():
        return None
    rect = _Rect()
    if sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
        return None
    return rect.w, rect.h


def frame_size() -> tuple[int, int] | None:
    """What the window manager adds around the window: (left + right, top + bottom) pixels."""
    sdl = _sdl()
    if sdl is None or pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame's advice to draw through Window: not taken here
        window = sdl.SDL_GetWindowFromID(pygame.Window.from_display_module().id)
    top, left, bottom, right = (ctypes.c_int() for _ in range(4))
    if not window or sdl.SDL_GetWindowBordersSize(ctypes.c_void_p(window), ctypes.byref(top), ctypes.byref(left),
                                                  ctypes.byref(bottom), ctypes.byref(right)) != 0:
        return None
    return left.value + right.value, top.value + bottom.value


@functools.cache
def _xlib() -> ctypes.CDLL | None:
    try:
        library = ctypes.CDLL("libX11.so.6")
    except OSError:
        return None
    library.XConnectionNumber.argtypes = [ctypes.c_void_p]
    return library


def x_connection() -> int | None:
    """The file descriptor of SDL's connection to the X server, or None (not X11, no window).

    Everything the window gets (input, exposure, resizes) arrives on it, so ``select`` on it
    sleeps until there is something to read.
    """
    if pygame.display.get_init() is False or pygame.display.get_driver() != "x11":
        return None
    capsule = pygame.display.get_wm_info().get("display")
    xlib = _xlib()
    if capsule is None or xlib is None:
        return None
    pointer = ctypes.pythonapi.PyCapsule_GetPointer
    pointer.restype, pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    try:
        display = pointer(capsule, b"display")
    except ValueError:
        return None
    return xlib.XConnectionNumber(display) if display else None
