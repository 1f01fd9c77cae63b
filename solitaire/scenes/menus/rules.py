"""The rules of one game in plain words, with its scoring table, in a scrolling panel.

The paragraphs are strings ``rules.<game>.1``, ``rules.<game>.2``… (as many as the table has).
The scoring table is built from the game's ruleset, so it always agrees with what the game counts.
Scroll with the mouse wheel, the arrow keys, Page Up / Page Down, Home and End.
"""

from __future__ import annotations

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.app.text import SMALLEST_PX
from solitaire.core import Ruleset, Scoring, ruleset
from solitaire.core.rules import default_game
from solitaire.scenes.menus.confirm import centred, unit
from solitaire.scenes.menus.new_game import game_name
from solitaire.scenes.menus.scrolling import ScrollingDialog

Block = tuple[str, str, str]  # (kind, text, value): heading, para, ids, row, note


def _points(scoring: Scoring, value: int) -> str:
    """'+10', '-100', '+$5', '-$104' (the sign always shown, as in a table of gains)."""
    sign = "-" if value < 0 else "+"
    return f"{sign}{scoring.currency}{abs(value)}"


def _label(app: App, rules: Ruleset, field: str) -> str:
    """A row's label in the game's own words where its strings have them
    (``rules.points.<game>.<field>``: Pyramid's "A card of the pyramid that leaves"), else the
    words every game shares (``rules.points.<field>``)."""
    key = f"rules.points.{rules.id}.{field}"
    own = app.t(key)
    return own if own != key else app.t(f"rules.points.{field}")


def scoring_rows(app: App, rules: Ruleset, scoring: Scoring) -> list[Block]:
    """The points of one scoring system, as table rows and a closing note (a kind of move whose
    points are none is left to the note's "every other move scores nothing")."""
    t = app.t
    rows: list[Block] = []
    if scoring.start:
        rows.append(("row", t("rules.points.start"), scoring.text(scoring.start)))
    if scoring.column_to_foundation == scoring.waste_to_foundation or rules.stock != "waste":  # no waste: one row
        rows.append(("row", _label(app, rules, "to_foundation"),
                     _points(scoring, scoring.column_to_foundation)))
    else:
        for field in ("column_to_foundation", "waste_to_foundation"):
            if getattr(scoring, field):
                rows.append(("row", _label(app, rules, field), _points(scoring, getattr(scoring, field))))
    if scoring.home_scores_once:  # DU-12: a card taken back from home scores nothing going home again
        rows.append(("row", t("rules.points.home_again"), _points(scoring, 0)))
    if scoring.waste_to_column:
        rows.append(("row", t("rules.points.waste_to_column"),
                     _points(scoring, scoring.waste_to_column)))
    if scoring.flip and rules.deals_face_down:
        rows.append(("row", t("rules.points.flip"), _points(scoring, scoring.flip)))
    if scoring.foundation_to_column:
        rows.append(("row", t("rules.points.foundation_to_column"),
                     _points(scoring, scoring.foundation_to_column)))
    if scoring.streak:  # TP-6: a run's cards score more each
        rows.append(("row", t("rules.points.streak"), t("rules.points.streak_value", step=_points(scoring, scoring.streak))))
    if scoring.stock_turn:
        rows.append(("row", t("rules.points.stock_turn"), _points(scoring, scoring.stock_turn)))
    if rules.module is not None and rules.module.points is not None:  # what the game's rule module scores (TP-6's peaks)
        rows.append(("row", t(f"rules.points.{rules.module.name}"), t(f"rules.points.{rules.module.name}.value")))
    rows += _recycle_rows(app, rules, scoring)
    duel = rules.extra.get("duel")
    if duel:
        rows.append(("row", t("rules.points.time_bonus"),
                     t("rules.points.time_bonus_value", per_second=duel["bonus_per_second"], cards=rules.card_count)))
    if scoring.floor is None:
        rows.append(("note", t("rules.points.no_floor"), ""))
    else:
        rows.append(("note", t("rules.points.floor", floor=scoring.floor), ""))
    return rows


def _recycle_rows(app: App, rules: Ruleset, scoring: Scoring) -> list[Block]:
    """What turning the waste back costs, and how often it may be done; nothing where there is
    no waste to turn back (FreeCell and Yukon have no stock; Spider's deals a row, Golf's and
    TriPeaks' turns onto the pile, and their paragraphs say how often)."""
    t = app.t
    if rules.stock != "waste":
        return []
    label = _label(app, rules, "recycle")
    if scoring.max_recycles == 0:
        return [("row", label, t("rules.points.one_pass"))]
    by_cost: dict[int, list[int]] = {}
    for draw in rules.draws:
        by_cost.setdefault(scoring.recycle_penalty.get(draw, 0), []).append(draw)

    def value(cost: int) -> str:
        if cost == 0:
            text = t("rules.points.free")
        elif scoring.free_recycles:
            text = t("rules.points.free_then", free=scoring.free_recycles, cost=_points(scoring, -cost))
        else:
            text = _points(scoring, -cost)
        return t("rules.points.passes", value=text, passes=scoring.max_recycles + 1) if scoring.max_recycles > 0 else text

    if len(by_cost) == 1:
        return [("row", label, value(next(iter(by_cost))))]
    rows: list[Block] = []
    for cost, draws in sorted(by_cost.items()):
        which = t("rules.or").join(str(n) for n in draws)
        rows.append(("row", t("rules.points.recycle_draw", n=which), value(cost)))
    return rows


def paragraphs(app: App, prefix: str) -> list[str]:
    """``prefix.1``, ``prefix.2``… for as long as the string table has them."""
    found = []
    n = 1
    while True:
        key = f"{prefix}.{n}"
        text = app.t(key)
        if text == key:
            return found
        found.append(text)
        n += 1


def rule_ids_line(app: App, ids: list[str]) -> list[Block]:
    """The small line under a paragraph naming the rules it explains ("Rules K-2 · C-5"), the
    ids a refused move's message cites (issue 11); none where the game's data gives none, nor
    while *Show rule numbers* is off (issue 22: the sentences alone say why).
    """
    shown = ids and app.settings.show_rule_numbers
    return [("ids", app.t("rules.ids", ids=" · ".join(ids)), "")] if shown else []


def rules_blocks(app: App, game_id: str) -> list[Block]:
    """The whole page: how to play, scoring (one table per system), controls (the game's own
    mouse paragraph ``rules.pointer.<game>``, then the keyboard ones everyone shares). Each
    paragraph and scoring table is followed by the ids of the rules it explains, from the
    game's ``[rules_page]`` table.
    """
    t = app.t
    rules = ruleset(game_id)
    page = rules.extra.get("rules_page", {})
    para_ids = page.get("paragraphs", [])
    blocks: list[Block] = [("heading", t("rules.section.play"), "")]
    for n, text in enumerate(paragraphs(app, f"rules.{game_id}")):
        blocks.append(("para", text, ""))
        blocks += rule_ids_line(app, para_ids[n] if n < len(para_ids) else [])
    for name in rules.scorings:
        heading = (t(f"rules.scoring.{name}") if len(rules.scorings) > 1
                   else t("rules.section.scoring"))
        blocks.append(("heading", heading, ""))
        blocks += scoring_rows(app, rules, rules.scoring_systems[name])
        blocks += rule_ids_line(app, page.get("scoring", {}).get(name, []))
    pointer_key = f"rules.pointer.{game_id}"
    pointer = [app.t(pointer_key)] if app.t(pointer_key) != pointer_key else []
    controls = pointer + paragraphs(app, "rules.controls")
    if controls:
        blocks.append(("heading", t("rules.section.controls"), ""))
        for n, text in enumerate(controls):
            blocks.append(("para", text, ""))
            if pointer and n == 0:
                blocks += rule_ids_line(app, page.get("pointer", []))
    return blocks


class RulesScene(ScrollingDialog):
    def __init__(self, app: App, game_id: str | None = None, **_: object) -> None:
        super().__init__(app)
        self.game_id = game_id = game_id or default_game()
        self.title = app.t("rules.title", game=game_name(app, game_id))
        self.blocks = rules_blocks(app, game_id)
        self.close_button = self.group.add(ui.Button(app.t("menu.close"), self.close,
                                                     primary=True))
        self.items: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.separators: list[int] = []  # content y of the lines between table rows

    def speak_opening(self) -> None:
        """Issue 36: the title and Close, then the page read a block at a time (a key stops it)."""
        super().speak_opening()
        if self.app.speech.wanted:
            for kind, text, value in self.blocks:
                if kind != "ids":
                    self.app.speech.say(f"{text} {value}".strip(), queue=True)

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(int(size[0] * 0.86), int(u * 19))
        h = int(size[1] * 0.9)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        bw, bh = int(u * 4), u
        self.close_button.layout((panel.centerx - bw // 2, panel.bottom - bh - int(u * 0.5),
                                  bw, bh))
        top = panel.y + self.title_height(u) + u // 3
        self.view = pygame.Rect(panel.x + u, top, panel.w - 2 * u,
                                self.close_button.rect.y - u // 3 - top)
        self.step = max(20, int(u * 0.8))
        fraction = self.target / self.max_scroll if self.max_scroll else 0.0
        self._typeset(u)
        self.scroll_to(fraction * self.max_scroll, instant=True)

    def _typeset(self, u: int) -> None:
        """Render the page once per size: a list of line images at content coordinates."""
        text = self.app.text
        body_px = max(14, int(u * 0.42))
        head_px = max(17, int(u * 0.54))
        bar_w = max(6, u // 6)
        width = self.view.w - 3 * bar_w
        line_h = int(text.font(body_px).get_linesize() * 1.2)
        self.items = []
        self.separators = []
        y = 0
        previous = ""
        for kind, words, value in self.blocks:
            if kind == "heading":
                y += int(u * 0.5) if y else 0
                img = text.render(words, head_px, ui.GOLD_TOP, True)
                self.items.append((img, self._aligned(img, y, width)))
                y += img.get_height() + int(u * 0.2)
            elif kind == "para":
                lines = text.wrap(words, body_px, width)
                step = text.line_step(lines, body_px)
                for line in lines:
                    img = text.render(line, body_px, ui.INK)
                    self.items.append((img, self._aligned(img, y, width)))
                    y += step
                y += int(line_h * 0.45)
            elif kind == "ids":
                ids_px = max(SMALLEST_PX, int(body_px * 0.8))
                if previous == "para":  # close under its paragraph, as a footnote
                    y -= int(line_h * 0.3)
                img = text.render(words, ids_px, ui.INK_DIM)
                self.items.append((img, self._aligned(img, y, width)))
                y += img.get_height() + int(line_h * 0.45)
            elif kind == "row":
                value_img = text.render(value, body_px, ui.GOLD_TOP, True)
                label_w = width - value_img.get_width() - u
                lines = text.wrap(words, body_px, label_w)
                step = text.line_step(lines, body_px)
                row_h = max(step * len(lines), value_img.get_height()) + int(line_h * 0.3)
                if previous != "row":
                    self.separators.append(y)
                for i, line in enumerate(lines):
                    img = text.render(line, body_px, ui.INK)
                    self.items.append((img, self._aligned(img, y + int(line_h * 0.15) + i * step,
                                                          width)))
                self.items.append((value_img, self._aligned(value_img, y + int(line_h * 0.15),
                                                            width, end=True)))
                y += row_h
                self.separators.append(y)
            else:  # note
                y += int(line_h * 0.3)
                note_px = int(body_px * 0.92)
                lines = text.wrap(words, note_px, width)
                step = text.line_step(lines, note_px)
                for line in lines:
                    img = text.render(line, note_px, ui.INK_DIM)
                    self.items.append((img, self._aligned(img, y, width)))
                    y += step
            previous = kind
        self.content_h = y + int(u * 0.3)
        self.text_width = width

    def _aligned(self, img: pygame.Surface, y: int, width: int, end: bool = False) -> pygame.Rect:
        """Place a line at the reading start (or the end) of the column, content coordinates."""
        at_right = end != self.rtl
        x = width - img.get_width() if at_right else 0
        return pygame.Rect(x, y, img.get_width(), img.get_height())

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        view = self.view
        offset = int(round(self.scroll))
        left = view.x + (view.w - self.text_width if self.rtl else 0)
        clip = surface.get_clip()
        surface.set_clip(view)
        rule = pygame.Surface((self.text_width, ui.hairline(unit(self.size))), pygame.SRCALPHA)
        rule.fill((255, 255, 255, 34))
        for y in self.separators:
            sy = view.y + y - offset
            if view.top <= sy <= view.bottom:
                surface.blit(rule, (left, sy))
        for img, rect in self.items:
            sy = view.y + rect.y - offset
            if sy + rect.h < view.top or sy > view.bottom:
                continue
            surface.blit(img, (left + rect.x, sy))
        surface.set_clip(clip)
        self.draw_scrollbar(surface)
