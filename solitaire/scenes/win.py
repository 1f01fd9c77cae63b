"""The win panel, over the table once the celebration ends: a large "You won!", the score (K-10),
the time and the moves when their settings are on, and where to go next.

The panel is laid out from what it shows: with the time and the moves hidden it is the title,
the score and the buttons, with no room kept for the lines that are not there.
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.scenes.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.title import gold_text

TITLE_UNITS = 1.2  # the title's size in control heights: twice the figures', a heading
FIGURE_UNITS = 0.56


class WinScene(DialogScene):
    close_on_outside_click = False  # a stray click must not hide the result

    def __init__(self, app: App, play: Any, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.play = play
        self.title = t("win.demo_title" if play.session.demo_played else "win.title")  # C-13
        self.new_button = self.group.add(ui.Button(t("play.new"), self.new_game, primary=True))
        self.menu_button = self.group.add(ui.Button(t("play.menu"), self.menu))
        self.rows = [[self.new_button, self.menu_button]]
        self.figures: list[str] = []
        self.figure_px = 16
        self.figure_step = 0
        self.figures_top = 0
        self.heading: pygame.Surface | None = None
        self.heading_pos = (0, 0)
        self.rule_y = 0

    def initial_focus(self) -> ui.Widget | None:
        return self.new_button

    def lines(self) -> list[str]:
        """The figures the settings let the player see: the score always."""
        t, g, s = self.app.t, self.play.game, self.app.settings
        out = [t("win.score", score=g.score_text)]
        if s.show_time:
            seconds = int(self.play.elapsed)
            out.append(t("win.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
        if s.show_moves:
            out.append(t("win.moves", moves=g.moves))
        return out

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        text = self.app.text
        w = min(int(size[0] * 0.86), int(u * 11))
        inner_w = w - 2 * u
        title_px = text.fit_size(self.title, int(u * TITLE_UNITS), inner_w, "heading")
        self.heading = gold_text(text, self.title, title_px)
        self.figures = self.lines()
        self.figure_px = int(u * FIGURE_UNITS)
        self.figure_step = text.line_step(self.figures, self.figure_px, True, spacing=1.3)
        gap = u // 2
        heading_h = self.heading.get_height()
        h = (u // 3 + heading_h + gap + len(self.figures) * self.figure_step + gap + u
             + int(u * 0.7))
        panel = centred(size, w, h)
        self.panel.layout(panel)
        y = panel.y + u // 3
        self.heading_pos = (panel.centerx - self.heading.get_width() // 2, y)
        y += heading_h
        self.rule_y = y - heading_h // 8  # the heading's own shadow padding sits under it
        self.figures_top = y + gap
        y = self.figures_top + len(self.figures) * self.figure_step + gap
        bw = min(int(u * 4.4), (inner_w - u // 2) // 2)
        place_row([self.new_button, self.menu_button], panel.centerx, y, bw, u, u // 2, self.rtl)

    def draw_title(self, surface: pygame.Surface) -> None:
        """The heading, larger than any dialog's title: the player has won."""
        if self.heading is None:
            return
        surface.blit(self.heading, self.heading_pos)
        panel = self.panel.rect
        inset = panel.w // 8
        pygame.draw.line(surface, ui.GOLD, (panel.x + inset, self.rule_y),
                         (panel.right - inset, self.rule_y), ui.hairline(unit(self.size)))

    def draw_extra(self, surface: pygame.Surface) -> None:
        y = self.figures_top
        for line in self.figures:
            box = pygame.Rect(self.panel.rect.x, y, self.panel.rect.w, self.figure_step)
            self.blit_text(surface, line, self.figure_px, box, bold=True, align="centre",
                           fit=False)
            y += self.figure_step

    def new_game(self) -> None:
        self.close()
        self.play.new_deal()

    def menu(self) -> None:
        self.close()
        self.play.open_menu()
