"""Card faces, backs, pile slots and highlights, drawn by code at any size.

Everything is rendered at the exact pixel size the layout asks for, so cards stay crisp
from ~40x56 to ~240x336. Shapes (rounded corners, court panels, backs) are drawn at a
multiple of the final size and ``smoothscale``d down, which is how they get anti-aliased
edges; text is rendered at the final size so the font's hinting keeps the index sharp.

A card is an int ``suit * 13 + (rank - 1)``: suits 0..3 are spades, hearts, diamonds,
clubs; ranks 1..13 are ace..king.

``CardArt`` keeps one card size's images and their cache, and draws the slots, highlights and
shadow; the faces are drawn by its part in ``faces``, the backs by its part in ``backs``, both
with the glyph and supersampling helpers of ``paint``. The table felt is ``felt``'s.
"""

from __future__ import annotations

import math
import time

import pygame

from solitaire.core.cards import SUIT_SYMBOLS
from solitaire.view import palette
from solitaire.view.backs import BackArt
from solitaire.view.faces import FaceArt
from solitaire.view.paint import (
    cap_text, glyph, mask_to, ready, rrect, sample_factor, supersample,
)

SLOT_KINDS = ("tableau", "foundation", "foundation-run", "stock-recycle", "stock-empty", "waste", "cell")

#: Seconds of face drawing a frame may spend after the card size changed gradually (a window
#: resize, a zoom): past it a face not yet drawn at the new size shows its old size's image
#: scaled, and the next frames draw it sharp (``CardArt.sharpen``). A whole deck drawn afresh at
#: 4K takes ~0.2 s: one frame that long is the stutter issue 33 item 7 saw. The frame of the
#: change itself draws none (``set_size``): it pays for the new window.
FACE_BUDGET = 0.008


# --- the art ---------------------------------------------------------------------------


class CardArt(FaceArt, BackArt):
    """All card-sized images for one card size, rendered on first use and cached.

    Highlights and shadows are larger than a card by ``margin`` on every side: blit them at
    ``(card_x - margin, card_y - margin)``.
    """

    BACKS: tuple[str, ...] = ("blue", "red", "green")

    def __init__(self, card_size: tuple[int, int], back: str = "blue",
                 style: palette.Style = palette.Style()) -> None:
        self._back_name = self._check_back(back)
        self.style = style
        self._faces: dict[int, pygame.Surface] = {}
        self._stand_ins: dict[int, pygame.Surface] = {}  # faces of the size before, to scale from
        self._scaled: dict[int, pygame.Surface] = {}  # those scaled to this size, shown until sharp
        self._spent = 0.0  # seconds of face drawing this frame (``new_frame``)
        self._held = self._resizing = False  # the next frame / this one is a gradual resize's own
        self.set_size(card_size)

    # -- configuration --

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def back_name(self) -> str:
        return self._back_name

    def set_size(self, card_size: tuple[int, int], gradual: bool = False) -> None:
        """Draw at ``card_size`` from now on. ``gradual`` (a table's resize or zoom): faces of the
        old size are kept as stand-ins, so a frame draws only ``FACE_BUDGET`` of new faces and
        shows the rest scaled (``face``) until ``sharpen`` has drawn them."""
        w, h = int(card_size[0]), int(card_size[1])
        if w < 8 or h < 8:
            raise ValueError(f"card size too small: {card_size}")
        self._stand_ins = {**self._stand_ins, **self._scaled, **self._faces} if gradual else {}
        self._old_slots = {**getattr(self, "_old_slots", {}), **getattr(self, "_slots", {})} if gradual else {}
        self._held = gradual and bool(self._stand_ins)
        self._scaled = {}
        self._size = (w, h)
        self.margin = max(4, round(w * 0.1))
        # at least 3.5 px, or the corner pixel itself would be partly covered and the corner look square
        self._radius = max(4.0, w * 0.065)
        self._faces = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._slots: dict[tuple[str, int | None], pygame.Surface] = {}
        self._highlights: dict[str, pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None
        self._pips: dict[tuple[int, int, bool], pygame.Surface] = {}

    def forget_images(self) -> None:
        """Drop every image drawn so far (each is drawn again on next use): a table that leaves
        the screen lets its cards go at once, not whenever the garbage collector comes by."""
        self._faces = {}
        self.set_size(self._size)

    def set_style(self, style: palette.Style) -> None:
        """Another look (four colours, high contrast): every image is drawn again on next use."""
        if style != self.style:
            self.style = style
            self._faces = {}
            self.set_size(self._size)

    def set_back(self, back: str) -> None:
        self._back_name = self._check_back(back)

    def _check_back(self, back: str) -> str:
        if back not in self.BACKS:
            raise ValueError(f"unknown card back {back!r}; choose from {', '.join(self.BACKS)}")
        return back

    # -- public images --

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card``; the same Surface object until the size changes. After a gradual
        resize, once this frame's ``FACE_BUDGET`` is spent: the old size's face scaled."""
        surface = self._faces.get(card)
        if surface is None:
            if not 0 <= card < 52:
                raise ValueError(f"no such card: {card}")
            old = self._stand_ins.get(card)
            if old is not None and self._spent >= FACE_BUDGET:
                surface = self._scaled.get(card)
                if surface is None:
                    surface = self._scaled[card] = pygame.transform.scale(old, self._size)  # for a few frames
                return surface
            surface = self._draw_face(card)
        return surface

    def _draw_face(self, card: int) -> pygame.Surface:
        started = time.perf_counter()
        surface = self._faces[card] = ready(self._render_face(card))
        self._scaled.pop(card, None)
        self._spent += time.perf_counter() - started
        return surface

    def new_frame(self, hold: bool = False) -> None:
        """A frame begins: its allowance of face drawing (``FACE_BUDGET``) is whole again, but in
        the frame of a gradual resize (``set_size``) or one that ``hold``s (it makes a window-sized
        picture), which show every face they can scaled."""
        self._spent = math.inf if self._held or hold else 0.0
        self._resizing, self._held = self._held, False  # slots too come scaled in that one frame

    def pending(self) -> bool:
        """Faces shown scaled from the old size that ``sharpen`` has still to draw."""
        return bool(self._scaled)

    def sharpen(self) -> set[int]:
        """Draw sharp the faces shown scaled, as many as this frame's allowance covers (one at
        least); the cards drawn. Once none is left the old size's faces are let go."""
        done: set[int] = set()
        for card in list(self._scaled):
            if done and self._spent >= FACE_BUDGET:  # one a frame at least, however slow the machine
                break
            self._draw_face(card)
            done.add(card)
        if not self._scaled:
            self._stand_ins, self._old_slots = {}, {}
        return done

    def back(self) -> pygame.Surface:
        surface = self._backs.get(self._back_name)
        if surface is None:
            surface = self._backs[self._back_name] = ready(self._render_back(self._back_name))
        return surface

    def slot(self, kind: str, suit: int | None = None) -> pygame.Surface:
        """Marker of an empty pile.

        ``foundation`` shows a faint suit when the pile's suit is fixed, else a faint "A";
        ``foundation-run`` (a foundation only a whole suit goes to, SP-4) a faint "K" over an
        arrow down to an "A": the run it takes, not a card to start it with (issue 33);
        ``stock-recycle`` shows a circular arrow (clicking turns the waste over);
        ``stock-empty`` a crossed ring (no recycles left).
        """
        if kind not in SLOT_KINDS:
            raise ValueError(f"unknown slot kind {kind!r}; choose from {', '.join(SLOT_KINDS)}")
        key = (kind, suit if kind == "foundation" else None)
        surface = self._slots.get(key)
        if surface is None:
            old = self._old_slots.get(key)
            if old is not None and self._resizing:  # as faces in a resize's own frame
                return pygame.transform.scale(old, self._size)
            surface = self._slots[key] = ready(self._render_slot(*key))
        return surface

    def highlight(self, colour_name: str) -> pygame.Surface:
        """A glowing outline around a card, ``margin`` larger on each side, clear inside.

        ``drop``: the pile a dragged card would land on; ``hint``: a suggested move;
        ``focus``: keyboard focus; ``select``: a picked-up card in click-to-move.
        """
        if colour_name not in palette.HIGHLIGHTS:
            raise ValueError(f"unknown highlight {colour_name!r}; choose from {', '.join(palette.HIGHLIGHTS)}")
        surface = self._highlights.get(colour_name)
        if surface is None:
            surface = self._highlights[colour_name] = ready(self._render_highlight(colour_name))
        return surface

    def shadow(self) -> pygame.Surface:
        """A soft shadow, ``margin`` larger on each side; offset it down-right under a dragged card."""
        if self._shadow is None:
            self._shadow = ready(self._render_shadow())
        return self._shadow

    # -- the blank card every face starts from --

    def _blank_card(self) -> pygame.Surface:
        if self._blank is None:
            w, h = self._size
            border = self.border_width()
            paper, edge = self.style.card, self.style.border

            def draw(s: pygame.Surface, f: float) -> None:
                full = pygame.Rect(0, 0, s.get_width(), s.get_height())
                rrect(s, edge, full, self._radius * f)
                inset = round(border * f)
                rrect(s, paper, full.inflate(-2 * inset, -2 * inset), (self._radius - border) * f)

            self._blank = supersample(self._size, sample_factor(w), draw, edge)
        return self._blank

    def border_width(self) -> float:
        """A card's outline: a hairline, or in high contrast a strong black line."""
        w = self._size[0]
        return max(2.0, w / 36) if self.style.high_contrast else max(1.0, w / 110)

    # -- slots, highlights, shadow --

    def _render_slot(self, kind: str, suit: int | None) -> pygame.Surface:
        w, h = self._size
        f = sample_factor(w)
        contrast = self.style.high_contrast
        outline = palette.HC_SLOT_LINE if contrast else palette.SLOT_LINE
        symbol = palette.HC_SLOT_SYMBOL if contrast else palette.SLOT_SYMBOL

        def draw(s: pygame.Surface, f: float) -> None:
            full = pygame.Rect(0, 0, s.get_width(), s.get_height())
            line = max(1, round(f * max(1.5, w / (30 if contrast else 60))))
            rrect(s, palette.SLOT_FILL, full, self._radius * f)
            rrect(s, outline, full.inflate(-line, -line), self._radius * f, line)
            centre = (full.w / 2, full.h / 2)
            r = w * 0.26 * f
            stroke = max(1, round(f * max(2.0, w / 28)))
            if kind == "stock-recycle":
                self._recycle_arrow(s, centre, r, stroke, symbol)
            elif kind == "stock-empty":
                pygame.draw.circle(s, symbol, centre, r, stroke)
                d = r * 0.5
                pygame.draw.line(s, symbol, (centre[0] - d, centre[1] - d), (centre[0] + d, centre[1] + d), stroke)
                pygame.draw.line(s, symbol, (centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d), stroke)

        surface = supersample(self._size, f, draw, (255, 255, 255))
        if kind == "foundation-run":
            tint = self.style.mark(None)
            for letter, y in (("K", 0.27), ("A", 0.73)):
                mark = cap_text(letter, tint[:3], round(w * 0.26), "DejaVuSerif-Bold.ttf")
                mark.set_alpha(tint[3])
                surface.blit(mark, mark.get_rect(center=(w / 2, h * y)))
            arrow = pygame.Surface((w, h), pygame.SRCALPHA)
            stem, tip = max(1, round(w / 40)), w * 0.07
            top, bottom = h * 0.41, h * 0.58
            pygame.draw.line(arrow, tint[:3], (w / 2, top), (w / 2, bottom - tip / 2), stem)
            pygame.draw.polygon(arrow, tint[:3], [(w / 2 - tip, bottom - tip), (w / 2 + tip, bottom - tip),
                                                  (w / 2, bottom)])
            arrow.set_alpha(tint[3])
            surface.blit(arrow, (0, 0))
        if kind == "foundation":
            tint = self.style.mark(suit)
            if suit is None:
                mark = cap_text("A", tint[:3], round(w * 0.4), "DejaVuSerif-Bold.ttf")
            else:
                mark = glyph(SUIT_SYMBOLS[suit], tint[:3], round(w * 0.45))
            mark.set_alpha(tint[3])
            surface.blit(mark, mark.get_rect(center=(w / 2, h / 2)))
        return surface

    @staticmethod
    def _recycle_arrow(s: pygame.Surface, centre: tuple[float, float], r: float, stroke: int,
                       colour: tuple[int, int, int, int]) -> None:
        """A clockwise arrow almost closing a circle: "click to turn the waste over".

        Drawn straight onto the slot (pygame's draw replaces pixels), so overlapping strokes
        keep one even translucency.
        """
        start, end = math.radians(-40), math.radians(245)
        steps = 72
        points = [(centre[0] + r * math.cos(start + (end - start) * k / steps),
                   centre[1] - r * math.sin(start + (end - start) * k / steps)) for k in range(steps + 1)]
        for p in points:
            pygame.draw.circle(s, colour, p, stroke / 2)
        pygame.draw.lines(s, colour, False, points, stroke)
        # the arc runs clockwise on screen from the lower left over the top to the head
        nx, ny = math.cos(start), -math.sin(start)
        tx, ty = math.sin(start), math.cos(start)
        base = points[0]
        size = stroke * 1.9
        head = [(base[0] + tx * size * 1.6, base[1] + ty * size * 1.6),
                (base[0] + nx * size, base[1] + ny * size),
                (base[0] - nx * size, base[1] - ny * size)]
        pygame.draw.polygon(s, colour, head)

    def _render_highlight(self, name: str) -> pygame.Surface:
        if self.style.high_contrast:
            return self._render_contrast_ring(name)
        w, h = self._size
        m = self.margin
        colour = palette.HIGHLIGHTS[name]
        outer = (w + 2 * m, h + 2 * m)
        card = pygame.Rect(m, m, w, h)
        glow = pygame.Surface(outer, pygame.SRCALPHA)
        glow.fill((*colour, 0))
        rrect(glow, (*colour, 230), card.inflate(m * 0.6, m * 0.6), self._radius + m * 0.3)
        glow = pygame.transform.gaussian_blur(glow, max(1, m // 2))
        hole = pygame.Surface(outer, pygame.SRCALPHA)
        hole.fill((255, 255, 255, 255))
        rrect(hole, (255, 255, 255, 0), card, self._radius)
        mask_to(glow, hole)
        f = sample_factor(w)
        ring_width = max(2.0, w / 45) if name != "focus" else max(1.5, w / 70)

        def draw(s: pygame.Surface, f: float) -> None:
            rect = pygame.Rect(0, 0, round(w * f), round(h * f))
            rect.topleft = (round(m * f), round(m * f))
            grow = round(ring_width * f * 0.5)
            rrect(s, (*colour, 255), rect.inflate(2 * grow, 2 * grow), (self._radius + ring_width / 2) * f,
                   max(1, round(ring_width * f)))

        glow.blit(supersample(outer, f, draw, colour), (0, 0))
        return glow

    def _render_contrast_ring(self, name: str) -> pygame.Surface:
        """High contrast: a thick opaque ring on a black edge, each kind its own shape, so no
        meaning rests on the hue alone: the focus a plain ring, a drop target a ring with the
        card washed inside it, a hint a dashed ring, a selection four corner brackets.
        """
        w, h = self._size
        m = self.margin
        outer = (w + 2 * m, h + 2 * m)
        colour = palette.HC_HIGHLIGHTS[name]
        f = sample_factor(w)
        thick = max(3.0, m * 0.55)
        edge = max(1.0, thick / 4)

        def ring(s: pygame.Surface, rect: pygame.Rect, radius: float) -> None:
            """A ring ``thick`` wide centred on ``rect``'s outline, on a black edge."""
            for width, paint in ((thick + 2 * edge, (0, 0, 0, 255)), (thick, (*colour, 255))):
                grow = round(width * f / 2)
                rrect(s, paint, rect.inflate(2 * grow, 2 * grow), radius * f + grow, max(1, round(width * f)))

        def draw(s: pygame.Surface, f: float) -> None:
            card = pygame.Rect(round(m * f), round(m * f), round(w * f), round(h * f))
            around = card.inflate(round(thick * f), round(thick * f))
            ring(s, around, self._radius + thick / 2)
            if name == "drop":
                rrect(s, (*colour, 64), card, self._radius * f)
            elif name == "hint":
                self._cut(s, around, round((thick + 2 * edge) * f), dash=round(w * 0.11 * f), keep=0.55)
            elif name == "select":
                self._cut(s, around, round((thick + 2 * edge) * f), dash=0, keep=0.3)

        return supersample(outer, f, draw, colour)

    @staticmethod
    def _cut(s: pygame.Surface, rect: pygame.Rect, band: int, dash: int, keep: float) -> None:
        """Clear parts of a ring drawn round ``rect`` (reaching ``band`` pixels either side of
        its outline): with ``dash``, a gap in every ``dash`` pixels along each side (a share
        ``keep`` of each dash stays), the corners whole; without, the middle of each side, so
        corner brackets ``keep`` of a side long stay.
        """
        for start, length, vertical in ((rect.left, rect.w, False), (rect.top, rect.h, True)):
            if dash:
                corner = round(length * 0.12)
                gaps = [(x + round(dash * keep), x + dash)
                        for x in range(start + corner, start + length - corner - dash, dash)]
            else:
                corner = round(length * keep)
                gaps = [(start + corner, start + length - corner)]
            sides = (rect.left, rect.right) if vertical else (rect.top, rect.bottom)
            for a, b in gaps:
                for side in sides:
                    gap = (pygame.Rect(side - band, a, 2 * band, b - a) if vertical
                           else pygame.Rect(a, side - band, b - a, 2 * band))
                    s.fill((0, 0, 0, 0), gap)

    def _render_shadow(self) -> pygame.Surface:
        w, h = self._size
        m = self.margin
        shadow = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        rrect(shadow, (0, 0, 0, 120), pygame.Rect(m, m, w, h), self._radius)
        return pygame.transform.gaussian_blur(shadow, max(1, m // 2))
