"""Game codes (G-1, G-3): see and copy the current deal's code, or type one to play it.

A refused code keeps the typed text and shows, under the field, the one line that names the
wrong part. The clipboard is SDL's (``app.clipboard``); where it is missing the dialog
says so instead of pretending to have copied.
"""

from __future__ import annotations

import re

import pygame

from solitaire.app import clipboard, ui
from solitaire.app.scene import App
from solitaire.core import BadCode, GameCode, parse_code
from solitaire.scenes.menus.confirm import DialogScene, ask, centred, unit
from solitaire.scenes.menus.new_game import close_to, game_name, mode_label
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.play.session import saved_game_at_stake, slot_of

_RULE_ID = re.compile(r"^[A-Z]+-\d+:\s*")


def refusal_line(error: BadCode) -> str:
    """The core's one-line G-3 message, without the rule id players have no use for."""
    return _RULE_ID.sub("", str(error).splitlines()[0] if str(error) else "")


def code_question(app: App, code: GameCode) -> str:
    """The question before a code's deal gives up the game in progress in its mode."""
    return app.t("confirm.code_lost", code=str(code), game=game_name(app, code.game),
                 mode=mode_label(app, code.game, code.draw, code.scoring))


class CodeField(ui.TextInput):
    """The code field; its error line is fitted to the field's width (the message can be long)."""

    def draw(self, surface: pygame.Surface) -> None:
        error, self.error = self.error, ""
        try:
            super().draw(surface)
        finally:
            self.error = error
        if not error:
            return
        if not self.focused:
            surface.blit(ui.ring(self.rect.size, self.radius(), ui.ERROR, ui.hairline(self.rect.h)),
                         self.rect.topleft)
        px = self.text.fit_size(error, max(12, int(self.rect.h * 0.36)), self.rect.w)
        img = self.text.render(error, px, ui.ERROR)
        pos = img.get_rect(topleft=(self.rect.x + 2, self.rect.bottom + max(4, self.rect.h // 6)))
        if self.rtl:
            pos.right = self.rect.right - 2
        surface.blit(img, pos)


class GameCodeScene(DialogScene):
    def __init__(self, app: App, play: PlayTable | None = None, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.play = play
        self.title = t("game_code.title")
        game = getattr(play, "game", None)
        code = getattr(game, "code", None)
        self.code_text = str(code) if code is not None else ""
        self.has_current = game is not None
        self.status = ""
        self.status_ok = True
        self.current_label = self.group.add(ui.Label(t("game_code.current"), colour=ui.GOLD,
                                                     bold=True))
        self.copy_button = self.group.add(ui.Button(t("game_code.copy"), self.copy,
                                                    visible=bool(self.code_text)))
        self.enter_label = self.group.add(ui.Label(t("game_code.enter"), colour=ui.GOLD,
                                                   bold=True))
        self.field = self.group.add(CodeField(self.submit, placeholder=t("game_code.placeholder"),
                                              max_length=24))
        self.play_button = self.group.add(ui.Button(t("game_code.play"),
                                                    lambda: self.submit(self.field.value),
                                                    primary=True))
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close))
        self.current_label.visible = self.has_current
        self.rows = [[self.field, self.play_button]]
        self.code_box = pygame.Rect(0, 0, 0, 0)
        self.status_box = pygame.Rect(0, 0, 0, 0)
        self.about_box = pygame.Rect(0, 0, 0, 0)

    def initial_focus(self) -> ui.Widget | None:
        return self.field

    def copy(self) -> None:
        self.status_ok = clipboard.copy(self.code_text)
        self.status = self.app.t("game_code.copied" if self.status_ok else "game_code.copy_failed")

    def submit(self, text: str) -> None:
        if not text.strip():
            self.field.error = self.app.t("code.empty")
            return
        try:
            code = parse_code(text)
        except BadCode as error:
            self.field.error = refusal_line(error)
            return
        slot = slot_of(code.game, code.draw, code.scoring)
        at_stake = (self.play.session.at_stake(slot) if self.play is not None
                    else saved_game_at_stake(self.app.services.store, slot))
        if at_stake:  # a game with moves in the code's mode is given up: say so first
            ask(self.app, code_question(self.app, code), lambda: self._play(code),
                yes_label=self.app.t("game_code.play"), no_label=self.app.t("menu.cancel"))
        else:
            self._play(code)

    def _play(self, code: GameCode) -> None:
        if self.play is None:
            self.app.switch("play", code=code)
        else:
            close_to(self.app, self.play)
            self.play.session.start_code(code)

    def _side_by_side(self, inner: pygame.Rect, wide: pygame.Rect, button: pygame.Rect) -> None:
        """Put ``wide`` at the reading start of ``inner`` and ``button`` at its end (mirrored
        for right-to-left)."""
        if self.rtl:
            wide.right = inner.right
            button.left = inner.left
        else:
            wide.left = inner.left
            button.right = inner.right

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        w = min(int(size[0] * 0.86), int(u * 15))
        current_h = (int(u * 0.7) + gap + int(u * 1.25) + int(u * 0.7) + gap) if self.has_current else 0
        h = (self.title_height(u) + 2 * gap + int(u * 0.7) + current_h + int(u * 0.7) + gap
             + u + int(u * 1.0) + u + int(u * 1.2))
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + gap
        self.about_box = pygame.Rect(inner.x, y, inner.w, int(u * 0.7))
        y += int(u * 0.7) + gap
        button_w = int(u * 3.4)
        if self.has_current:
            self.current_label.layout((inner.x, y, inner.w, int(u * 0.7)))
            y += int(u * 0.7) + gap
            box = pygame.Rect(inner.x, y, inner.w, int(u * 1.25))
            if self.copy_button.visible:
                box.w -= button_w + gap
                copy = pygame.Rect(0, y + (box.h - u) // 2, button_w, u)
                self._side_by_side(inner, box, copy)
                self.copy_button.layout(copy)
            self.code_box = box
            y += box.h
            self.status_box = pygame.Rect(inner.x, y, inner.w, int(u * 0.7))
            y += int(u * 0.7) + gap
        self.enter_label.layout((inner.x, y, inner.w, int(u * 0.7)))
        y += int(u * 0.7) + gap
        field = pygame.Rect(inner.x, y, inner.w - button_w - gap, u)
        play = pygame.Rect(0, y, button_w, u)
        self._side_by_side(inner, field, play)
        self.field.layout(field)
        self.play_button.layout(play)
        cw = int(u * 3.4)
        self.close_button.layout((panel.centerx - cw // 2, panel.bottom - u - int(u * 0.6), cw, u))

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.t
        u = unit(self.size)
        self.blit_text(surface, t("game_code.about"), int(u * 0.4), self.about_box,
                       colour=ui.INK_DIM)
        if not self.has_current:
            return
        box = self.code_box
        if self.code_text:
            surface.blit(ui.rounded_rect(box.size, max(4, box.h // 5), (0, 0, 0, 90), None,
                                         ui.SECONDARY_EDGE, ui.hairline(u)), box.topleft)
            self.blit_text(surface, self.code_text, int(box.h * 0.52), box.inflate(-u // 2, 0),
                           colour=ui.GOLD_TOP, bold=True, align="centre")
        else:
            self.blit_text(surface, t("game_code.none"), int(u * 0.42), box, colour=ui.INK)
        if self.status:
            self.blit_text(surface, self.status, int(u * 0.38), self.status_box,
                           colour=ui.INK_DIM if self.status_ok else ui.ERROR)
