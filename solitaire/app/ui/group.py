"""A group of widgets: it routes events, owns keyboard focus (Tab / Shift-Tab / arrows, Enter
or Space to activate, Escape to leave) and draws the focus ring only after the keyboard was used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app import speech
from solitaire.app.text import Text
from solitaire.app.ui.choices import SegmentedChoice
from solitaire.app.ui.widgets import Label, Widget


ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class WidgetGroup:
    """Owns a scene's widgets: event routing, keyboard focus and drawing in order."""

    def __init__(self, text: Text, *, rtl: bool = False,
                 on_escape: Callable[[], Any] | None = None) -> None:
        self.text = text
        self.rtl = rtl
        self.on_escape = on_escape
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.focus_visible = False
        self.captured: Widget | None = None
        #: The focus is moved without a word (a dialog opening says its focus in its own line).
        self.quiet = False
        #: The arrows move by place, to the nearest widget that way (a screen laid out in a grid,
        #: the chooser of games), not Up and Down through the focus order.
        self.grid_arrows = False

    def add(self, widget: Widget) -> Widget:
        """Add ``widget`` (and its children); a choice added right after a label is named by it
        for a screen reader ("Animation speed: Normal"), as the eye reads the two together."""
        if isinstance(widget, SegmentedChoice) and not widget.name and self.widgets \
                and isinstance(self.widgets[-1], Label):
            widget.name = self.widgets[-1].label
        widget.group = self
        self.widgets.append(widget)
        for child in widget.children():
            self.add(child)
        return widget

    def focus_order(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus()]

    def focus(self, widget: Widget | None, *, visible: bool | None = None) -> None:
        if visible is not None:
            self.focus_visible = visible
        if widget is self.focused:
            return
        if self.focused is not None:
            self.focused.focused = False
            self.focused.release()
        self.focused = widget
        if widget is not None:
            widget.focused = True
            voice = speech.current()
            if voice is not None and voice.wanted and not self.quiet:
                voice.say(widget.spoken())

    def move_focus(self, step: int) -> None:
        """Tab / arrows: the next widget; when the focus is there but not shown yet (a dialog
        opened with the mouse), the first press shows it where it is instead of skipping it.
        """
        order = self.focus_order()
        if not order:
            return
        if self.focused in order and not self.focus_visible:
            self.focus_visible = True
            return
        if self.focused in order:
            index = (order.index(self.focused) + step) % len(order)
        else:
            index = 0 if step > 0 else len(order) - 1
        self.focus(order[index], visible=True)

    def move_towards(self, dx: int, dy: int) -> None:
        """An arrow on a grid: the nearest widget that way, by the centres of their rects. Left and
        Right stay in the row and, past its end, go on in reading order (to the next row's start);
        Up and Down take the nearest row that way, the nearest place along it first."""
        order = self.focus_order()
        if self.focused not in order or not self.focus_visible:
            self.move_focus(1)  # the first press shows the focus
            return
        assert self.focused is not None
        here = self.focused.rect
        best: tuple[int, Widget] | None = None
        for widget in order:
            ox, oy = widget.rect.centerx - here.centerx, widget.rect.centery - here.centery
            along, across = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
            if widget is self.focused or along <= 0:
                continue
            if dx and not (widget.rect.top < here.bottom and here.top < widget.rect.bottom):
                continue  # Left and Right: only what shares the row
            cost = along + 3 * across
            if best is None or cost < best[0]:
                best = (cost, widget)
        if best is not None:
            self.focus(best[1], visible=True)
        elif dx:
            self.move_focus(1 if (dx > 0) != self.rtl else -1)

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; True if a widget (or the focus keys) used it."""
        if self.focused is not None and not self.focused.can_focus():
            self.focus(None)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        if self.focused is not None and self.focused.handle_key(event):
            self.focus_visible = self.focus_visible or event.type == pygame.KEYDOWN
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.grid_arrows and event.key in ARROWS:
            self.move_towards(*ARROWS[event.key])
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
            return True
        return False

    def _mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            used = False
            for widget in self.widgets:
                if widget.visible and widget.enabled:
                    used = widget.handle_mouse(event) or used
                else:
                    widget.hovered = False
            return used
        if event.type == pygame.MOUSEBUTTONUP:
            target, self.captured = self.captured, None
            return target.handle_mouse(event) if target is not None else False
        for widget in reversed(self.widgets):
            if widget.visible and widget.enabled and widget.rect.collidepoint(event.pos):
                if widget.handle_mouse(event):
                    self.captured = widget
                    if widget.focusable:
                        self.focus(widget, visible=False)
                    return True
        return False

    def layout_changed(self) -> None:
        """Call after re-laying out the widgets (hover is recomputed on the next motion)."""
        for widget in self.widgets:
            widget.hovered = False

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        if self.focus_visible and self.focused is not None and self.focused.visible:
            self.focused.draw_focus(surface)
