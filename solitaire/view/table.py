"""The card table: one sprite per physical card, moved by tweens towards where the state says.

The view never changes the game. After every change the scene calls ``sync(game)``: the view
works out which sprite now belongs to which slot (a card that stayed keeps its sprite; two
copies of a card in Double Solitaire are paired by nearest place) and tweens each sprite that is
not where it should be. Dealing, draws, moves, undo and auto-complete are all this one diff.

Drawing is cheap because resting cards are drawn once into a cached layer with the felt; each
frame blits that layer and then only the cards in motion (or being dragged).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable

import pygame

from solitaire.app.tween import Tween, Tweener, lerp
from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Game, Pile
from solitaire.view.cardart import CardArt
from solitaire.view.layer import RestingLayer, slot_key
from solitaire.view.layout import Layout, Slot

MOVE_SECONDS = 0.24
FLIP_SECONDS = 0.16
JUMP_SECONDS = 0.06
"""Reduced motion: every card's move takes this long whatever the speed (under 80 ms), a jump
more than a flight, and cards turn over at once."""
Point = tuple[float, float]


class CardSprite(pygame.sprite.Sprite):
    """One physical card on the table."""

    def __init__(self, card: int, pos: Point) -> None:
        super().__init__()
        self.card = card
        self.slot: Slot | None = None
        self.pos: Point = pos
        self.prev: Point = pos
        self.face_up = False
        self.stand_in = False  # lies on a place whose card is not known (``TableView.unknown``)
        self.flip = 1.0  # progress of a flip: below 0.5 the old face shows, narrowing
        self.moving = False
        self.dragging = False
        self.order = 0  # draw order among cards in motion

    @property
    def animating(self) -> bool:
        """Drawn each frame on top of the cached layer, not into it."""
        return self.moving or self.dragging or self.flip < 1.0

    def drawn_pos(self, alpha: float) -> Point:
        return lerp(self.prev, self.pos, alpha)  # type: ignore[return-value]


class TableView(RestingLayer):
    def __init__(self, art: CardArt, layout: Layout, tweens: Tweener) -> None:
        self.art = art
        #: The window's layout, and the one cards are laid out in: the same, or zoomed out while
        #: a deep column needs it (``Layout.fitted``).
        self.frame = self.layout = layout
        self.tweens = tweens
        self.sprites: list[CardSprite] = []
        self.by_slot: dict[Slot, CardSprite] = {}
        self.speed = 1.0
        self.reduced_motion = False
        self.held: list[tuple[CardSprite, tuple[float, float]]] = []  # cards in hand, where pressed
        self._static: pygame.Surface | None = None
        self._direct: tuple[tuple[int, int], int] | None = None  # frames drawn with no layer: size, count
        self._markers: tuple[str, ...] = ()
        self._baked: dict[int, tuple[int, int, bool, int]] = {}  # what the cached layer shows
        self._motion_order = 0
        #: The places whose card the game does not know (an online duel's table, ``net.mirror``:
        #: its face-down cards are stand-ins, and a card just turned waits for the server's word).
        #: They are drawn face down, and a card resting on one keeps its place, whatever card
        #: stands in there: stand-ins change as cards are seen, and must not fly about. When the
        #: card of such a place comes, it turns over where it lies.
        self.unknown: Callable[[], Collection[Slot]] | None = None

    # ----------------------------------------------------------------------------- layout
    def set_layout(self, layout: Layout, game: Game | None = None) -> None:
        """A new window size or direction; with ``game``, every card snaps to its new place."""
        self.frame = self.layout = layout
        if self.art.size != layout.card:
            self.art.set_size(layout.card, gradual=True)
        if game is not None:
            self.sync(game, animate=False)

    def _fit(self, game: Game) -> None:
        """Zoom the table out while a column of ``game`` is too long to show each card's rank at
        this size, and back as it shortens: the cards take the new size at once and glide to
        their new places."""
        fitted = self.frame.fitted(game)
        if fitted.zoom != self.layout.zoom:
            self.layout = fitted
            if self.art.size != fitted.card:
                self.art.set_size(fitted.card, gradual=True)
            self._static = None

    def invalidate(self) -> None:
        self._static = None

    def close(self) -> None:
        """The table has left the screen: its sprites, its cached layers (two surfaces the size
        of the window) and its card images go now."""
        self.sprites.clear()
        self.by_slot = {}
        self.held = []
        self._static = None
        self._baked = {}
        self.art.forget_images()

    # ----------------------------------------------------------------------------- sync
    def sync(self, game: Game, animate: bool = True, stagger: float = 0.0, from_slot: Pile | None = None) -> None:
        """Bring sprites to the state of ``game``.

        ``stagger`` delays each successive moving card (dealing, row by row as at a table);
        ``from_slot`` makes new sprites start at that pile (the stock, when dealing).
        """
        self._fit(game)
        targets = self.layout.card_positions(game)
        wanted = self._slots_with_cards(game)
        unknown = self.unknown() if self.unknown is not None else ()
        for slot in unknown:
            if slot in wanted:
                wanted[slot] = (wanted[slot][0], False)
        free: dict[int, list[CardSprite]] = defaultdict(list)
        keep: dict[Slot, CardSprite] = {}
        for sprite in self.sprites:
            slot = sprite.slot
            if slot is not None and slot in wanted and (wanted[slot][0] == sprite.card or sprite.stand_in
                                                        or slot in unknown):
                keep[slot] = sprite
            else:
                free[sprite.card].append(sprite)
        start = self.layout.pile_origin(from_slot) if from_slot else None
        self.by_slot = {}
        delay = 0.0
        self._motion_order += 1
        order = sorted(wanted, key=lambda slot: (slot.pile.kind != TABLEAU, slot.index, slot.pile.index)) if stagger else wanted
        for slot in order:
            card, face_up = wanted[slot]
            sprite = keep.get(slot)
            if sprite is None:
                pool = free[card] or (self._unplaced(free) if slot in unknown else [])
                if pool:
                    target = targets[slot]
                    sprite = min(pool, key=lambda s: (s.pos[0] - target[0]) ** 2 + (s.pos[1] - target[1]) ** 2)
                    free[sprite.card].remove(sprite)
                else:
                    sprite = CardSprite(card, start or targets[slot])
                    self.sprites.append(sprite)
            sprite.slot, sprite.card, sprite.stand_in = slot, card, slot in unknown
            self.by_slot[slot] = sprite
            target = targets[slot]
            moved = animate and (abs(sprite.pos[0] - target[0]) > 0.5 or abs(sprite.pos[1] - target[1]) > 0.5)
            flipped = sprite.face_up != face_up
            if moved:
                self._move(sprite, target, delay, slot)
                if stagger:
                    delay += stagger / self.speed
            elif not sprite.dragging:
                if sprite.moving:
                    self.tweens.cancel(("move", id(sprite)))
                    sprite.moving = False
                sprite.pos = sprite.prev = target
            if flipped:
                sprite.face_up = face_up
                if animate and not self.reduced_motion:
                    self._flip(sprite, delay if moved else 0.0)
                else:
                    sprite.flip = 1.0
        self.sprites = [s for s in self.sprites if s.slot in self.by_slot and self.by_slot[s.slot] is s]

    @staticmethod
    def _unplaced(free: dict[int, list[CardSprite]]) -> list[CardSprite]:
        """Every sprite left without a place: the nearest goes to an unknown place that has
        none (a card taken back onto a stock nobody has seen, where a stand-in lies now)."""
        return [sprite for pool in free.values() for sprite in pool]

    def _slots_with_cards(self, game: Game) -> dict[Slot, tuple[int, bool]]:
        out: dict[Slot, tuple[int, bool]] = {}
        top = len(game.stock) - 1 if game.rules.stock_top_in_sight else -1  # PY-4: the next card in sight
        for i, c in enumerate(game.stock):
            out[Slot(Pile(STOCK), i)] = (c, i == top)
        for i, c in enumerate(game.waste):
            out[Slot(Pile(WASTE), i)] = (c, True)
        for kind, piles in ((FOUNDATION, game.foundations), (CELL, game.cells)):
            for f, pile in enumerate(piles):
                for i, c in enumerate(pile):
                    out[Slot(Pile(kind, f), i)] = (c, True)
        for col, pile in enumerate(game.tableau):
            hidden = game.hidden[col]
            for i, c in enumerate(pile):
                out[Slot(Pile(TABLEAU, col), i)] = (c, i >= hidden)
        return out

    def _move(self, sprite: CardSprite, target: Point, delay: float, slot: Slot) -> None:
        distance = ((sprite.pos[0] - target[0]) ** 2 + (sprite.pos[1] - target[1]) ** 2) ** 0.5
        card_w = self.layout.card[0]
        seconds = min(0.42, MOVE_SECONDS * (0.7 + 0.3 * min(distance / (card_w * 6), 2))) / self.speed
        if self.reduced_motion:
            seconds = JUMP_SECONDS
        sprite.moving = True
        sprite.order = self._motion_order * 1000 + slot.index

        def place(value: object, s: CardSprite = sprite) -> None:
            s.pos = value  # type: ignore[assignment]

        def landed(s: CardSprite = sprite) -> None:
            s.moving = False

        self.tweens.add(Tween(sprite.pos, target, seconds, "out_cubic", delay=delay,
                              on_update=place, on_complete=landed, key=("move", id(sprite))))

    def _flip(self, sprite: CardSprite, delay: float) -> None:
        seconds = FLIP_SECONDS / self.speed
        sprite.flip = 0.0

        def turn(value: object, s: CardSprite = sprite) -> None:
            s.flip = float(value)  # type: ignore[arg-type]

        def done(s: CardSprite = sprite) -> None:
            s.flip = 1.0

        self.tweens.add(Tween(0.0, 1.0, seconds, "in_out_sine", delay=delay, on_update=turn,
                              on_complete=done, key=("flip", id(sprite))))

    # ----------------------------------------------------------------------------- dragging
    def drag(self, sprites: Iterable[CardSprite], origins: Iterable[tuple[float, float]]) -> None:
        """Take ``sprites`` in hand, from where they lay when pressed (``origins``)."""
        self.held = list(zip(sprites, origins))
        for s, _ in self.held:
            self.tweens.cancel(("move", id(s)))
            s.dragging = True
            s.moving = True

    def drag_by(self, offset: tuple[float, float]) -> None:
        """The cards in hand follow the pointer: ``offset`` from where they were pressed."""
        dx, dy = offset
        for s, (ox, oy) in self.held:
            s.pos = s.prev = (ox + dx, oy + dy)

    def release(self, sprites: Iterable[CardSprite]) -> None:
        for s in sprites:
            s.dragging = False
        self.held = []

    # ----------------------------------------------------------------------------- queries
    def in_motion(self) -> bool:
        return any(s.animating for s in self.sprites)

    def sprite_at(self, point: tuple[int, int]) -> CardSprite | None:
        """The topmost card under ``point``."""
        w, h = self.layout.card
        for sprite in reversed(self._draw_order()):
            x, y = sprite.pos
            if x <= point[0] < x + w and y <= point[1] < y + h:
                return sprite
        return None

    def pile_at(self, point: tuple[int, int], game: Game) -> Pile | None:
        """The pile whose area holds ``point`` (an empty slot, or a column's whole fan)."""
        for pile in self.layout.piles():
            rect = self.layout.column_rect(game, pile.index) if pile.kind == TABLEAU else self.layout.pile_rect(pile)
            if rect.collidepoint(point):
                return pile
        return None

    def _draw_order(self) -> list[CardSprite]:
        resting = [s for s in self.sprites if not s.animating]
        moving = [s for s in self.sprites if s.animating and not s.dragging]
        dragging = [s for s in self.sprites if s.dragging]
        resting.sort(key=slot_key)
        moving.sort(key=lambda s: s.order)
        dragging.sort(key=lambda s: s.slot.index if s.slot else 0)
        return resting + moving + dragging

    # ----------------------------------------------------------------------------- drawing
    def _slot_kind(self, pile: Pile, game: Game) -> str:
        if pile.kind == STOCK:
            turns = game.rules.stock == "waste" and game.can_recycle and (game.waste or game.stock)
            return "stock-recycle" if turns else "stock-empty"
        if pile.kind == FOUNDATION and game.rules.whole_suits_leave:
            return "foundation-run"  # SP-4: only a whole K→A run goes there
        if pile.kind == FOUNDATION and game.rules.foundation_start == "any":
            return "waste"  # no Ace starts it (GO-1, PY-3): a plain place, no faint "A"
        return {WASTE: "waste", FOUNDATION: "foundation", TABLEAU: "tableau", CELL: "cell"}[pile.kind]

    def _slot_surface(self, pile: Pile, game: Game) -> pygame.Surface:
        kind = self._slot_kind(pile, game)
        if kind == "foundation":
            return self.art.slot(kind, game.rules.foundation_suit(pile.index))
        return self.art.slot(kind)

    def _image(self, sprite: CardSprite) -> pygame.Surface:
        return self.art.face(sprite.card) if sprite.face_up else self.art.back()

    def draw(self, surface: pygame.Surface, game: Game, alpha: float,
             on_rest: Callable[[pygame.Surface], None] | None = None) -> None:
        """The table: felt, resting cards and cards in flight, but not the dragged ones, which the
        scene draws with :meth:`draw_dragged` over its glows and marks (above everything).
        ``on_rest`` draws what lies on the resting cards and under those in flight (the
        stock's count: a card turned from the stock passes over it)."""
        making = self._makes_a_picture(surface.get_size())  # after a resize: its faces wait
        self.art.new_frame(hold=making)
        if self.art.pending() and not making:  # faces shown scaled since a resize: a few drawn sharp each frame
            sharp = self.art.sharpen()
            self._baked = {k: v if v[3] not in sharp or not v[2] else (*v[:3], -1) for k, v in self._baked.items()}
        self._paint_table(surface, game)
        if on_rest is not None:
            on_rest(surface)
        for sprite in self._draw_order():
            if sprite.animating and not sprite.dragging:
                self._draw_moving(surface, sprite, sprite.drawn_pos(alpha))

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """The cards held by the mouse, each over its soft shadow."""
        shadow = None
        margin = self.art.margin
        card_w = self.layout.card[0]
        dx, dy = max(3, card_w // 32) - margin, max(6, card_w // 16) - margin  # lifted: down-right
        for sprite in self._draw_order():
            if sprite.dragging:
                x, y = sprite.pos
                shadow = shadow or self.art.shadow()
                surface.blit(shadow, (round(x) + dx, round(y) + dy))
                self._draw_moving(surface, sprite, (x, y))

    def _draw_moving(self, surface: pygame.Surface, sprite: CardSprite, pos: Point) -> None:
        if sprite.flip < 1.0:
            self._draw_flipping(surface, sprite, pos)
        else:
            surface.blit(self._image(sprite), (round(pos[0]), round(pos[1])))

    def _draw_flipping(self, surface: pygame.Surface, sprite: CardSprite, pos: Point) -> None:
        """A flip narrows the old side to nothing, then widens the new side."""
        k = sprite.flip
        showing_new = k >= 0.5
        image = self._image(sprite) if showing_new else (self.art.back() if sprite.face_up else self.art.face(sprite.card))
        scale = abs(k - 0.5) * 2
        w, h = image.get_size()
        width = max(1, int(w * scale))
        narrow = pygame.transform.smoothscale(image, (width, h))
        surface.blit(narrow, (round(pos[0] + (w - width) / 2), round(pos[1])))

    def step(self) -> None:
        """Called once per fixed logic step, before tweens run: remembers positions so drawing
        can interpolate between two steps.
        """
        for sprite in self.sprites:
            sprite.prev = sprite.pos
