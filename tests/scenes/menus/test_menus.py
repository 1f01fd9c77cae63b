"""The dialogs: new game, game menu, rules, game code, statistics and the yes/no question.

Each test builds its own App at the size it needs, with the dialogs and two stand-ins
registered: a title and a play scene that records what it was asked to do.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.app.audio import Audio
from solitaire.app.display import Display
from solitaire.app.scene import App, Scene
from solitaire.app.services import Services
from solitaire.app.text import Text
from solitaire.core import Game, GameCode, parse_code
from solitaire.core.rules import REGISTRY
from solitaire.main import DEFAULT_SETTINGS
from solitaire.scenes.menus.confirm import ConfirmScene
from solitaire.scenes.menus.game_code import GameCodeScene
from solitaire.scenes.menus.menu import MenuScene
from solitaire.scenes.menus.new_game import NewGameScene
from solitaire.scenes.menus.rules import RulesScene, rules_blocks
from solitaire.scenes.menus.statistics import StatisticsScene, clock
from solitaire.play.session import mode_slot, saved_game_at_stake
from solitaire.store import Store, mode_key

SIZES = [(960, 600), (1920, 1080)]


class TitleStandIn(Scene):
    def __init__(self, app, **_):
        super().__init__(app)


class FakeSession:
    """The game session's interface as the dialogs use it, recording every call on its play."""

    def __init__(self, play):
        self.play = play

    def restart(self):
        self.play.calls.append(("restart",))

    def start(self, game_id, draw, scoring, winnable=False, resume=True):
        self.play.calls.append(("start", game_id, draw, scoring, winnable, resume))

    def at_stake(self, slot=None):
        """As the session: this game with moves, or another mode's saved game with moves."""
        game = self.play.game
        if slot is None or slot == mode_slot(game):
            return game.moves > 0 and not game.won
        return saved_game_at_stake(self.play.app.services.store, slot)

    def start_code(self, code):
        self.play.calls.append(("start_code", code))


class FakePlay(Scene):
    """The play scene's interface as the dialogs use it, recording every call."""

    def __init__(self, app, game_id="klondike", draw=3, scoring="standard", code=None,
                 winnable=False, **_):
        super().__init__(app)
        if isinstance(code, str):
            code = parse_code(code)
        self.opened = {"game_id": game_id, "draw": draw, "scoring": scoring, "code": code,
                       "winnable": winnable}
        self.game = Game.deal(code or GameCode(game_id, draw, scoring, 7))
        self.calls: list[tuple] = []
        self.session = FakeSession(self)

    def new_deal(self):
        self.calls.append(("new_deal",))


SCENES = {
    "title": TitleStandIn, "play": FakePlay, "new_game": NewGameScene, "menu": MenuScene,
    "rules": RulesScene, "game_code": GameCodeScene, "statistics": StatisticsScene,
    "confirm": ConfirmScene,
}


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    made: list[App] = []

    def make(size=(960, 600), store=True) -> App:
        pygame.display.init()
        pygame.font.init()
        i18n.set_language("en")
        app = App(Display(size), Audio(muted=True), Text(), DEFAULT_SETTINGS, i18n.t,
                  Services.around(Store() if store else None), dict(SCENES))
        made.append(app)
        return app

    yield make
    for app in made:
        app.stack.clear()
        app.services.solver.shutdown()
    i18n.set_language("en")
    pygame.display.quit()


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def typed(app, text):
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=text))


def click(app, widget):
    pos = widget.rect.center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settle(app, seconds=0.5):
    for _ in range(int(seconds * 60)):
        app.stack.update(1 / 60)


def draw(app):
    surface = app.display.surface
    app.stack.draw(surface, 1.0)
    return surface


def tab_to(app, scene, widget, limit=20):
    for _ in range(limit):
        if scene.group.focused is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget}")


def in_game(app, **kwargs):
    app.open("title")
    play = app.open("play", **kwargs)
    return play


# -- every dialog opens and draws ----------------------------------------------------------

@pytest.mark.parametrize("text_size", ["normal", "largest"])
@pytest.mark.parametrize("size", SIZES)
def test_every_dialog_opens_and_draws(make_app, size, text_size):
    app = make_app(size)
    app.change_settings(text_size=text_size)  # issue 16: with the largest text too
    play = in_game(app)
    app.services.store.record_result(mode_key("klondike", 3, "standard"), True, 640, 187.0, 130)
    app.services.store.record_result(mode_key("double", 1, "vegas"), False, -84, 300.0, 80)
    dialogs = [
        ("menu", {"play": play}),
        ("new_game", {"game_id": "klondike", "play": play}),
        ("new_game", {"game_id": "double", "play": play}),
        ("new_game", {"game_id": "thoughtful"}),
        ("new_game", {"game_id": "duel"}),
        ("rules", {"game_id": "klondike"}),
        ("rules", {"game_id": "double"}),
        ("rules", {"game_id": "thoughtful"}),
        ("rules", {"game_id": "duel"}),
        ("game_code", {"play": play}),
        ("game_code", {}),
        ("statistics", {"game_id": "klondike"}),
        ("statistics", {"game_id": "double"}),
        ("statistics", {}),
        ("confirm", {"message": "Reset statistics for Klondike Draw 3?", "on_yes": lambda: None}),
    ]
    for name, kwargs in dialogs:
        scene = app.open(name, **kwargs)
        settle(app)
        draw(app)
        panel = scene.panel.rect
        assert pygame.Rect((0, 0), size).contains(panel), name
        for widget in scene.group.widgets:
            if widget.visible and widget is not scene.panel:
                assert panel.contains(widget.rect), (name, widget)
        other = SIZES[1] if size == SIZES[0] else SIZES[0]
        app.stack.on_resize(other)
        draw(app)
        app.stack.on_resize(size)
        app.stack.pop()
    assert app.stack.top is play


def test_statistics_draws_a_vegas_mode_in_dollars(make_app):
    app = make_app()
    key_ = mode_key("double", 1, "vegas")
    app.services.store.record_result(key_, False, -84, 300.0, 80)
    app.services.store.update_settings(draw={"double": 1}, scoring={"double": "vegas"})
    scene = app.open("statistics", game_id="double")
    figures = dict(scene.figures(app.services.store.stats(key_)))
    assert figures["Best score"] == "-$84"
    assert figures["Fastest win"] == "—"
    draw(app)


def test_clock_formats_minutes_and_hours():
    assert clock(65.4) == "1:05"
    assert clock(3723) == "1:02:03"
    assert clock(None) == "—"


# -- the game menu ------------------------------------------------------------------------

def test_menu_enter_resumes_and_tab_reaches_rules(make_app):
    app = make_app()
    play = in_game(app)
    menu = app.open("menu", play=play)
    assert menu.group.focused is menu.buttons[0]  # Resume
    key(app, pygame.K_RETURN)
    assert app.stack.top is play
    menu = app.open("menu", play=play)
    rules = next(b for b in menu.buttons if b.label == "Rules")
    tab_to(app, menu, rules)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play


def test_menu_restart_asks_only_when_moves_were_made(make_app):
    app = make_app()
    play = in_game(app)
    menu = app.open("menu", play=play)
    restart = next(b for b in menu.buttons if b.label == "Restart")
    click(app, restart)
    assert play.calls == [("restart",)] and app.stack.top is play
    play.game.moves = 4
    menu = app.open("menu", play=play)
    restart = next(b for b in menu.buttons if b.label == "Restart")
    click(app, restart)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and play.calls == [("restart",)]
    key(app, pygame.K_RETURN)  # the focus starts on the safe answer
    assert app.stack.top is menu and play.calls == [("restart",)]
    click(app, restart)
    click(app, app.stack.top.yes)
    assert play.calls == [("restart",), ("restart",)] and app.stack.top is play


def test_menu_new_game_opens_the_dialog_for_this_game(make_app):
    app = make_app()
    play = in_game(app, game_id="thoughtful", draw=1)
    menu = app.open("menu", play=play)
    click(app, next(b for b in menu.buttons if b.label == "New game…"))
    dialog = app.stack.top
    assert isinstance(dialog, NewGameScene) and dialog.game_id == "thoughtful"
    assert dialog.play is play


def test_menu_back_to_title_leaves_only_the_title(make_app):
    app = make_app()
    play = in_game(app)
    menu = app.open("menu", play=play)
    click(app, next(b for b in menu.buttons if b.label == "Back to title"))
    assert [type(s) for s in app.stack.scenes] == [TitleStandIn]


# -- new game -----------------------------------------------------------------------------

def test_new_game_from_title_saves_the_draw_and_replaces_itself_with_play(make_app):
    app = make_app()
    app.open("title")
    dialog = app.open("new_game", game_id="klondike")
    assert dialog.group.focused is dialog.start_button
    tab_to(app, dialog, dialog.draw_choice)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert dialog.draw_choice.value == 3
    tab_to(app, dialog, dialog.winnable_toggle)
    key(app, pygame.K_SPACE)
    tab_to(app, dialog, dialog.start_button)
    key(app, pygame.K_RETURN)
    play = app.stack.top
    assert isinstance(play, FakePlay)
    assert [type(s) for s in app.stack.scenes] == [TitleStandIn, FakePlay]
    assert play.opened == {"game_id": "klondike", "draw": 3, "scoring": "standard", "code": None,
                           "winnable": True}
    assert app.services.store.settings.draw["klondike"] == 3
    assert app.services.store.settings.winnable_only is True
    assert Store().settings.draw["klondike"] == 3  # written to disk


def test_new_game_preselects_the_saved_choice_and_starts_the_play_scene_below(make_app):
    app = make_app()
    app.services.store.update_settings(draw={"double": 3}, scoring={"double": "vegas"})
    play = in_game(app)
    menu = app.open("menu", play=play)
    dialog = app.open("new_game", game_id="double", play=play)
    assert (dialog.draw_choice.value, dialog.scoring_choice.value) == (3, "vegas")
    assert dialog.draw_choice.options == [(1, "Draw 1 (Easy)"), (3, "Draw 3 (Hard)")]
    dialog.scoring_choice.select(0)
    click(app, dialog.start_button)
    assert app.stack.top is play and menu not in app.stack.scenes
    assert play.calls == [("start", "double", 3, "standard", False, False)]
    assert app.services.store.settings.scoring["double"] == "standard"


def test_new_game_cancel_and_escape_change_nothing(make_app):
    app = make_app()
    play = in_game(app)
    dialog = app.open("new_game", game_id="klondike", play=play)
    dialog.draw_choice.select(1)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and play.calls == []
    assert app.services.store.settings.draw["klondike"] == 1


def test_new_game_offers_no_choice_the_duel_does_not_have(make_app):
    app = make_app()
    app.open("title")
    dialog = app.open("new_game", game_id="duel")
    assert not dialog.draw_choice.visible and not dialog.scoring_choice.visible
    draw(app)
    key(app, pygame.K_RETURN)
    assert app.stack.top.opened["game_id"] == "duel"


def test_new_game_without_a_store_still_deals(make_app):
    app = make_app(store=False)
    app.open("title")
    app.open("new_game", game_id="thoughtful")
    key(app, pygame.K_RETURN)
    assert app.stack.top.opened["draw"] == 1


def test_new_game_mirrors_right_to_left(make_app):
    app = make_app()
    i18n.set_language("ar")
    dialog = NewGameScene(app, "klondike")
    app.stack.push(dialog)
    assert dialog.start_button.rect.x < dialog.cancel_button.rect.x
    first, _, last = dialog.draw_choice.segments()
    assert first.x > last.x  # Draw 1 on the right
    draw(app)


# -- game code ----------------------------------------------------------------------------

def test_game_code_shows_the_current_code_and_copies_it(make_app):
    app = make_app()
    play = in_game(app, code="DS1-D3V-AAAAAAB")
    dialog = app.open("game_code", play=play)
    assert dialog.code_text == "DS1-D3V-AAAAAAB"
    click(app, dialog.copy_button)
    assert dialog.status in (app.t("game_code.copied"), app.t("game_code.copy_failed"))
    draw(app)


def test_game_code_without_a_code_says_so(make_app):
    app = make_app()
    play = in_game(app)
    play.game.code = None
    dialog = app.open("game_code", play=play)
    assert not dialog.copy_button.visible
    draw(app)


def test_G3_a_malformed_code_is_refused_under_the_field_and_kept(make_app):
    app = make_app()
    play = in_game(app)
    dialog = app.open("game_code", play=play)
    assert dialog.group.focused is dialog.field
    typed(app, "kl1-d2v-aaaaaab")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dialog and play.calls == []
    assert dialog.field.value == "KL1-D2V-AAAAAAB"
    assert dialog.field.error == "'KL1-D2V-AAAAAAB': Klondike has no vegas scoring"
    draw(app)
    key(app, pygame.K_BACKSPACE)
    assert dialog.field.error == ""  # editing clears the message
    dialog.field.set_value("XX")
    click(app, dialog.play_button)
    assert "not a game code" in dialog.field.error
    dialog.field.set_value("")
    click(app, dialog.play_button)
    assert dialog.field.error == app.t("code.empty")


def test_a_good_code_closes_the_dialogs_and_starts_it(make_app):
    app = make_app()
    play = in_game(app)
    app.open("menu", play=play)
    dialog = app.open("game_code", play=play)
    typed(app, "TF1-D3N-AAAABCD")
    key(app, pygame.K_RETURN)
    assert app.stack.top is play
    assert play.calls == [("start_code", GameCode("thoughtful", 3, "standard", 26 * 26 * 1 + 26 * 2 + 3))]
    assert dialog not in app.stack.scenes


def test_a_good_code_from_the_title_opens_play(make_app):
    app = make_app()
    app.open("title")
    app.open("game_code")
    typed(app, "KL1-D1N-AAAAAAB")
    key(app, pygame.K_RETURN)
    assert app.stack.top.opened["code"] == GameCode("klondike", 1, "standard", 1)


# -- statistics ---------------------------------------------------------------------------

def test_statistics_reset_asks_first_and_resets_only_that_mode_after_yes(make_app):
    app = make_app()
    k3 = mode_key("klondike", 3, "standard")
    k1 = mode_key("klondike", 1, "standard")
    app.services.store.record_result(k3, True, 600, 200.0, 120)
    app.services.store.record_result(k1, False, 50, 90.0, 40)
    app.services.store.update_settings(draw={"klondike": 3})
    scene = app.open("statistics", game_id="klondike")
    assert scene.key == k3 and scene.reset_button.enabled
    click(app, scene.reset_button)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    assert question.message == "Reset statistics for Klondike Draw 3?"
    click(app, question.no)
    assert app.stack.top is scene and app.services.store.stats(k3).played == 1
    tab_to(app, scene, scene.reset_button)
    key(app, pygame.K_RETURN)
    question = app.stack.top
    tab_to(app, question, question.yes)
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert app.services.store.stats(k3).played == 0 and app.services.store.stats(k1).played == 1
    assert not scene.reset_button.enabled
    draw(app)


def test_statistics_switches_game_and_mode(make_app):
    app = make_app()
    scene = app.open("statistics", game_id="klondike")
    tab_to(app, scene, scene.games)
    key(app, pygame.K_RIGHT)
    assert scene.game_id == "double"
    assert [m for m, _ in scene.modes.options] == [(1, "standard"), (3, "standard"),
                                                   (1, "vegas"), (3, "vegas")]
    tab_to(app, scene, scene.modes)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.key == "double-d1-vegas"
    scene.games.select(3)
    assert scene.key == "duel-medium" and scene.modes.visible  # the Duel's rows: its opponents
    draw(app)


def test_statistics_without_a_store_shows_empty_figures(make_app):
    app = make_app(store=False)
    scene = app.open("statistics")
    assert not scene.reset_button.enabled
    draw(app)


# -- rules --------------------------------------------------------------------------------

def test_rules_scroll_clamps_at_both_ends(make_app):
    app = make_app((960, 600))
    scene = app.open("rules", game_id="klondike")
    assert scene.max_scroll > 0
    for _ in range(50):
        key(app, pygame.K_PAGEDOWN)
    assert scene.target == scene.max_scroll
    settle(app, 1.0)
    assert scene.scroll == scene.max_scroll
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=500, flipped=False))
    assert scene.target == 0
    key(app, pygame.K_END)
    key(app, pygame.K_DOWN)
    assert scene.target == scene.max_scroll
    key(app, pygame.K_HOME)
    key(app, pygame.K_UP)
    assert scene.target == 0
    draw(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is None


def test_rules_scoring_tables_come_from_the_rulesets(make_app):
    app = make_app()
    rows = {game: [(b[1], b[2]) for b in rules_blocks(app, game) if b[0] == "row"]
            for game in ("klondike", "double", "thoughtful", "duel")}
    assert ("Waste to foundation", "+15") in rows["klondike"]  # K-6
    assert ("Recycling the waste, draw 3", "-20") in rows["klondike"]
    assert ("Starting score", "-$104") in rows["double"]  # DS-7
    assert ("A card to a foundation", "+$5") in rows["double"]
    assert ("Recycling the waste into the stock", "-100") in rows["thoughtful"]  # TF-5
    assert all(label != "Turning a hidden card face up" for label, _ in rows["thoughtful"])
    assert ("Recycling the waste into the stock", "3 free, then -20") in rows["duel"]  # DU-2
    assert ("Time bonus for finishing early", "seconds left × 10 × (cards home ÷ 52)²") in rows["duel"]  # DU-5
    for game, label, points in (("golf", "A card from a column onto the pile", "+1"),  # GO-6, in Golf's words
                                ("spider", "A card to a foundation", "+100")):  # SP-6: no waste, so no waste row
        rows = [(b[1], b[2]) for b in rules_blocks(app, game) if b[0] == "row"]
        assert (label, points) in rows and all("Waste" not in label for label, _ in rows), rows
    rows = [(b[1], b[2]) for b in rules_blocks(app, "tripeaks") if b[0] == "row"]  # TP-6: a run, a stock card, the peaks
    assert ("Each next card of a run from the peaks", "+1 more than the one before") in rows
    assert ("A card turned from the stock (ends the run)", "-5") in rows and ("Clearing a peak", "+15, the last +30") in rows
    duel_text = " ".join(b[1] for b in rules_blocks(app, "duel"))
    assert "same deal" in duel_text and "× 10 × (your cards home ÷ 52)²" in duel_text  # DU-5, version 2


def test_rules_text_is_found_for_every_game(make_app):
    app = make_app()
    for game in REGISTRY.ids():  # every game a level file gives, Yukon and Golf too
        paragraphs = [b for b in rules_blocks(app, game) if b[0] == "para"]
        assert len(paragraphs) >= 6
        assert all(not text.startswith("rules.") for _, text, _ in paragraphs)
