"""The win panel, over the table once the celebration ends: score (K-10), time and moves when
their settings are on, and where to go next.
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene


class WinScene(Scene):
    overlay = True

    def __init__(self, app: App, play: Any, **_: object) -> None:
        super().__init__(app)
        self.play = play
        t = app.t
        self.group = ui.WidgetGroup(app.text, rtl=i18n.is_rtl(), on_escape=self.close)
        self.panel = self.group.add(ui.Panel(t("win.title")))
        self.new_button = self.group.add(ui.Button(t("play.new"), self.new_game, primary=True))
        self.menu_button = self.group.add(ui.Button(t("play.menu"), self.menu))
        self.fade = 0.0

    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.group.focus(self.new_button, visible=self.app.keyboard_input)
        self.tweens.tween(0.0, 1.0, 0.35, "out_cubic", on_update=self._fade)

    def _fade(self, value: float) -> None:
        self.fade = value

    def lines(self) -> list[str]:
        t, g, s = self.app.t, self.play.game, self.app.settings
        out = [t("win.score", score=g.score_text)]
        if s.get("show_time", True):
            seconds = int(self.play.elapsed)
            out.append(t("win.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
        if s.get("show_moves", True):
            out.append(t("win.moves", moves=g.moves))
        return out

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bh = max(40, min(int(h * 0.07), 72))
        self.text_px = max(16, int(bh * 0.42))
        lines = len(self.lines())
        pw = min(int(w * 0.5), int(h * 0.9), 720)
        ph = min(int(h * 0.9), int(bh * 3.2 + (lines + 1) * self.text_px * 1.5))
        self.panel.layout(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        content = self.panel.content()
        bw = (content.w - bh // 2) // 2
        y = content.bottom - bh
        first, second = (self.menu_button, self.new_button) if i18n.is_rtl() else (self.new_button, self.menu_button)
        first.layout((content.x, y, bw, bh))
        second.layout((content.right - bw, y, bw, bh))
        self.group.layout_changed()

    def close(self) -> None:
        self.app.stack.pop()

    def new_game(self) -> None:
        self.app.stack.pop()
        self.play.new_deal()

    def menu(self) -> None:
        self.app.stack.pop()
        self.play.open_menu()

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui.dim(surface, int(120 * self.fade))
        self.group.draw(surface)
        content = self.panel.content()
        y = content.y + self.text_px
        for line in self.lines():
            image = self.app.text.render(line, self.text_px, ui.INK, True)
            surface.blit(image, image.get_rect(midtop=(content.centerx, y)))
            y += int(image.get_height() * 1.5)
