"""The mouse on a table: a press becomes a click or a drag, a drag ends in a drop.

Every drag ends cleanly: let go over a pile, outside the window, lost with a window resized or
the focus gone, the cards either move or slide back, and no button is left held (issue 12).
What a drop means is the rules' to say (``core.intents``); this only follows the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from solitaire.app.events import PickedUp, PutDown
from solitaire.core import FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Refusal, intents
from solitaire.scenes.table.interface import Table
from solitaire.view.layout import Slot
from solitaire.view.table import CardSprite

DRAG_THRESHOLD = 5


@dataclass
class Press:
    """A mouse button held down on the table, not yet a click nor a drag."""

    pos: tuple[int, int]
    pile: Pile | None
    count: int  # cards that would move (0: nothing movable)
    sprites: list[CardSprite] = field(default_factory=list)
    origins: list[tuple[float, float]] = field(default_factory=list)
    dragging: bool = False
    drop: Pile | None = None


class Pointer:
    """The press in progress on ``table``, if any."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.press: Press | None = None

    @property
    def drop(self) -> Pile | None:
        """Where the cards in the hand would land if let go now (None: nowhere, or no drag)."""
        press = self.press
        return press.drop if press is not None and press.dragging else None

    def reset(self) -> None:
        """Another game on the table: a press on the last one's cards is forgotten (its sprites
        are gone with its view)."""
        self.press = None

    def handle(self, event: pygame.event.Event) -> bool:
        """Follow a mouse event (the table's widgets get theirs first); True if it was one."""
        group = self.table.group
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.cancel()  # a press still open lost its button-up: it must not eat this one
            if not group.handle(event):
                self.down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            group.handle(event)
            if self.press is not None and not event.buttons[0]:
                self.cancel()  # released somewhere no button-up was sent from
            elif self.press is not None:
                self._move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press is None:
                group.handle(event)
            elif not self.table.app.display.surface.get_rect().collidepoint(event.pos):
                self.cancel()  # let go outside the window: nothing is dropped
            else:
                self._up(event.pos)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.cancel()
        else:
            return False
        return True

    def cancel(self) -> None:
        """End a press or a drag with no move: dragged cards slide back to their pile."""
        press, self.press = self.press, None
        if press is not None and press.dragging:
            self.table.view.release(press.sprites)
            self.table.view.sync(self.table.game)

    def down(self, pos: tuple[int, int]) -> None:
        table, game = self.table, self.table.game
        if table.frozen:
            return
        sprite = table.view.sprite_at(pos)
        if sprite is not None and sprite.slot is not None and not sprite.moving:
            pile, index = sprite.slot.pile, sprite.slot.index
        else:
            pile, index = table.view.pile_at(pos, game), -1
        count = intents.movable(game, pile, index) if pile is not None and index >= 0 else 0
        press = Press(pos, pile, count)
        if count:
            size = len(game.pile(pile))
            press.sprites = [table.view.by_slot[Slot(pile, i)] for i in range(size - count, size)]
            press.origins = [s.pos for s in press.sprites]
        self.press = press
        table.group.focus(None)

    def _move(self, pos: tuple[int, int]) -> None:
        press, table = self.press, self.table
        dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
        if not press.dragging:
            if not press.count or abs(dx) + abs(dy) < DRAG_THRESHOLD:
                return
            press.dragging = True
            table.drag_started()
            table.view.drag(press.sprites, press.origins)
            table.app.events.report(PickedUp(press.count))
        table.view.drag_by((dx, dy))
        press.drop = self._drop_target(press)

    def _drop_target(self, press: Press) -> Pile | None:
        """The legal pile the dragged cards overlap most; foundations as one area (DS-3)."""
        table, game, layout = self.table, self.table.game, self.table.layout
        lead = press.sprites[0]
        w, h = layout.card
        card = pygame.Rect(round(lead.pos[0]), round(lead.pos[1]), w, h)
        best, best_area = None, 0
        for pile in layout.piles():
            if pile == press.pile or (pile.kind in (STOCK, WASTE) and not game.pairs_leave):  # PY-7: onto a partner there
                continue
            area = layout.column_rect(game, pile.index) if pile.kind == TABLEAU else layout.pile_rect(pile)
            if pile.kind in (TABLEAU, FOUNDATION) and game.pile(pile):  # its top card, at a fan's end
                top = table.view.by_slot.get(Slot(pile, len(game.pile(pile)) - 1))
                if top is not None:
                    area = area.union(pygame.Rect(round(top.pos[0]), round(top.pos[1]), w, h))
            overlap = card.clip(area)
            size = overlap.w * overlap.h
            if size <= best_area:
                continue
            move = intents.drop(game, press.pile, press.count, pile)
            if isinstance(move, Move):
                best, best_area = move.dst, size
        return best

    def _up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        table = self.table
        if press.dragging:
            table.view.release(press.sprites)
            if press.drop is not None:
                table.play(Move(press.pile, press.drop, press.count))
            else:
                self._refused_drop(press, pos)
            return
        if press.pile is not None:
            table.clicked(press.pile, press.count)

    def _refused_drop(self, press: Press, pos: tuple[int, int]) -> None:
        """Slide back; say why when the cards were let go over a pile that refused them."""
        table = self.table
        table.view.sync(table.game)
        pile = table.view.pile_at(pos, table.game)
        if pile is None or pile == press.pile or (pile.kind in (STOCK, WASTE) and not table.game.pairs_leave):
            table.app.events.report(PutDown())  # simply let go
            return
        result = intents.drop(table.game, press.pile, press.count, pile)
        if isinstance(result, Refusal):
            table.refuse(result)
