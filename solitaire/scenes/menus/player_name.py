"""The player's name, asked before the first network duel (issue 22): both players had the
system's user name ("root" and "root"), which tells no one who is who. The name is saved in
Settings (its Network page changes it later); then the duel goes on where it was going.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.menus.settings import PRINTABLE

NAME_LENGTH = 32  # the setting's own limit (store.settings.player_name)


class PlayerNameScene(DialogScene):
    def __init__(self, app: App, on_named: Callable[[], Any], **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.on_named = on_named
        self.title = t("net.name.title")
        self.field = self.group.add(ui.TextInput(self.accept, placeholder=t("net.name.placeholder"),
                                                 allowed=PRINTABLE, max_length=NAME_LENGTH, uppercase=False))
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.ok_button = self.group.add(ui.Button(t("net.name.ok"), lambda: self.accept(self.field.value),
                                                  primary=True))
        self.rows = [[self.cancel_button, self.ok_button]]
        self.about_box = pygame.Rect(0, 0, 0, 0)
        self.about: list[str] = []
        self.about_px = 16

    def initial_focus(self) -> ui.Widget | None:
        return self.field

    def accept(self, typed: str) -> None:
        """A name saved, and on to the duel; an empty one is asked for again."""
        name = typed.strip()
        if not name:
            self.field.error = self.app.t("net.name.empty")
            return
        self.app.change_settings(player_name=name)
        self.close()
        self.on_named()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(int(size[0] * 0.8), int(u * 13))
        inner_w = w - 2 * u
        self.about_px = max(15, int(u * 0.42))
        self.about = self.app.text.wrap(self.app.t("net.name.about"), self.about_px, inner_w)
        step = self.app.text.line_step(self.about, self.about_px)
        h = self.title_height(u) + u // 2 + step * len(self.about) + u // 2 + u + u + u + int(u * 0.6)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        y = panel.y + self.title_height(u) + u // 2
        self.about_box = pygame.Rect(panel.x + u, y, inner_w, step * len(self.about))
        self.field.layout((panel.x + u, self.about_box.bottom + u // 2, inner_w, u))
        bw = min(int(u * 4.2), (inner_w - u // 2) // 2)
        place_row(self.rows[0], panel.centerx, panel.bottom - int(u * 0.6) - u, bw, u, u // 2, self.rtl)

    def draw_extra(self, surface: pygame.Surface) -> None:
        step = self.about_box.h // max(1, len(self.about))
        for index, line in enumerate(self.about):
            box = pygame.Rect(self.about_box.x, self.about_box.y + index * step, self.about_box.w, step)
            self.blit_text(surface, line, self.about_px, box, colour=ui.INK_DIM, fit=False)
