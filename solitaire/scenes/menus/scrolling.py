"""A dialog whose page scrolls (the rules, the About page, a licence's text).

The page is laid out once per window size at content coordinates; the dialog scrolls it inside
``view`` with the mouse wheel, the arrow keys, Page Up / Page Down, Home and End, easing to
where it is asked to go, and draws a scroll bar (at the left in a right-to-left language).
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.scenes.menus.confirm import DialogScene, unit


class ScrollingDialog(DialogScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.scroll = 0.0
        self.target = 0.0
        self.step = 40

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    def scroll_to(self, offset: float, *, instant: bool = False) -> None:
        self.target = float(min(max(0, self.max_scroll), max(0.0, offset)))
        if instant:
            self.scroll = self.target

    def scroll_by(self, delta: float) -> None:
        self.scroll_to(self.target + delta)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.scroll != self.target:
            k = min(1.0, dt * 18)
            self.scroll += (self.target - self.scroll) * k
            if abs(self.target - self.scroll) < 0.5:
                self.scroll = self.target

    def wants_frames(self) -> bool:
        return super().wants_frames() or self.scroll != self.target

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.step * 2)
            return
        if event.type == pygame.KEYDOWN:
            page = self.view.h * 0.9
            moves: dict[int, Any] = {
                pygame.K_UP: -self.step, pygame.K_DOWN: self.step,
                pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.max_scroll)
                return
        super().handle(event)

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        view = self.view
        bar_w = max(6, unit(self.size) // 6)
        track = pygame.Rect(view.x if self.rtl else view.right - bar_w, view.y, bar_w, view.h)
        surface.blit(ui.rounded_rect(track.size, bar_w // 2, (255, 255, 255, 26)), track.topleft)
        thumb_h = max(bar_w * 3, int(view.h * view.h / self.content_h))
        thumb_y = track.y + int((track.h - thumb_h) * self.scroll / self.max_scroll)
        surface.blit(ui.rounded_rect((bar_w, thumb_h), bar_w // 2, (226, 184, 84, 200)),
                     (track.x, thumb_y))
