"""Widgets: buttons, toggles, segmented choices, sliders, a code field, panels and a top bar.

Scenes compute every rect (nothing here knows the screen size) and sizes follow the rect, so the
same widgets look right from 960x600 to 4K. A :class:`WidgetGroup` routes events, owns keyboard
focus (Tab / Shift-Tab / arrows, Enter or Space to activate, Escape to leave) and draws the
focus ring only after the keyboard was used. Rounded shapes are drawn 2 or 4 times larger and
smooth-scaled down, since ``draw.rect(border_radius=...)`` is not anti-aliased.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solitaire.app.text import Text

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


_cache: dict[tuple, pygame.Surface] = {}


def _remember(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) > 400:
            _cache.clear()
        surface = make()
        _cache[key] = surface
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

    return _remember(("rr", w, h, radius, tuple(fill), bottom and tuple(bottom),
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

    return _remember(("sh", w, h, radius, blur, alpha), make)


def ring(size: tuple[int, int], radius: int, colour: Colour, width: int) -> pygame.Surface:
    w, h = size

    def make() -> pygame.Surface:
        k = _super(w, h)
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        pygame.draw.rect(big, colour, big.get_rect(), width=width * k, border_radius=radius * k)
        return pygame.transform.smoothscale(big, (w, h))

    return _remember(("ring", w, h, radius, tuple(colour), width), make)


def circle(diameter: int, colour: Colour) -> pygame.Surface:
    def make() -> pygame.Surface:
        k = _super(diameter, diameter)
        big = pygame.Surface((diameter * k, diameter * k), pygame.SRCALPHA)
        r = diameter * k / 2
        pygame.draw.circle(big, colour, (r, r), r)
        return pygame.transform.smoothscale(big, (diameter, diameter))

    return _remember(("circle", diameter, tuple(colour)), make)


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


def _font_px(rect: pygame.Rect, ratio: float = 0.4) -> int:
    return max(10, int(rect.h * ratio))


class Widget:
    """A rect on screen that may take focus and events."""

    focusable = True

    def __init__(self, *, enabled: bool = True, visible: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = visible
        self.hovered = False
        self.focused = False
        self.group: WidgetGroup | None = None

    @property
    def text(self) -> Text:
        assert self.group is not None, "add the widget to a WidgetGroup first"
        return self.group.text

    @property
    def rtl(self) -> bool:
        return bool(self.group and self.group.rtl)

    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        self.rect = pygame.Rect(rect)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """A mouse event at or captured by this widget; True if used."""
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key or text event while focused; True if used."""
        return False

    def release(self) -> None:
        """The mouse button went up elsewhere or focus moved: drop any pressed state."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint at ``self.rect``."""

    def draw_focus(self, surface: pygame.Surface) -> None:
        pad = max(3, self.rect.h // 12)
        width = max(2, self.rect.h // 22)
        box = self.rect.inflate(2 * pad, 2 * pad)
        surface.blit(ring(box.size, self.radius() + pad, FOCUS, width), box.topleft)

    def radius(self) -> int:
        return max(4, self.rect.h // 4)


class Label(Widget):
    """Static text; ``align`` is 'left', 'centre' or 'right' (mirrored in right-to-left)."""

    focusable = False

    def __init__(self, label: str, *, size_ratio: float = 0.6, colour: Colour = INK,
                 bold: bool = False, align: str = "left", inset: int = 0) -> None:
        super().__init__()
        self.label = label
        self.inset = inset
        self.size_ratio = size_ratio
        self.colour = colour
        self.bold = bold
        self.align = align

    def draw(self, surface: pygame.Surface) -> None:
        box = self.rect.inflate(-2 * self.inset, 0)
        size = self.text.fit_size(self.label, _font_px(self.rect, self.size_ratio), box.w,
                                  self.bold)
        img = self.text.render(self.label, size, self.colour, self.bold)
        align = self.align
        if self.rtl and align != "centre":
            align = "right" if align == "left" else "left"
        pos = img.get_rect(midleft=box.midleft)
        if align == "centre":
            pos.center = box.center
        elif align == "right":
            pos.midright = box.midright
        surface.blit(img, pos)


class Button(Widget):
    """Fires ``on_click`` once per click (press and release inside) or Enter / Space."""

    def __init__(self, label: str, on_click: Callable[[], Any], *, primary: bool = False,
                 enabled: bool = True, visible: bool = True) -> None:
        super().__init__(enabled=enabled, visible=visible)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.pressed = False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        inside = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = inside
            return False
        if getattr(event, "button", 1) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and inside:
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.pressed:
            self.pressed = False
            if inside:
                self.on_click()
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.on_click()
            return True
        return False

    def release(self) -> None:
        self.pressed = False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        radius = self.radius()
        if self.enabled and not self.pressed:
            blur = max(4, rect.h // 6)
            surface.blit(soft_shadow(rect.size, radius, blur, 110),
                         (rect.x - blur, rect.y - blur + blur // 2))
        if self.primary:
            top, bottom = GOLD_TOP, GOLD_BOTTOM
            if self.hovered and self.enabled:
                top, bottom = (255, 226, 146), (222, 168, 66)
            if self.pressed:
                top, bottom = bottom, top
            body = rounded_rect(rect.size, radius, top, bottom, (255, 240, 200, 150),
                                hairline(rect.h))
            ink = INK_DARK
        else:
            fill = SECONDARY_HOVER if self.hovered and self.enabled else SECONDARY
            if self.pressed:
                fill = (0, 0, 0, 60)
            body = rounded_rect(rect.size, radius, fill, None, SECONDARY_EDGE, hairline(rect.h))
            ink = INK
        if not self.enabled:
            body = body.copy()
            body.set_alpha(110)
        surface.blit(body, rect.topleft)
        size = self.text.fit_size(self.label, _font_px(rect, 0.4), int(rect.w * 0.86), True)
        img = self.text.render(self.label, size, ink if self.enabled else INK_DIM, True)
        if not self.enabled:
            img = img.copy()
            img.set_alpha(130)
        surface.blit(img, img.get_rect(center=rect.center))


class Toggle(Widget):
    """A labelled on/off switch; the whole row is clickable."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], Any], *,
                 enabled: bool = True) -> None:
        super().__init__(enabled=enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.pressed = False
        self.font_px: int | None = None

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        inside = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = inside
        elif event.type == pygame.MOUSEBUTTONDOWN and inside and event.button == 1:
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.pressed and event.button == 1:
            self.pressed = False
            if inside:
                self.set(not self.value)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.set(not self.value)
            return True
        return False

    def release(self) -> None:
        self.pressed = False

    def radius(self) -> int:
        return max(4, self.rect.h // 5)

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(switch track, label area) inside the rect; a whole track height of air between
        them, so a long label fitted to its area never touches its switch (issue 11).
        """
        rect = self.rect
        track_h = max(12, int(rect.h * 0.56))
        pad = max(6, rect.h // 5)
        track = pygame.Rect(0, 0, int(track_h * 1.8), track_h)
        track.centery = rect.centery
        label_box = rect.inflate(-2 * pad, 0)
        if self.rtl:
            track.left = rect.left + pad
            label_box.left = track.right + track_h
            label_box.width = rect.right - pad - label_box.left
        else:
            track.right = rect.right - pad
            label_box.width = track.left - track_h - label_box.left
        return track, label_box

    def fitted_font_px(self) -> int:
        """The label size that fits; a dialog can give all its toggles the smallest one."""
        return self.text.fit_size(self.label, _font_px(self.rect, 0.38), self._boxes()[1].w)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if self.hovered and self.enabled:
            surface.blit(rounded_rect(rect.size, self.radius(), (255, 255, 255, 16)), rect.topleft)
        track, label_box = self._boxes()
        track_h = track.h
        fill = GOLD if self.value else TRACK_OFF
        surface.blit(rounded_rect(track.size, track_h // 2, fill), track.topleft)
        knob_d = track_h - max(4, track_h // 6)
        gap = (track_h - knob_d) // 2
        on_right = self.value != self.rtl
        knob_x = track.right - gap - knob_d if on_right else track.left + gap
        surface.blit(circle(knob_d, (255, 255, 255) if self.enabled else (170, 170, 170)),
                     (knob_x, track.top + gap))
        size = self.font_px or self.fitted_font_px()
        img = self.text.render(self.label, size, INK if self.enabled else INK_DIM)
        pos = img.get_rect(midleft=label_box.midleft)
        if self.rtl:
            pos.midright = label_box.midright
        surface.blit(img, pos)


class SegmentedChoice(Widget):
    """One of a few options side by side ("Draw 1 / 2 / 3"); arrows move the choice."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any], *, enabled: bool = True) -> None:
        super().__init__(enabled=enabled)
        self.options = list(options)
        self.value = value
        self.on_change = on_change

    def _index(self) -> int:
        values = [v for v, _ in self.options]
        return values.index(self.value) if self.value in values else 0

    def select(self, index: int) -> None:
        index = max(0, min(len(self.options) - 1, index))
        value = self.options[index][0]
        if value != self.value:
            self.value = value
            self.on_change(value)

    def segments(self) -> list[pygame.Rect]:
        """One rect per option, in option order (right to left when mirrored)."""
        n = max(1, len(self.options))
        rects = []
        for i in range(n):
            left = self.rect.x + self.rect.w * i // n
            right = self.rect.x + self.rect.w * (i + 1) // n
            rects.append(pygame.Rect(left, self.rect.y, right - left, self.rect.h))
        return rects[::-1] if self.rtl else rects

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, seg in enumerate(self.segments()):
                if seg.collidepoint(event.pos):
                    self.select(i)
                    return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if step is None:
            return False
        self.select(self._index() + (-step if self.rtl else step))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.radius()
        surface.blit(rounded_rect(self.rect.size, radius, (0, 0, 0, 70), None, SECONDARY_EDGE,
                                  hairline(self.rect.h)), self.rect.topleft)
        chosen = self._index()
        for i, (seg, (_, label)) in enumerate(zip(self.segments(), self.options)):
            inner = seg.inflate(-max(4, seg.h // 8), -max(4, seg.h // 8))
            if i == chosen:
                surface.blit(rounded_rect(inner.size, max(3, radius - 2), GOLD_TOP, GOLD_BOTTOM),
                             inner.topleft)
            ink = INK_DARK if i == chosen else INK
            size = self.text.fit_size(label, _font_px(seg, 0.38), int(inner.w * 0.9), True)
            img = self.text.render(label, size, ink, i == chosen)
            surface.blit(img, img.get_rect(center=seg.center))


class Slider(Widget):
    """A 0..1 value with a label; drag, click, arrows (by ``step``), Home and End."""

    def __init__(self, label: str, value: float, on_change: Callable[[float], Any], *,
                 step: float = 0.05, enabled: bool = True) -> None:
        super().__init__(enabled=enabled)
        self.label = label
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.step = step
        self.dragging = False
        self.font_px: int | None = None

    def track(self) -> pygame.Rect:
        pad = max(6, self.rect.h // 5)
        width = int(self.rect.w * 0.5)
        box = pygame.Rect(0, 0, width, max(4, self.rect.h // 8))
        box.centery = self.rect.centery
        if self.rtl:
            box.left = self.rect.left + pad
        else:
            box.right = self.rect.right - pad
        return box

    def set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 4)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _from_x(self, x: int) -> None:
        track = self.track()
        k = (x - track.left) / max(1, track.w)
        self.set(1.0 - k if self.rtl else k)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._from_x(event.pos[0])
                return True
            return False
        if event.button != 1:
            return False
        grab = self.track().inflate(self.rect.h // 2, self.rect.h)
        if event.type == pygame.MOUSEBUTTONDOWN and grab.collidepoint(event.pos):
            self.dragging = True
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            direction = 1 if event.key == pygame.K_RIGHT else -1
            self.set(self.value + direction * (-1 if self.rtl else 1) * self.step)
        elif event.key == pygame.K_HOME:
            self.set(0.0)
        elif event.key == pygame.K_END:
            self.set(1.0)
        else:
            return False
        return True

    def release(self) -> None:
        self.dragging = False

    def radius(self) -> int:
        return max(4, self.rect.h // 5)

    def draw(self, surface: pygame.Surface) -> None:
        track = self.track()
        surface.blit(rounded_rect(track.size, track.h // 2, TRACK_OFF), track.topleft)
        filled_w = int(track.w * self.value)
        if filled_w > 0:
            fill = pygame.Rect(track.right - filled_w if self.rtl else track.left, track.y,
                               filled_w, track.h)
            surface.blit(rounded_rect(fill.size, track.h // 2, GOLD), fill.topleft)
        knob_d = max(12, int(self.rect.h * 0.5))
        cx = track.right - filled_w if self.rtl else track.left + filled_w
        surface.blit(circle(knob_d + 2, (0, 0, 0, 90)), (cx - knob_d // 2 - 1, track.centery - knob_d // 2))
        surface.blit(circle(knob_d, (255, 255, 255)), (cx - knob_d // 2, track.centery - knob_d // 2))
        pad = max(6, self.rect.h // 5)
        label_box = pygame.Rect(self.rect.x + pad, self.rect.y, self.rect.w - track.w - 3 * pad,
                                self.rect.h)
        if self.rtl:
            label_box.right = self.rect.right - pad
        text = f"{self.label}  {round(self.value * 100)}%"
        size = self.font_px or self.text.fit_size(text, _font_px(self.rect, 0.38), label_box.w)
        img = self.text.render(text, size, INK if self.enabled else INK_DIM)
        pos = img.get_rect(midleft=label_box.midleft)
        if self.rtl:
            pos.midright = label_box.midright
        surface.blit(img, pos)


CODE_CHARS = frozenset(string.ascii_letters + string.digits + "-")


class TextInput(Widget):
    """A one-line field (a game code): filtered characters, Enter submits, an error line below.

    The caret does not blink, so a focused field costs no frames while idle.
    """

    def __init__(self, on_submit: Callable[[str], Any], *, placeholder: str = "",
                 allowed: frozenset[str] = CODE_CHARS, max_length: int = 32,
                 uppercase: bool = True, on_change: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        self.on_submit = on_submit
        self.on_change = on_change
        self.placeholder = placeholder
        self.allowed = allowed
        self.max_length = max_length
        self.uppercase = uppercase
        self.value = ""
        self.caret = 0
        self.error = ""

    def set_value(self, value: str) -> None:
        self.value = ""
        self.caret = 0
        self.insert(value)

    def insert(self, typed: str) -> None:
        chars = [c for c in typed if c in self.allowed]
        if self.uppercase:
            chars = [c.upper() for c in chars]
        room = self.max_length - len(self.value)
        piece = "".join(chars)[:max(0, room)]
        if piece:
            self._edit(self.value[:self.caret] + piece + self.value[self.caret:],
                       self.caret + len(piece))

    def _edit(self, value: str, caret: int) -> None:
        self.value = value
        self.caret = caret
        self.error = ""
        if self.on_change:
            self.on_change(value)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.caret = len(self.value)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_submit(self.value)
        elif key == pygame.K_BACKSPACE and self.caret > 0:
            self._edit(self.value[:self.caret - 1] + self.value[self.caret:], self.caret - 1)
        elif key == pygame.K_DELETE and self.caret < len(self.value):
            self._edit(self.value[:self.caret] + self.value[self.caret + 1:], self.caret)
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.value), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.value)
        elif key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.insert(_clipboard())
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            pass
        else:
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so no shortcut fires.
            return bool(event.unicode and event.unicode.isprintable())
        return True

    def radius(self) -> int:
        return max(4, self.rect.h // 5)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        edge = FOCUS if self.focused else (ERROR if self.error else SECONDARY_EDGE)
        surface.blit(rounded_rect(rect.size, self.radius(), (0, 0, 0, 110), None, edge,
                                  (2 if self.focused else 1) * hairline(rect.h)), rect.topleft)
        pad = max(8, rect.h // 4)
        px = _font_px(rect, 0.45)
        font = self.text.font(px)
        shown = self.value or self.placeholder
        img = self.text.render(shown, px, INK if self.value else INK_DIM)
        x = rect.x + pad
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-pad, 0))
        if not self.value and self.rtl:  # an Arabic hint reads from the right; the code itself,
            surface.blit(img, img.get_rect(midright=(rect.right - pad, rect.centery)))
        else:  # in Latin letters, is typed from the left in either language
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        if self.focused:
            caret_x = x + font.size(self.value[:self.caret])[0]
            top = rect.centery - font.get_height() // 2
            pygame.draw.line(surface, INK, (caret_x, top + 2), (caret_x, top + font.get_height() - 2),
                             max(1, px // 14))
        surface.set_clip(clip)
        if self.error:
            err = self.text.render(self.error, _font_px(rect, 0.34), ERROR)
            pos = err.get_rect(topleft=(rect.x + 2, rect.bottom + max(4, rect.h // 8)))
            if self.rtl:
                pos.right = rect.right - 2
            surface.blit(err, pos)


def _clipboard() -> str:
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


class Panel(Widget):
    """A dialog frame with an optional title; draws under the widgets laid over it."""

    focusable = False

    def __init__(self, title: str = "") -> None:
        super().__init__()
        self.title = title

    def title_height(self) -> int:
        return max(28, self.rect.h // 9) if self.title else 0

    def content(self) -> pygame.Rect:
        """The area below the title, inside the padding."""
        pad = max(12, self.rect.w // 28)
        top = self.rect.y + self.title_height() + pad
        return pygame.Rect(self.rect.x + pad, top, self.rect.w - 2 * pad, self.rect.bottom - pad - top)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect)
        if self.title:
            bar = pygame.Rect(self.rect.x, self.rect.y + max(6, self.rect.h // 60), self.rect.w,
                              self.title_height())
            img = self.text.render(self.title, int(bar.h * 0.6), GOLD_TOP, True)
            surface.blit(img, img.get_rect(center=bar.center))
            y = bar.bottom
            inset = self.rect.w // 10
            pygame.draw.line(surface, (226, 184, 84), (self.rect.x + inset, y),
                             (self.rect.right - inset, y), hairline(bar.h))


class TopBar(Widget):
    """A strip along the top holding widgets at its start and end (mirrored right-to-left).

    ``start`` and ``end`` hold ``(widget, width_in_bar_heights)``; add the bar to a group and its
    widgets join the group's focus order.
    """

    focusable = False

    def __init__(self, start: Sequence[tuple[Widget, float]] = (),
                 end: Sequence[tuple[Widget, float]] = ()) -> None:
        super().__init__()
        self.start = list(start)
        self.end = list(end)

    def children(self) -> list[Widget]:
        return [w for w, _ in self.start] + [w for w, _ in self.end]

    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        super().layout(rect)
        pad = max(6, self.rect.h // 6)
        inner_h = self.rect.h - 2 * pad
        x = self.rect.x + pad
        for widget, width in self.start:
            w = int(width * inner_h)
            widget.layout((self.rect.right - (x - self.rect.x) - w if self.rtl else x,
                           self.rect.y + pad, w, inner_h))
            x += w + pad
        x = self.rect.right - pad
        for widget, width in reversed(self.end):
            w = int(width * inner_h)
            widget.layout((self.rect.x + (self.rect.right - x) if self.rtl else x - w,
                           self.rect.y + pad, w, inner_h))
            x -= w + pad

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn every frame of the table: the translucent strip is made once per size."""

        def make() -> pygame.Surface:
            strip = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            strip.fill((0, 0, 0, 90))
            line = hairline(self.rect.h)
            strip.fill((255, 255, 255, 40), (0, self.rect.h - line, self.rect.w, line))
            return strip

        surface.blit(_remember(("top-bar", self.rect.size), make), self.rect.topleft)


class WidgetGroup:
    """Owns a scene's widgets: event routing, keyboard focus and drawing in order."""

    def __init__(self, text: Text, *, rtl: bool = False,
                 on_escape: Callable[[], Any] | None = None) -> None:
        self.text = text
        self.rtl = rtl
        self.on_escape = on_escape
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.focus_visible = False
        self.captured: Widget | None = None

    def add(self, widget: Widget) -> Widget:
        widget.group = self
        self.widgets.append(widget)
        if isinstance(widget, TopBar):
            for child in widget.children():
                self.add(child)
        return widget

    def focus_order(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus()]

    def focus(self, widget: Widget | None, *, visible: bool | None = None) -> None:
        if visible is not None:
            self.focus_visible = visible
        if widget is self.focused:
            return
        if self.focused is not None:
            self.focused.focused = False
            self.focused.release()
        self.focused = widget
        if widget is not None:
            widget.focused = True

    def move_focus(self, step: int) -> None:
        """Tab / arrows: the next widget; when the focus is there but not shown yet (a dialog
        opened with the mouse), the first press shows it where it is instead of skipping it.
        """
        order = self.focus_order()
        if not order:
            return
        if self.focused in order and not self.focus_visible:
            self.focus_visible = True
            return
        if self.focused in order:
            index = (order.index(self.focused) + step) % len(order)
        else:
            index = 0 if step > 0 else len(order) - 1
        self.focus(order[index], visible=True)

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; True if a widget (or the focus keys) used it."""
        if self.focused is not None and not self.focused.can_focus():
            self.focus(None)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        if self.focused is not None and self.focused.handle_key(event):
            self.focus_visible = self.focus_visible or event.type == pygame.KEYDOWN
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
            return True
        return False

    def _mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            used = False
            for widget in self.widgets:
                if widget.visible and widget.enabled:
                    used = widget.handle_mouse(event) or used
                else:
                    widget.hovered = False
            return used
        if event.type == pygame.MOUSEBUTTONUP:
            target, self.captured = self.captured, None
            return target.handle_mouse(event) if target is not None else False
        for widget in reversed(self.widgets):
            if widget.visible and widget.enabled and widget.rect.collidepoint(event.pos):
                if widget.handle_mouse(event):
                    self.captured = widget
                    if widget.focusable:
                        self.focus(widget, visible=False)
                    return True
        return False

    def layout_changed(self) -> None:
        """Call after re-laying out the widgets (hover is recomputed on the next motion)."""
        for widget in self.widgets:
            widget.hovered = False

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        if self.focus_visible and self.focused is not None and self.focused.visible:
            self.focused.draw_focus(surface)
