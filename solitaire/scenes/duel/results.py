"""The results of a duel (DU-1): both totals with their breakdowns side by side, each time bonus
with its sum (DU-5), who won (or a tie), and Rematch (the same deal), New duel, Title."""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.duel.dialogs import bonus_lines, bonus_rule, breakdown_rows, draw_bonus, draw_rows, rows_height
from solitaire.scenes.menus.title import gold_text


class DuelEndScene(DialogScene):
    """What every duel's results window offers, a computer's, a friend's or an online one:
    a new duel, or back to the title."""

    def new_duel(self) -> None:
        self.to_title()
        self.app.open("new_duel")

    def to_title(self) -> None:
        self.app.stack.clear()
        self.app.open("title")


class DuelResultsScene(DuelEndScene):
    overlay = False  # it stands alone over the felt: the duel it follows is gone
    close_on_outside_click = False

    def __init__(self, app: App, result: Any, code: str, opponent: str, note: str = "", **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.result = result
        self.code, self.opponent = code, opponent
        self.note = note  # an i18n key: why the rival's game was ended ("opponent left", …)
        self.title = self.headline()
        self.rematch_button = self.group.add(ui.Button(t("duel.rematch"), self.rematch, primary=True,
                                                       visible=opponent != "network"))  # a new host's code
        self.new_button = self.group.add(ui.Button(t("duel.new"), self.new_duel,
                                                   visible=app.can_open("new_duel")))
        self.title_button = self.group.add(ui.Button(t("duel.to_title"), self.to_title))
        self.rows = [[self.rematch_button, self.new_button, self.title_button]]
        self.group.on_escape = self.to_title
        self.heading: pygame.Surface | None = None
        self.columns: list[pygame.Rect] = []
        self.px = 16
        self.step = 20

    def headline(self) -> str:
        t, winner = self.app.t, self.result.winner
        if self.note == "net.lost.left":  # "A tie!" alone hid that the opponent had left
            return t(f"duel.left.{winner}", name=self.result.opponent.name)
        return t("duel.result.tie") if winner == "tie" else t(f"duel.result.{winner}")

    def spoken_texts(self) -> list[str]:
        """Issue 36: each side's name, how its game ended, its cards home and its total; the deal."""
        t, lines = self.app.t, []
        for side in (self.result.you, self.result.opponent):
            ended = t(self.note) if side is self.result.opponent and self.note else t(f"duel.ended.{side.ended}")
            total = breakdown_rows(self.app, side.breakdown, ended=True)[-1]
            lines.append(f"{side.name}: {ended}, {t('duel.home', n=side.home)}, {total[0]} {total[1]}")
        return lines + [t("duel.code", code=self.result.code)]

    def rematch(self) -> None:
        """The same deal against the same opponent."""
        self.app.switch("duel", code=self.code, opponent=self.opponent)

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        text = self.app.text
        w = min(int(size[0] * 0.92), int(u * 22))
        self.px = max(13, int(u * 0.42))
        self.step = int(self.px * 1.55)
        inner = w - 2 * u
        self.heading = gold_text(text, self.headline(), text.fit_size(self.headline(), int(u * 1.1), inner, "heading"))
        names_h = int(self.px * 2.6)
        rows_h = rows_height(self.step)
        h = (u // 3 + self.heading.get_height() + u // 4 + names_h + rows_h + 3 * self.step + self.step
             + u + u + int(u * 0.7))
        panel = centred(size, w, h)
        self.panel.layout(panel)
        self.heading_y = panel.y + u // 3
        top = self.heading_y + self.heading.get_height() + u // 4
        col_w = (inner - u) // 2
        left = pygame.Rect(panel.x + u, top, col_w, names_h + rows_h + self.step)  # the bonus's sum under
        right = pygame.Rect(panel.right - u - col_w, top, col_w, names_h + rows_h + self.step)
        self.columns = [right, left] if self.rtl else [left, right]  # you first in reading order
        self.names_h = names_h
        self.rule_box = pygame.Rect(panel.x + u, left.bottom + self.step // 4, inner, self.step)
        self.code_box = pygame.Rect(panel.x, self.rule_box.bottom + self.step // 2, panel.w, self.step)
        bw = min(int(u * 4.4), (inner - u) // 3)
        place_row([self.rematch_button, self.new_button, self.title_button], panel.centerx,
                  panel.bottom - int(u * 0.7) - u, bw, u, u // 2, self.rtl)

    def draw_title(self, surface: pygame.Surface) -> None:
        if self.heading is not None:
            surface.blit(self.heading, self.heading.get_rect(midtop=(self.panel.rect.centerx, self.heading_y)))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from solitaire.view import felt

        surface.blit(felt.felt(surface.get_size()), (0, 0))
        super().draw(surface, alpha)

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        sides = [(self.result.you, self.result.winner == "you"),
                 (self.result.opponent, self.result.winner == "opponent")]
        for column, (side, won) in zip(self.columns, sides):
            name_box = pygame.Rect(column.x, column.y, column.w, self.names_h // 2)
            self.blit_text(surface, side.name, int(self.px * 1.1), name_box,
                           colour=ui.GOLD_TOP if won else ui.INK, bold=True, align="centre")
            how = pygame.Rect(column.x, name_box.bottom, column.w, self.names_h // 2)
            ended = t(self.note) if side is self.result.opponent and self.note else t(f"duel.ended.{side.ended}")
            self.blit_text(surface, ended + " · " + t("duel.home", n=side.home),
                           int(self.px * 0.9), how, colour=ui.INK_DIM, align="centre")
            rows = pygame.Rect(column.x, column.y + self.names_h, column.w, rows_height(self.step))
            draw_rows(self, surface, breakdown_rows(self.app, side.breakdown, ended=True), rows,
                      self.px, self.step)
            how = pygame.Rect(column.x, rows.bottom, column.w, self.step)
            draw_bonus(self, surface, bonus_lines(self.app, side.breakdown.how, rule=False), how, self.px, self.step)
        paid = self.result.you.breakdown.how or self.result.opponent.breakdown.how
        if paid is not None:  # the rule once, under both sums
            self.blit_text(surface, bonus_rule(self.app, paid), int(self.px * 0.85), self.rule_box,
                           colour=ui.INK_DIM, align="centre")
        self.blit_text(surface, t("duel.code", code=self.result.code), int(self.px * 0.85),
                       self.code_box, colour=ui.INK_DIM, align="centre")
