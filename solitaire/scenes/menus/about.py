"""The About page (title → About; issue 37): the version, the game's licence, and the people
and projects whose work the game uses or its executable carries, each opening its licence's
text (``assets/licenses/``, read through :mod:`solitaire.app.notices`).

The list is a scrolling page: Up / Down choose a work (the page follows), Enter or a click opens
its licence; Page Up / Page Down, Home, End and the wheel scroll. The licence texts are shown as
published, in English, left to right in either language.
"""

from __future__ import annotations

import pygame

from solitaire import __version__
from solitaire.app import notices, ui
from solitaire.app.scene import App
from solitaire.scenes.menus.confirm import centred, place_row, unit
from solitaire.scenes.menus.scrolling import ScrollingDialog

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def _frame(scene: ScrollingDialog, size: tuple[int, int], buttons: list[ui.Button]) -> int:
    """Lay out the panel, its row of buttons at the foot and the scrolling view between them;
    the control unit used."""
    u = unit(size)
    panel = centred(size, min(int(size[0] * 0.9), int(u * 20)), int(size[1] * 0.9))
    scene.panel.layout(panel)
    bw = min(int(u * 4.2), (panel.w - 2 * u) // max(1, len(buttons)))
    place_row(buttons, panel.centerx, panel.bottom - u - int(u * 0.5), bw, u, u // 2, scene.rtl)
    top = panel.y + scene.title_height(u) + u // 3
    scene.view = pygame.Rect(panel.x + u, top, panel.w - 2 * u, panel.bottom - u - int(u * 0.5) - u // 3 - top)
    scene.step = max(20, int(u * 0.8))
    return u


class AboutScene(ScrollingDialog):
    def __init__(self, app: App, **_: object) -> None:
        super().__init__(app)
        self.title = app.t("about.title")
        self.works = notices.works()
        self.licence_button = self.group.add(ui.Button(app.t("about.read_licence"), self.open_own_licence))
        self.close_button = self.group.add(ui.Button(app.t("menu.close"), self.close, primary=True))
        self.rows = [[self.licence_button, self.close_button]]
        self.items: list[tuple[pygame.Surface, pygame.Rect]] = []  # content coordinates
        self.work_rects: list[pygame.Rect] = []  # each work's row, content coordinates
        self.selected: int | None = None

    def initial_focus(self) -> ui.Widget | None:
        return self.close_button

    def open_own_licence(self) -> None:
        self.app.stack.push(LicenceScene(self.app, None))

    def open_work(self, index: int) -> None:
        self.app.stack.push(LicenceScene(self.app, self.works[index]))

    def layout(self, size: tuple[int, int]) -> None:
        u = _frame(self, size, [self.licence_button, self.close_button])
        fraction = self.target / self.max_scroll if self.max_scroll else 0.0
        self._typeset(u)
        self.scroll_to(fraction * self.max_scroll, instant=True)

    def _typeset(self, u: int) -> None:
        text, t = self.app.text, self.app.t
        width = self.view.w - 3 * max(6, u // 6)
        body_px, head_px = max(14, int(u * 0.42)), max(17, int(u * 0.54))
        self.items, self.work_rects = [], []
        y = 0

        def para(words: str, px: int, colour: ui.Colour) -> None:
            nonlocal y
            lines = text.wrap(words, px, width)
            step = text.line_step(lines, px)
            for line in lines:
                self._place(text.render(line, px, colour), y, width)
                y += step

        head = text.render(f"{t('app.title')} · {t('about.version', version=__version__)}", head_px, ui.GOLD_TOP, True)
        self._place(head, y, width)
        y += head.get_height() + int(u * 0.3)
        para(t("about.licence"), body_px, ui.INK)
        y += int(u * 0.5)
        self._place(text.render(t("about.uses"), head_px, ui.GOLD_TOP, True), y, width)
        y += int(u * 0.8)
        para(t("about.uses_note"), int(body_px * 0.92), ui.INK_DIM)
        y += int(u * 0.3)
        row_h = int(u * 0.78)
        for work in self.works:
            licence_px = text.fit_size(work.licence, int(body_px * 0.85), width * 2 // 5)
            licence = text.render(work.licence, licence_px, ui.INK_DIM, rtl=False)  # Latin names, as published
            name_px = text.fit_size(work.name, body_px, width - licence.get_width() - u // 2)
            name = text.render(work.name, name_px, ui.INK, rtl=False)
            row = pygame.Rect(0, y, width, row_h)
            self.work_rects.append(row)
            self._place(name, y + (row_h - name.get_height()) // 2, width)
            self._place(licence, y + (row_h - licence.get_height()) // 2, width, end=True)
            y += row_h
        self.content_h = y + int(u * 0.3)
        self.text_width = width

    def _place(self, img: pygame.Surface, y: int, width: int, end: bool = False) -> None:
        x = width - img.get_width() if end != self.rtl else 0
        self.items.append((img, pygame.Rect(x, y, img.get_width(), img.get_height())))

    # -- input ------------------------------------------------------------------------------
    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        y = pos[1] - self.view.y + int(round(self.scroll))
        return next((i for i, row in enumerate(self.work_rects) if row.top <= y < row.bottom), None)

    def select(self, index: int) -> None:
        """Choose a work, and scroll so its row shows."""
        self.selected = index = max(0, min(len(self.works) - 1, index))
        row = self.work_rects[index]
        if row.top < self.target:
            self.scroll_to(row.top)
        elif row.bottom > self.target + self.view.h:
            self.scroll_to(row.bottom - self.view.h)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.works:
            step = 1 if event.key == pygame.K_DOWN else -1
            self.select(0 if self.selected is None else self.selected + step)
            self.group.focus(None)  # Enter is the row's now, not a button's
            return
        if event.type == pygame.KEYDOWN and event.key in ENTER and self.selected is not None:
            self.open_work(self.selected)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.selected = None  # the buttons' turn
        if event.type == pygame.MOUSEMOTION:
            hovered = self._row_at(event.pos)
            if hovered is not None:
                self.selected = hovered
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = self._row_at(event.pos)
            if clicked is not None:
                self.open_work(clicked)
                return
        super().handle(event)

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        view, offset = self.view, int(round(self.scroll))
        left = view.x + (view.w - self.text_width if self.rtl else 0)
        clip = surface.get_clip()
        surface.set_clip(view)
        if self.selected is not None:
            row = self.work_rects[self.selected].move(left, view.y - offset).inflate(self.u // 3, 0)
            surface.blit(ui.rounded_rect(row.size, max(3, row.h // 5), (255, 255, 255, 30)), row.topleft)
        for img, rect in self.items:
            sy = view.y + rect.y - offset
            if view.top - rect.h <= sy <= view.bottom:
                surface.blit(img, (left + rect.x, sy))
        surface.set_clip(clip)
        self.draw_scrollbar(surface)


class LicenceScene(ScrollingDialog):
    """One licence's text (``work`` None: the game's own), over the About page."""

    def __init__(self, app: App, work: notices.Work | None, **_: object) -> None:
        super().__init__(app)
        self.work = work
        self.title = work.name if work else f"{app.t('app.title')} {__version__}"
        self.close_button = self.group.add(ui.Button(app.t("menu.close"), self.close, primary=True))
        body = notices.licence_text(work) if work else notices.own_licence_text()
        self.source = body.replace("\f", "").replace("\t", "    ").splitlines()
        self.header: list[str] = ([app.t("about.by", by=work.by), work.licence] if work else [notices.OWN_LICENCE])
        self.header.append(app.t("about.text_note"))
        self.lines: list[tuple[str, int, bool]] = []  # (text, content y, in the reading direction)
        self.px = 14

    def layout(self, size: tuple[int, int]) -> None:
        u = _frame(self, size, [self.close_button])
        text = self.app.text
        width = self.view.w - 3 * max(6, u // 6)
        self.px = max(12, int(u * 0.36))
        step = text.line_step(["Ag"], self.px)
        self.lines, y = [], 0
        for line in self.header:
            for part in text.wrap(line, self.px, width):
                self.lines.append((part, y, True))
                y += step
        y += step // 2
        for line in self.source:
            parts = [line] if text.width(line, self.px) <= width else text.wrap(line, self.px, width)
            for part in parts:
                self.lines.append((part, y, False))
                y += step
        self.content_h = y + step
        self.text_width = width
        self.scroll_to(self.target, instant=True)

    def draw_extra(self, surface: pygame.Surface) -> None:
        view, offset = self.view, int(round(self.scroll))
        text = self.app.text
        clip = surface.get_clip()
        surface.set_clip(view)
        bar = max(6, self.u // 6) * 3
        for line, y, reading in self.lines:
            sy = view.y + y - offset
            if sy < view.top - 2 * self.px or sy > view.bottom:
                continue
            if not line:
                continue
            img = text.render(line, self.px, ui.INK if not reading else ui.INK_DIM,
                              rtl=self.rtl if reading else False)
            at_right = reading and self.rtl
            x = view.right - bar - img.get_width() if at_right else view.x + (bar if self.rtl else 0)
            surface.blit(img, (x, sy))
        surface.set_clip(clip)
        self.draw_scrollbar(surface)
