"""A game's picture for the chooser (issue 34): its opening table in small, drawn from its level
file by the table's own code, as KPatience shows a small picture of each game.

Nothing here knows a game: the deal is the game's own first deal (``Game.deal``), the places are
the table's ``Layout`` of the level's ``[layout]``, the cards are put there by a ``TableView``
and painted by its ``paint_resting`` with a ``CardArt``: a game added later has its picture
with no work, and a new kind of pile the table learns to draw shows in its picture too. A level
that keeps room at the sides for panels (``panel_share``: the Duel's clock and rival) shows
those panels as dark bands.

Cards smaller than ``SHARP_CARD`` pixels are drawn larger and the whole picture scaled down,
so a 1280×720 picture's cards are smooth, not a blur of tiny indices. The pictures of one size
are kept by ``Miniatures`` (the chooser's screen holds one, and lets it go when it closes).
"""

from __future__ import annotations

import logging
import math
import time

import pygame

from solitaire.app.tween import Tweener
from solitaire.core import Game, ruleset
from solitaire.core.codes import GameCode
from solitaire.view import palette
from solitaire.view.cardart import CardArt
from solitaire.view.felt import light
from solitaire.view.layout import Layout
from solitaire.view.paint import mask_to, ready, rrect_mask
from solitaire.view.table import TableView

log = logging.getLogger(__name__)

SHARP_CARD = 56  # px: the narrowest card drawn as it is; a smaller one is drawn larger and scaled
OPENING_DEAL = 1  # the deal pictured: every game's first (``…-AAAAAAB``)


def opening(game_id: str) -> Game:
    """The game's table as a new game begins: its first deal, its default draw and scoring."""
    rules = ruleset(game_id)
    return Game.deal(GameCode(game_id, rules.default_draw, rules.scorings[0], OPENING_DEAL))


def draw(game_id: str, size: tuple[int, int], rtl: bool = False, back: str = "blue",
         style: palette.Style = palette.Style(), arts: dict[tuple[int, int], CardArt] | None = None) -> pygame.Surface:
    """The picture of ``game_id``'s opening table at ``size`` (mirrored for right-to-left),
    on its felt, with rounded corners. ``arts``: card images by card size, shared by the
    pictures drawn one after another (most games' cards come out the same size), kept there."""
    game = opening(game_id)
    w, h = max(8, int(size[0])), max(8, int(size[1]))
    scale = 1
    layout = Layout(game.rules, (w, h), 0, rtl)
    if layout.card[0] < SHARP_CARD:
        scale = math.ceil(SHARP_CARD / max(1, layout.card[0]))
        layout = Layout(game.rules, (w * scale, h * scale), 0, rtl)
    big = (w * scale, h * scale)
    picture = pygame.Surface(big, pygame.SRCALPHA)
    picture.blit(light(big, style.high_contrast), (0, 0))
    share = game.rules.layout.get("panel_share", 0.0)
    if share:  # the room the level keeps for panels beside the table
        band = int(big[0] * share * 0.8)
        inset = max(2, big[1] // 20)
        shade = pygame.Surface((band - inset, big[1] - 2 * inset), pygame.SRCALPHA)
        colour = (255, 255, 255, 48) if style.high_contrast else (8, 24, 16, 170)  # seen on the plain dark too
        pygame.draw.rect(shade, colour, shade.get_rect(), border_radius=max(2, band // 8))
        for x in (inset, big[0] - band - inset):
            picture.blit(shade, (x, inset))  # blended over the felt
    art = arts.get(layout.card) if arts is not None else None
    if art is None:
        art = CardArt(layout.card, back, style)
        if arts is not None:
            arts[layout.card] = art
    view = TableView(art, layout, Tweener())
    view.sync(game, animate=False)
    view.paint_resting(picture, game)
    if arts is None:
        view.close()  # its card images go now
    if scale > 1:
        picture = pygame.transform.smoothscale(picture, (w, h))
    mask_to(picture, rrect_mask((w, h), pygame.Rect(0, 0, w, h), max(3, w // 40)))
    return ready(picture)


class Miniatures:
    """The pictures of the games at one size and look, kept until the size, the direction or the
    look changes (then they are drawn again) or ``forget``.

    A picture takes 20–50 ms to draw (its cards' faces at their size): a frame draws the
    pictures it needs until ``BUDGET`` is spent, at least one, and ``picture`` gives None for
    the rest, which the next frames draw (``made`` says which are), so that no frame stalls."""

    BUDGET = 0.012  # seconds of picture drawing a frame

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._pictures: dict[str, pygame.Surface] = {}
        self._spent = 0.0
        self._drawn = 0  # pictures drawn this frame
        self._arts: dict[tuple[int, int], CardArt] = {}  # the cards of the pictures being drawn, by size

    def new_frame(self) -> None:
        if not self._drawn:  # none drawn the last frame: the card images they shared go
            self._arts = {}
        self._spent, self._drawn = 0.0, 0

    def picture(self, game_id: str, size: tuple[int, int], rtl: bool, back: str,
                style: palette.Style) -> pygame.Surface | None:
        """The picture of ``game_id``, or None while this frame's budget is spent."""
        key = (tuple(size), rtl, back, style)
        if key != self._key:
            self._key, self._pictures, self._arts = key, {}, {}
        if game_id not in self._pictures:
            if self._drawn and self._spent >= self.BUDGET:
                return None
            started = time.perf_counter()
            try:
                self._pictures[game_id] = draw(game_id, size, rtl, back, style, self._arts)
            except Exception as error:  # a picture is not worth the screen: its felt, and a line in the log
                log.warning("no picture of %s: %s", game_id, error)
                self._pictures[game_id] = light((max(8, size[0]), max(8, size[1])), style.high_contrast)
            self._spent += time.perf_counter() - started
            self._drawn += 1
        return self._pictures[game_id]

    def made(self, game_id: str, size: tuple[int, int], rtl: bool, back: str, style: palette.Style) -> bool:
        """Whether that picture is drawn (else ``picture`` draws it, in a frame with budget left)."""
        return (tuple(size), rtl, back, style) == self._key and game_id in self._pictures

    def forget(self) -> None:
        self._key, self._pictures, self._arts = (), {}, {}

    def __len__(self) -> int:
        return len(self._pictures)

    def memory(self) -> int:
        """The bytes of the pictures kept (4 a pixel)."""
        return sum(p.get_width() * p.get_height() * 4 for p in self._pictures.values())
