"""Card art: sizes, transparency of the rounded corners, ink colours, caching, backs, felt."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from solitaire.app import resources
from solitaire.view import palette
from solitaire.view.cardart import SLOT_KINDS, CardArt
from solitaire.view.felt import felt
from solitaire.view.faces import COMPACT_WIDTH, PIP_LAYOUTS

# both sides of the switch from the compact face to the full pip layout are covered
SIZES = [(40, 56), (60, 84), (COMPACT_WIDTH - 1, round((COMPACT_WIDTH - 1) * 1.4)),
         (COMPACT_WIDTH, round(COMPACT_WIDTH * 1.4)), (120, 168), (240, 336)]
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def index_inks(surface: pygame.Surface) -> tuple[int, int]:
    """Count red-ink and dark-ink pixels in the top-left index corner."""
    w, h = surface.get_size()
    red = dark = 0
    for y in range(int(h * 0.3)):
        for x in range(int(w * 0.2)):
            r, g, b, a = surface.get_at((x, y))
            if a < 200:
                continue
            if r > 150 and g < 90 and b < 110:
                red += 1
            elif r < 80 and g < 80 and b < 80:
                dark += 1
    return red, dark


def test_rendering_needs_no_display() -> None:
    assert pygame.display.get_surface() is None
    assert CardArt((60, 84)).face(0).get_size() == (60, 84)


@pytest.mark.parametrize("size", SIZES)
def test_every_face_has_exactly_the_requested_size(size: tuple[int, int]) -> None:
    art = CardArt(size)
    assert {art.face(c).get_size() for c in range(52)} == {size}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("c", [card(SPADES, 1), card(HEARTS, 7), card(DIAMONDS, 10), card(CLUBS, 13)])
def test_corners_are_transparent_and_centre_opaque(size: tuple[int, int], c: int) -> None:
    face = CardArt(size).face(c)
    w, h = size
    for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
        assert face.get_at(corner).a == 0, corner
    assert all(face.get_at((x, h // 2)).a == 255 for x in range(w))  # no felt shows through
    assert face.get_at((w // 2, 0)).a > 240  # the border runs along the edge between the corners


@pytest.mark.parametrize("size", [(40, 56), (60, 84), (110, 154), (200, 280)])
@pytest.mark.parametrize("rank", [1, 7, 10, 12])
def test_index_uses_red_ink_for_hearts_and_diamonds_and_dark_for_the_others(size: tuple[int, int], rank: int) -> None:
    art = CardArt(size)
    inked = size[0] // 8  # a 40 px card's index fits the 9 px its waste fan leaves: a few pixels
    for suit in range(4):
        red, dark = index_inks(art.face(card(suit, rank)))
        if suit in (HEARTS, DIAMONDS):
            assert red > inked and dark == 0, (suit, red, dark)
        else:
            assert dark > inked and red == 0, (suit, red, dark)


def test_index_is_drawn_in_both_opposite_corners() -> None:
    face = CardArt((120, 168)).face(card(HEARTS, 5))
    rotated = pygame.transform.flip(face, True, True)
    assert index_inks(face)[0] > 10
    assert index_inks(rotated)[0] == index_inks(face)[0]


def test_each_rank_gets_its_own_face() -> None:
    art = CardArt((120, 168))
    pictures = {pygame.image.tobytes(art.face(card(SPADES, rank)), "RGBA") for rank in range(1, 14)}
    assert len(pictures) == 13


def test_pip_layouts_have_rank_many_pips_and_a_half_turn_symmetry_except_the_seven() -> None:
    for rank, pips in PIP_LAYOUTS.items():
        assert len(pips) == rank
        placed = {(round(x, 6), round(y, 6)) for x, y in pips}
        mirrored = {(round(1 - x, 6), round(1 - y, 6)) for x, y in pips}
        # the seven is the 3 + 1 + 3 layout with its middle pip in the upper half
        assert len(placed - mirrored) == (1 if rank == 7 else 0), rank


def test_cached_face_is_the_same_object_and_set_size_invalidates() -> None:
    art = CardArt((80, 112))
    first = art.face(5)
    assert art.face(5) is first
    back = art.back()
    assert art.back() is back
    art.set_size((100, 140))
    resized = art.face(5)
    assert resized is not first
    assert resized.get_size() == (100, 140)
    assert art.back().get_size() == (100, 140)
    assert art.slot("tableau").get_size() == (100, 140)


def test_every_back_renders_and_they_differ() -> None:
    art = CardArt((90, 126))
    centres = set()
    for name in CardArt.BACKS:
        art.set_back(name)
        back = art.back()
        assert back.get_size() == (90, 126)
        assert back.get_at((0, 0)).a == 0
        assert back.get_at((45, 63)).a == 255
        centres.add(pygame.image.tobytes(back, "RGBA"))
    assert len(CardArt.BACKS) >= 2
    assert len(centres) == len(CardArt.BACKS)
    assert {"blue", "red"} <= set(CardArt.BACKS)


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError):
        CardArt((60, 84), back="plaid")
    art = CardArt((60, 84))
    with pytest.raises(ValueError):
        art.slot("freecell")
    with pytest.raises(ValueError):
        art.highlight("purple")
    with pytest.raises(ValueError):
        art.face(52)


def test_slots_are_card_sized_and_the_foundation_shows_its_suit() -> None:
    art = CardArt((100, 140))
    for kind in SLOT_KINDS:
        slot = art.slot(kind)
        assert slot.get_size() == (100, 140)
        assert slot.get_at((0, 0)).a == 0
    drawn = {pygame.image.tobytes(art.slot("foundation", s), "RGBA") for s in (None, 0, 1, 2, 3)}
    assert len(drawn) == 5
    assert art.slot("stock-recycle") is not art.slot("stock-empty")
    recycle = pygame.image.tobytes(art.slot("stock-recycle"), "RGBA")
    assert recycle != pygame.image.tobytes(art.slot("stock-empty"), "RGBA")


def test_highlights_surround_the_card_and_leave_it_visible() -> None:
    art = CardArt((100, 140))
    m = art.margin
    for name in palette.HIGHLIGHTS:
        glow = art.highlight(name)
        assert glow.get_size() == (100 + 2 * m, 140 + 2 * m)
        assert glow.get_at((m + 50, m + 70)).a == 0
        ring = glow.get_at((m + 50, m))
        assert ring.a > 128
        assert tuple(ring)[:3] == pytest.approx(palette.HIGHLIGHTS[name], abs=40)
    shadow = art.shadow()
    assert shadow.get_size() == (100 + 2 * m, 140 + 2 * m)
    assert shadow.get_at((m + 50, m + 70)).a > 60
    assert shadow.get_at((0, 0)).a < shadow.get_at((m + 50, m + 70)).a


@pytest.mark.parametrize("size", [(320, 200), (1280, 720), (801, 1333)])
def test_felt_has_the_requested_size_and_is_green(size: tuple[int, int]) -> None:
    table = felt(size)
    assert table.get_size() == size
    r, g, b, _ = table.get_at((size[0] // 2, size[1] // 2))
    assert g > r + 20 and g > b + 10
    centre, corner = table.get_at((size[0] // 2, size[1] // 2)), table.get_at((0, 0))
    assert sum(corner[:3]) < sum(centre[:3])  # the vignette darkens the rim


def test_asset_path_finds_the_shipped_fonts_from_source() -> None:
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf"):
        assert resources.asset_path("fonts", name).is_file()


def test_asset_path_uses_the_bundle_folder_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("fonts", "x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"


def test_SP4_a_foundation_of_whole_runs_is_marked_K_to_A_not_A():
    """Issue 33: Spider's eight foundations read "A" though only a whole K→A run goes there."""
    art = CardArt((100, 140))
    run, ace = art.slot("foundation-run"), art.slot("foundation")
    assert pygame.image.tobytes(run, "RGBA") != pygame.image.tobytes(ace, "RGBA")
    band = [(x, y) for x in range(10, 90) for y in range(16, 46)]  # the K's, above the "A" of a foundation
    assert len({tuple(ace.get_at(p)) for p in band}) == 1  # nothing drawn there on a plain foundation
    assert sum(run.get_at(p) != ace.get_at(p) for p in band) > 100  # the K is

