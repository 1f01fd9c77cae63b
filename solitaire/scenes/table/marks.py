"""The glows over a table's cards: where a drop would land, the selection, the hint and the
keyboard focus. Drawing only: it reads the table and the marks the scene gathers from its parts,
and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solitaire.core import STOCK, Move, Pile
from solitaire.scenes.table.interface import Table
from solitaire.view.layout import Slot


@dataclass(frozen=True)
class Marks:
    """What glows this frame, each None when there is none: the pile the cards in the hand
    would land on, the selected cards (their pile and count), the hinted move, and the board's
    focused card (its pile and depth) when the keyboard's focus is shown."""

    drop: Pile | None = None
    selection: tuple[Pile, int] | None = None
    hint: Move | None = None
    focus: tuple[Pile, int] | None = None


def card_rect(table: Table, pile: Pile, depth: int = 1) -> pygame.Rect:
    """Where the card ``depth`` from the top of ``pile`` is on screen (the empty pile's place)."""
    size = len(table.game.pile(pile))
    sprite = table.view.by_slot.get(Slot(pile, size - depth)) if size else None
    if sprite is None:
        return table.layout.pile_rect(pile)
    return pygame.Rect(round(sprite.pos[0]), round(sprite.pos[1]), *table.layout.card)


def draw_marks(surface: pygame.Surface, table: Table, marks: Marks) -> None:
    art = table.art

    def mark(kind: str, rect: pygame.Rect) -> None:
        surface.blit(art.highlight(kind), (rect.x - art.margin, rect.y - art.margin))

    if marks.drop is not None:
        mark("drop", card_rect(table, marks.drop))
    if marks.selection is not None:
        pile, count = marks.selection
        mark("select", card_rect(table, pile, count))
    if marks.hint is not None:
        move = marks.hint
        if move.src.kind == STOCK:
            mark("hint", table.layout.pile_rect(Pile(STOCK)))
        else:
            mark("hint", card_rect(table, move.src, move.count))
            mark("hint", card_rect(table, move.dst))
    if marks.focus is not None:
        mark("focus", card_rect(table, *marks.focus))
