"""The green baize under every table: a soft radial light, a darker rim and a faint fibre noise;
plain dark in high contrast.

A window resize makes a new felt before its first frame, so it is made in a few passes over the
window's pixels (issue 33 item 7: at 4K the former per-tile alpha blend took ~0.15 s): the light
is a small gradient stretched straight into the felt, darkened beforehand by what the noise's
share takes, and the noise is added on top at that share.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from solitaire.view import palette

NOISE_SHARE = 14  # of 255: how much of each pixel is the fibre noise
TILE = 128  # the noise tile's side; it repeats across the felt
_kept: dict[tuple[int, int, bool], pygame.Surface] = {}
_begun: dict[tuple[int, int, bool], pygame.Surface] = {}  # a felt's light, its fibre still to come
"""The felts kept: those of the latest size asked for (every caller asks for the window's), in
either look. A window-sized felt is 8 MB at 1920×1080, 33 MB at 4K: one left behind by a resize
is let go when the next size is asked for."""


@lru_cache(maxsize=1)
def _noise_tile() -> pygame.Surface:
    """Grey noise, partly softened, so the felt reads as fibre rather than static; its values
    already cut to ``NOISE_SHARE``, to be added."""
    rng = random.Random(20240611)
    values = rng.randbytes(TILE * TILE)
    fine = pygame.image.frombuffer(bytes(v for b in values for v in (b, b, b)), (TILE, TILE), "RGB")
    tile = pygame.transform.smoothscale(pygame.transform.smoothscale(fine, (TILE // 4, TILE // 4)), (TILE, TILE))
    fine.set_alpha(128)
    tile.blit(fine, (0, 0))
    share = pygame.Surface((TILE, TILE))
    share.fill((NOISE_SHARE * 256 // 255,) * 3)
    tile.blit(share, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return tile


def _light(w: int, h: int) -> pygame.Surface:
    """The radial light as a small picture, darkened by the noise's share."""
    gw = 48
    gh = max(2, round(gw * h / w))
    gradient = pygame.Surface((gw, gh))
    c0, c1 = palette.FELT_CENTRE, palette.FELT_EDGE
    keep = (255 - NOISE_SHARE) / 255
    for y in range(gh):
        for x in range(gw):
            dx = (x + 0.5) / gw - 0.5
            dy = ((y + 0.5) / gh - 0.42) * (gh / gw)
            t = min(1.0, math.hypot(dx, dy) * 1.55) ** 1.7
            gradient.set_at((x, y), tuple(round((a + (b - a) * t) * keep) for a, b in zip(c0, c1)))
    return gradient


def felt(size: tuple[int, int], plain: bool = False) -> pygame.Surface:
    """The felt at ``size``; ``plain`` (high contrast): one dark colour, nothing for the eye to
    sort from the cards.

    Kept for the latest size; the result is shared, so draw it, never draw on it.
    """
    key = _key(size, plain)
    if key not in _kept:
        for other in [k for k in _kept if k[:2] != key[:2]]:
            del _kept[other]
        surface = _begun.pop(key, None) or _lit(key)
        if not plain:
            tile = _noise_tile()
            surface.fblits([(tile, (x, y)) for y in range(0, key[1], TILE) for x in range(0, key[0], TILE)],
                           pygame.BLEND_RGB_ADD)
        _kept[key] = surface
    return _kept[key]


def begun(size: tuple[int, int], plain: bool = False) -> pygame.Surface:
    """The felt at ``size`` if it is made, else its light alone, made now and finished into the
    felt by the next ``felt`` call: the first frame at a new window size (``view.layer``) shows
    it, so that no frame makes the whole felt besides the window's other new pictures."""
    key = _key(size, plain)
    if key in _kept:
        return _kept[key]
    if key not in _begun:
        _begun.clear()
        _begun[key] = _lit(key)
    return _begun[key]


def light(size: tuple[int, int], plain: bool = False) -> pygame.Surface:
    """A new surface of the felt's light alone at ``size``, not kept: a small felt (a game's
    picture in the chooser) that must not take the window's felt's place in the cache."""
    return _lit(_key(size, plain))


def forget() -> None:
    """Let every kept felt go (the next is made afresh)."""
    _kept.clear()
    _begun.clear()


def _key(size: tuple[int, int], plain: bool) -> tuple[int, int, bool]:
    return max(1, int(size[0])), max(1, int(size[1])), bool(plain)


def _lit(key: tuple[int, int, bool]) -> pygame.Surface:
    """A window-sized surface with the felt's light (or high contrast's plain colour)."""
    w, h, plain = key
    screen = pygame.display.get_surface()
    surface = pygame.Surface((w, h), 0, screen) if screen is not None else pygame.Surface((w, h))
    if plain:
        surface.fill(palette.HC_TABLE)
        return surface
    light = _light(w, h)
    pygame.transform.smoothscale(light.convert(surface) if screen is not None else light, (w, h), surface)
    return surface
