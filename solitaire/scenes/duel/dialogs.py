"""The dialogs over a duel: the End question (DU-4) with your points broken down and the time
bonus's sum (DU-5), and the duel's menu (resume, rules, settings, leave). Covered by them, the
duel's clocks stop against the computer; a rival that cannot pause keeps racing under them
(``DuelScene.covered_update``, which the scene stack calls for every covered scene).
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core.bonus import TimeBonus
from solitaire.core.duel import Breakdown
from solitaire.play.duel import Duel
from solitaire.scenes.duel.panel import rival_figures
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit


def breakdown_rows(app: App, breakdown: Breakdown, ended: bool) -> list[tuple[str, str]]:
    """(label, points) of the DU-4 summary, the total last; ``ended``: the bonus was earned
    (else it is what ending now would earn)."""
    t, p = app.t, breakdown.points
    rows = [(t("duel.points.foundation"), p.foundation), (t("duel.points.waste"), p.waste),
            (t("duel.points.turned"), p.turned), (t("duel.points.recycles"), p.recycles),
            (t("duel.points.taken_back"), p.taken_back),
            (t("duel.points.bonus" if ended else "duel.points.bonus_now"), breakdown.bonus)]
    return [(label, _signed(value)) for label, value in rows] + [(t("duel.points.total"), str(breakdown.total))]


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


def bonus_rule(app: App, how: TimeBonus | None) -> str:
    """DU-5 in words, or why there is no bonus (the clock ran out)."""
    if how is None:
        return app.t("duel.bonus.none")
    return app.t("duel.bonus.rule", per_second=how.per_second, cards=how.cards)


def bonus_sum(how: TimeBonus | None) -> str:
    """DU-5 in figures, in the order of ``bonus_rule``: ``187 × 10 × (31 ÷ 52)² = 674``."""
    if how is None:
        return ""
    return f"{how.seconds} × {how.per_second} × ({how.home} ÷ {how.cards})² = {how.points}"


def bonus_lines(app: App, how: TimeBonus | None, rule: bool = True) -> list[tuple[str, bool]]:
    """The bonus explained, as (line, is figures): the rule in words (``rule``), then its sum;
    or why there is none."""
    if how is None:
        return [(bonus_rule(app, how), False)]
    return ([(bonus_rule(app, how), False)] if rule else []) + [(bonus_sum(how), True)]


def draw_bonus(dialog: DialogScene, surface: pygame.Surface, lines: list[tuple[str, bool]],
               box: pygame.Rect, px: int, step: int) -> None:
    """The bonus's lines centred in ``box``, one a ``step``: words in the reading direction, the
    figures left to right in every language (as the clock reads)."""
    for index, (line, figures) in enumerate(lines):
        row = pygame.Rect(box.x, box.y + index * step, box.w, step)
        if not figures:
            dialog.blit_text(surface, line, int(px * 0.85), row, colour=ui.INK_DIM, align="centre")
            continue
        size = dialog.app.text.fit_size(line, px, box.w, True)
        image = dialog.app.text.render(line, size, ui.INK, True, rtl=False)
        surface.blit(image, image.get_rect(center=row.center))


def rule_gap(step: int) -> int:
    """The room the rule over the total takes: clear of the letters above and below it."""
    return max(4, step // 4)


def rows_height(step: int) -> int:
    """The height of the seven rows of the summary, the rule's room included."""
    return 7 * step + rule_gap(step)


def draw_rows(dialog: DialogScene, surface: pygame.Surface, rows: list[tuple[str, str]],
              box: pygame.Rect, px: int, step: int) -> None:
    """Label at the start, points at the end, the total in gold under a rule."""
    y = box.y
    for index, (label, value) in enumerate(rows):
        last = index == len(rows) - 1
        if last:
            width = ui.hairline(px * 2)
            rule = y + (rule_gap(step) - width) // 2
            pygame.draw.line(surface, ui.GOLD, (box.x, rule), (box.right, rule), width)
            y += rule_gap(step)
        line = pygame.Rect(box.x, y, box.w, step)
        colour = ui.GOLD_TOP if last else ui.INK
        dialog.blit_text(surface, label, px, line, colour=colour, bold=last)
        dialog.blit_text(surface, value, px, line, colour=colour, bold=True, align="end", fit=False)
        y += step


class DuelEndScene(DialogScene):
    """DU-4: "End your game?" with the summary and whether it beats the opponent right now."""

    def __init__(self, app: App, duel: Any, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.duel_scene = duel  # the Duel's screen: End is its input; its duel, what is shown
        self.duel: Duel = duel.duel
        self.title = t("duel.end_title")
        self.yes = self.group.add(ui.Button(t("duel.end_yes"), self.confirm, primary=True))
        self.no = self.group.add(ui.Button(t("duel.keep_playing"), self.close))
        self.rows = [[self.no, self.yes]]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.px = 16
        self.step = 20

    def initial_focus(self) -> ui.Widget | None:
        return self.no

    def summary(self) -> list[tuple[str, str]]:
        return breakdown_rows(self.app, self.duel.preview(), ended=False)

    def spoken_texts(self) -> list[str]:
        """Issue 36: what ending now would earn (the bonus, the total) and the verdict."""
        return [f"{label} {value}" for label, value in self.summary()[-2:]] + [self.verdict()]

    def verdict(self) -> str:
        """Our total if we end now against the opponent's as its panel shows it (online, the
        server's figure: an online rival's moves never reach our race)."""
        mine, theirs = self.duel.preview().total, rival_figures(self.duel)[0]
        key = "duel.beats" if mine > theirs else ("duel.level" if mine == theirs else "duel.behind")
        if self.duel.rival_side.note == "net.lost.left":  # its total stays: say so, not just a number
            key = key.replace("duel.", "duel.left.")
        return self.app.t(key, opponent=theirs)

    def confirm(self) -> None:
        self.close()
        self.duel_scene.end_now()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        self.px = max(14, int(u * 0.44))
        self.step = int(self.px * 1.6)
        rows = rows_height(self.step) + 4 * self.step  # the summary, the bonus's sum, the verdict
        w = min(int(size[0] * 0.8), int(u * 13))
        h = self.title_height(u) + u // 2 + rows + u + u + int(u * 0.6)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        self.box = pygame.Rect(panel.x + u, panel.y + self.title_height(u) + u // 2, w - 2 * u, rows)
        bw = min(int(u * 5), (w - 2 * u - u // 2) // 2)
        place_row([self.no, self.yes], panel.centerx, panel.bottom - int(u * 0.6) - u, bw, u,
                  u // 2, self.rtl)

    def draw_extra(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(self.box.x, self.box.y, self.box.w, rows_height(self.step))
        draw_rows(self, surface, self.summary(), box, self.px, self.step)
        how = pygame.Rect(self.box.x, box.bottom + self.step // 4, self.box.w, 2 * self.step)
        draw_bonus(self, surface, bonus_lines(self.app, self.duel.preview().how), how, self.px, self.step)
        verdict = pygame.Rect(self.box.x, how.bottom + self.step // 2, self.box.w, self.step)
        self.blit_text(surface, self.verdict(), self.px, verdict, colour=ui.GOLD, bold=True,
                       align="centre")


class DuelMenuScene(DialogScene):
    """The duel's menu: it pauses the race against the computer."""

    def __init__(self, app: App, duel: Any, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.duel_scene = duel
        self.title = t("menu.duel")
        self.subtitle = duel.duel.rival.name
        entries = [("menu.resume", self.close, True),
                   ("menu.rules", lambda: app.open("rules", game_id=duel.game.rules.id), app.can_open("rules")),
                   ("menu.settings", lambda: app.open("settings"), app.can_open("settings")),
                   ("duel.leave", self.leave, True)]
        self.buttons = [self.group.add(ui.Button(t(key), action, primary=i == 0, visible=shown))
                        for i, (key, action, shown) in enumerate(entries)]

    def spoken_texts(self) -> list[str]:
        return [self.subtitle]

    def leave(self) -> None:
        """One dialog at a time (issue 22): the question takes the menu's place."""
        self.close()
        self.duel_scene.ask_leave()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        shown = [b for b in self.buttons if b.visible]
        gap = max(6, u // 4)
        bh = int(u * 0.98)
        w = min(int(size[0] * 0.8), int(u * 8.5))
        top = self.title_height(u) + int(u * 0.8)
        panel = centred(size, w, top + len(shown) * (bh + gap) + int(u * 1.2))
        self.panel.layout(panel)
        self.subtitle_box = pygame.Rect(panel.x + u // 2, panel.y + self.title_height(u), panel.w - u,
                                        int(u * 0.8))
        y = panel.y + top + int(u * 0.4)
        for button in shown:
            button.layout((panel.centerx - (w - 2 * u) // 2, y, w - 2 * u, bh))
            y += bh + gap

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.blit_text(surface, self.subtitle, int(self.subtitle_box.h * 0.55), self.subtitle_box,
                       colour=ui.INK_DIM, align="centre")
