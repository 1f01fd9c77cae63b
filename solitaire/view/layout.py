"""Where every pile and card goes, computed from the game's ``[layout]`` table in ``levels/``.

The table gives pile places in card units (x in column pitches, y in row pitches); this module
turns them into pixels for the current window: the card size follows the window, right-to-left
languages mirror the x axis, and a tall column squeezes its fan so its last card stays on screen.
Nothing here changes the game; it only reads it.

Cards are as wide as the window's width allows (KPatience and Aisleriot size them so), unless
the height cannot then hold the top row and ``TABLEAU_ROOM`` card heights of columns: a 16:9
window stops there (where nothing is put on a column, as in Golf, the room its deepest column is
dealt: its cards were a fifth smaller than Aisleriot's, with a sixth of the height left empty). The columns' deepest fans are not what sizes the cards: a column that
would run past the bottom squeezes its fan instead, and never leaves the screen (issue 22: the
cards were sized for an unsqueezed 3.6 heights of column, 139 px wide at 1920×1059 beside
KPatience's 164 and Aisleriot's 182). The gap between columns widens a little where the width
has room to spare.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Game, Pile, Ruleset
from solitaire.view.corner import rank_reach

CARD_RATIO = 1.4  # height / width, as drawn by CardArt
GAP = 0.16  # space between columns, in card widths
GAP_MAX = 0.25  # the widest it grows to where the width has room to spare
ROW_GAP = 0.14  # space between rows of piles, in card heights
FAN_DOWN = 0.11  # face-down cards in a column overlap this much, in card heights
FAN_UP = 0.27  # face-up cards
ZOOM_STEP = 0.05  # a deep column zooms the table out in steps of this much of the card size
ZOOM_MIN = 0.5  # ...down to half; a column too long even then squeezes past the ranks
TABLEAU_ROOM = 2.8  # card heights the tableau gets below its top at the least (fans squeeze past it)
WASTE_FAN = 0.24  # fanned waste cards, in card widths
DEAL_STEP = 0.2  # of a card's width: how far each deal left in a stock of deals peeks out

Point = tuple[int, int]
# The key of each pile role's place in a level's ``[layout]`` table.
ROLE_KEYS = {STOCK: "stock", WASTE: "waste", FOUNDATION: "foundations", CELL: "cells"}


@dataclass(frozen=True)
class Slot:
    """One card place: the pile and the position in it (0 = bottom)."""

    pile: Pile
    index: int


class Layout:
    """Pixel geometry of one game's table for one window size and writing direction."""

    def __init__(self, rules: Ruleset, size: tuple[int, int], top: int, rtl: bool = False,
                 index_scale: float = 1.0, foot: int = 0, zoom: float = 1.0) -> None:
        """``top``: the band above the table (the bar); ``foot``: the band at the bottom that
        columns stay above (the status pill's). The level's ``panel_share`` is the share of the
        width kept free at each side of the table for panels beside it (the Duel's). ``zoom``:
        the share of the window-filling card size the cards have (``fitted`` sets it)."""
        self.rules = rules
        #: A face-up card's step down a column: larger indices (large text) need more of it.
        self.fan_up = FAN_UP * (1 + (index_scale - 1) / 2)
        self.size = size
        self.top = top
        self.rtl = rtl
        self.index_scale = index_scale
        self.foot = foot
        self.zoom = zoom
        table = rules.layout
        self.units_wide: int = table["units_wide"]
        self.waste_fan: int = table.get("waste_fan", 1)
        self.foundation_fan: bool = table.get("foundation_fan", False)
        width, height = size
        room = width - 2 * int(width * table.get("panel_share", 0.0))  # the table's own width
        rows_above = 1 + ROW_GAP
        by_width = room / (self.units_wide + (self.units_wide + 1) * GAP)
        tableau_room = TABLEAU_ROOM
        if rules.build == "none" and not rules.places:  # columns that only shrink (Golf): room for the deal's
            tableau_room = min(tableau_room, 1 + (max(rules.columns) - 1) * self.fan_up + ROW_GAP)  # deepest, the status under it
        by_height = (height - top) / (CARD_RATIO * (rows_above + tableau_room + 2 * ROW_GAP))
        grid_rows = 1 + max(y for _, y in table["foundations"])
        if rules.places:  # piles at places (PY-1): the lowest place's card must be in the window too
            grid_rows = max(grid_rows, 1 + table["tableau"][1] + max(y for _, y in rules.places))
        by_grid = (height - top) / (CARD_RATIO * (grid_rows + (grid_rows + 1) * ROW_GAP))
        card_w = int(min(by_width, by_height, by_grid) * zoom)  # no cap: a 4K table is as full as a small one
        self.card = (card_w, int(card_w * CARD_RATIO))
        #: The tightest a squeezed face-up fan goes: each card's whole rank stays in sight.
        self.readable = min(rank_reach(card_w, index_scale), int(self.card[1] * self.fan_up))
        spare = (room - self.units_wide * card_w) / (self.units_wide + 1)
        self.gap = int(min(card_w * GAP_MAX, max(card_w * GAP, spare)))
        self.row_gap = int(self.card[1] * ROW_GAP)
        span = self.units_wide * card_w + (self.units_wide - 1) * self.gap
        self.left = (width - span) // 2
        self.bottom = height - max(self.row_gap, foot)

    # ----------------------------------------------------------------------------- places
    def place(self, unit: list[float] | tuple[float, float]) -> Point:
        """The top-left pixel of a pile placed at ``unit``, halves and other fractions of a pitch
        allowed (mirrored for right-to-left)."""
        x_unit, y_unit = unit
        if self.rtl:
            x_unit = self.units_wide - 1 - x_unit
        x = self.left + round(x_unit * (self.card[0] + self.gap))
        y = self.top + self.row_gap + round(y_unit * (self.card[1] + self.row_gap))
        return x, y

    def pile_origin(self, pile: Pile) -> Point:
        """Where a pile lies: its role's place in the ``[layout]`` table (the tableau's first
        column, the others following one pitch apart, or each at its own place from there where
        the game places its piles, ``[tableau] places``).
        """
        table = self.rules.layout
        if pile.kind == TABLEAU:
            x_unit, y_unit = table["tableau"]
            if self.rules.places:
                dx, dy = self.rules.places[pile.index]
                return self.place((x_unit + dx, y_unit + dy))
            return self.place((x_unit + pile.index, y_unit))
        place = table[ROLE_KEYS[pile.kind]]
        return self.place(place if pile.kind in (STOCK, WASTE) else place[pile.index])

    def deal_from(self) -> Pile:
        """Where dealt cards come from: the stock, or the first column where there is none."""
        return Pile(STOCK) if ROLE_KEYS[STOCK] in self.rules.layout else Pile(TABLEAU, 0)

    def pile_rect(self, pile: Pile) -> pygame.Rect:
        x, y = self.pile_origin(pile)
        return pygame.Rect(x, y, *self.card)

    def piles(self) -> list[Pile]:
        """Every pile the game's layout places, by role: the stock and the waste where it has
        them, the foundations, the free cells and the columns.
        """
        table = self.rules.layout
        return (
            [Pile(kind) for kind in (STOCK, WASTE) if ROLE_KEYS[kind] in table]
            + [Pile(FOUNDATION, i) for i in range(self.rules.foundation_count)]
            + [Pile(CELL, i) for i in range(self.rules.cells)]
            + [Pile(TABLEAU, i) for i in range(len(self.rules.columns))]
        )

    # ----------------------------------------------------------------------------- fans
    def column_steps(self, game: Game, column: int, extra: int = 0) -> tuple[int, int]:
        """Pixel steps between face-down and between face-up cards of a column, squeezed so the
        last card ends above the window's bottom. ``extra`` reserves room for cards being
        dragged over the column, so a drop preview fits too.

        The face-up fan closes first, down to ``readable`` (each card's whole rank in sight),
        then the face-down one; a column still too long closes its face-up fan further: it never
        runs off the screen (``fitted`` zooms the table out before that).
        """
        h = self.card[1]
        down, up = int(h * FAN_DOWN), int(h * self.fan_up)
        hidden = game.hidden[column]
        steps_up = max(len(game.tableau[column]) - hidden + extra - 1, 0)
        _, y = self.pile_origin(Pile(TABLEAU, column))
        room = self.bottom - y - h

        def past_bottom() -> bool:
            return hidden * down + steps_up * up > room

        if past_bottom() and steps_up:
            up = max(self.readable, (room - hidden * down) // steps_up)
        if past_bottom() and hidden:
            down = max(2, (room - steps_up * up) // hidden)
        if past_bottom() and steps_up:
            up = max(1, (room - hidden * down) // steps_up)
        return down, up

    def ranks_in_sight(self, game: Game) -> bool:
        """Whether every column of ``game`` fits with each face-up card's whole rank in sight."""
        return all(self.column_steps(game, c)[1] >= self.readable or len(game.tableau[c]) - game.hidden[c] < 2
                   for c in range(len(game.tableau)))

    def fitted(self, game: Game) -> Layout:
        """This layout at full size, or zoomed out in ``ZOOM_STEP``s (as Microsoft's collection
        zooms its table out) until every column of ``game`` shows each face-up card's whole rank;
        a column that grows long shrinks the table, and it grows back as the column shortens.
        Steps, not an exact fit, so cards are drawn at only a few sizes in a game."""
        zoom = 1.0
        layout = self if self.zoom == zoom else self._zoomed(zoom)
        while not layout.ranks_in_sight(game) and zoom - ZOOM_STEP >= ZOOM_MIN - 1e-9:
            zoom = round(zoom - ZOOM_STEP, 2)
            layout = self._zoomed(zoom)
        return layout

    def _zoomed(self, zoom: float) -> Layout:
        return Layout(self.rules, self.size, self.top, self.rtl, self.index_scale, self.foot, zoom)

    def card_positions(self, game: Game) -> dict[Slot, Point]:
        """Where each card of ``game`` lies, by slot."""
        out: dict[Slot, Point] = {}
        stock = Pile(STOCK)
        if game.stock:
            sx, sy = self.pile_origin(stock)
        deal = len(game.tableau) if game.rules.deals_rows else 0
        for i in range(len(game.stock)):
            if deal:  # the deals left side by side, as KPatience shows them (issue 33): the next on top
                behind = (len(game.stock) - 1) // deal - i // deal
                step = int(self.card[0] * DEAL_STEP) * behind
                out[Slot(stock, i)] = (sx + step if self.rtl else sx - step, sy)
                continue
            depth = min(i // 8, 3)  # a thick stock looks thick, a little
            out[Slot(stock, i)] = (sx - depth if not self.rtl else sx + depth, sy - depth)
        waste = Pile(WASTE)
        if game.waste:
            wx, wy = self.pile_origin(waste)
        fanned = self.waste_fan if game.draw > 1 and game.rules.draw == "cards" else 1
        first_fanned = max(0, len(game.waste) - fanned)
        step = int(self.card[0] * WASTE_FAN) * (-1 if self.rtl else 1)
        for i in range(len(game.waste)):
            offset = max(0, i - first_fanned)
            out[Slot(waste, i)] = (wx + offset * step, wy)
        for kind, piles in ((FOUNDATION, game.foundations), (CELL, game.cells)):
            for f, cards in enumerate(piles):
                pile = Pile(kind, f)
                x, y = self.pile_origin(pile)
                step, fanned = self.row_fan(x) if kind == FOUNDATION and self.foundation_fan else (0, 1)
                first = max(0, len(cards) - fanned)
                for i in range(len(cards)):
                    out[Slot(pile, i)] = (x + max(0, i - first) * step, y)
        for column in range(len(game.tableau)):
            pile = Pile(TABLEAU, column)
            x, y = self.pile_origin(pile)
            down, up = self.column_steps(game, column)
            hidden = game.hidden[column]
            for i in range(len(game.tableau[column])):
                out[Slot(pile, i)] = (x, y)
                y += down if i < hidden else up
        return out

    def row_fan(self, x: int) -> tuple[int, int]:
        """A pile at ``x`` fanned along its row to the table's far edge (``foundation_fan``: Golf's
        pile, whose cards gone a player counts, as KPatience shows them): the step from card to
        card, leftward in right-to-left, and how many cards fit, the pile's last ones."""
        step = int(self.card[0] * WASTE_FAN)
        far = self.left + self.units_wide * self.card[0] + (self.units_wide - 1) * self.gap - self.card[0]
        room = x - self.left if self.rtl else far - x
        return (-step if self.rtl else step), 1 + max(0, room) // max(1, step)

    def column_rect(self, game: Game, column: int) -> pygame.Rect:
        """The whole area of a column, for drops: from its top to below its last card."""
        rect = self.pile_rect(Pile(TABLEAU, column))
        cards = len(game.tableau[column])
        if cards > 1:
            down, up = self.column_steps(game, column)
            hidden = game.hidden[column]
            rect.height += min(hidden, cards - 1) * down + max(cards - 1 - hidden, 0) * up
        return rect
