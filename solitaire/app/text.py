"""Fonts and text rendering, cached, with right-to-left runs shaped as such.

A string is split into direction runs by a small subset of the Unicode bidi algorithm: Arabic
letters form right-to-left runs, shaped by HarfBuzz with ``set_script("Arab")`` and
``DIRECTION_RTL``; Latin text and numbers form left-to-right runs; spaces and punctuation take
the direction around them. The runs are put in visual order and drawn side by side.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from solitaire.app.memory import screens, surface_bytes
from solitaire.app.resources import asset_path

Colour = tuple[int, int, int] | tuple[int, int, int, int]

SMALLEST_PX = 13
"""No text is drawn smaller (issue 22): under it, at 1280×720, the dots of Arabic letters become
single pixels. A text that does not fit at this size is given room by its layout, not shrunk."""
FONTS_KEPT = 48  # fonts a Text keeps open, by (size, face), the least recently used closed first
RENDERED_SCREENS = 1  # rendered lines kept, in window-sized surfaces (``memory.screens``), at most 512 lines
WIDTHS_KEPT = 8192  # widths a Text keeps measured; past that it starts again (a few hundred lines a screen)

_ARABIC_RANGES = (
    (0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF),
)


def is_arabic(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _ARABIC_RANGES)


def _bidi_class(ch: str) -> str:
    """A cut-down Unicode bidi class: 'R' Arabic letter, 'L' other letter, 'EN' digit, 'ES' a
    sign (+ -), 'ET' a currency or percent sign, 'CS' a separator inside numbers, 'N' other.
    """
    if ch.isdigit():
        return "EN"
    if ch in "\u200e\u200f":  # LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK: invisible strong letters
        return "L" if ch == "\u200e" else "R"
    if is_arabic(ch):
        return "N" if ch in "\u060c\u061b\u061f" else "R"
    if ch.isalpha():
        return "L"
    if ch in "+-\u2212":
        return "ES"
    if ch in "$%#\u00b0\u20ac\u00a3\u066a":
        return "ET"
    if ch in ":,./\u00a0":
        return "CS"
    return "N"


def _numbers(kinds: list[str]) -> None:
    """Keep a number whole (rules W4, W5, and a sign before it): 1:05, 1,220, $416, -$104 and
    70% each stay one left-to-right run inside Arabic text.
    """
    n = len(kinds)
    for i in range(1, n - 1):  # W4: one separator between two digits
        if kinds[i] in ("ES", "CS") and kinds[i - 1] == "EN" and kinds[i + 1] == "EN":
            kinds[i] = "EN"
    for i in range(n):  # W5: currency and percent signs next to digits
        if kinds[i] == "ET":
            j = i
            while j < n and kinds[j] == "ET":
                j += 1
            if (i > 0 and kinds[i - 1] == "EN") or (j < n and kinds[j] == "EN"):
                kinds[i:j] = ["EN"] * (j - i)
    for i in range(n - 1):  # a sign right before a number belongs to it
        if kinds[i] == "ES" and kinds[i + 1] == "EN" and (i == 0 or kinds[i - 1] not in ("EN", "L")):
            kinds[i] = "EN"
    for i in range(n):
        if kinds[i] in ("ES", "ET", "CS"):
            kinds[i] = "N"


def has_rtl(text: str) -> bool:
    return any(_bidi_class(ch) == "R" for ch in text)


def paragraph_rtl(text: str) -> bool:
    """The paragraph direction: that of the first strong (letter) character."""
    for ch in text:
        kind = _bidi_class(ch)
        if kind in ("L", "R"):
            return kind == "R"
    return False


def _levels(text: str, base: bool) -> list[int]:
    """Embedding levels by a subset of the Unicode bidi algorithm (rules W7, N1, N2, I1, I2).

    Enough for interface strings: no explicit embeddings, numbers inside either direction.
    """
    kinds = [_bidi_class(ch) for ch in text]
    _numbers(kinds)
    last_strong = "R" if base else "L"
    for i, kind in enumerate(kinds):
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "EN" and last_strong == "L":
            kinds[i] = "L"
    n = len(text)
    edge = "R" if base else "L"
    i = 0
    while i < n:
        if kinds[i] != "N":
            i += 1
            continue
        j = i
        while j < n and kinds[j] == "N":
            j += 1
        before = edge if i == 0 else kinds[i - 1]
        after = edge if j == n else kinds[j]
        before = "R" if before == "EN" else before
        after = "R" if after == "EN" else after
        resolved = before if before == after else edge
        kinds[i:j] = [resolved] * (j - i)
        i = j
    table = {"L": 2, "R": 1, "EN": 2} if base else {"L": 0, "R": 1, "EN": 2}
    return [table[kind] for kind in kinds]


def direction_runs(text: str, rtl: bool | None = None) -> list[tuple[str, bool]]:
    """Split ``text`` into ``(run, is_rtl)`` in visual order, left to right.

    Each run is in logical order, to be shaped in its own direction; ``rtl`` is the paragraph
    direction (by default that of the first letter).
    """
    return [(text[start:end], is_rtl) for start, end, is_rtl in visual_runs(text, rtl)]


def visual_runs(text: str, rtl: bool | None = None) -> list[tuple[int, int, bool]]:
    """``direction_runs`` as ``(start, end, is_rtl)`` slices of ``text``: where each run sits
    in the logical order too (a caret's place is counted in it)."""
    if not text:
        return []
    base = paragraph_rtl(text) if rtl is None else rtl
    levels = _levels(text, base)
    runs: list[tuple[tuple[int, int], int]] = []
    start = 0
    for k in range(1, len(text) + 1):
        if k == len(text) or levels[k] != levels[start]:
            runs.append(((start, k), levels[start]))
            start = k
    for level in range(max(levels), 0, -1):
        i = 0
        while i < len(runs):
            if runs[i][1] >= level:
                j = i
                while j < len(runs) and runs[j][1] >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return [(start, end, level % 2 == 1) for (start, end), level in runs]


BIDI_MARKS = "\u200e\u200f"  # LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK: they order the runs, and draw nothing


def shown_runs(text: str, rtl: bool | None = None) -> list[tuple[str, bool]]:
    """``direction_runs`` as drawn: the bidi marks taken out once they have ordered the runs,
    and a run of marks alone dropped (SDL_ttf refuses to draw a text of no width)."""
    runs = [(run.translate(_NO_MARKS), is_rtl) for run, is_rtl in direction_runs(text, rtl)]
    return [(run, is_rtl) for run, is_rtl in runs if run]


_NO_MARKS = str.maketrans("", "", BIDI_MARKS)

#: Rendered after a run to find where SDL_ttf put its baseline: a tall stroke with no mark
#: above it, in every face we ship.
_PROBE = "|"


def _shape_as(font: pygame.font.Font, rtl: bool) -> None:
    """Shape what ``font`` renders next as Arabic right to left, or as Latin left to right."""
    font.set_script("Arab" if rtl else "Latn")
    font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)


class Text:
    """Loads DejaVu Sans by (size, bold) and renders strings, caching both."""

    def __init__(self, regular: Path | None = None, bold: Path | None = None,
                 heading: Path | None = None, cache_size: int = 512) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.paths = {
            False: regular or asset_path("fonts", "DejaVuSans.ttf"),
            True: bold or asset_path("fonts", "DejaVuSans-Bold.ttf"),
            "heading": heading or asset_path("fonts", "DejaVuSerif-Bold.ttf"),
        }
        self.base_rtl: bool | None = None  # the interface's direction; None: each string's own
        self._fonts: dict[tuple[int, bool | str], pygame.font.Font] = {}
        self._rendered: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._rendered_bytes = 0
        self._cache_size = cache_size
        # Widths measured, by (text, size, bold, direction): a screen fits its lines every frame
        # (``fit_size``, ``wrap``), and each measure walked the line's letters for their
        # direction; measured once, a frame of the Duel's table asks a dict.
        self._widths: dict[tuple, int] = {}

    def close(self) -> None:
        """Let go of the fonts (each holds its file open) and the rendered lines now; used
        again, this reopens them. The game's end calls it: the scenes it ran point back at the
        app, so without it all of this waits for the garbage collector (issue 23)."""
        self._fonts.clear()
        self._rendered.clear()
        self._rendered_bytes = 0
        self._widths.clear()

    def font(self, size: int, bold: bool | str = False) -> pygame.font.Font:
        """``bold`` is False, True, or "heading" (the serif display face, Latin only)."""
        key = (max(4, int(size)), bold)
        font = self._fonts.pop(key, None)
        if font is None:
            font = pygame.font.Font(str(self.paths[bold]), key[0])
            if len(self._fonts) >= FONTS_KEPT:  # each resize asks for new sizes: the oldest go
                del self._fonts[next(iter(self._fonts))]
        self._fonts[key] = font  # last: the most recently used
        return font

    def _render_run(self, font: pygame.font.Font, run: str, rtl: bool,
                    colour: Colour) -> tuple[pygame.Surface, int]:
        """One direction run, shaped, and the row of its baseline in the surface."""
        _shape_as(font, rtl)
        return font.render(run, True, colour), self._baseline(font, run, rtl)

    def _baseline(self, font: pygame.font.Font, run: str, rtl: bool) -> int:
        """The baseline's row in ``font.render(run)`` (the font already shaping as ``rtl``).

        SDL_ttf makes the surface as tall as the run's ink and, when a mark rises above the
        font's ascent (the hamza of أ, a shadda), moves the whole run down by that much; it
        does not say by how much. A bar rendered after the run, past a space so the run's
        shaping is unchanged, is moved with it: how far its top lies below the top of a bar
        rendered alone is the drop.
        """
        bar = font.render(_PROBE, True, (255, 255, 255))
        both = font.render(f"{run} {_PROBE}", True, (255, 255, 255))
        x = 0 if rtl else both.get_width() - bar.get_width()  # the bar comes last in reading order
        column = both.subsurface((x, 0, bar.get_width(), both.get_height())).get_bounding_rect()
        drop = column.top - bar.get_bounding_rect().top
        return font.get_ascent() + max(0, drop)

    def render(self, text: str, size: int, colour: Colour = (255, 255, 255),
               bold: bool | str = False, rtl: bool | None = None) -> pygame.Surface:
        """One line of text as a transparent surface (cached by all its arguments)."""
        if bold == "heading" and has_rtl(text):
            bold = True  # the serif face has no Arabic
        if rtl is None:
            rtl = self.base_rtl
        key = (text, int(size), tuple(colour), bold, rtl)
        surface = self._rendered.get(key)
        if surface is not None:
            self._rendered.move_to_end(key)
            return surface
        font = self.font(size, bold)
        runs = shown_runs(text, rtl)
        if len(runs) <= 1:
            is_rtl = bool(runs and runs[0][1])
            _shape_as(font, is_rtl)
            surface = font.render(runs[0][0] if runs else "", True, colour)
        else:
            surface = self._join([self._render_run(font, run, is_rtl, colour)
                                  for run, is_rtl in runs])
        _shape_as(font, False)
        self._rendered[key] = surface
        self._rendered_bytes += surface_bytes(surface)
        bound = screens(RENDERED_SCREENS)
        while len(self._rendered) > 1 and (len(self._rendered) > self._cache_size or self._rendered_bytes > bound):
            self._rendered_bytes -= surface_bytes(self._rendered.popitem(last=False)[1])
        return surface

    @staticmethod
    def _join(parts: list[tuple[pygame.Surface, int]]) -> pygame.Surface:
        """Runs side by side on one baseline, in a surface tall enough for all their ink.

        Each run's surface is SDL_ttf's own, sized to its ink: a shaped Arabic run can reach
        below the font's height (the dots of ي and ب) and above its ascent, so the line is
        sized from the runs, never from ``Font.get_height()``.
        """
        above = max(baseline for _, baseline in parts)
        below = max(part.get_height() - baseline for part, baseline in parts)
        surface = pygame.Surface((sum(p.get_width() for p, _ in parts), above + below),
                                 pygame.SRCALPHA)
        x = 0
        for part, baseline in parts:
            surface.blit(part, (x, above - baseline))
            x += part.get_width()
        return surface

    def measure(self, text: str, size: int, bold: bool | str = False) -> tuple[int, int]:
        return self.render(text, size, bold=bold).get_size()

    def width(self, text: str, size: int, bold: bool | str = False) -> int:
        """The drawn width of one line: Arabic runs are measured shaped, as they are drawn
        (measured once for each size, face and direction)."""
        key = (text, int(size), bold, self.base_rtl)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[key] = self._measure_width(text, size, bold)
        return width

    def _measure_width(self, text: str, size: int, bold: bool | str) -> int:
        font = self.font(size, bold)
        if not has_rtl(text):
            return font.size(text)[0]
        total = 0
        for run, is_rtl in shown_runs(text, self.base_rtl):
            _shape_as(font, is_rtl)
            total += font.size(run)[0]
        _shape_as(font, False)
        return total

    def caret_x(self, text: str, index: int, size: int, bold: bool | str = False) -> int:
        """Where a caret after ``text[:index]`` stands in ``text`` as ``render`` draws it, from
        its left edge: in a right-to-left run the caret moves leftwards as the text goes on, so
        after an Arabic name it stands at the name's left end."""
        runs = visual_runs(text, self.base_rtl)
        x = 0
        for start, end, is_rtl in runs:
            width = self.width(text[start:end], size, bold)
            if start <= index < end or index == end == len(text):
                before = self.width(text[start:index], size, bold)
                return x + (width - before if is_rtl else before)
            x += width
        return x

    def line_step(self, lines: list[str], size: int, bold: bool | str = False,
                  spacing: float = 1.2) -> int:
        """The advance from one line of a paragraph to the next: the font's line spacing times
        ``spacing``, or more where a line as drawn is taller (shaped Arabic reaches past the
        font's height), so the lines of ``lines`` never overlap.
        """
        step = int(self.font(size, bold).get_linesize() * spacing)
        return max([step] + [self.render(line, size, bold=bold).get_height() for line in lines])

    def fit_size(self, text: str, size: int, max_width: int, bold: bool | str = False,
                 min_size: int = SMALLEST_PX) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``max_width``."""
        while size > min_size and self.width(text, size, bold) > max_width:
            size = max(min_size, int(size * 0.92))
        return size

    def wrap_even(self, text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
        """``wrap`` into as few lines, made as even as they can be: the narrowest width that
        needs no more lines than ``max_width`` does, so no last line holds one orphan word."""
        lines = self.wrap(text, size, max_width, bold)
        if len(lines) < 2 or "\n" in text:
            return lines
        narrow, wide = max(self.width(word, size, bold) for word in text.split(" ")), max_width
        while narrow < wide:  # the narrowest width that keeps the count of lines
            middle = (narrow + wide) // 2
            if len(self.wrap(text, size, middle, bold)) <= len(lines):
                wide = middle
            else:
                narrow = middle + 1
        return self.wrap(text, size, wide, bold)

    def wrap(self, text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
        """Break ``text`` at spaces into lines no wider than ``max_width`` (a long word overflows)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                if line and self.width(candidate, size, bold) > max_width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return lines
