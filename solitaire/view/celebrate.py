"""The win celebration: cards leap off the foundations and bounce away, leaving trails.

A tribute to the cascade players remember. It draws onto a persistent surface that is never
cleared, so each card leaves a trail of itself; the table is painted once underneath. Time is
passed in, so it is as testable as any tween.
"""

from __future__ import annotations

import random

import pygame

from solitaire.core import FOUNDATION, Game, Pile
from solitaire.view.cardart import CardArt
from solitaire.view.felt import felt
from solitaire.view.layout import Layout

GRAVITY = 2600.0  # pixels per second squared, at a 1080-pixel-high window
BOUNCE = 0.72
LAUNCH_EVERY = 0.16
MAX_SECONDS = 30.0


class _Flier:
    def __init__(self, card: int, pos: tuple[float, float], velocity: tuple[float, float]) -> None:
        self.card = card
        self.x, self.y = pos
        self.vx, self.vy = velocity
        self.gone = False


class Cascade:
    def __init__(self, art: CardArt, layout: Layout, game: Game, size: tuple[int, int], seed: int | None = None) -> None:
        self.art = art
        self.size = size
        self.scale = size[1] / 1080
        self.rng = random.Random(seed)
        self.canvas = felt(size, art.style.high_contrast).copy()
        piles = [list(p) for p in game.foundations]
        self.origins = [layout.pile_origin(Pile(FOUNDATION, i)) for i in range(len(piles))]
        for origin, pile in zip(self.origins, piles):
            if pile:
                self.canvas.blit(art.face(pile[-1]), origin)
        self.queue: list[tuple[int, int]] = []  # (foundation, card), kings first, round-robin
        while any(piles):
            for index, pile in enumerate(piles):
                if pile:
                    self.queue.append((index, pile.pop()))
        self.remaining = [list(p) for p in game.foundations]
        self.fliers: list[_Flier] = []
        self.timer = 0.0
        self.elapsed = 0.0

    @property
    def finished(self) -> bool:
        return (not self.queue and not self.fliers) or self.elapsed > MAX_SECONDS

    def update(self, dt: float) -> None:
        self.elapsed += dt
        self.timer -= dt
        if self.timer <= 0 and self.queue:
            self.timer = LAUNCH_EVERY
            index, card = self.queue.pop(0)
            self._launch(index, card)
        w, h = self.size
        card_w, card_h = self.art.size
        for flier in self.fliers:
            flier.vy += GRAVITY * self.scale * dt
            flier.x += flier.vx * dt
            flier.y += flier.vy * dt
            floor = h - card_h
            if flier.y > floor:
                flier.y = floor
                flier.vy = -flier.vy * BOUNCE
                if abs(flier.vy) < 200 * self.scale:
                    flier.vy = -900 * self.scale * self.rng.uniform(0.6, 1.0)
            if flier.x < -card_w or flier.x > w:
                flier.gone = True
            self.canvas.blit(self.art.face(flier.card), (round(flier.x), round(flier.y)))
        self.fliers = [f for f in self.fliers if not f.gone]

    def _launch(self, index: int, card: int) -> None:
        pile = self.remaining[index]
        pile.pop()
        origin = self.origins[index]
        slot = pygame.Rect(origin, self.art.size)
        self.canvas.blit(felt(self.size, self.art.style.high_contrast), slot.topleft, slot)
        if pile:
            self.canvas.blit(self.art.face(pile[-1]), origin)
        else:
            self.canvas.blit(self.art.slot("foundation"), origin)
        speed = self.rng.uniform(260, 620) * self.scale
        direction = self.rng.choice((-1, 1))
        self.fliers.append(_Flier(card, origin, (direction * speed, -self.rng.uniform(0, 500) * self.scale)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.canvas, (0, 0))
