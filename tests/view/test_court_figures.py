"""Twelve court figures a player tells apart (issue 33, item 6): before, a King of spades was a
King of clubs recoloured. Now each suit's figures differ in their hair, headdress, what they
hold and the emblem on their clothes, so two figures differ even drawn in one ink; and a
second face style (Simple) draws the courts as the rank's letter over its suit.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from solitaire.store.settings import CARD_FACES
from solitaire.view import palette
from solitaire.view.cardart import CardArt
from solitaire.view.courts import draw_figure
from solitaire.view.paint import supersample

STYLES = {"two-colour": palette.Style(), "four-colour": palette.Style(four_colour=True),
          "high-contrast": palette.Style(high_contrast=True)}
COURTS = [(rank, suit) for rank in (11, 12, 13) for suit in range(4)]


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def share_differing(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels of two pictures of one size that differ clearly (by more than 40 in
    some channel): |a - b| from two saturating subtractions, then a mask of the near-black."""
    one, other = a.copy(), b.copy()
    one.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    one.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    alike = pygame.mask.from_threshold(one, (0, 0, 0), (41, 41, 41, 255)).count()
    return 1 - alike / (a.get_width() * a.get_height())


def figure(rank: int, suit: int, size: tuple[int, int], inks) -> pygame.Surface:
    """The upper half of a court panel, supersampled as the card draws it, on parchment."""
    def draw(s: pygame.Surface, f: float) -> None:
        s.fill(palette.COURT_PARCHMENT)
        draw_figure(s, rank, suit, s.get_rect(), inks, max(1, round(f * size[0] / 60)))
    return supersample(size, 4, draw, palette.COURT_PARCHMENT)


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("card_w", [66, 90, 146, 330])
def test_the_twelve_figures_differ_pairwise_drawn_in_one_ink(style: str, card_w: int) -> None:
    """Every figure inked as the spades are (robe, lining, outline, stones all alike): any two
    of the twelve still differ in a clear share of their pixels, from the smallest card to 4K.
    Recoloured figures (the old K♠ and K♣) would differ in none."""
    art = CardArt((card_w, round(card_w * 1.4)), style=STYLES[style])
    inks = art._court_inks(0)
    size = (round(card_w * 0.5), round(card_w * 0.58))  # the half-panel a card of card_w draws into
    pictures = {court: figure(*court, size, inks) for court in COURTS}
    for a, b in itertools.combinations(COURTS, 2):
        share = share_differing(pictures[a], pictures[b])
        assert share > (0.1 if a[0] == b[0] else 0.2), (a, b, share)


@pytest.mark.parametrize("style", ["two-colour", "high-contrast"])
@pytest.mark.parametrize("card_w", [66, 90, 146, 330])
def test_same_ink_courts_differ_on_the_card(style: str, card_w: int) -> None:
    """On the whole card, in the two-colour deck and high contrast, the Kings, Queens and Jacks
    that share an ink (spades and clubs, hearts and diamonds) differ in their panels."""
    art = CardArt((card_w, round(card_w * 1.4)), style=STYLES[style])
    w, h = art.size
    panel = pygame.Rect(round(w * 0.24), round(h * 0.1), round(w * 0.52), round(h * 0.8))
    for rank in (11, 12, 13):
        for a, b in ((0, 3), (1, 2)):
            one = art.face(card(a, rank)).subsurface(panel)
            other = art.face(card(b, rank)).subsurface(panel)
            assert share_differing(one, other) > 0.1, (rank, a, b)


def test_the_figures_of_a_suit_share_its_emblem_and_hair() -> None:
    """What makes a suit's three figures one family besides its emblem: their hair is the
    suit's colour, shown in the figure of each rank (the King of clubs apart, grey with age)."""
    inks = CardArt((146, 204))._court_inks(0)
    for suit in range(4):
        hair = palette.COURT_HAIRS[suit]
        for rank in (11, 12, 13):
            if rank == 13 and suit == 3:
                continue  # the King of clubs is grey-haired
            picture = figure(rank, suit, (73, 85), inks)
            assert pygame.mask.from_threshold(picture, hair, (4, 4, 4, 255)).count() > 10, (rank, suit)


def test_the_face_styles_the_settings_offer_are_the_ones_the_view_draws() -> None:
    assert CARD_FACES == palette.FACE_STYLES


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("card_w", [40, 90, 330])
def test_the_simple_style_draws_another_court_and_keeps_the_number_cards(style: str, card_w: int) -> None:
    """Simple faces: every court card differs from its figure, the twelve differ from one another
    (the letter, the suit's pips), and the number cards are as they were."""
    look = STYLES[style]
    size = (card_w, round(card_w * 1.4))
    classic = CardArt(size, style=look)
    simple = CardArt(size, style=palette.Style(look.four_colour, look.high_contrast, look.index_scale, "simple"))
    for rank, suit in COURTS:
        assert share_differing(classic.face(card(suit, rank)), simple.face(card(suit, rank))) > 0.1
    for a, b in itertools.combinations(COURTS, 2):
        assert share_differing(simple.face(card(a[1], a[0])), simple.face(card(b[1], b[0]))) > 0.005, (a, b)
    for number in (card(0, 1), card(1, 7), card(3, 10)):
        assert pygame.image.tobytes(classic.face(number), "RGBA") == pygame.image.tobytes(simple.face(number), "RGBA")
