"""A resize draws the faces over several frames (issue 33 item 7): the frame after it shows the
old size's faces scaled past a small allowance of drawing, and the next frames draw them sharp,
at least one a frame, until the table is exactly what a table made at the new size shows."""

from __future__ import annotations

import pygame
import pytest

from solitaire.app.tween import Tweener
from solitaire.core import Game
from solitaire.core.position import game_from_json
from solitaire.view import cardart
from solitaire.view import felt as felts
from solitaire.view.cardart import CardArt
from solitaire.view.layout import Layout
from solitaire.view.table import TableView

SMALL, LARGE = (1280, 720), (2560, 1440)


def every_card_face_up() -> Game:
    columns = [["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"],
               ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"],
               ["KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C", "3D", "2C"],
               ["KC", "QD", "JC", "TD", "9C", "8D", "7C", "6D", "5C", "4D", "3C", "2D"],
               ["AH"], ["AS"], ["AD"]]
    return game_from_json({"game": "klondike", "draw": 1, "scoring": "standard", "tableau": columns,
                           "stock": [], "waste": [], "foundations": [["AC"], [], [], []]})


def table_at(size: tuple[int, int], game: Game, art: CardArt | None = None) -> TableView:
    layout = Layout(game.rules, size, 40)
    view = TableView(art or CardArt(layout.card), layout, Tweener())
    view.sync(game, animate=False)
    return view


def frame(view: TableView, game: Game, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    view.draw(surface, game, 1.0)
    return surface


@pytest.fixture
def drawn(monkeypatch):
    """The cards whose faces are drawn, frame by frame (``CardArt._render_face``)."""
    cards: list[int] = []
    render = CardArt._render_face
    monkeypatch.setattr(CardArt, "_render_face", lambda self, card: cards.append(card) or render(self, card))
    return cards


def test_the_frame_after_a_resize_draws_no_face_past_its_allowance(monkeypatch, drawn):
    monkeypatch.setattr(cardart, "FACE_BUDGET", 0.0)  # no allowance: every face comes scaled at first
    game = every_card_face_up()
    view = table_at(SMALL, game)
    frame(view, game, SMALL)
    assert len(set(drawn)) == 52
    drawn.clear()
    view.set_layout(Layout(game.rules, LARGE, 40), game)
    frame(view, game, LARGE)
    assert drawn == []  # the faces shown are the small ones scaled
    assert view.art.pending()


def test_the_faces_come_sharp_one_frame_after_another_and_the_table_is_then_as_made_anew(monkeypatch, drawn):
    monkeypatch.setattr(cardart, "FACE_BUDGET", 0.0)  # one face a frame
    game = every_card_face_up()
    view = table_at(SMALL, game)
    frame(view, game, SMALL)
    view.set_layout(Layout(game.rules, LARGE, 40), game)
    drawn.clear()
    picture = frame(view, game, LARGE)  # the resize's frame: all 52 scaled
    assert drawn == []
    frames = 0
    while view.art.pending():
        picture = frame(view, game, LARGE)
        frames += 1
        assert frames <= 52 + 2
    assert frames == 52 + 2 and sorted(drawn) == list(range(52))  # the felt's light and the layer: frames of their own
    monkeypatch.setattr(cardart, "FACE_BUDGET", 1e9)
    fresh = table_at(LARGE, game)
    expected = frame(fresh, game, LARGE)
    assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert view.art._stand_ins == {}  # the small faces are let go


def test_a_new_look_or_a_table_leaving_draws_afresh_with_no_stand_ins():
    art = CardArt((80, 112))
    art.face(0)
    art.set_size((160, 224), gradual=True)
    assert art._stand_ins
    art.forget_images()
    assert art._stand_ins == {} and not art.pending()
    assert art.face(0).get_size() == (160, 224)


def test_the_resize_s_own_frame_draws_no_face_nor_pile_mark_it_can_scale(monkeypatch, drawn):
    monkeypatch.setattr(cardart, "FACE_BUDGET", 1e9)  # an allowance no face drawing could spend
    slots: list[str] = []
    render_slot = CardArt._render_slot
    monkeypatch.setattr(CardArt, "_render_slot", lambda self, kind, suit: slots.append(kind) or render_slot(self, kind, suit))
    game = every_card_face_up()
    view = table_at(SMALL, game)
    frame(view, game, SMALL)
    view.set_layout(Layout(game.rules, LARGE, 40), game)
    drawn.clear()
    slots.clear()
    frame(view, game, LARGE)  # the resize's frame: it pays for the window, faces and marks come scaled
    assert drawn == [] and slots == [] and view.art.pending()
    frame(view, game, LARGE)  # the next makes the felt's light: no face drawn afresh, the marks are
    assert drawn == [] and sorted(set(slots)) == ["foundation", "stock-empty", "tableau", "waste"]
    frame(view, game, LARGE)  # the next spends the allowance: here every face
    assert sorted(drawn) == list(range(52)) and not view.art.pending()


def test_each_frame_after_a_resize_makes_one_window_sized_picture_at_most(monkeypatch, drawn):
    """The felt's light, the felt's fibre and the layer come in frames of their own; the first
    frame makes none (it draws the light straight onto the window). The frames that make the
    light or the layer draw no face afresh; the others one at least."""
    monkeypatch.setattr(cardart, "FACE_BUDGET", 0.0)
    made: list[str] = []
    lit, build = felts._lit, TableView._build_static
    monkeypatch.setattr(felts, "_lit", lambda key: made.append("light") or lit(key))
    monkeypatch.setattr(felts, "_noise_tile", lambda tile=felts._noise_tile: made.append("fibre") or tile())
    monkeypatch.setattr(TableView, "_build_static", lambda self, *a: made.append("layer") or build(self, *a))
    game = every_card_face_up()
    view = table_at(SMALL, game)
    frame(view, game, SMALL)
    felts.forget()
    view.set_layout(Layout(game.rules, LARGE, 40), game)
    per_frame, faces = [], []
    for _ in range(5):
        made.clear()
        drawn.clear()
        frame(view, game, LARGE)
        per_frame.append(list(made))
        faces.append(len(drawn))
    assert per_frame == [[], ["light"], ["fibre"], ["layer"], []]
    assert faces == [0, 0, 1, 0, 1]


def test_a_resize_that_sets_the_size_twice_keeps_the_first_sizes_faces_and_marks(monkeypatch):
    """The table and its screen each set the card size on a resize: the second call must not lose
    what the first kept (the marks were drawn afresh in the resize's frame)."""
    art = CardArt((80, 112))
    art.face(0)
    art.slot("tableau")
    art.set_size((120, 168), gradual=True)
    art.set_size((160, 224), gradual=True)
    monkeypatch.setattr(CardArt, "_render_slot", lambda *_: pytest.fail("a mark drawn in the resize's frame"))
    art.new_frame()
    assert art.slot("tableau").get_size() == (160, 224) and 0 in art._stand_ins
