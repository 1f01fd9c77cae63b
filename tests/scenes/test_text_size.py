"""The text size of issue 16: every text grows, and the layouts reflow instead of clipping, at
every window size from 960x600 to 4K, in English and in Arabic.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import Game, parse_code
from solitaire.scenes.menus.chooser import GameTile
from solitaire.scenes.table.hud import bar_height, button_bar_height, figures_below
from solitaire.view.cardart import CardArt
from solitaire.view.layout import Layout
from solitaire.view.palette import INDEX_SCALES, Style

SIZES = [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)]
DIALOGS = [
    ("menu", lambda play: {"play": play}),
    ("game_code", lambda play: {"play": play}),
    ("confirm", lambda play: {"message": "Restart this deal? It counts as a lost game.",
                              "on_yes": lambda: None}),
    ("statistics", lambda play: {"game_id": "double"}),
    ("rules", lambda play: {"game_id": "thoughtful"}),
    ("new_game", lambda play: {"game_id": "double", "play": play}),
    ("settings", lambda play: {}),
    ("notice", lambda play: {"lines": ["A file was set aside."]}),
    ("win", lambda play: {"play": play}),
]


@pytest.fixture
def make_app(make_app):
    """The shared real App (tests/scenes/conftest.py), with the largest text unless told."""
    def make(size, lang="en", text_size="largest") -> App:
        return make_app(size, lang, text_size=text_size)

    return make


def settle(app: App, seconds: float = 1.0) -> None:
    for _ in range(int(seconds * 60)):
        app.stack.update(1 / 60)


def pages(scene) -> list[object]:
    """The settings dialog's pages (each laid out in turn), or the one view of any other."""
    return list(scene._columns()) if hasattr(scene, "_columns") else [None]


def labels_fit(app: App, scene) -> list[str]:
    """Every widget's text as drawn against its box: what is wider than its widget."""
    wide = []
    for widget in scene.group.widgets:
        if not widget.visible:
            continue
        if isinstance(widget, ui.Toggle):
            px = widget.font_px or widget.fitted_font_px()
            box = widget._boxes()[1]
            if any(app.text.width(line, px) > box.w for line in widget._lines(px)):
                wide.append(widget.label)
        elif isinstance(widget, ui.Slider):
            if app.text.width(widget.label_text(), widget.label_px()) > widget.label_box().w:
                wide.append(widget.label)
        elif isinstance(widget, GameTile):  # a game's name, on one line or two (issue 34)
            if any(app.text.width(line, widget.font_px, True) > widget.name_rect.w for line in widget.name_lines):
                wide.append(widget.label)
        elif isinstance(widget, ui.Button):
            px = app.text.fit_size(widget.label, ui.paint.font_px(widget.rect, 0.4), int(widget.rect.w * 0.86), True)
            if app.text.width(widget.label, px, True) > widget.rect.w:
                wide.append(widget.label)
    return wide


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_with_the_largest_text_every_dialog_fits_the_window(make_app, size, lang):
    app = make_app(size, lang)
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    window = pygame.Rect((0, 0), size)
    for name, kwargs in DIALOGS:
        scene = app.open(name, **kwargs(play))
        for page in pages(scene):
            if page is not None:
                scene.show_page(page)
                scene.on_resize(size)
            app.stack.draw(app.display.surface, 1.0)
            panel = scene.panel.rect
            assert window.contains(panel), (name, page)
            for widget in scene.group.widgets:
                if widget.visible and widget is not scene.panel:
                    assert panel.contains(widget.rect), (name, page, widget)
            assert labels_fit(app, scene) == [], (name, page)
        app.stack.pop()


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_the_largest_text_is_larger_in_the_dialogs_the_bar_and_the_title(make_app, size):
    measured = {}
    for text_size in ("normal", "largest"):
        app = make_app(size, text_size=text_size)
        title = app.open("title")
        play = app.open("play", code="KL1-D1N-AAAAAAB")
        menu = app.open("menu", play=play)
        settings = app.open("settings")
        measured[text_size] = (title.continue_button.rect.h, play.undo_button.rect.h, menu.buttons[0].rect.h,
                               settings.toggles["sound"].fitted_font_px(), title.subtitle_px)
        app.stack.clear()
    for name, normal, largest in zip(("title", "bar", "menu", "settings", "subtitle"),
                                     measured["normal"], measured["largest"]):
        assert largest >= normal * 1.15, (name, normal, largest)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "DS1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB"])
def test_with_the_largest_text_every_pile_fits_under_the_taller_bar(size, code):
    ui.Look.text_scale = ui.TEXT_SCALES["largest"]
    game = Game.deal(parse_code(code))
    top = bar_height(size)
    layout = Layout(game.rules, size, top, index_scale=INDEX_SCALES["largest"])
    for pile in layout.piles():
        rect = layout.pile_rect(pile)
        assert 0 <= rect.left and rect.right <= size[0] and top <= rect.top and rect.bottom <= size[1]
    rects = [layout.pile_rect(p) for p in layout.piles()]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("code", ["DS1-D1N-AAAAAAB", "TP1-D1N-AAAAAAB"])
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_the_figures_never_run_into_the_bar_buttons(make_app, size, lang, code):
    """Score, moves and time sit between the buttons when there is room, else on a row below
    (TriPeaks' run among them, TP-6)."""
    app = make_app(size, lang)
    app.open("title")
    play = app.open("play", code=code)
    settle(app, 0.1)
    texts = [app.t("hud.score", score="-$5200"), app.t("hud.moves", moves=1234),
             app.t("hud.time", time="59:59")]
    if play.game.scoring.streak:
        texts.insert(1, app.t("hud.run", n=28))
    width = app.text.width("   ·   ".join(texts), max(12, int(play.bar.rect.h * 0.36)), True)
    if figures_below(size):
        assert bar_height(size) > button_bar_height(size) and width < size[0]
        assert play.layout.top == bar_height(size)
    else:
        buttons = [b.rect for b in play.bar.children()]
        middle = pygame.Rect(0, 0, width, play.bar.rect.h)
        middle.center = play.bar.rect.center
        assert not any(middle.colliderect(rect) for rect in buttons), size


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"])
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_tripeaks_figures_as_drawn_stay_clear_of_the_bar_buttons(make_app, monkeypatch, size, lang, text_size):
    """TriPeaks' run makes the figures longer (TP-6): between the buttons they are drawn smaller
    rather than under them (with large text they reached the buttons at 1280x720 and wider)."""
    app = make_app(size, lang, text_size=text_size)
    app.open("title")
    play = app.open("play", code="TP1-D1N-AAAAAAB")
    play.game.score, play.game.streak, play.game.moves = -1234, 28, 1234
    play.session.elapsed = 59 * 60 + 59
    settle(app, 0.1)
    drawn: list[pygame.Surface] = []
    render = app.text.render

    def spy(text, *args, **kwargs):
        image = render(text, *args, **kwargs)
        if app.t("hud.run", n=28) in text:
            drawn.append(image)
        return image

    monkeypatch.setattr(app.text, "render", spy)
    play.draw(pygame.display.get_surface(), 1.0)
    assert len(drawn) == 1
    if not figures_below(size):
        middle = pygame.Rect(0, 0, drawn[0].get_width(), play.bar.rect.h)
        middle.center = play.bar.rect.center
        assert not any(middle.colliderect(button.rect) for button in play.bar.children()), size


def test_a_new_text_size_reflows_the_game_at_once(make_app):
    app = make_app((1280, 720), text_size="normal")
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    menu = app.open("menu", play=play)
    before = (play.bar.rect.h, play.layout.top, menu.buttons[0].rect.h, play.art.style.index_scale)
    app.change_settings(text_size="largest")
    after = (play.bar.rect.h, play.layout.top, menu.buttons[0].rect.h, play.art.style.index_scale)
    assert all(b > a for a, b in zip(before, after)), (before, after)


def test_larger_text_grows_the_card_index_and_the_fan_that_shows_it():
    normal, largest = CardArt((110, 154)), CardArt((110, 154), style=Style(index_scale=INDEX_SCALES["largest"]))
    corner = pygame.Rect(0, 0, 40, 70)

    def ink(art: CardArt) -> int:
        face = art.face(13 + 6)  # the 7 of hearts
        return sum(1 for x in range(corner.w) for y in range(corner.h) if face.get_at((x, y))[1] < 120)

    assert ink(largest) > ink(normal) * 1.1  # the rank grows, the suit under it stays
    rules = Game.deal(parse_code("KL1-D1N-AAAAAAB")).rules
    larger = Layout(rules, (1280, 720), 48, index_scale=INDEX_SCALES["largest"])
    assert larger.fan_up > Layout(rules, (1280, 720), 48).fan_up


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_title_menu_stays_above_the_keys_line_with_the_largest_text(make_app, size, lang):
    """With the Duel's button the title's menu grew to the foot of the screen and touched the
    keys line under it (1280×720, largest text)."""
    title = make_app(size, lang).open("title")
    _, hint = title.keys_hint()
    assert title.menu_rect.bottom <= hint.top
