"""The New Game window offers "winnable deals only" exactly where a pool of such deals exists.

Bug (issue 11): the option was offered for Double Solitaire's one-pass Vegas, which has no
pool (the solver decides none of its deals in seconds), and then ignored.
"""

from __future__ import annotations

import pytest

from solitaire.core import REGISTRY, pools, ruleset
from solitaire.scenes.menus.new_game import NewGameScene

GAMES = REGISTRY.ids()


def choose(choice, value) -> None:
    choice.select([v for v, _ in choice.options].index(value))


@pytest.mark.parametrize("game_id", GAMES)
def test_winnable_only_is_offered_exactly_where_a_pool_exists(app, game_id):
    dialog = NewGameScene(app, game_id)
    app.stack.push(dialog)
    rules = ruleset(game_id)
    for draw in rules.draws:
        for scoring in rules.scorings:
            choose(dialog.draw_choice, draw)
            choose(dialog.scoring_choice, scoring)
            offered = dialog.winnable_toggle.visible and dialog.winnable_toggle.can_focus()
            assert offered == pools.has_pool(game_id, draw, scoring), (draw, scoring)


def test_double_vegas_has_no_pool_so_no_option():
    assert not pools.has_pool("double", 1, "vegas") and not pools.has_pool("double", 3, "vegas")


def test_the_option_follows_the_pool_files_not_a_list(app, monkeypatch):
    monkeypatch.setattr(pools, "has_pool", lambda game, draw, scoring: scoring == "vegas")
    dialog = NewGameScene(app, "double")
    app.stack.push(dialog)
    choose(dialog.scoring_choice, "vegas")
    assert dialog.winnable_toggle.visible
    choose(dialog.scoring_choice, "standard")
    assert not dialog.winnable_toggle.visible


def test_starting_where_no_pool_exists_deals_a_random_deal_and_keeps_the_preference(app, driver):
    app.services.store.update_settings(winnable_only=True)
    app.open("title")
    dialog = app.open("new_game", game_id="double")
    choose(dialog.scoring_choice, "vegas")
    dialog.start()
    play = driver.scene
    assert play.game.scoring.name == "vegas" and play.hud.toast is None
    assert app.services.store.settings.winnable_only is True  # still asked for where a pool exists
