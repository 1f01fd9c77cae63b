"""Card faces: the ten's index keeps clear of its pips (issue 22, item 12), number cards show
their pips wherever they read, and the court cards carry three figures a player tells apart
(issue 22, item 7), drawn at any size in every look.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire.benches.frames import measure_card_faces
from solitaire.view import palette
from solitaire.view.cardart import CardArt
from solitaire.view.faces import COMPACT_WIDTH, PIP_COLUMNS

STYLES = {"two-colour": palette.Style(), "four-colour": palette.Style(four_colour=True),
          "high-contrast": palette.Style(high_contrast=True)}
JACK, QUEEN, KING = 11, 12, 13


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def inked_shapes(face: pygame.Surface, ink: tuple[int, int, int]) -> list[pygame.Rect]:
    """The boxes of the shapes at least half covered by ``ink`` on the card's paper (within half
    the paper's distance from the ink in every channel, so the faint rim of anti-aliasing stays
    out), less the card's own border."""
    w = face.get_width()
    paper = face.get_at((w // 2, 2 + round(w * 0.02)))
    reach = tuple(abs(i - p) // 2 + 1 for i, p in zip(ink, paper[:3]))
    mask = pygame.mask.from_threshold(face, ink, (*reach, 255))
    return [r for r in mask.get_bounding_rects() if r.x and r.y]


@pytest.mark.parametrize("text_size", list(palette.INDEX_SCALES))
@pytest.mark.parametrize("suit", range(4))
def test_the_ten_s_index_keeps_clear_of_its_first_pip(text_size: str, suit: int) -> None:
    """In both top corners, at every card width the table uses, a clear gap between the box of
    the index (the "1", the "0" and the suit) and the box of the nearest pip."""
    style = palette.Style(index_scale=palette.INDEX_SCALES[text_size])
    for w in (COMPACT_WIDTH, 74, 78, 95, 120, 146, 200, 300):
        h = round(w * 1.4)
        boxes = inked_shapes(CardArt((w, h), style=style).face(card(suit, 10)), style.ink(suit))
        for mirrored in (False, True):
            def side(r: pygame.Rect) -> pygame.Rect:
                return pygame.Rect(w - r.right, r.y, r.w, r.h) if mirrored else r

            index = [side(r) for r in boxes if side(r).centerx < w * 0.2 and side(r).centery < w * 0.42]
            first_pip = [side(r) for r in boxes if side(r).collidepoint(w * PIP_COLUMNS[0], h * 0.195)]
            assert len(index) >= 3 and len(first_pip) == 1, (w, mirrored, index, first_pip)
            index_box = index[0].unionall(index[1:])
            gap = first_pip[0].left - index_box.right
            assert gap >= max(2, round(w * 0.02)), (w, mirrored, index_box, first_pip[0])


@pytest.mark.parametrize("text_size", list(palette.INDEX_SCALES))
@pytest.mark.parametrize("high_contrast", [False, True])
def test_a_court_card_s_index_keeps_clear_of_its_panel(text_size: str, high_contrast: bool) -> None:
    style = palette.Style(high_contrast=high_contrast, index_scale=palette.INDEX_SCALES[text_size])
    for w in (COMPACT_WIDTH, 95, 146, 300):
        art = CardArt((w, round(w * 1.4)), style=style)
        for rank in (JACK, QUEEN, KING):
            boxes = inked_shapes(art.face(card(0, rank)), style.ink(0))
            panel = max(boxes, key=lambda r: r.w * r.h)
            index = [r for r in boxes if r.right <= panel.left + 1 and r.centery < w * 0.42]
            assert len(index) >= 2, (w, rank, boxes)  # the rank and the suit (a spade's stem apart)
            gap = panel.left - max(r.right for r in index)
            assert gap >= max(2, round(w * 0.015)), (w, rank, index, panel)


@pytest.mark.parametrize("w", [40, COMPACT_WIDTH - 1, COMPACT_WIDTH, 95])
def test_number_cards_show_their_pips_from_the_compact_width_up(w: int) -> None:
    """Below ``COMPACT_WIDTH`` one big pip; from it up, rank many pips (chosen by pictures of
    both at the table's small sizes: the count reads at a glance)."""
    art = CardArt((w, round(w * 1.4)))
    for rank in (2, 7, 10):
        body = [r for r in inked_shapes(art.face(card(0, rank)), palette.INK_BLACK)
                if w * 0.22 < r.centerx < w * 0.78 and r.w * r.h > w * w * 0.004]  # not a stem's tip alone
        assert len(body) == (1 if w < COMPACT_WIDTH else rank), (w, rank, body)


def panel_pixels(face: pygame.Surface) -> bytes:
    """The court panel between the corner indices: where the figures are."""
    w, h = face.get_size()
    panel = (round(w * 0.24), round(h * 0.1), round(w * 0.52), round(h * 0.8))
    return pygame.image.tobytes(face.subsurface(panel), "RGB")


def share_differing(a: bytes, b: bytes) -> float:
    """The share of pixels that differ clearly between two pictures of one size."""
    differing = sum(1 for k in range(0, len(a), 3)
                    if abs(a[k] - b[k]) + abs(a[k + 1] - b[k + 1]) + abs(a[k + 2] - b[k + 2]) > 60)
    return differing / (len(a) / 3)


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("w", [66, 95, 146])
def test_jack_queen_and_king_differ_in_their_figures_in_every_suit(style: str, w: int) -> None:
    """Between the indices, a Jack, a Queen and a King of one suit differ in a good share of
    their pixels: their heads, what they hold, their clothes (before them, only the letter and
    the crown's shape did)."""
    art = CardArt((w, round(w * 1.4)), style=STYLES[style])
    for suit in range(4):
        figures = {rank: panel_pixels(art.face(card(suit, rank))) for rank in (JACK, QUEEN, KING)}
        for a, b in ((JACK, QUEEN), (QUEEN, KING), (JACK, KING)):
            assert share_differing(figures[a], figures[b]) > 0.2, (suit, a, b)


def skin_pixels(face: pygame.Surface, rect: pygame.Rect) -> int:
    """How much of ``rect`` is a figure's face or hands."""
    return pygame.mask.from_threshold(face.subsurface(rect), palette.COURT_SKIN, (10, 10, 10, 255)).count()


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("w", [40, 60, 95, 146, 300, 480])
def test_court_figures_are_drawn_at_any_size_a_face_in_both_halves(style: str, w: int) -> None:
    """Double-headed: the figure's face shows above and below the waist, from the smallest card
    to a 4K one and past it."""
    h = round(w * 1.4)
    art = CardArt((w, h), style=STYLES[style])
    upper = pygame.Rect(round(w * 0.25), round(h * 0.1), round(w * 0.5), round(h * 0.4))
    lower = pygame.Rect(upper.x, h - upper.bottom, upper.w, upper.h)
    for suit in range(4):
        for rank in (JACK, QUEEN, KING):
            face = art.face(card(suit, rank))
            assert face.get_size() == (w, h)
            if w >= 60:  # smaller, a face is a few pixels of outline: the figure is an impression
                assert min(skin_pixels(face, upper), skin_pixels(face, lower)) > w * w * 0.0012, (suit, rank)


def test_the_frame_bench_times_a_fresh_deck_at_each_width() -> None:
    figures = measure_card_faces((40, 74), rounds=1)
    assert list(figures) == [40, 74] and all(seconds > 0 for seconds in figures.values())
