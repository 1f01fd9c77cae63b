"""The glows over a table's cards: where a drop would land, the selection, the hint and the
keyboard focus. Drawing only: it reads the table and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from solitaire.core import STOCK, Pile
from solitaire.view.layout import Slot

if TYPE_CHECKING:
    from solitaire.scenes.table.table import TableScene


def card_rect(table: TableScene, pile: Pile, depth: int = 1) -> pygame.Rect:
    """Where the card ``depth`` from the top of ``pile`` is on screen (the empty pile's place)."""
    size = len(table.game.pile(pile))
    sprite = table.view.by_slot.get(Slot(pile, size - depth)) if size else None
    if sprite is None:
        return table.layout.pile_rect(pile)
    return pygame.Rect(round(sprite.pos[0]), round(sprite.pos[1]), *table.layout.card)


def draw_marks(surface: pygame.Surface, table: TableScene) -> None:
    art = table.art

    def mark(kind: str, rect: pygame.Rect) -> None:
        surface.blit(art.highlight(kind), (rect.x - art.margin, rect.y - art.margin))

    press = table.pointer.press
    if press is not None and press.dragging and press.drop is not None:
        mark("drop", card_rect(table, press.drop))
    if table.clicks.selection is not None:
        pile, count = table.clicks.selection
        mark("select", card_rect(table, pile, count))
    if table.hints.hint is not None:
        move = table.hints.hint[0]
        if move.src.kind == STOCK:
            mark("hint", table.layout.pile_rect(Pile(STOCK)))
        else:
            mark("hint", card_rect(table, move.src, move.count))
            mark("hint", card_rect(table, move.dst))
    if table.group.focused is table.board and table.group.focus_visible:
        mark("focus", card_rect(table, *table.board.place()))
