"""The streak calendar of Statistics -> Daily (DD-4): a month's days in weeks of seven, each day
marked won (a filled disc), played but not won (a ring) or neither, today framed. The week starts
on the language's first day (``first_weekday``: Saturday in Arabic, Monday otherwise); in a
right-to-left language the weeks read from the right, as the language's calendars do.

Placing the days is a pure function of the month and the box (``month_cells``), so it is tested
without drawing; ``draw_calendar`` draws what it places. ``DayPicker`` is the calendar as a
control: a click on a day, or the arrow keys and Enter, tell the scene which day to open (DD-6);
the day under the keyboard is the scene's, and the picker only draws its focus ring there.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date

import pygame

from solitaire import i18n
from solitaire.app import ui

WON = (92, 196, 112)
PLAYED = (150, 156, 152)
TODAY = ui.GOLD_TOP
WEEKS = 6  # the most weeks a month spans: the grid keeps its size from month to month

FIRST_WEEKDAY = {"ar": calendar.SATURDAY}
"""The first day of the week by the game's language (``calendar``'s numbers, Monday 0), where it
is not Monday. CLDR's week data (``supplementalData.xml``, ``weekData/firstDay``) starts the week
on Saturday in most Arabic-speaking countries (Egypt, Algeria, Iraq, Jordan, Kuwait, Libya, Oman,
Qatar, Sudan, Syria, the UAE, Bahrain, Djibouti), on Sunday in Saudi Arabia and Yemen and on
Monday in Morocco, Tunisia and Lebanon; the game knows a language, not a country, so Arabic takes
the most common, Saturday. English keeps CLDR's world default (``001``), Monday."""


def first_weekday(language: str | None = None) -> int:
    """The weekday the calendar's weeks start on in ``language`` (default: the game's)."""
    return FIRST_WEEKDAY.get(language or i18n.language(), calendar.MONDAY)


def month_cells(year: int, month: int, box: pygame.Rect, rtl: bool, first: int = calendar.MONDAY
                ) -> tuple[list[tuple[int, pygame.Rect]], list[tuple[date, pygame.Rect]]]:
    """The weekday headings (each weekday's number, Monday 0, with its box), starting on ``first``,
    and each day of the month with its box: a row of headings then ``WEEKS`` rows of seven,
    mirrored when ``rtl``."""
    cell_w = box.w / 7
    cell_h = box.h / (WEEKS + 1)

    def cell(column: int, row: int) -> pygame.Rect:
        place = 6 - column if rtl else column
        return pygame.Rect(round(box.x + place * cell_w), round(box.y + row * cell_h),
                           round(cell_w), round(cell_h))

    heads = [((first + column) % 7, cell(column, 0)) for column in range(7)]
    first_of_month, length = calendar.monthrange(year, month)
    lead = (first_of_month - first) % 7  # the days of the week before the 1st
    days = []
    for number in range(1, length + 1):
        slot = lead + number - 1
        days.append((date(year, month, number), cell(slot % 7, 1 + slot // 7)))
    return heads, days


def draw_calendar(surface: pygame.Surface, box: pygame.Rect, year: int, month: int, today: date,
                  won: set[date], played: set[date], rtl: bool, t: Callable[..., str],
                  blit: Callable[..., pygame.Rect], fit_size: Callable[[str, int, int, bool], int], u: int,
                  first: int = calendar.MONDAY) -> None:
    """The month in ``box``: weekday headings (all at the size the longest fits, a gap between
    them), then the days marked (see the module)."""
    heads, days = month_cells(year, month, box, rtl, first)
    names = [(t(f"daily.weekday.{weekday}"), head.inflate(-max(4, head.w // 8), 0)) for weekday, head in heads]
    px = min(fit_size(name, int(head.h * 0.42), place.w, False) for (name, place), (_, head) in zip(names, heads))
    for name, place in names:
        blit(surface, name, px, place, colour=ui.INK_DIM, align="centre", fit=False)
    line = max(1, ui.hairline(u) * 2)
    for day, cell in days:
        radius = int(min(cell.w, cell.h) * 0.42)
        centre = cell.center
        colour = ui.INK
        if day in won:
            pygame.draw.circle(surface, WON, centre, radius)
            colour = (16, 40, 22)
        elif day in played:
            pygame.draw.circle(surface, PLAYED, centre, radius, line)
        elif day > today:
            colour = ui.INK_DIM
        if day == today:
            frame = pygame.Rect(0, 0, 2 * radius + 3 * line, 2 * radius + 3 * line)
            frame.center = centre
            pygame.draw.rect(surface, TODAY, frame, line, border_radius=max(2, radius // 3))
        blit(surface, str(day.day), int(cell.h * 0.45), cell, colour=colour, bold=day == today, align="centre")


class DayPicker(ui.Widget):
    """The calendar as a control (DD-6). A click on a day opens it; with the focus, Left / Right
    move a day (mirrored right-to-left: Right goes back a day, as the weeks read), Up / Down a week,
    Enter or Space open the day. The scene keeps the day and the month; this asks it through the
    callbacks and draws nothing but its focus ring on the scene's day."""

    def __init__(self, day_at: Callable[[tuple[int, int]], date | None], step: Callable[[int], None],
                 open_day: Callable[[date | None], None], cursor_box: Callable[[], pygame.Rect | None],
                 describe: Callable[[], str] = str) -> None:
        super().__init__()
        self.describe = describe  # the day under the keyboard in words (issue 36)
        self.day_at = day_at
        self.step = step
        self.open_day = open_day
        self.cursor_box = cursor_box
        self.pressed: date | None = None

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """A day opens on release over the day pressed, as a button clicks."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.day_at(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and self.day_at(event.pos) == pressed:
                self.open_day(pressed)
            return pressed is not None
        return False

    def release(self) -> None:
        self.pressed = None

    def spoken(self) -> str:
        return self.describe()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open_day(None)  # the scene's day under the keyboard
            return True
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}.get(event.key)
        if step is None:
            return False
        self.step(-step if self.rtl and abs(step) == 1 else step)
        return True

    def draw_focus(self, surface: pygame.Surface) -> None:
        box = self.cursor_box()
        if box is not None:
            colour, weight = ui.Look.focus()
            surface.blit(ui.ring(box.size, max(4, box.h // 4), colour, round(max(2, box.h // 14) * weight)),
                         box.topleft)
