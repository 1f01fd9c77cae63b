"""The widget base and the plain widgets: labels, buttons, panels and the top bar.

Scenes compute every rect (nothing here knows the screen size) and sizes follow the rect, so the
same widgets look right from 960x600 to 4K.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from solitaire.app.ui.paint import (
    GOLD_BOTTOM, GOLD_TOP, INK, INK_DARK, INK_DIM, SECONDARY, SECONDARY_EDGE, SECONDARY_HOVER, Colour, Look, draw_panel,
    font_px, hairline, remember, ring, rounded_rect, soft_shadow,
)
from solitaire.app import speech
from solitaire.app.text import Text


class Holder(Protocol):
    """What a widget asks of the group it was added to (a ``WidgetGroup``): the text its labels
    are rendered with and the writing direction it mirrors to. The group knows its widgets; a
    widget knows only this of the group."""

    text: Text
    rtl: bool


class Widget:
    """A rect on screen that may take focus and events."""

    focusable = True

    def __init__(self, *, enabled: bool = True, visible: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = visible
        self.hovered = False
        self.focused = False
        self.group: Holder | None = None

    @property
    def text(self) -> Text:
        assert self.group is not None, "add the widget to a WidgetGroup first"
        return self.group.text

    @property
    def rtl(self) -> bool:
        return bool(self.group and self.group.rtl)

    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def spoken(self) -> str:
        """What a screen reader says when the widget takes the focus (issue 36)."""
        return ""

    def announce(self) -> None:
        """Its value changed under the keyboard's focus: said again."""
        voice = speech.current()
        if voice is not None and voice.wanted and self.focused:
            voice.say(self.spoken())

    def children(self) -> list[Widget]:
        """The widgets this one holds, which join its group's focus order with it (none here)."""
        return []

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
        colour, weight = Look.focus()
        pad = max(3, self.rect.h // 12)
        width = round(max(2, self.rect.h // 22) * weight)
        box = self.rect.inflate(2 * pad, 2 * pad)
        surface.blit(ring(box.size, self.radius() + pad, colour, width), box.topleft)

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
        size = self.text.fit_size(self.label, font_px(self.rect, self.size_ratio), box.w,
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
        #: The label's size, when a screen gives a set of buttons one (None: fitted to this one).
        self.font_px: int | None = None

    def spoken(self) -> str:
        return self.label

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

    def fitted_font_px(self) -> int:
        """The largest label size up to the button's own that fits its width."""
        return self.text.fit_size(self.label, font_px(self.rect, 0.4), int(self.rect.w * 0.86), True)

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
        size = self.font_px or self.fitted_font_px()
        img = self.text.render(self.label, size, ink if self.enabled else INK_DIM, True)
        if not self.enabled:
            img = img.copy()
            img.set_alpha(130)
        surface.blit(img, img.get_rect(center=rect.center))


class Panel(Widget):
    """A dialog frame with an optional title; draws under the widgets laid over it."""

    focusable = False

    def __init__(self, title: str = "") -> None:
        super().__init__()
        self.title = title
        #: The title band's height, when the dialog fixes it (a panel whose height changes with
        #: its page keeps one band); None: a ninth of the panel.
        self.title_h: int | None = None

    def title_height(self) -> int:
        if not self.title:
            return 0
        return self.title_h if self.title_h is not None else max(28, self.rect.h // 9)

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
        """The bar's widgets, start then end: each is a stop of the group's focus order."""
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

    def middle_room(self) -> int:
        """The widest line centred in the bar that none of its widgets overlaps (the figures'
        room between the buttons), a pad from each."""
        pad = max(6, self.rect.h // 6)
        half = self.rect.w // 2
        for widget in self.children():
            if widget.rect.right <= self.rect.centerx:
                half = min(half, self.rect.centerx - widget.rect.right - pad)
            elif widget.rect.left >= self.rect.centerx:
                half = min(half, widget.rect.left - self.rect.centerx - pad)
            else:
                half = 0
        return max(0, 2 * half)

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn every frame of the table: the translucent strip is made once per size."""

        def make() -> pygame.Surface:
            strip = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            strip.fill((0, 0, 0, 90))
            line = hairline(self.rect.h)
            strip.fill((255, 255, 255, 40), (0, self.rect.h - line, self.rect.w, line))
            return strip

        surface.blit(remember(("top-bar", self.rect.size), make), self.rect.topleft)
