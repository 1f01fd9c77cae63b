"""A short notice over the current scene: what the store had to say at start-up (a damaged file
set aside, a disk that cannot be written), in the player's words, with one OK.
"""

from __future__ import annotations

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.play import spoken
from solitaire.scenes.menus.confirm import unit


class NoticeScene(Scene):
    overlay = True

    def __init__(self, app: App, lines: list[str], **_: object) -> None:
        super().__init__(app)
        self.lines = lines
        self.group = ui.WidgetGroup(app.text, rtl=i18n.is_rtl(), on_escape=self.close)
        self.panel = self.group.add(ui.Panel(app.t("notice.title")))
        self.ok = self.group.add(ui.Button(app.t("menu.ok"), self.close, primary=True))

    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.group.quiet = True  # said with the notice, below
        self.group.focus(self.ok, visible=False)
        self.group.quiet = False
        self.app.speech.say(spoken.dialog_words(self.app.t("notice.title"), self.lines, [self.ok.spoken()], ""))

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = unit(size)
        pw = min(int(w * 0.6), u * 20)
        self.text_px = max(15, int(u * 0.42))
        self.wrapped = [row for line in self.lines for row in self.app.text.wrap(line, self.text_px, pw - 4 * self.text_px)]
        self.line_h = self.app.text.line_step(self.wrapped, self.text_px, spacing=1.3)
        bh = u
        ph = min(h - 40, 3 * bh + len(self.wrapped) * self.line_h + 2 * bh)
        self.panel.layout(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        content = self.panel.content()
        self.ok.layout((content.centerx - bh * 2, content.bottom - bh, bh * 4, bh))
        self.group.layout_changed()

    def close(self) -> None:
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def draw_veil(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 110)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui.dim(surface, 110)
        self.group.draw(surface)
        content = self.panel.content()
        y = content.y + self.text_px // 2
        for row in self.wrapped:
            image = self.app.text.render(row, self.text_px, ui.INK)
            x = content.right - image.get_width() - self.text_px if i18n.is_rtl() else content.x + self.text_px
            surface.blit(image, (x, y))
            y += self.line_h
