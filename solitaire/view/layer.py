"""The cached layer under a table's moving cards: the felt, the empty piles' marks and the cards
at rest, drawn once and repainted only where a card left or came to rest (``TableView``'s part).

A window resize needs a new felt and a new layer, each a window-sized picture (33 MB at 4K), and
the window itself is one more: made in one frame they were most of a resize's long frame (issue
33 item 7). So the first frame at a new size is drawn straight onto the window over the felt's
light alone (``felt.begun``), the next over the felt, finished then; the layer comes on the third.
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Game
from solitaire.view import felt as felts
from solitaire.view.felt import felt

DIRECT_FRAMES = 2  # frames at a new size drawn with no layer: the felt's light, then the felt


class RestingLayer:
    """Mixed into ``TableView``: its ``_static`` layer, kept current."""

    def _paint_table(self, surface: pygame.Surface, game: Game) -> None:
        """The felt, the marks and the resting cards onto ``surface``: the layer, or after a
        resize the first frames without one (see the module's note)."""
        size = surface.get_size()
        if self._static is None or self._static.get_size() != size:
            step = self._direct[1] + 1 if self._direct is not None and self._direct[0] == size else 0
            if step < DIRECT_FRAMES:
                self._direct = (size, step)
                plain = self.art.style.high_contrast
                surface.blit(felts.begun(size, plain) if step == 0 else felt(size, plain), (0, 0))
                self._paint_slots(surface, game, surface.get_rect())
                for sprite in sorted((s for s in self.sprites if not s.animating), key=slot_key):
                    surface.blit(self._image(sprite), (round(sprite.pos[0]), round(sprite.pos[1])))
                return
        self._direct = None
        self._refresh_static(size, game)
        surface.blit(self._static, (0, 0))

    def settling(self) -> bool:
        """Frames are still wanted to finish the picture after a resize: the layer, or faces
        shown scaled from the old size (``CardArt.sharpen``)."""
        return self._direct is not None or self.art.pending()

    def _build_static(self, surface_size: tuple[int, int], game: Game) -> pygame.Surface:
        layer = felt(surface_size, self.art.style.high_contrast).copy()
        self._markers = self._marker_kinds(game)
        self._baked = self._resting()
        self.paint_resting(layer, game)
        return layer

    def paint_resting(self, surface: pygame.Surface, game: Game) -> None:
        """The empty piles' marks and the cards at rest onto ``surface``, no felt: the layer's
        picture, and the chooser's miniature of a game (``view.miniature``)."""
        self._paint_slots(surface, game, surface.get_rect())
        for sprite in sorted((s for s in self.sprites if not s.animating), key=slot_key):
            surface.blit(self._image(sprite), (round(sprite.pos[0]), round(sprite.pos[1])))

    def _paint_slots(self, layer: pygame.Surface, game: Game, area: pygame.Rect) -> None:
        """The empty piles' marks in ``area`` (a bare felt's copy is not kept: less to make on a resize)."""
        w, h = self.layout.card
        for pile in self.layout.piles():
            x, y = self.layout.pile_origin(pile)
            if area.colliderect((x, y, w, h)):
                layer.blit(self._slot_surface(pile, game), (x, y))

    def _marker_kinds(self, game: Game) -> tuple[str, ...]:
        return tuple(self._slot_kind(pile, game) for pile in self.layout.piles())

    def _resting(self) -> dict[int, tuple[int, int, bool, int]]:
        return {id(s): (round(s.pos[0]), round(s.pos[1]), s.face_up, s.card) for s in self.sprites if not s.animating}

    def _refresh_static(self, size: tuple[int, int], game: Game) -> None:
        """Keep the cached layer of resting cards current by repainting only what changed: the
        places of cards that started moving or came to rest since the last frame.
        """
        if self._static is None or self._static.get_size() != size or self._marker_kinds(game) != self._markers:
            self._static = self._build_static(size, game)
            return
        now = self._resting()
        if now == self._baked:
            return
        w, h = self.layout.card
        dirty = [pygame.Rect(v[0], v[1], w, h) for k, v in self._baked.items() if now.get(k) != v]
        dirty += [pygame.Rect(v[0], v[1], w, h) for k, v in now.items() if self._baked.get(k) != v]
        self._baked = now
        resting = sorted((s for s in self.sprites if not s.animating), key=slot_key)
        for rect in dirty:
            self._static.set_clip(rect)
            self._static.blit(felt(size, self.art.style.high_contrast), rect, rect)
            self._paint_slots(self._static, game, rect)
            for sprite in resting:
                x, y = round(sprite.pos[0]), round(sprite.pos[1])
                if rect.colliderect((x, y, w, h)):
                    self._static.blit(self._image(sprite), (x, y))
        self._static.set_clip(None)


def slot_key(sprite: Any) -> tuple[int, int, int]:
    """A resting card's drawing order: by pile kind, pile and place (a ``CardSprite``)."""
    slot = sprite.slot
    if slot is None:
        return (9, 0, 0)
    order = {STOCK: 0, WASTE: 1, FOUNDATION: 2, CELL: 2, TABLEAU: 3}[slot.pile.kind]
    return (order, slot.pile.index, slot.index)
