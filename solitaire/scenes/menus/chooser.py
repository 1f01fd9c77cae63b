"""The chooser of games (issue 34): the title's and the New game window's grid of tiles, each a
game's picture above its name and, where the room allows, a line saying what the game is.

The games are the registry's, in its order, and each picture is the game's opening table drawn
from its level file (``view.miniature``), so a game added later appears with its picture and no
work here. The grid reads in the language's direction (right to left in Arabic), and the arrows
move through it by place (``WidgetGroup.grid_arrows``). A tile is a button: Enter or a click
opens its game, and a screen reader hears its name and its line when it takes the focus.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.app.text import SMALLEST_PX
from solitaire.app.ui.paint import hairline
from solitaire.play.spoken import joined
from solitaire.view.miniature import Miniatures
from solitaire.view.palette import FELT_EDGE, Style

PICTURE_RATIO = 1.5  # a picture's width over its height: a table's shape, a little taller
NAME_SHARE = 0.42  # of the unit: a tile's name; its line about the game is smaller
ABOUT_SHARE = 0.32


def about(app: App, game_id: str) -> str:
    """The game's line in the chooser, or "" where its strings have none (a game just added)."""
    key = f"chooser.{game_id}"
    text = app.t(key)
    return "" if text == key else text


class GameTile(ui.Button):
    """One game: its picture, its name under it (``label``) and its line (``about``)."""

    def __init__(self, game_id: str, label: str, about: str, on_click: Callable[[], Any],
                 picture: Callable[[str, tuple[int, int]], pygame.Surface | None], *, primary: bool = False,
                 visible: bool = True) -> None:
        super().__init__(label, on_click, primary=primary, visible=visible)
        self.game_id = game_id
        self.about = about
        self.picture = picture
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self.name_rect = pygame.Rect(0, 0, 0, 0)
        self.about_rect = pygame.Rect(0, 0, 0, 0)
        #: The line's size, the same on every tile, or None where it does not fit (then unsaid).
        self.about_px: int | None = None
        #: The name as drawn: one line, or two where one would be too small (the largest text).
        self.name_lines = [label]

    def spoken(self) -> str:
        return joined([self.label, self.about])

    def place(self, rect: pygame.Rect, picture: tuple[int, int], name_h: int, about_h: int) -> None:
        """Lay the tile out at ``rect``: the picture (its size the same on every tile) at the top,
        the name and the line under it (their rects kept from the tile's corner, so the tile
        draws whole wherever its rect is moved)."""
        self.layout(rect)
        pad = (rect.w - picture[0]) // 2
        self.picture_rect = pygame.Rect(pad, pad, *picture)
        self.name_rect = pygame.Rect(pad, self.picture_rect.bottom, picture[0], name_h)
        self.about_rect = pygame.Rect(pad, self.name_rect.bottom, picture[0], about_h)

    def radius(self) -> int:
        return max(4, min(self.rect.w, self.rect.h) // 14)

    def fitted_font_px(self) -> int:
        return self.text.fit_size(self.label, int(self.name_rect.h * 0.62), self.name_rect.w, True)

    def two_line_px(self, px: int) -> int:
        """The largest size up to ``px`` at which the name breaks into two lines that fit."""
        while px > SMALLEST_PX:
            lines = self.text.wrap_even(self.label, px, self.name_rect.w, True)
            if len(lines) <= 2 and all(self.text.width(line, px, True) <= self.name_rect.w for line in lines):
                return px
            px = int(px * 0.92)
        return SMALLEST_PX

    def draw_focus(self, surface: pygame.Surface) -> None:
        colour, weight = ui.Look.focus()
        pad = max(3, self.name_rect.h // 8)
        width = round(max(2, self.name_rect.h // 14) * weight)
        box = self.rect.inflate(2 * pad, 2 * pad)
        surface.blit(ui.ring(box.size, self.radius() + pad, colour, width), box.topleft)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        radius = self.radius()
        if not self.pressed:
            blur = max(4, self.name_rect.h // 4)
            surface.blit(ui.soft_shadow(rect.size, radius, blur, 110), (rect.x - blur, rect.y - blur + blur // 2))
        fill = ui.SECONDARY_HOVER if self.hovered else ui.SECONDARY
        edge = ui.GOLD_TOP if self.primary else ui.SECONDARY_EDGE
        line = hairline(self.name_rect.h) * (2 if self.primary else 1)
        surface.blit(ui.rounded_rect(rect.size, radius, fill, None, edge, line), rect.topleft)
        picture = self.picture(self.game_id, self.picture_rect.size)
        at = self.picture_rect.move(rect.topleft)
        if picture is None:  # drawn in a frame to come: the felt's colour meanwhile
            picture = ui.rounded_rect(at.size, max(3, at.w // 40), FELT_EDGE, None, None, 0)
        surface.blit(picture, at)
        ink = ui.GOLD_TOP if self.primary else ui.INK
        px = self.font_px or self.fitted_font_px()
        box = self.name_rect.move(rect.topleft)
        step = self.text.line_step(self.name_lines, px, bold=True) if len(self.name_lines) > 1 else 0
        for index, line in enumerate(self.name_lines):
            name = self.text.render(line, px, ink, True)
            surface.blit(name, name.get_rect(center=(box.centerx, box.centery + int((index - (len(self.name_lines) - 1) / 2) * step))))
        if self.about and self.about_px:
            line_img = self.text.render(self.about, self.about_px, ui.INK_DIM)
            surface.blit(line_img, line_img.get_rect(midtop=self.about_rect.move(rect.topleft).midtop))


class Chooser:
    """The tiles of a screen's games and the pictures they show, at one size and look."""

    def __init__(self, app: App, games: list[str], on_choose: Callable[[str], Any],
                 names: Callable[[str], str], pictures: Miniatures | None = None) -> None:
        self.app = app
        self.pictures = pictures if pictures is not None else Miniatures()
        self.tiles = [GameTile(game, names(game), about(app, game), lambda g=game: on_choose(g), self.picture)
                      for game in games]

    def new_frame(self) -> None:
        """A frame begins: its allowance of picture drawing is whole again."""
        self.pictures.new_frame()

    def pending(self) -> bool:
        """Pictures of the shown games still to be drawn: the screen wants frames."""
        settings = self.app.settings
        return any(not self.pictures.made(tile.game_id, tile.picture_rect.size, tile.rtl, settings.card_back,
                                          Style.of(settings)) for tile in self.shown())

    def picture(self, game_id: str, size: tuple[int, int]) -> pygame.Surface | None:
        settings = self.app.settings
        return self.pictures.picture(game_id, size, bool(self.tiles and self.tiles[0].rtl),
                                     settings.card_back, Style.of(settings))

    def forget(self) -> None:
        """The screen closed: its pictures go now."""
        self.pictures.forget()

    def shown(self) -> list[GameTile]:
        return [tile for tile in self.tiles if tile.visible]

    def layout(self, area: pygame.Rect, u: int, rtl: bool, most_columns: int = 8) -> pygame.Rect:
        """Lay the shown tiles out in ``area`` as a grid in reading order (mirrored right to
        left), as many columns as make the pictures largest; ``u``: the height of a control row,
        which sizes the names, each broken onto two lines where on one it would be drawn under
        four fifths of its size (the largest text). Returns the rect the grid takes, centred."""
        tiles = self.shown()
        if not tiles:
            return pygame.Rect(area.center, (0, 0))
        grid = self._place(tiles, area, u, rtl, most_columns, 1)
        one_line = tiles[0].font_px or 0
        if one_line < int(self._measures(u)[2] * 0.62) * 0.8 and any(" " in tile.label for tile in tiles):
            grid = self._place(tiles, area, u, rtl, most_columns, 2)  # names too small on one line: on two
            if (tiles[0].font_px or 0) <= one_line:  # no larger so: back to one
                grid = self._place(tiles, area, u, rtl, most_columns, 1)
        return grid

    def _place(self, tiles: list[GameTile], area: pygame.Rect, u: int, rtl: bool, most_columns: int,
               name_rows: int) -> pygame.Rect:
        """``layout`` with names on ``name_rows`` lines."""
        gap, pad, name_h, about_h = self._measures(u)
        name_h = int(name_h * (1 + 0.8 * (name_rows - 1)))
        picture_w, columns = self._grid(len(tiles), area, gap, pad, name_h + about_h + pad, most_columns)
        if not self._lines_fit(tiles, picture_w, about_h):  # too narrow for the lines: names alone
            about_h = 0
            picture_w, columns = self._grid(len(tiles), area, gap, pad, name_h + pad, most_columns)
        rows = math.ceil(len(tiles) / columns)
        picture = (max(16, picture_w), max(12, int(picture_w / PICTURE_RATIO)))
        tile_w, tile_h = picture[0] + 2 * pad, picture[1] + 2 * pad + name_h + about_h
        grid = pygame.Rect(0, 0, columns * tile_w + (columns - 1) * gap, rows * tile_h + (rows - 1) * gap)
        grid.center = area.center
        for index, tile in enumerate(tiles):
            row, column = divmod(index, columns)
            in_row = min(columns, len(tiles) - row * columns)  # a short last row is centred
            x = grid.x + (grid.w - in_row * tile_w - (in_row - 1) * gap) // 2
            place = in_row - 1 - column if rtl else column
            tile.place(pygame.Rect(x + place * (tile_w + gap), grid.y + row * (tile_h + gap), tile_w, tile_h),
                       picture, name_h, about_h)
        self._one_size(tiles, about_h, int(self._measures(u)[2] * 0.62) if name_rows > 1 else None)
        return grid

    def fits(self, area: pygame.Rect, u: int) -> bool:
        """Whether the games fit ``area`` with every name whole, on one line or two, at three
        fifths of its size or more, under a picture at least one and a half control rows high
        (of normal text's: larger text asks no larger pictures). A small window with large text
        has no room for them beside a dialog's choices."""
        tiles = self.tiles
        gap, pad, name_h, _ = self._measures(u)
        picture_w, _ = self._grid(len(tiles), area, gap, pad, int(name_h * 1.8) + pad, 8)
        px = max(SMALLEST_PX, int(name_h * 0.62 * 0.6))
        text = self.app.text
        return picture_w >= 1.5 * u / ui.Look.text_scale * PICTURE_RATIO and all(
            len(lines := text.wrap_even(tile.label, px, picture_w, True)) <= 2
            and all(text.width(line, px, True) <= picture_w for line in lines) for tile in tiles)

    @staticmethod
    def _measures(u: int) -> tuple[int, int, int, int]:
        """The gap between tiles, a tile's padding, its name's band and its line's, from ``u``."""
        return max(6, u // 3), max(4, u // 6), int(u * NAME_SHARE / 0.62 * 1.15), int(u * ABOUT_SHARE * 1.5)

    @staticmethod
    def _grid(count: int, area: pygame.Rect, gap: int, pad: int, text_h: int, most_columns: int) -> tuple[int, int]:
        """The pictures' width and the columns that make them widest in ``area``; on a tie, the
        fewest rows, then the fewest empty places, then the fewest columns (8 games: 4 and 4)."""
        best = (0, 0, 0, 0)
        for columns in range(1, min(count, most_columns) + 1):
            rows = math.ceil(count / columns)
            tile_w = (area.w - (columns - 1) * gap) // columns
            tile_h = (area.h - (rows - 1) * gap) // rows
            picture_w = min(tile_w - 2 * pad, int((tile_h - text_h - pad) * PICTURE_RATIO))
            best = max(best, (picture_w, -rows, -(rows * columns - count), -columns))
        return best[0], -best[3] or 1

    def _lines_fit(self, tiles: list[GameTile], width: int, about_h: int) -> bool:
        """Whether every tile's line fits one line of ``width`` (``_lines_px``)."""
        return self._lines_px(tiles, width, about_h) is not None

    def _lines_px(self, tiles: list[GameTile], width: int, about_h: int) -> int | None:
        """The lines' one size: as large as fits ``about_h``, down to nine tenths of it, at
        which every tile's line fits one line of ``width``; None if none does."""
        wanted = int(about_h / 1.5)
        lines = [tile.about for tile in tiles if tile.about]
        px = wanted
        while px >= max(SMALLEST_PX, int(wanted * 0.9)) and px > 0:
            if all(self.app.text.width(line, px) <= width for line in lines):
                return px
            px -= 1
        return None

    def _one_size(self, tiles: list[GameTile], about_h: int, two_lines_px: int | None) -> None:
        """Every name at one size, whole, on one line or (``two_lines_px``: the size wanted)
        broken in two; every line too."""
        if two_lines_px is None:
            name_px = min(tile.fitted_font_px() for tile in tiles)
        else:
            name_px = min(tile.two_line_px(two_lines_px) for tile in tiles)
        lines_px = self._lines_px(tiles, tiles[0].about_rect.w, about_h) if about_h else None
        for tile in tiles:
            tile.font_px = name_px
            fits = two_lines_px is None or self.app.text.width(tile.label, name_px, True) <= tile.name_rect.w
            tile.name_lines = [tile.label] if fits else self.app.text.wrap_even(tile.label, name_px, tile.name_rect.w, True)
            tile.about_px = lines_px if about_h and tile.about else None
