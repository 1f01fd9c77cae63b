"""Drawing helpers for the card art: a suit's ink, glyphs cut to their ink, and shapes drawn
at a multiple of their size and ``smoothscale``d down (anti-aliased edges). A card's rank, suit
and colour are the core's (``solitaire.core.cards``, C-1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from solitaire.app.resources import asset_path

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

Colour = tuple[int, int, int] | tuple[int, int, int, int]


# --- fonts and glyphs -------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(name: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", name)), max(1, size))


def close_fonts() -> None:
    """Let go of every font the drawing opened (each holds its file open): a run's end."""
    _font.cache_clear()


def _ink_crop(surface: pygame.Surface) -> pygame.Surface:
    """The part of a rendered glyph that has ink, so glyphs align by their shapes."""
    return surface.subsurface(surface.get_bounding_rect(min_alpha=8)).copy()


@lru_cache(maxsize=None)
def _cap_ratio(name: str) -> float:
    """Ink height of a capital per pixel of font size, to size text by its visible height."""
    probe = _ink_crop(_font(name, 200).render("E", True, (0, 0, 0)))
    return probe.get_height() / 200


@lru_cache(maxsize=16)
def _master_glyph(text: str, colour: tuple[int, int, int], name: str = "DejaVuSans.ttf") -> pygame.Surface:
    """A large ink-cropped rendering that smaller sizes are box-filtered down from."""
    return _ink_crop(_font(name, 320).render(text, True, colour))


def glyph(text: str, colour: tuple[int, int, int], height: int, name: str = "DejaVuSans.ttf") -> pygame.Surface:
    """A symbol scaled to an exact ink height (suit pips look best filtered, not hinted)."""
    master = _master_glyph(text, colour, name)
    height = max(2, height)
    width = max(1, round(master.get_width() * height / master.get_height()))
    return pygame.transform.smoothscale(master, (width, height))


def cap_text(label: str, colour: tuple[int, int, int], cap_height: int, name: str) -> pygame.Surface:
    """Hinted text whose capitals are ``cap_height`` pixels tall, ink-cropped, tightly set.

    Characters are set one by one so "10" is as narrow as the single-figure ranks.
    """
    size = max(4, round(cap_height / _cap_ratio(name)))
    font = _font(name, size)
    parts = [_ink_crop(font.render(ch, True, colour)) for ch in label]
    gap = max(0, round(cap_height * 0.06))
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    height = max(p.get_height() for p in parts)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.fill((*colour, 0))
    x = 0
    for p in parts:
        out.blit(p, (x, height - p.get_height()))
        x += p.get_width() + gap
    return out


# --- supersampled drawing ---------------------------------------------------------------


def supersample(size: tuple[int, int], factor: int, draw: Callable[[pygame.Surface, float], None],
                 clear: tuple[int, int, int] = (0, 0, 0)) -> pygame.Surface:
    """Draw on a ``factor`` times larger canvas and box-filter it down: anti-aliased shapes.

    ``clear`` is the colour of the transparent background, so filtered edges blend towards
    the shape's own colour rather than darkening.
    """
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((*clear, 0))
    draw(big, float(factor))
    return pygame.transform.smoothscale(big, size)


def sample_factor(width: int) -> int:
    """Supersampling factor; a power of two, as odd factors make smoothscale lose a little
    alpha (253 instead of 255) and let the table show through the card."""
    return 4 if width < 140 else 2


def rrect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect | tuple, radius: float,
           width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(0, round(radius)))


def mask_to(surface: pygame.Surface, mask: pygame.Surface) -> None:
    """Keep ``surface`` only where ``mask`` is opaque (alpha multiply)."""
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def rrect_mask(size: tuple[int, int], rect: pygame.Rect, radius: float) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    rrect(mask, (255, 255, 255, 255), rect, radius)
    return mask


def ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is one: blits get several times faster."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
