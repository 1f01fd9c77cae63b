"""Issue 11's policy for games that end without a win, the same on every path: a game with no
move is not played; a game with moves that a restart or a new deal (New game, game code)
replaces is given up, counts as a lost game, and the question asked first says so; a game left
without being replaced (the title, quitting, another mode) waits as its mode's saved game (K-7).
"""

import pytest

from solitaire import i18n
from solitaire.core import GameCode, parse_code
from solitaire.main import Options, _open_first_scene
from solitaire.scenes.menus.confirm import ConfirmScene
from solitaire.scenes.menus.new_game import NewGameScene
from solitaire.scenes.menus.questions import ask_restart
from solitaire.scenes.table.play import PlayScene

LOST = "This counts as a lost game"
KLONDIKE_1, KLONDIKE_3, THOUGHTFUL_1 = "klondike-d1-standard", "klondike-d3-standard", "thoughtful-d1-standard"


def played(app, slot):
    stats = app.services.store.stats(slot)
    return stats.played, stats.won


def open_game(app, driver, code="KL1-D1N-AAAAAAB", moves=0) -> PlayScene:
    app.open("title")
    scene = app.open("play", code=code)
    driver.settle(2)
    for _ in range(moves):
        scene.draw_stock()
    return scene


def question(app) -> ConfirmScene:
    top = app.stack.top
    assert isinstance(top, ConfirmScene), type(top).__name__
    return top


def test_C11_K8_restart_of_a_played_game_asks_and_says_it_counts_as_lost(app, driver):
    scene = open_game(app, driver, moves=2)
    ask_restart(app, scene)
    assert LOST.lower() in question(app).message.lower()
    assert played(app, KLONDIKE_1) == (0, 0)  # nothing counted before the answer
    question(app).answer_yes()
    assert played(app, KLONDIKE_1) == (1, 0) and scene.game.moves == 0


def test_C11_K8_restart_with_no_move_asks_nothing_and_counts_nothing(app, driver):
    scene = open_game(app, driver)
    ask_restart(app, scene)
    assert app.stack.top is scene and played(app, KLONDIKE_1) == (0, 0)


def test_the_menus_restart_asks_the_same_question(app, driver):
    scene = open_game(app, driver, moves=1)
    menu = app.open("menu", play=scene)
    menu.restart()
    assert LOST.lower() in question(app).message.lower()


def test_G1_a_code_over_a_played_game_of_its_mode_asks_first(app, driver):
    scene = open_game(app, driver, moves=3)
    dialog = app.open("game_code", play=scene)
    dialog.submit("KL1-D1N-AAAAAAC")
    assert "KL1-D1N-AAAAAAC" in question(app).message and LOST in question(app).message
    question(app).close()  # No: nothing happens
    assert app.stack.top is dialog and played(app, KLONDIKE_1) == (0, 0)
    dialog.submit("KL1-D1N-AAAAAAC")
    question(app).answer_yes()
    assert app.stack.top is scene and str(scene.game.code) == "KL1-D1N-AAAAAAC"
    assert played(app, KLONDIKE_1) == (1, 0)


def test_G1_a_code_over_an_unplayed_game_asks_nothing(app, driver):
    scene = open_game(app, driver)
    app.open("game_code", play=scene).submit("KL1-D1N-AAAAAAC")
    assert app.stack.top is scene and played(app, KLONDIKE_1) == (0, 0)


def test_K7_a_code_of_another_mode_keeps_this_game_and_gives_up_that_modes_saved_one(app, driver):
    scene = open_game(app, driver, code="TF1-D1N-AAAAAAB", moves=2)
    scene.session.start_code(parse_code("KL1-D1N-AAAAAAB"))  # Thoughtful waits as its mode's saved game
    assert played(app, THOUGHTFUL_1) == (0, 0) and app.services.store.load_game(THOUGHTFUL_1, lambda d: d)
    scene.draw_stock()
    app.open("game_code", play=scene).submit("TF1-D1N-AAAAAAC")
    assert "Thoughtful Solitaire" in question(app).message
    question(app).answer_yes()
    assert played(app, THOUGHTFUL_1) == (1, 0) and played(app, KLONDIKE_1) == (0, 0)
    assert app.services.store.load_game(KLONDIKE_1, lambda d: d) is not None  # kept, not given up


def test_a_new_mode_starts_unplayed_even_after_a_played_game(app, driver):
    """Regression: the "played" mark of the game put aside used to carry over to the new deal,
    so giving up that untouched deal counted a lost game."""
    scene = open_game(app, driver, moves=1)
    scene.session.start("klondike", 3, "standard")
    assert scene.game.moves == 0 and not scene.session.at_stake()
    scene.new_deal()
    assert played(app, KLONDIKE_3) == (0, 0) and played(app, KLONDIKE_1) == (0, 0)


def test_C11_quitting_and_the_title_keep_the_game_uncounted(app, driver):
    scene = open_game(app, driver, moves=2)
    app.open("menu", play=scene).back_to_title()
    assert played(app, KLONDIKE_1) == (0, 0) and app.services.store.continue_slot() == KLONDIKE_1
    app.stack.clear()
    assert played(app, KLONDIKE_1) == (0, 0) and app.services.store.continue_slot() == KLONDIKE_1


# -- the New game window (issue 11, item 18) ------------------------------------------------

def saved_klondike_game(app, driver) -> dict:
    """A Klondike draw 1 game with moves, left by going back to the title."""
    scene = open_game(app, driver, moves=2)
    position = scene.game.to_json()
    app.stack.clear()
    app.open("title")
    return position


def test_start_deals_a_new_game_and_says_the_saved_one_is_lost(app, driver):
    saved = saved_klondike_game(app, driver)
    dialog = app.open("new_game", game_id="klondike")
    assert dialog.continue_button.visible and dialog.group.focused is dialog.continue_button
    dialog.start()
    assert LOST in question(app).message
    question(app).answer_yes()
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.game.moves == 0 and play.game.to_json() != saved
    assert played(app, KLONDIKE_1) == (1, 0)


def test_continue_resumes_the_chosen_modes_saved_game_K7(app, driver):
    saved = saved_klondike_game(app, driver)
    dialog = app.open("new_game", game_id="klondike")
    dialog.continue_saved()
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.game.to_json() == saved
    assert played(app, KLONDIKE_1) == (0, 0)


def test_continue_is_offered_only_for_a_mode_with_a_saved_game(app, driver):
    saved_klondike_game(app, driver)
    dialog = app.open("new_game", game_id="klondike")
    dialog.draw_choice.select(2)  # draw 3: nothing saved
    assert not dialog.continue_button.visible and dialog.start_button.primary
    dialog.start()
    assert isinstance(app.stack.top, PlayScene)  # no question: nothing is given up


def test_in_game_the_mode_on_the_table_offers_start_only_and_asks(app, driver):
    scene = open_game(app, driver, moves=1)
    dialog = app.open("new_game", game_id="klondike", play=scene)
    assert not dialog.continue_button.visible
    dialog.start()
    question(app).answer_yes()
    assert app.stack.top is scene and scene.game.moves == 0 and played(app, KLONDIKE_1) == (1, 0)


def test_in_game_another_mode_with_a_saved_game_resumes_it_K7(app, driver):
    scene = open_game(app, driver, code="KL1-D3N-AAAAAAB", moves=1)
    draw_three = scene.game.to_json()
    scene.session.start("klondike", 1, "standard")
    scene.draw_stock()
    dialog = app.open("new_game", game_id="klondike", play=scene)
    dialog.draw_choice.select(2)
    assert dialog.continue_button.visible
    dialog.continue_saved()
    assert scene.game.to_json() == draw_three and played(app, KLONDIKE_3) == (0, 0)


def test_the_buttons_fit_in_a_row_in_both_languages(app, driver):
    saved_klondike_game(app, driver)
    for language in ("en", "ar"):
        i18n.set_language(language)
        try:
            dialog = NewGameScene(app, "klondike")
            app.stack.push(dialog)
            shown = [b for b in dialog.buttons if b.visible]
            assert len(shown) == 3 and dialog.panel.rect.contains(shown[0].rect.union(shown[-1].rect))
            assert not shown[0].rect.colliderect(shown[1].rect) and not shown[1].rect.colliderect(shown[2].rect)
            driver.draw()
            app.stack.pop()
        finally:
            i18n.set_language("en")


# -- the command line's --code ---------------------------------------------------------------

def test_a_code_on_the_command_line_asks_before_giving_up_a_saved_game(app, driver):
    saved_klondike_game(app, driver)
    app.stack.clear()
    _open_first_scene(app, Options(code="KL1-D1N-AAAAAAC"), app.services.store)
    assert LOST in question(app).message and len(app.stack) == 2  # over the title
    question(app).answer_yes()
    assert str(app.stack.top.game.code) == "KL1-D1N-AAAAAAC" and played(app, KLONDIKE_1) == (1, 0)


def test_a_code_on_the_command_line_with_nothing_at_stake_just_plays(app, driver):
    _open_first_scene(app, Options(code="KL1-D3N-AAAAAAC"), app.services.store)
    assert [type(s) for s in app.stack.scenes] == [PlayScene]


# -- the same words in Arabic ----------------------------------------------------------------

@pytest.mark.parametrize("key", ["menu.restart_confirm", "confirm.new_deal_lost", "confirm.code_lost"])
def test_C11_every_question_says_it_counts_as_lost_in_both_languages(key):
    assert LOST.lower() in i18n.t(key).lower()
    i18n.set_language("ar")
    try:
        assert i18n.t(key).endswith("تُحتسب هذه اللعبة خسارة.")
    finally:
        i18n.set_language("en")


def test_the_arabic_code_question_names_the_code_and_the_game(app, driver):
    i18n.set_language("ar")
    app.text.base_rtl = True
    try:
        scene = open_game(app, driver, moves=1)
        app.open("game_code", play=scene).submit(str(GameCode("klondike", 1, "standard", 2)))
        assert "KL1-D1N-AAAAAAC" in question(app).message and "كلوندايك" in question(app).message
        driver.draw()
    finally:
        i18n.set_language("en")
        app.text.base_rtl = False
