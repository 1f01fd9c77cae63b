"""The slider: a setting between 0 and 1, dragged, clicked or stepped by the keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app.ui.paint import GOLD, INK, INK_DIM, TRACK_OFF, circle, font_px, rounded_rect
from solitaire.app.ui.widgets import Widget


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
            self.announce()

    def spoken(self) -> str:
        return self.label_text()

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

    def label_box(self) -> pygame.Rect:
        """Where the label and the value go, beside the track."""
        pad = max(6, self.rect.h // 5)
        box = pygame.Rect(self.rect.x + pad, self.rect.y, self.rect.w - self.track().w - 3 * pad,
                          self.rect.h)
        if self.rtl:
            box.right = self.rect.right - pad
        return box

    def label_text(self) -> str:
        return f"{self.label}  {round(self.value * 100)}%"

    def label_px(self) -> int:
        """The dialog's size for its labels (``font_px``), or less where the label and value
        would not fit beside the track (large text)."""
        return self.text.fit_size(self.label_text(), self.font_px or font_px(self.rect, 0.38),
                                  self.label_box().w)

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
        label_box = self.label_box()
        text = self.label_text()
        img = self.text.render(text, self.label_px(), INK if self.enabled else INK_DIM)
        pos = img.get_rect(midleft=label_box.midleft)
        if self.rtl:
            pos.midright = label_box.midright
        surface.blit(img, pos)
