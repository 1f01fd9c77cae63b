"""What the screens look like, checked on pixels and rects: room for shaped text, dialogs that
hide what is under them, dragged cards above every glow, the win panel, and scaling up to 4K.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire.app.scene import App
from solitaire.scenes.menus.player_name import PlayerNameScene


def settle(app: App, seconds: float = 2.0) -> None:
    for _ in range(int(seconds * 60)):
        app.stack.update(1 / 60)


def draw(app: App) -> pygame.Surface:
    surface = app.display.surface
    surface.fill((0, 0, 0))
    app.stack.draw(surface, 1.0)
    return surface


# -- item 1: every line of text has room for its shaped ink ---------------------------------

@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (3840, 2160)])
def test_rules_lines_in_arabic_never_overlap(make_app, size):
    app = make_app(size, "ar")
    for game_id in ("klondike", "double", "thoughtful"):
        scene = app.open("rules", game_id=game_id)
        rects = [rect for _, rect in scene.items]
        for above, below in zip(rects, rects[1:]):
            if below.y > above.y:  # the next line (a row's value sits beside its label)
                assert above.bottom <= below.y, (game_id, above, below)
        app.stack.pop()


def test_a_question_in_arabic_gives_each_line_its_full_height(make_app):
    app = make_app((1280, 720), "ar")
    message = "جارٍ التفكير… لم تُلعب أي لعبة في هذا الوضع بعد، يجب أن تبدأ لعبة جديدة أولًا"
    scene = app.open("confirm", message=message, on_yes=lambda: None)
    assert len(scene.lines) > 1
    for line in scene.lines:
        assert app.text.render(line, scene.text_px).get_height() <= scene.line_h


# -- item 14: a dialog's panel hides what is under it ---------------------------------------

def _panel_interior(scene) -> pygame.Rect:
    rect = scene.panel.rect
    inset = max(8, min(rect.w, rect.h) // 24) + 2  # past the anti-aliased rounded corners
    return rect.inflate(-2 * inset, -2 * inset)


DIALOGS = [
    ("menu", lambda play: {"play": play}),
    ("game_code", lambda play: {"play": play}),
    ("confirm", lambda play: {"message": "Restart this deal?", "on_yes": lambda: None}),
    ("statistics", lambda play: {"game_id": "klondike"}),
    ("rules", lambda play: {"game_id": "klondike"}),
    ("new_game", lambda play: {"game_id": "klondike", "play": play}),
    ("settings", lambda play: {}),
    ("notice", lambda play: {"lines": ["A file was set aside."]}),
    ("win", lambda play: {"play": play}),
]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("name,kwargs", DIALOGS, ids=[name for name, _ in DIALOGS])
def test_a_dialog_panel_is_opaque(make_app, name, kwargs, lang):
    app = make_app((1280, 720), lang)
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    settle(app)
    scene = app.open(name, **kwargs(play))
    settle(app, 1.0)
    while scene.wants_frames():  # pictures drawn a few a frame (the New game window's games)
        draw(app)
    shots = []
    for colour in ((0, 0, 0), (255, 255, 255), (200, 30, 30)):
        play.draw = lambda surface, alpha, c=colour: surface.fill(c)
        surface = draw(app)
        shots.append(surface.subsurface(_panel_interior(scene)).copy())
    first = pygame.image.tobytes(shots[0], "RGB")
    for other in shots[1:]:
        assert pygame.image.tobytes(other, "RGB") == first, name


# -- item 15: the cards in the hand are drawn above every glow ------------------------------

def test_dragged_cards_cover_the_drop_glow_and_the_hint(make_app):
    from solitaire.core import TABLEAU, Move, Pile
    from solitaire.view.layout import Slot
    from tests.positions import build

    app = make_app((1280, 720))
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    play._replace_game(build("klondike", tableau=["9S 8H 7C", "ks TD"]))
    settle(app, 3)
    source, target = Pile(TABLEAU, 0), Pile(TABLEAU, 1)
    lead = play.view.by_slot[Slot(source, 0)]
    w, h = play.layout.card
    grab = (int(lead.pos[0] + w // 2), int(lead.pos[1] + h // 10))
    top = play.view.by_slot[Slot(target, 1)]
    over = (int(top.pos[0] + w // 2 + w // 5), int(top.pos[1] + h // 3))  # half over the glow
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
    for k in range(1, 9):
        pos = (grab[0] + (over[0] - grab[0]) * k // 8, grab[1] + (over[1] - grab[1]) * k // 8)
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    assert play.pointer.press.dragging and play.pointer.press.drop == target and len(play.pointer.press.sprites) == 3
    play.hints.hint = (Move(source, target, 3), 5.0)
    with_marks = draw(app).copy()
    drop, play.pointer.press.drop, play.hints.hint = play.pointer.press.drop, None, None
    without = draw(app).copy()
    play.pointer.press.drop = drop
    corner = int(w * 0.065) + 2  # the card's rounded corners let the table show, rightly
    glow = pygame.Rect(top.pos, (w, h)).inflate(2 * play.art.margin, 2 * play.art.margin)
    checked = 0
    for sprite in play.pointer.press.sprites:
        card = pygame.Rect(round(sprite.pos[0]), round(sprite.pos[1]), w, h).inflate(-2 * corner, -2 * corner)
        area = card.clip(glow)
        checked += area.w * area.h
        assert (pygame.image.tobytes(with_marks.subsurface(area), "RGB")
                == pygame.image.tobytes(without.subsurface(area), "RGB"))
    assert checked > w * h // 4  # the dragged cards did lie over the glow
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=over, button=1))


# -- item 16: the win panel: a large title, and no room kept for hidden figures -------------

def _ink_blocks(surface: pygame.Surface, area: pygame.Rect, background) -> list[tuple[int, int]]:
    """(top, bottom) of each band of rows of ``area`` holding anything but ``background``."""
    blocks: list[tuple[int, int]] = []
    start = None
    for y in range(area.top, area.bottom + 1):
        inked = y < area.bottom and any(
            surface.get_at((x, y))[:3] != background for x in range(area.left, area.right, 2))
        if inked and start is None:
            start = y
        elif not inked and start is not None:
            blocks.append((start, y))
            start = None
    return blocks


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("shown", [True, False])
def test_win_panel_has_a_large_title_and_no_empty_gap(make_app, lang, shown):
    from solitaire.app import ui

    app = make_app((1280, 720), lang, show_time=shown, show_moves=shown)
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    settle(app)
    play.session.elapsed = 187.0
    scene = app.open("win", play=play)
    settle(app, 1.0)
    surface = draw(app)
    panel = _panel_interior(scene)
    buttons_top = min(scene.new_button.rect.top, scene.menu_button.rect.top) - 12  # and shadows
    blocks = [b for b in _ink_blocks(surface, panel, ui.PANEL) if b[1] - b[0] > 2]  # not the rule
    title, figures = blocks[0], [b for b in blocks[1:] if b[1] <= buttons_top]
    assert len(figures) == (3 if shown else 1) + len(scene.records)  # the deal's code at least
    assert len(scene.records) >= 1
    figure_h = max(bottom - top for top, bottom in figures)
    assert title[1] - title[0] >= 1.8 * figure_h
    bands = [below[0] - above[1] for above, below in zip(blocks, blocks[1:])]
    assert max(bands) <= 2.2 * figure_h, bands


# -- item 17: cards and interface grow with the window up to 3840x2160 -----------------------

def _close(big: float, small: float, ratio: float = 3.0, slack: float = 0.04) -> bool:
    return abs(big / (small * ratio) - 1) <= slack


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAB", "DS1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB"])
def test_at_4k_the_table_and_its_bar_are_three_times_720p(make_app, code):
    measured = {}
    for size in ((1280, 720), (3840, 2160)):
        app = make_app(size)
        app.open("title")
        play = app.open("play", code=code)
        settle(app, 0.5)
        measured[size] = (play.layout.card[0], play.bar.rect.h, play.undo_button.rect.h,
                          play.app.text.measure("Score", max(12, int(play.bar.rect.h * 0.36)))[1])
        app.stack.clear()
    small, big = measured[(1280, 720)], measured[(3840, 2160)]
    for name, a, b in zip(("card", "bar", "button", "hud text"), big, small):
        assert _close(a, b), (name, a, b)


SCALED = DIALOGS + [("title", lambda play: {})]


def test_at_4k_every_dialog_is_three_times_its_720p_size(make_app):
    rects: dict[tuple[int, int], dict[str, pygame.Rect]] = {}
    for size in ((1280, 720), (3840, 2160)):
        app = make_app(size)
        app.open("title")
        play = app.open("play", code="KL1-D1N-AAAAAAB")
        settle(app, 0.5)
        rects[size] = {}
        for name, kwargs in SCALED:
            scene = app.open(name, **kwargs(play))
            draw(app)
            rects[size][name] = scene.menu_rect if name == "title" else scene.panel.rect
            app.stack.pop()
        app.stack.clear()
    for name, _ in SCALED:
        small, big = rects[(1280, 720)][name], rects[(3840, 2160)][name]
        assert _close(big.w, small.w) and _close(big.h, small.h), (name, small, big)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_game_code_hint_starts_where_its_language_reads_from(make_app, lang):
    """The empty field's hint sits at the reading start: the left in English, the right in
    Arabic (issue 11); a typed code, Latin letters, is typed from the left in both."""
    app = make_app((1280, 720), lang)
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    settle(app, 0.5)
    scene = app.open("game_code", play=play)
    scene.group.focus(None)
    field = scene.field.rect
    surface = draw(app)
    background = surface.get_at((field.centerx, field.y + 3))
    ink = [x for x in range(field.x + 4, field.right - 4)
           if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], background[:3])) > 120
                  for y in range(field.y + 4, field.bottom - 4))]
    assert ink
    middle = (min(ink) + max(ink)) / 2
    assert (middle > field.centerx) == (lang == "ar"), (min(ink), max(ink), field)


def _ink_middle(surface, field) -> float:
    """The middle of the ink inside a text field, left to right."""
    background = surface.get_at((field.centerx, field.y + 3))
    ink = [x for x in range(field.x + 4, field.right - 4)
           if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], background[:3])) > 120
                  for y in range(field.y + 4, field.bottom - 4))]
    assert ink
    return (min(ink) + max(ink)) / 2


@pytest.mark.parametrize("typed, from_right", [("سمير", True), ("Sam", False), ("", True)])
def test_a_name_sits_where_its_own_letters_read_from(make_app, typed, from_right):
    """Issue 22: a typed Arabic name sat at the left of its field while the placeholder sat at the
    right. Each text, typed or hint, now starts where its own letters read from."""
    app = make_app((1280, 720), "ar")
    app.open("title")
    scene = app.stack.push(PlayerNameScene(app, on_named=lambda: None))
    scene.field.set_value(typed)
    scene.group.focus(None)
    settle(app, 0.5)
    field = scene.field.rect
    assert (_ink_middle(draw(app), field) > field.centerx) == from_right, (typed, field)
