"""One dialog at a time (issue 33): a dialog that opens another (a day of the Daily calendar over
Statistics, Rules over the game menu, a licence over About …) shows alone over the dimmed screen,
never two frames, two titles and two Close buttons. The walk presses every control of every
dialog reached from Statistics, Settings, Daily, New game, About, a game's menu, New duel and a
duel's menu and End question (and of the dialogs they open), and counts the frames drawn."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from solitaire import i18n
from solitaire.app import ui

from tests.play.scripted_rival import ScriptedRival

KEYS = (pygame.K_RETURN, pygame.K_RIGHT)  # a button or a day opens; a tab turns
DEPTH = 2


@pytest.fixture
def services(services):
    """Nothing kept between walks: each starts from the same screen (no Continue appears)."""
    return replace(services, store=None)


@pytest.fixture
def panels_drawn(monkeypatch):
    """How many dialog frames the last draw painted."""
    drawn: list[ui.Panel] = []
    real = ui.Panel.draw

    def counted(panel: ui.Panel, surface: pygame.Surface) -> None:
        drawn.append(panel)
        real(panel, surface)

    monkeypatch.setattr(ui.Panel, "draw", counted)
    return drawn


def controls(scene) -> list:
    group = getattr(scene, "group", None)
    return group.focus_order() if group is not None else []


def act(app, driver, step: tuple[int, int]) -> None:
    index, key = step
    scene = app.stack.top
    scene.group.focus(controls(scene)[index], visible=True)
    driver.key(key)
    driver.settle(0.05)


def walk_dialogs(app, driver, panels_drawn, starts) -> set[tuple[str, str]]:
    """Press every control of the dialog each start opens (and of those they open, to ``DEPTH``);
    each dialog opened over another must be the one frame drawn. The (below, over) pairs seen."""
    settings = app.settings
    seen_pairs: set[tuple[str, str]] = set()
    for start in starts:
        def replay(path: list[tuple[int, int]]) -> None:
            app.stack.clear()
            app.settings = settings
            i18n.set_language("en")
            start()
            for step in path:
                act(app, driver, step)

        def walk(path: list[tuple[int, int]]) -> None:
            replay(path)
            below = app.stack.top
            scenes = list(app.stack.scenes)
            for index in range(len(controls(below))):
                for key in KEYS:
                    if list(app.stack.scenes) != scenes:
                        replay(path)
                        below = app.stack.top
                        scenes = list(app.stack.scenes)
                    act(app, driver, (index, key))
                    top = app.stack.top
                    if list(app.stack.scenes)[:-1] != scenes or not top.overlay:
                        continue  # closed, replaced or a game: not a dialog over this one
                    panels_drawn.clear()
                    driver.draw()
                    pair = (type(below).__name__, type(top).__name__)
                    assert len(panels_drawn) == 1, (path, pair)
                    seen_pairs.add(pair)
                    if len(path) + 1 < DEPTH:
                        walk(path + [(index, key)])
                        replay(path)
                        below = app.stack.top
                        scenes = list(app.stack.scenes)
                    else:
                        app.stack.pop()

        walk([])
    return seen_pairs


def test_a_dialog_opened_from_a_dialog_shows_alone(app, driver, panels_drawn):
    def on_table(name: str, **kwargs) -> None:
        play = app.open("play", game_id="klondike")
        app.open(name, play=play, **kwargs)

    starts = [lambda: app.open("statistics", game_id="klondike"), lambda: app.open("settings"),
              lambda: app.open("daily_stats"), lambda: app.open("new_game", game_id="klondike"),
              lambda: on_table("menu"), lambda: on_table("daily_stats"), lambda: app.open("about")]
    seen_pairs = walk_dialogs(app, driver, panels_drawn, starts)
    assert ("DailyStatsScene", "DailyDayScene") in seen_pairs
    assert ("MenuScene", "RulesScene") in seen_pairs
    assert ("AboutScene", "LicenceScene") in seen_pairs


def test_the_duel_s_dialogs_opened_from_a_dialog_show_alone(app, driver, panels_drawn):
    """New duel (against the computer, a host's network game and online: the last two ask the
    player's name first) and the dialogs over a duel (its menu, the End question). A duel opened
    here races a scripted rival: the real computer's worker would take seconds to start."""
    duel_scene = app.scenes["duel"]

    def duel(app_, rival=None, opponent=None, **kwargs):
        return duel_scene(app_, rival=rival or ScriptedRival([], name="Computer · Medium"), **kwargs)

    app.scenes["duel"] = duel

    def new_duel(opponent: str) -> None:
        app.settings = app.settings.updated(duel_opponent=opponent)
        app.open("title")
        app.open("new_duel")

    def over_a_duel(name: str) -> None:
        app.open("title")
        scene = app.open("duel", code="DU2-D3N-AAAAAAB")
        app.open(name, duel=scene)

    starts = [lambda: new_duel("medium"), lambda: new_duel("host"), lambda: new_duel("online"),
              lambda: over_a_duel("duel_menu"), lambda: over_a_duel("duel_end")]
    seen_pairs = walk_dialogs(app, driver, panels_drawn, starts)
    assert ("NewDuelScene", "PlayerNameScene") in seen_pairs
    assert ("DuelMenuScene", "RulesScene") in seen_pairs
    assert ("DuelMenuScene", "SettingsScene") in seen_pairs
