"""Statistics' row of tabs and the panel it sits on, shared by its three kinds of page: a game's
(``statistics.py``), Daily (``daily_stats.py``) and Online (``online_board.py``, the
server's leaderboard). Each page lays out the same panel and tab row, so switching tabs never moves
them, and opens another tab's page by name; the boards draw their rows with ``draw_table_row``.
"""

from __future__ import annotations

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import REGISTRY
from solitaire.scenes.menus.confirm import DialogScene, centred, unit
from solitaire.scenes.menus.new_game import game_name
from solitaire.scenes.menus.play_table import PlayTable

ONLINE_TAB = "online"
DAILY_TAB = "daily"  # Statistics -> Daily (menus/daily_stats.py)


def statistics_tabs(app: App) -> list[tuple[str, str]]:
    """Statistics' tabs: a game each, then Daily, then Online."""
    return ([(g, game_name(app, g)) for g in REGISTRY.ids()]
            + [(DAILY_TAB, app.t("daily.tab")), (ONLINE_TAB, app.t("online.choice"))])


def open_tab(app: App, tab: str, play: PlayTable | None = None) -> None:
    """Statistics' page of ``tab``: a game's, Daily or Online. ``play``, the game on the table
    under Statistics (if any), goes along: the Daily page plays a day's deal on it (DD-6)."""
    along = {"play": play} if play is not None else {}
    if tab == ONLINE_TAB:
        app.switch("online_board", **along)
    elif tab == DAILY_TAB:
        app.switch("daily_stats", **along)
    else:
        app.switch("statistics", game_id=tab, **along)


def table_columns(row: pygame.Rect, shares: tuple[float, ...], rtl: bool) -> list[pygame.Rect]:
    """A board's row cut into columns of these shares of its width, in reading order (mirrored in
    right-to-left)."""
    boxes, x = [], row.x
    for share in shares:
        width = int(row.w * share)
        boxes.append(pygame.Rect(x, row.y, width, row.h))
        x += width
    if rtl:
        boxes = [pygame.Rect(row.right - (b.x - row.x) - b.w, b.y, b.w, b.h) for b in boxes]
    return boxes


def draw_table_row(scene: DialogScene, surface: pygame.Surface, row: pygame.Rect, shares: tuple[float, ...],
                   cells: list[str], colour: ui.Colour, bold: bool = False) -> None:
    """One row of a board: each cell's text centred in its column."""
    px = int(row.h * 0.6)
    for box, text in zip(table_columns(row, shares, scene.rtl), cells):
        scene.blit_text(surface, text, px, box.inflate(-px // 3, 0), colour=colour, bold=bold, align="centre")


def lay_out_tabbed_panel(scene: DialogScene, tabs: ui.SegmentedChoice,
                         size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, int]:
    """Statistics' panel and its tab row, the same on every tab (a game's page and Online), so
    switching tabs never moves them: (panel, its inner box, the y under the tabs)."""
    u = unit(size)
    gap = u // 3
    w = min(int(size[0] * 0.9), int(u * 22))
    h = min(int(size[1] * 0.94), int(u * 15.5))
    panel = centred(size, w, h)
    scene.panel.layout(panel)
    inner = panel.inflate(-2 * u, 0)
    y = panel.y + scene.title_height(u) + gap
    tabs.layout((inner.x, y, inner.w, int(u * 0.95)))
    return panel, inner, y + int(u * 0.95) + gap
