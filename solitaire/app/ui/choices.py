"""Widgets that hold a setting: a toggle and a segmented choice (the slider is in ``slider.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import speech
from solitaire.app.text import SMALLEST_PX
from solitaire.app.ui.paint import (
    GOLD, GOLD_BOTTOM, GOLD_TOP, INK, INK_DARK, INK_DIM, SECONDARY_EDGE, TRACK_OFF, circle, font_px, hairline,
    rounded_rect,
)
from solitaire.app.ui.widgets import Widget


class Toggle(Widget):
    """A labelled on/off switch; the whole row is clickable."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], Any], *,
                 enabled: bool = True) -> None:
        super().__init__(enabled=enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.pressed = False
        self.font_px: int | None = None
        #: Lines a long label may wrap onto (a dialog with large text gives its toggles two).
        self.max_lines = 1

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.on_change(value)
            self.announce()

    def spoken(self) -> str:
        return i18n.t("speech.toggle.on" if self.value else "speech.toggle.off", label=self.label)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        inside = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = inside
        elif event.type == pygame.MOUSEBUTTONDOWN and inside and event.button == 1:
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.pressed and event.button == 1:
            self.pressed = False
            if inside:
                self.set(not self.value)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.set(not self.value)
            return True
        return False

    def release(self) -> None:
        self.pressed = False

    def radius(self) -> int:
        return max(4, self.rect.h // 5)

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(switch track, label area) inside the rect; a whole track height of air between
        them, so a long label fitted to its area never touches its switch (issue 11).
        """
        rect = self.rect
        track_h = max(12, int(rect.h * 0.56))
        pad = max(6, rect.h // 5)
        track = pygame.Rect(0, 0, int(track_h * 1.8), track_h)
        track.centery = rect.centery
        label_box = rect.inflate(-2 * pad, 0)
        if self.rtl:
            track.left = rect.left + pad
            label_box.left = track.right + track_h
            label_box.width = rect.right - pad - label_box.left
        else:
            track.right = rect.right - pad
            label_box.width = track.left - track_h - label_box.left
        return track, label_box

    def fitted_font_px(self) -> int:
        """The label size that fits, on up to ``max_lines`` lines; a dialog can give all its
        toggles the smallest one."""
        size = font_px(self.rect, 0.38)
        if self.max_lines == 1:
            return self.text.fit_size(self.label, size, self._boxes()[1].w)
        while size > SMALLEST_PX and not self._fits(size):
            size = max(SMALLEST_PX, int(size * 0.92))
        return size

    def _lines(self, size: int) -> list[str]:
        """The label as drawn at ``size``: one line, or wrapped when it is too long for one."""
        width = self._boxes()[1].w
        if self.max_lines == 1 or self.text.width(self.label, size) <= width:
            return [self.label]
        return self.text.wrap(self.label, size, width)

    def _fits(self, size: int) -> bool:
        lines = self._lines(size)
        return (len(lines) <= self.max_lines
                and all(self.text.width(line, size) <= self._boxes()[1].w for line in lines)
                and self.text.line_step(lines, size, spacing=1.0) * len(lines) <= self.rect.h)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if self.hovered and self.enabled:
            surface.blit(rounded_rect(rect.size, self.radius(), (255, 255, 255, 16)), rect.topleft)
        track, label_box = self._boxes()
        track_h = track.h
        fill = GOLD if self.value else TRACK_OFF
        surface.blit(rounded_rect(track.size, track_h // 2, fill), track.topleft)
        knob_d = track_h - max(4, track_h // 6)
        gap = (track_h - knob_d) // 2
        on_right = self.value != self.rtl
        knob_x = track.right - gap - knob_d if on_right else track.left + gap
        surface.blit(circle(knob_d, (255, 255, 255) if self.enabled else (170, 170, 170)),
                     (knob_x, track.top + gap))
        size = self.font_px or self.fitted_font_px()
        lines = self._lines(size)
        step = self.text.line_step(lines, size, spacing=1.0)
        top = label_box.centery - step * len(lines) // 2
        for index, line in enumerate(lines):
            img = self.text.render(line, size, INK if self.enabled else INK_DIM)
            pos = img.get_rect(midleft=(label_box.left, top + step * index + step // 2))
            if self.rtl:
                pos.midright = (label_box.right, pos.centery)
            surface.blit(img, pos)


class SegmentedChoice(Widget):
    """One of a few options side by side ("Draw 1 / 2 / 3"); arrows move the choice."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any], *, enabled: bool = True) -> None:
        super().__init__(enabled=enabled)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        #: Segments as wide as their labels (not equal): labels of unequal lengths fit larger.
        self.fitted = False
        #: The largest label size, shared with a row beside it so both read as one (``label_layout``).
        self.size_cap: int | None = None

    def _index(self) -> int:
        values = [v for v, _ in self.options]
        return values.index(self.value) if self.value in values else 0

    def select(self, index: int) -> None:
        index = max(0, min(len(self.options) - 1, index))
        value = self.options[index][0]
        if value != self.value:
            self.value = value
            self.announce()  # the new value first, then what it changes (a page, the figures)
            self.on_change(value)

    #: What the choice is of, said before its value ("Animation speed: Normal"); the row's label
    #: on screen is a widget of its own.
    name = ""

    #: A line about the value chosen, said after it (New game: what the scoring means), and
    #: the value it is about. Its owner sets it anew when the value changes (``describe``).
    note = ""
    note_of: Any = None

    def describe(self, note: str) -> None:
        """The line about the value chosen now; said at once when the choice has the focus (its
        new value was said just before, as it changed, without the old value's line)."""
        changed = note != self.note
        self.note, self.note_of = note, self.value
        voice = speech.current()
        if changed and note and self.focused and voice is not None and voice.wanted:
            voice.say(note, queue=True)

    def spoken(self) -> str:
        value = self.options[self._index()][1] if self.options else ""
        said = f"{self.name}: {value}" if self.name and value else value
        note = self.note if self.note_of == self.value else ""
        return f"{said}. {note}" if said and note else said or note

    def segments(self) -> list[pygame.Rect]:
        """One rect per option, in option order (right to left when mirrored)."""
        weights = [1] * max(1, len(self.options))
        if self.fitted:  # a label's widest line at 64 px, and an em of room
            weights = [max(self.text.width(line, 64, True) for line in _two_lines(label)) + 64
                       for _, label in self.options]
        edges = [sum(weights[:i]) * self.rect.w // sum(weights) for i in range(len(weights) + 1)]
        if self.rtl:  # the first option at the right
            edges = [self.rect.w - edge for edge in edges]
            return [pygame.Rect(self.rect.x + right, self.rect.y, left - right, self.rect.h)
                    for left, right in zip(edges, edges[1:])]
        return [pygame.Rect(self.rect.x + left, self.rect.y, right - left, self.rect.h)
                for left, right in zip(edges, edges[1:])]

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, seg in enumerate(self.segments()):
                if seg.collidepoint(event.pos):
                    self.select(i)
                    return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if step is None:
            return False
        self.select(self._index() + (-step if self.rtl else step))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.radius()
        surface.blit(rounded_rect(self.rect.size, radius, (0, 0, 0, 70), None, SECONDARY_EDGE,
                                  hairline(self.rect.h)), self.rect.topleft)
        chosen = self._index()
        size, labels = self.label_layout()
        for i, (seg, lines) in enumerate(zip(self.segments(), labels)):
            inner = self._inner(seg)
            if i == chosen:
                surface.blit(rounded_rect(inner.size, max(3, radius - 2), GOLD_TOP, GOLD_BOTTOM),
                             inner.topleft)
            ink = INK_DARK if i == chosen else INK
            step = self.text.line_step(lines, size, i == chosen, spacing=1.0)
            top = seg.centery - step * len(lines) // 2
            for index, line in enumerate(lines):
                img = self.text.render(line, size, ink, i == chosen)
                surface.blit(img, img.get_rect(center=(seg.centerx, top + step * index + step // 2)))

    @staticmethod
    def _inner(seg: pygame.Rect) -> pygame.Rect:
        """A segment less its margin: the chosen one's gold fill."""
        return seg.inflate(-max(4, seg.h // 8), -max(4, seg.h // 8))

    def label_layout(self) -> tuple[int, list[list[str]]]:
        """One size for every label, and each label's lines: the largest size at which each
        fits its segment both in bold (chosen) and in the normal weight, so no label changes
        size or stands out smaller; on two lines where that gives larger letters (five options
        in a row: "Computer · Medium" as "Computer" over "Medium"); never past ``size_cap``."""
        size, lines = self._natural_layout()
        return (min(size, self.size_cap), lines) if self.size_cap is not None else (size, lines)

    def _natural_layout(self) -> tuple[int, list[list[str]]]:
        one = [[label] for _, label in self.options]
        two = [_two_lines(label) for _, label in self.options]
        size = self._common_size(one)
        if any(len(lines) > 1 for lines in two):
            larger = self._common_size(two)
            if larger > size or (larger == size and not self._all_fit(one, size)):  # at the floor
                return larger, two
        return size, one

    def _all_fit(self, labels: list[list[str]], size: int) -> bool:
        """Whether every line of ``labels`` fits its segment's width at ``size``, bold or not."""
        return all(self.text.width(line, size, bold) <= int(self._inner(seg).w * 0.9)
                   for seg, lines in zip(self.segments(), labels) for line in lines for bold in (True, False))

    def _common_size(self, labels: list[list[str]]) -> int:
        """The largest size at which every line of ``labels`` fits its segment in both weights."""
        best = font_px(self.rect, 0.38)
        for seg, lines in zip(self.segments(), labels):
            inner = self._inner(seg)
            for bold in (True, False):
                for line in lines:
                    best = min(best, self.text.fit_size(line, font_px(seg, 0.38), int(inner.w * 0.9), bold))
                while best > SMALLEST_PX and self.text.line_step(lines, best, bold, spacing=1.0) * len(lines) > inner.h:
                    best = max(SMALLEST_PX, int(best * 0.92))
        return best


def _two_lines(label: str) -> list[str]:
    """``label`` broken once: at a " · " (the break then separates the two parts), else at the
    space nearest its middle; a single word stays whole."""
    if " · " in label:
        return label.split(" · ", 1)
    spaces = [i for i, ch in enumerate(label) if ch == " "]
    if not spaces:
        return [label]
    cut = min(spaces, key=lambda i: abs(2 * i - len(label)))
    return [label[:cut], label[cut + 1:]]
