"""The title's buttons (issue 33): they keep their places whether or not a game waits (Continue
has the first place, greyed when nothing waits), Continue resumes the newest game still saved and
names a game without draws by its name alone (as the game menu does), and every label is whole at
one size, in English and Arabic, from 1280x720 to 4K."""

from __future__ import annotations

import pygame
import pytest

from solitaire.app import ui


def saved(app, **where) -> None:
    """A game of that kind saved, as the table saves one, and the title opened afresh."""
    app.stack.clear()
    play = app.open("play", **where)
    play.session.save()
    app.stack.clear()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_titles_buttons_keep_their_places_when_a_game_waits(make_app, lang):
    app = make_app((1280, 720), lang)
    title = app.open("title")
    places = [button.rect.copy() for button in title.buttons]
    assert title.continue_button.visible and not title.continue_button.enabled
    assert title.game_buttons[0].primary and title.group.focus_order()[0] is title.game_buttons[0]
    saved(app, game_id="klondike")
    title = app.open("title")
    assert title.continue_button.enabled and title.continue_button.primary
    assert not title.game_buttons[0].primary
    assert [button.rect for button in title.buttons] == places  # a click where FreeCell was opens FreeCell


def test_continue_names_a_game_without_draws_by_its_name_alone(make_app):
    app = make_app((1280, 720))
    saved(app, game_id="freecell")
    assert app.open("title").continue_button.label == "Continue FreeCell"
    saved(app, code="DS1-D3V-AAAAAAB")
    assert app.open("title").continue_button.label == "Continue Double Solitaire · Draw 3 · Vegas"


def test_continue_stays_after_a_finished_game_while_another_waits(make_app):
    app = make_app((1280, 720))
    saved(app, game_id="klondike")
    play = app.open("play", game_id="freecell")
    play.session.save()
    app.services.store.end_game(play.session.slot, None)  # the FreeCell game is over
    app.stack.clear()
    title = app.open("title")
    assert title.continue_button.enabled and title.continue_button.label.startswith("Continue Klondike")
    title.continue_button.on_click()
    assert app.stack.top.game.rules.id == "klondike"


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_every_title_label_is_whole_at_one_size(make_app, lang, size):
    """The buttons' labels at one size, the games' names at one size (issue 34), each whole."""
    app = make_app(size, lang)
    saved(app, code="DS1-D3V-AAAAAAB")  # the longest Continue there is
    title = app.open("title")
    shown = [button for button in title.buttons if button.visible and button not in title.game_buttons]
    sizes = {button.font_px for button in shown}
    assert len(sizes) == 1
    px = sizes.pop()
    for button in shown:
        assert app.text.width(button.label, px, True) <= button.rect.w * 0.86, button.label
    others = [button for button in shown if button is not title.continue_button]
    assert px >= 0.8 * min(button.fitted_font_px() for button in others)  # Continue shrinks them little
    assert title.continue_button.label.startswith("متابعة Double Solitaire" if lang == "ar" else
                                                  "Continue Double Solitaire")
    names = {tile.font_px for tile in title.game_buttons}
    assert len(names) == 1
    name_px = names.pop()
    assert name_px >= px * 0.8  # a game's name reads as large as a button's label, near enough
    for tile in title.game_buttons:
        assert " ".join(tile.name_lines) == tile.label and len(tile.name_lines) <= 2
        assert all(app.text.width(line, name_px, True) <= tile.name_rect.w for line in tile.name_lines), tile.label


def test_the_game_menu_says_no_draw_for_a_game_without_draws(make_app):
    """Issue 33: FreeCell has one mode; "Draw 1" named a choice it does not have."""
    app = make_app((1280, 720))
    freecell = app.open("play", game_id="freecell")
    assert app.open("menu", play=freecell).subtitle == "Score 0"
    app.stack.clear()
    klondike = app.open("play", code="KL1-D3N-AAAAAAB")
    assert app.open("menu", play=klondike).subtitle.startswith("Draw 3 · ")


def ink_height(surface, rect, ink) -> int:
    """The height of the letters drawn in a button: the rows holding its label's ink."""
    inner = surface.subsurface(rect.inflate(-rect.w // 8, -rect.h // 6))
    found = pygame.mask.from_threshold(inner, ink, (60, 60, 60, 255)).get_bounding_rects()
    return max(r.bottom for r in found) - min(r.top for r in found) if found else 0


def test_continues_letters_are_drawn_as_tall_as_its_neighbours(make_app):
    """Issue 33, in the picture: Continue's capitals were 13 px beside its neighbours' 26."""
    app = make_app((1280, 720), reduced_motion=True)
    saved(app, game_id="freecell")
    title = app.open("title")
    app.stack.draw(app.display.surface, 1.0)
    surface = app.display.surface
    heights = {ink_height(surface, title.continue_button.rect, ui.INK_DARK)}
    for button in title.menu_buttons:
        if button.visible and button.label in ("Statistics", "About"):  # no descenders
            heights.add(ink_height(surface, button.rect, ui.INK))
    assert len(heights) == 1 and heights.pop() >= 12, heights
