"""Fanned cards show an upright index in the strip their neighbour leaves (issue 22, item 3).

The cards are drawn where the layout puts them, each on the one below, as the table does; then
the strip of each covered card that stays in sight is searched for the card's upright index,
pixel for pixel: the top-left corner of its face, where every deck has one.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire.core import DRAW, TABLEAU, WASTE, Game, Pile, parse_code
from solitaire.scenes.table.hud import bar_height, status_band
from solitaire.view import palette
from solitaire.view.cardart import CardArt
from solitaire.view.layout import WASTE_FAN, Layout, Slot
from tests.view.columns import DEEPEST, with_column

WINDOWS = [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)]
TOP = 48
LOOKS = {"two-colour": {}, "four-colour": {"four_colour": True}, "high-contrast": {"high_contrast": True}}


def upright_index(face: pygame.Surface) -> pygame.Surface:
    """The top-left index as drawn on ``face``, on the card's own paper: the inked shapes of the
    corner a waste fan leaves in sight that touch none of its sides (so neither the card's edge
    nor a court panel's or a pip's that the corner cuts); a rank over its suit."""
    inked = corner_ink(face)
    rank, suit = min(inked, key=lambda r: r.y), max(inked, key=lambda r: r.bottom)
    assert suit.top >= rank.bottom, "no suit under the rank in the corner"
    return face.subsurface(inked[0].unionall(inked[1:])).copy()


def rank_area(face: pygame.Surface) -> pygame.Rect:
    """Where the top-left rank lies, read from the face: the first inked rows of the index's
    column (in from the card's edge line and rounded corner, short of a court panel)."""
    w, h = face.get_size()
    inside = max(3, round(w * 0.03))  # past the edge line, short of the index (from 0.04 widths)
    column = pygame.Rect(inside, inside, int(w * 0.22) - inside, round(w * 0.45))
    paper = face.get_at((w // 2, round(h * 0.02) + 3))
    ink = pygame.mask.from_threshold(face.subsurface(column), paper, (90, 90, 90, 255))
    ink.invert()
    inked = [any(ink.get_at((x, y)) for x in range(column.w)) for y in range(column.h)]
    first = inked.index(True)
    return pygame.Rect(column.x, column.y + first, column.w, inked[first:].index(False))


def corner_ink(face: pygame.Surface, width: float = WASTE_FAN) -> list[pygame.Rect]:
    """The inked shapes of the top-left corner, ``width`` card widths wide, that touch none of
    its sides."""
    w, h = face.get_size()
    corner = pygame.Rect(0, 0, int(w * width), round(w * 0.45))
    paper = face.get_at((w // 2, round(h * 0.02) + 3))
    ink = pygame.mask.from_threshold(face.subsurface(corner), paper, (90, 90, 90, 255))  # firm ink only
    ink.invert()
    return [r for r in ink.get_bounding_rects()
            if r.x > 0 and r.y > 0 and r.right < corner.w and r.bottom < corner.h]


def holds(strip: pygame.Surface, picture: pygame.Surface) -> bool:
    """Whether ``picture`` appears in ``strip`` pixel for pixel (the same way up)."""
    sw, sh = strip.get_size()
    pw, ph = picture.get_size()
    if pw > sw or ph > sh:
        return False
    rows = [pygame.image.tobytes(picture.subsurface((0, y, pw, 1)), "RGBA") for y in range(ph)]
    data = pygame.image.tobytes(strip, "RGBA")
    stride = sw * 4
    for y in range(sh - ph + 1):
        for x in range(sw - pw + 1):
            if all(data[(y + k) * stride + x * 4:(y + k) * stride + (x + pw) * 4] == row
                   for k, row in enumerate(rows)):
                return True
    return False


def table_picture(layout: Layout, game: Game, art: CardArt, piles: list[Pile]) -> pygame.Surface:
    """The cards of ``piles`` face up where the layout puts them, bottom card first."""
    canvas = pygame.Surface(layout.size, pygame.SRCALPHA)
    canvas.fill((30, 110, 60, 255))
    places = layout.card_positions(game)
    for pile in piles:
        cards = game.waste if pile.kind == WASTE else game.tableau[pile.index]
        for i, card in enumerate(cards):
            canvas.blit(art.face(card % 52), places[Slot(pile, i)])
    return canvas


def strips(layout: Layout, game: Game, pile: Pile, count: int) -> list[tuple[int, pygame.Rect]]:
    """Each covered card of ``pile`` with the part of it the next card leaves in sight."""
    places = layout.card_positions(game)
    out = []
    for i in range(count - 1):
        mine = pygame.Rect(places[Slot(pile, i)], layout.card)
        above = pygame.Rect(places[Slot(pile, i + 1)], layout.card)
        if mine.topleft == above.topleft:
            continue  # squared up under the fan: not meant to show
        if above.x > mine.x:
            seen = pygame.Rect(mine.x, mine.y, above.x - mine.x, mine.h)
        elif above.x < mine.x:
            seen = pygame.Rect(above.right, mine.y, mine.right - above.right, mine.h)
        else:
            seen = pygame.Rect(mine.x, mine.y, mine.w, above.y - mine.y)
        out.append((i, seen))
    return out


def with_waste(code: str) -> Game:
    game = Game.deal(parse_code(code))
    game.apply(DRAW)
    return game


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("rtl", [False, True], ids=["fan-right", "fan-left"])
@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "DS1-D3N-AAAAAAB", "DU2-D3N-AAAAAAC"])
@pytest.mark.parametrize("text_size", ["normal", "largest"])
@pytest.mark.parametrize("look", ["two-colour", "high-contrast"])
def test_every_fanned_waste_card_shows_its_index_upright(window, rtl, code, text_size, look) -> None:
    scale = palette.INDEX_SCALES[text_size]
    game = with_waste(code)
    layout = Layout(game.rules, window, TOP, rtl, scale)
    art = CardArt(layout.card, style=palette.Style(**LOOKS[look], index_scale=scale))
    picture = table_picture(layout, game, art, [Pile(WASTE)])
    shown = strips(layout, game, Pile(WASTE), len(game.waste))
    assert len(shown) == 2  # draw 3: two cards show under the top one
    for i, seen in shown:
        face = art.face(game.waste[i] % 52)
        assert holds(picture.subsurface(seen), upright_index(face)), (i, seen)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("text_size", ["normal", "large", "largest"])
@pytest.mark.parametrize("look", list(LOOKS))
def test_every_face_up_card_of_a_column_shows_its_index_upright(window, text_size, look) -> None:
    scale = palette.INDEX_SCALES[text_size]
    game = Game.deal(parse_code("TF1-D1N-AAAAAAB"))  # Thoughtful: every card of a column face up
    layout = Layout(game.rules, window, TOP, False, scale)
    art = CardArt(layout.card, style=palette.Style(**LOOKS[look], index_scale=scale))
    column = Pile(TABLEAU, 6)
    picture = table_picture(layout, game, art, [column])
    shown = strips(layout, game, column, len(game.tableau[6]))
    assert len(shown) == 6
    for i, seen in shown:
        face = art.face(game.tableau[6][i] % 52)
        assert holds(picture.subsurface(seen), upright_index(face)), (i, seen)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("code", ["TF1-D1N-AAAAAAB", "KL1-D1N-AAAAAAB"])
@pytest.mark.parametrize("text_size", ["normal", "largest"])
def test_every_card_of_the_deepest_column_shows_its_whole_rank(window, code, text_size) -> None:
    """Issue 22: a Thoughtful column of 19 cards at the largest text showed each rank's top
    cut off; laid out as the table lays it out (zoomed out as far as it needs), every face-up
    card under another shows the top of its face down to its rank's foot, pixel for pixel."""
    scale = palette.INDEX_SCALES[text_size]
    game = with_column(code, DEEPEST[code])
    layout = Layout(game.rules, window, bar_height(window), False, scale, foot=status_band(window)).fitted(game)
    art = CardArt(layout.card, style=palette.Style(index_scale=scale))
    column = Pile(TABLEAU, 0)
    picture = table_picture(layout, game, art, [column])
    shown = [(i, seen) for i, seen in strips(layout, game, column, len(game.tableau[0])) if i >= game.hidden[0]]
    assert len(shown) == len(game.tableau[0]) - game.hidden[0] - 1
    for i, seen in shown:
        face = art.face(game.tableau[0][i] % 52)
        rank = rank_area(face)
        assert seen.h >= rank.bottom, (i, seen, rank, layout.zoom)
        drawn = picture.subsurface(rank.move(seen.topleft))
        opaque = [(x, y) for x in range(rank.w) for y in range(rank.h) if face.get_at((rank.x + x, rank.y + y)).a == 255]
        assert all(drawn.get_at(p) == face.get_at((rank.x + p[0], rank.y + p[1])) for p in opaque), (i, layout.zoom)
