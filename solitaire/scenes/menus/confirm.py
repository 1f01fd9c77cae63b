"""A yes/no question over the scene that asked it, and the frame every dialog here shares.

:class:`DialogScene` is the common shape of the overlay dialogs in this package (new game, game
menu, rules, game code, statistics, this one): the scene below dimmed, a panel sized from the
window, widgets in a :class:`~solitaire.app.ui.WidgetGroup`, Escape or a click outside to close,
and Left / Right moving between the buttons of a row (mirrored right-to-left).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.play import spoken


def unit(size: tuple[int, int]) -> int:
    """The height of one control row: follows the window, from 960x600 to 4K, and the
    player's text size (every label in a row is sized from its height)."""
    w, h = size
    return round(max(34, int(min(h * 0.062, w * 0.046))) * ui.Look.text_scale)


def centred(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


def place_row(buttons: Sequence[ui.Widget], centre_x: int, y: int, width: int, height: int,
              gap: int, rtl: bool) -> None:
    """Lay ``buttons`` side by side, centred; their visual order flips right-to-left."""
    shown = [b for b in buttons if b.visible]
    total = len(shown) * width + (len(shown) - 1) * gap
    x = centre_x - total // 2
    for button in (shown[::-1] if rtl else shown):
        button.layout((x, y, width, height))
        x += width + gap


class DialogScene(Scene):
    """An overlay dialog: subclasses build widgets in ``__init__`` and place them in ``layout``."""

    overlay = True
    #: A click outside the panel closes the dialog (as Escape does).
    close_on_outside_click = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rtl = i18n.is_rtl()
        self.group = ui.WidgetGroup(app.text, rtl=self.rtl, on_escape=self.close)
        self.panel = self.group.add(ui.Panel())
        self.title = ""
        self.rows: list[list[ui.Widget]] = []
        self.size = (0, 0)
        #: The control unit the layout used: ``unit(size)``, or less where large text would
        #: not fit the window.
        self.u = 34
        self.fade = 1.0
        self.covered = False
        self.veil = 150

    # -- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        scenes = self.app.stack.scenes
        below = scenes[-2] if len(scenes) > 1 and scenes[-1] is self else None
        self.veil = 100 if isinstance(below, DialogScene) else 150  # the dialog below dimmed already
        self.on_resize(self.app.display.size)
        first = self.initial_focus()
        self.group.quiet = True  # said below, after the title
        if first is not None:  # shown at once to a player on the keyboard (issue 11)
            self.group.focus(first, visible=self.app.keyboard_input)
        self.group.quiet = False
        self.speak_opening()
        self.fade = 0.0
        self.tweens.tween(0.0, 1.0, 0.2, "out_cubic", on_update=self._set_fade)

    def _set_fade(self, value: float) -> None:
        self.fade = value

    def speak_opening(self) -> None:
        """Issue 36: the title, what the dialog says, its choices as they stand, its buttons and
        the focused one."""
        if self.app.speech.wanted:
            apart = self.said_apart()
            shown = [w for w in self.group.focus_order() if isinstance(w, ui.Button) and w not in apart]
            shown.sort(key=lambda w: (w.rect.y, -w.rect.x if self.rtl else w.rect.x))  # in reading order
            buttons = [w.label for w in shown]
            choices = [w.spoken() for w in self.group.focus_order() if isinstance(w, (ui.SegmentedChoice, ui.Toggle))]
            focused = self.group.focused.spoken() if self.group.focused is not None else ""
            self.app.speech.say(spoken.dialog_words(self.title, self.spoken_texts() + choices, buttons, focused))

    def spoken_texts(self) -> list[str]:
        """What the dialog says besides its title and widgets, for a screen reader."""
        return []

    def said_apart(self) -> list[ui.Widget]:
        """Buttons the dialog says in its own words (``spoken_texts``), not among its buttons:
        the New game window's games, a list of their own."""
        return []

    def pause(self) -> None:
        self.covered = True
        self.tweens.finish()

    def resume(self) -> None:
        self.covered = False
        self.on_resize(self.app.display.size)

    def initial_focus(self) -> ui.Widget | None:
        order = self.group.focus_order()
        return order[0] if order else None

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.u = unit(size)
        self.layout(size)
        self.group.layout_changed()

    def layout(self, size: tuple[int, int]) -> None:
        """Compute every rect from the window size."""

    def title_height(self, u: int) -> int:
        """The band the title takes at the top of the panel (0 without a title)."""
        return int(u * 1.45) if self.title else 0

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step_in_row(1 if event.key == pygame.K_RIGHT else -1)
        elif (event.type == pygame.MOUSEBUTTONDOWN and self.close_on_outside_click
              and event.button == 1 and not self.panel.rect.collidepoint(event.pos)):
            self.close()

    def _step_in_row(self, step: int) -> None:
        """Left / Right move focus along a row of buttons, in screen order."""
        focused = self.group.focused
        for row in self.rows:
            shown = [w for w in row if w.can_focus()]
            if focused in shown:
                on_screen = sorted(shown, key=lambda w: w.rect.x)
                index = on_screen.index(focused) + step
                if 0 <= index < len(on_screen):
                    self.group.focus(on_screen[index], visible=True)
                return

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui.dim(surface, int(self.veil * self.fade))
        self.group.draw(surface)
        if self.title:
            self.draw_title(surface)
        self.draw_extra(surface)

    def draw_veil(self, surface: pygame.Surface) -> None:
        ui.dim(surface, int(self.veil * self.fade))

    def draw_title(self, surface: pygame.Surface) -> None:
        """The title in gold over a thin rule, the same size in every dialog."""
        panel = self.panel.rect
        band = pygame.Rect(panel.x, panel.y, panel.w, self.title_height(self.u))
        inset = panel.w // 10
        self.blit_text(surface, self.title, int(band.h * 0.5), band.inflate(-2 * inset, 0),
                       colour=ui.GOLD_TOP, bold=True, align="centre")
        pygame.draw.line(surface, ui.GOLD, (panel.x + inset, band.bottom - 1),
                         (panel.right - inset, band.bottom - 1), ui.hairline(self.u))

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Paint what is not a widget, over the panel."""

    def blit_text(self, surface: pygame.Surface, text: str, size: int, box: pygame.Rect, *,
                  colour: ui.Colour = ui.INK, bold: bool | str = False, align: str = "start",
                  fit: bool = True) -> pygame.Rect:
        """One line in ``box``, vertically centred; 'start'/'end' follow the reading direction."""
        if fit:
            size = self.app.text.fit_size(text, size, box.w, bool(bold))
        img = self.app.text.render(text, size, colour, bold)
        pos = img.get_rect(center=box.center)
        if align != "centre":
            at_left = (align == "start") != self.rtl
            if at_left:
                pos.left = box.left
            else:
                pos.right = box.right
        surface.blit(img, pos)
        return pos


class ConfirmScene(DialogScene):
    """Ask before doing something that cannot be undone; ``on_yes`` runs after the dialog closes.

    The safe answer (No) has the focus, so a stray Enter does nothing harmful.
    """

    def __init__(self, app: App, message: str, on_yes: Callable[[], Any],
                 yes_label: str | None = None, no_label: str | None = None,
                 title: str | None = None, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.message = message
        self.on_yes = on_yes
        self.title = title or ""
        self.yes = self.group.add(ui.Button(yes_label or t("confirm.yes"), self.answer_yes,
                                            primary=True))
        self.no = self.group.add(ui.Button(no_label or t("confirm.no"), self.close))
        self.rows = [[self.no, self.yes]]
        self.lines: list[str] = []
        self.text_px = 16
        self.text_box = pygame.Rect(0, 0, 0, 0)

    def initial_focus(self) -> ui.Widget | None:
        return self.no

    def spoken_texts(self) -> list[str]:
        return [self.message]

    def answer_yes(self) -> None:
        self.close()
        self.on_yes()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(int(size[0] * 0.8), int(u * 16))
        self.text_px = max(15, int(u * 0.46))
        inner_w = w - 2 * u
        self.lines = self.app.text.wrap(self.message, self.text_px, inner_w)
        line_h = self.app.text.line_step(self.lines, self.text_px, spacing=1.15)
        title_h = self.title_height(u)
        text_h = line_h * len(self.lines)
        h = title_h + u + text_h + u + u + int(u * 0.8)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        self.text_box = pygame.Rect(panel.x + u, panel.y + title_h + u, inner_w, text_h)
        self.line_h = line_h
        bw = min(int(u * 4.2), (inner_w - u // 2) // 2)
        place_row([self.no, self.yes], panel.centerx, panel.bottom - int(u * 0.8) - u, bw, u,
                  u // 2, self.rtl)

    def draw_extra(self, surface: pygame.Surface) -> None:
        y = self.text_box.y
        for line in self.lines:
            box = pygame.Rect(self.text_box.x, y, self.text_box.w, self.line_h)
            self.blit_text(surface, line, self.text_px, box, align="centre", fit=False)
            y += self.line_h


def ask(app: App, message: str, on_yes: Callable[[], Any], yes_label: str | None = None,
        no_label: str | None = None) -> Scene:
    """Push the confirmation dialog (the registered "confirm" scene if there is one)."""
    kwargs: dict[str, Any] = {"message": message, "on_yes": on_yes, "yes_label": yes_label,
                              "no_label": no_label}
    if app.can_open("confirm"):
        return app.open("confirm", **kwargs)
    return app.stack.push(ConfirmScene(app, **kwargs))
