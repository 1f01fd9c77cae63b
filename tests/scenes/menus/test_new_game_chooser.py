"""The New game window's chooser of games (issue 34): the games beside the chosen game's choices,
another game chosen by a click or the keyboard, and a table changed to it by Start."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from solitaire.core.rules import REGISTRY
from tests.scenes.conftest import Driver


def solitaire_games(app) -> list[str]:
    """The games the window offers: the title's, but those with a window of their own."""
    return [game for game in REGISTRY.title_games() if app.game_scene(game) == "new_game"]


def test_the_window_offers_every_game_it_can_start_and_frames_the_chosen_one(make_app):
    app = make_app((1280, 720))
    dialog = app.open("new_game", game_id="spider")
    tiles = dialog.chooser.shown()
    assert [tile.game_id for tile in tiles] == solitaire_games(app)
    assert "duel" not in [tile.game_id for tile in tiles]  # the Duel has its own window, from the title
    assert [tile.game_id for tile in tiles if tile.primary] == ["spider"]


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_games_and_the_choices_fit_side_by_side(make_app, lang, size):
    app = make_app(size, lang)
    dialog = app.open("new_game", game_id="double")
    panel = dialog.panel.rect
    shown = [w for w in dialog.group.widgets if w.visible and w is not dialog.panel]
    tiles = dialog.chooser.shown()
    assert len(tiles) == len(solitaire_games(app))
    for widget in shown:
        assert panel.contains(widget.rect), widget
    for a, b in combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), (a, b)
    options = [w for w in shown if w not in tiles]
    games_side = pygame.Rect.unionall(tiles[0].rect, [t.rect for t in tiles])
    beside = [w.rect.x > games_side.right for w in options] if lang == "en" else [w.rect.right < games_side.x for w in options]
    assert all(beside)  # the games at the reading side, the choices after them
    for tile in tiles:
        assert all(app.text.width(line, tile.font_px, True) <= tile.name_rect.w for line in tile.name_lines), tile.label
    assert min(tiles[0].picture_rect.size) >= size[1] // 10


def test_a_click_on_another_game_shows_its_choices_in_the_same_window(make_app):
    app = make_app((1280, 720), reduced_motion=True)
    title = app.open("title")
    dialog = app.open("new_game", game_id="klondike")
    driver = Driver(app)
    for _ in dialog.chooser.tiles:
        driver.draw()
    pictures = dialog.chooser.pictures
    drawn = len(pictures)
    spider = next(tile for tile in dialog.chooser.tiles if tile.game_id == "spider")
    driver.click(spider.rect.center)
    chosen = app.stack.top
    assert app.stack.scenes == (title, chosen) and chosen is not dialog
    assert chosen.game_id == "spider" and chosen.draw_label.label == "Suits"  # SP-1: Spider's own choice
    assert chosen.chooser.pictures is pictures and len(pictures) == drawn  # not drawn again
    assert chosen.fade == 1.0  # the same window, not a new one fading in


def test_the_keyboard_chooses_a_game_and_keeps_its_place(make_app):
    app = make_app((1280, 720))
    app.open("title")
    dialog = app.open("new_game", game_id="klondike")
    keys = Driver(app)
    assert dialog.group.focused is dialog.start_button
    onwards = pygame.K_RIGHT
    first = dialog.chooser.tiles[0]
    dialog.group.focus(first, visible=True)
    keys.key(onwards)
    second = dialog.chooser.tiles[1]
    assert dialog.group.focused is second
    keys.key(pygame.K_RETURN)
    chosen = app.stack.top
    assert chosen.game_id == second.game_id
    focused = chosen.group.focused
    assert focused in chosen.chooser.tiles and focused.game_id == second.game_id and focused.primary
    assert chosen.group.focus_visible  # the keyboard goes on from the game it chose
    keys.key(pygame.K_RETURN)  # Enter on the chosen game again: on to Start
    assert chosen.group.focused in (chosen.start_button, chosen.continue_button)


def test_start_after_choosing_another_game_deals_it_on_the_table(make_app):
    app = make_app((1280, 720), reduced_motion=True)
    app.open("title")
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    menu = app.open("menu", play=play)
    menu.new_game()
    dialog = app.stack.top
    freecell = next(tile for tile in dialog.chooser.tiles if tile.game_id == "freecell")
    Driver(app).click(freecell.rect.center)
    chosen = app.stack.top
    assert chosen.play is play and chosen.game_id == "freecell"
    chosen.start()
    assert app.stack.top is play and play.game.rules.id == "freecell"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_new_game_grid_reads_in_the_languages_direction(make_app, lang):
    app = make_app((1280, 720), lang)
    dialog = app.open("new_game", game_id="klondike")
    tiles = dialog.chooser.shown()
    first_row = [tile for tile in tiles if tile.rect.y == tiles[0].rect.y]
    xs = [tile.rect.x for tile in first_row]
    assert len(xs) >= 2 and xs == sorted(xs, reverse=lang == "ar")
    order = [w for w in dialog.group.focus_order() if w in tiles]
    assert order == tiles  # the focus goes through them in reading order


def test_with_no_room_beside_the_choices_the_window_offers_its_own_game_alone(make_app):
    """960×600 with the largest text: no room for pictures; the game is chosen on the title."""
    app = make_app((960, 600), text_size="largest")
    dialog = app.open("new_game", game_id="klondike")
    assert not dialog.chooser.shown()
    assert dialog.panel.rect.w < 960 * 0.9


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_window_says_its_games_as_a_list_of_their_own(make_app, tmp_path, lang):
    """By ear: the games in a list of their own, then the chosen game's choices and its buttons."""
    from solitaire.app.speech import DISPLAY_MARKS, Speech

    app = make_app((1280, 720), lang)
    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    dialog = app.open("new_game", game_id="klondike")
    app.speech.wait()
    line = log.read_text(encoding="utf-8").splitlines()[-1].split("\t", 1)[1]
    names = [tile.label for tile in dialog.chooser.shown()]
    games = app.t("new_game.games", games=app.t("list.separator").join(names)).translate(DISPLAY_MARKS)
    assert line.startswith(dialog.title) and games in line
    buttons = line[line.index(app.t("speech.buttons", buttons="").strip().translate(DISPLAY_MARKS)):]
    first = app.t("speech.buttons", buttons=app.t("daily.play")).translate(DISPLAY_MARKS)
    assert buttons.startswith(first)  # no game among them
