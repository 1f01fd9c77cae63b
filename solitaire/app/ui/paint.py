"""The widgets' look: colours, and rounded shapes, rings, shadows and panels drawn 2 or 4 times
larger and smooth-scaled down (``draw.rect(border_radius=...)`` is not anti-aliased), cached.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from solitaire.app.memory import screens, surface_bytes
from solitaire.app.text import SMALLEST_PX

Colour = tuple[int, ...]

INK = (246, 241, 226)
INK_DIM = (190, 200, 190)
INK_DARK = (48, 34, 10)
GOLD_TOP = (246, 212, 122)
GOLD_BOTTOM = (204, 150, 52)
GOLD = (226, 184, 84)
FOCUS = (120, 220, 255)
ERROR = (255, 150, 130)
PANEL = (14, 30, 22)  # opaque: a dialog hides the cards and text under it
PANEL_EDGE = (52, 65, 59)  # white at 16% over PANEL, as opaque as the panel
SECONDARY = (255, 255, 255, 30)
SECONDARY_HOVER = (255, 255, 255, 52)
SECONDARY_EDGE = (255, 255, 255, 70)
TRACK_OFF = (255, 255, 255, 46)
FOCUS_HIGH_CONTRAST = (255, 226, 0)


TEXT_SCALES = {"normal": 1.0, "large": 1.2, "largest": 1.4}
"""How much larger every text is at each ``text_size`` setting."""


class Look:
    """What the player's comfort settings change in every widget and scene at once (they are
    built without knowing the settings; the App sets this from them)."""

    high_contrast = False
    text_scale = 1.0

    @classmethod
    def focus(cls) -> tuple[Colour, float]:
        """The keyboard focus ring's colour, and its width as a multiple of the usual: in high
        contrast a yellow ring twice as thick."""
        return (FOCUS_HIGH_CONTRAST, 2.0) if cls.high_contrast else (FOCUS, 1.0)


def _super(w: int, h: int) -> int:
    """How many times larger a rounded shape is drawn before it is smooth-scaled down.

    A power of two: with an odd factor ``smoothscale`` loses a little alpha and colour
    (253 instead of 255), so an opaque panel would let the table show through. Large shapes
    get 2, which is smooth enough and keeps a 4K dialog's scratch surface small.
    """
    return 4 if max(w, h) <= 512 else 2


def hairline(control_h: int) -> int:
    """The width of a thin line (an edge, a rule) beside controls ``control_h`` pixels high:
    one pixel at 1280x720, three at 4K, so a large window is not drawn in hairlines.
    """
    return max(1, control_h // 44)


#: The shapes kept, in window-sized surfaces (``memory.screens``): a dialog's panel and its
#: shadow are each most of a window, and every dialog size seen was kept (111 MB after each
#: scene was opened once at 1920×1061, issue 33 item 8). The least recently used go first.
CACHE_SCREENS = 2
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def remember(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    surface = _cache.get(key)
    if surface is not None:
        _cache.move_to_end(key)
        return surface
    surface = _cache[key] = make()
    kept, bound = sum(surface_bytes(s) for s in _cache.values()), screens(CACHE_SCREENS)
    while kept > bound and len(_cache) > 1:
        kept -= surface_bytes(_cache.popitem(last=False)[1])
    return surface


def rounded_rect(size: tuple[int, int], radius: int, fill: Colour,
                 bottom: Colour | None = None, border: Colour | None = None,
                 border_width: int = 0) -> pygame.Surface:
    """An anti-aliased rounded rectangle, optionally with a vertical gradient and a border."""
    w, h = max(1, size[0]), max(1, size[1])
    radius = max(0, min(radius, w // 2, h // 2))

    def make() -> pygame.Surface:
        k = _super(w, h)
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        r = radius * k
        if bottom is None:
            pygame.draw.rect(big, fill, big.get_rect(), border_radius=r)
        else:
            mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), big.get_rect(), border_radius=r)
            column = pygame.Surface((1, 2), pygame.SRCALPHA)
            column.set_at((0, 0), fill)
            column.set_at((0, 1), bottom)
            pygame.transform.smoothscale(column, big.get_size(), big)
            big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        if border and border_width:
            pygame.draw.rect(big, border, big.get_rect(), width=border_width * k,
                             border_radius=r)
        return pygame.transform.smoothscale(big, (w, h))

    return remember(("rr", w, h, radius, tuple(fill), bottom and tuple(bottom),
                      border and tuple(border), border_width), make)


def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 120) -> pygame.Surface:
    """A blurred dark rounded rectangle ``blur`` pixels larger on every side."""
    w, h = size
    blur = max(2, blur)

    def make() -> pygame.Surface:
        scale = max(2, blur // 8)  # blurred anyway: a 4K dialog's shadow is made small, then grown
        small = pygame.Surface(((w + 2 * blur) // scale, (h + 2 * blur) // scale), pygame.SRCALPHA)
        inner = pygame.Rect(blur // scale, blur // scale, w // scale, h // scale)
        pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(1, radius // scale))
        small = pygame.transform.gaussian_blur(small, max(1, blur // (2 * scale)))
        return pygame.transform.smoothscale(small, (w + 2 * blur, h + 2 * blur))

    return remember(("sh", w, h, radius, blur, alpha), make)


def ring(size: tuple[int, int], radius: int, colour: Colour, width: int) -> pygame.Surface:
    w, h = size

    def make() -> pygame.Surface:
        k = _super(w, h)
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        pygame.draw.rect(big, colour, big.get_rect(), width=width * k, border_radius=radius * k)
        return pygame.transform.smoothscale(big, (w, h))

    return remember(("ring", w, h, radius, tuple(colour), width), make)


def circle(diameter: int, colour: Colour) -> pygame.Surface:
    def make() -> pygame.Surface:
        k = _super(diameter, diameter)
        big = pygame.Surface((diameter * k, diameter * k), pygame.SRCALPHA)
        r = diameter * k / 2
        pygame.draw.circle(big, colour, (r, r), r)
        return pygame.transform.smoothscale(big, (diameter, diameter))

    return remember(("circle", diameter, tuple(colour)), make)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int | None = None) -> None:
    """An opaque dark frame with rounded corners and a soft shadow: what lies under a dialog
    must not show through it (only the veil around it lets the table be seen, dimmed)."""
    radius = radius if radius is not None else max(8, min(rect.w, rect.h) // 24)
    blur = max(8, radius)
    shadow = soft_shadow(rect.size, radius, blur, 140)
    surface.blit(shadow, (rect.x - blur, rect.y - blur + blur // 3))
    edge = max(1, min(rect.w, rect.h) // 400)
    surface.blit(rounded_rect(rect.size, radius, PANEL, border=PANEL_EDGE, border_width=edge),
                 rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 110) -> None:
    """Darken everything drawn so far (under an overlay), as a black veil of ``alpha`` would.

    A multiply in place: no window-sized veil is made each frame (8 ms at 4K; this takes 1).
    """
    keep = 255 - max(0, min(255, alpha))
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)


def font_px(rect: pygame.Rect, ratio: float = 0.4) -> int:
    return max(SMALLEST_PX, int(rect.h * ratio))


def toast_box(surface: pygame.Surface, images: list[pygame.Surface], size: int, fade: float,
              border: Colour | None = None) -> None:
    """Lines of text in a dark rounded box centred above the window's bottom edge, faded by
    ``fade`` (0..1): the table's toasts and the no-speech notice."""
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, max(i.get_width() for i in images) + size * 2,
                      sum(i.get_height() for i in images) + size)
    box.midbottom = (w // 2, h - size)
    surface.blit(rounded_rect(box.size, size // 2, (20, 20, 24, int(225 * fade)), None, border,
                              1 if border else 0), box.topleft)
    y = box.y + size // 2
    for image in images:
        if fade < 1:
            image = image.copy()
            image.set_alpha(int(255 * fade))
        surface.blit(image, (box.centerx - image.get_width() // 2, y))
        y += image.get_height()
