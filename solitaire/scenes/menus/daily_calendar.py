"""The streak calendar of Statistics -> Daily (DD-4): a month's days in weeks of seven, Monday
first, each day marked won (a filled disc), played but not won (a ring) or neither, today framed.
In a right-to-left language the weeks read from the right, as the language's calendars do.

Placing the days is a pure function of the month and the box (``month_cells``), so it is tested
without drawing; ``draw_calendar`` draws what it places.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date

import pygame

from solitaire.app import ui

WON = (92, 196, 112)
PLAYED = (150, 156, 152)
TODAY = ui.GOLD_TOP
WEEKS = 6  # the most weeks a month spans: the grid keeps its size from month to month


def month_cells(year: int, month: int, box: pygame.Rect, rtl: bool) -> tuple[list[pygame.Rect],
                                                                            list[tuple[date, pygame.Rect]]]:
    """The weekday headings' boxes (Monday first) and each day of the month with its box: a row
    of headings then ``WEEKS`` rows of seven, mirrored when ``rtl``."""
    cell_w = box.w / 7
    cell_h = box.h / (WEEKS + 1)

    def cell(column: int, row: int) -> pygame.Rect:
        place = 6 - column if rtl else column
        return pygame.Rect(round(box.x + place * cell_w), round(box.y + row * cell_h),
                           round(cell_w), round(cell_h))

    heads = [cell(column, 0) for column in range(7)]
    first_weekday, length = calendar.monthrange(year, month)
    days = []
    for number in range(1, length + 1):
        slot = first_weekday + number - 1
        days.append((date(year, month, number), cell(slot % 7, 1 + slot // 7)))
    return heads, days


def draw_calendar(surface: pygame.Surface, box: pygame.Rect, year: int, month: int, today: date,
                  won: set[date], played: set[date], rtl: bool, t: Callable[..., str],
                  blit: Callable[..., pygame.Rect], u: int) -> None:
    """The month in ``box``: weekday headings, then the days marked (see the module)."""
    heads, days = month_cells(year, month, box, rtl)
    for weekday, head in enumerate(heads):
        blit(surface, t(f"daily.weekday.{weekday}"), int(head.h * 0.42), head.inflate(-4, 0),
             colour=ui.INK_DIM, align="centre")
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
