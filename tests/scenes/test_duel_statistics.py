"""Statistics' Duel tab: a row per opponent strength, from the store's duel records."""

from solitaire.store.duel_stats import DuelStats


def test_the_duel_tab_shows_each_strength_and_resets_one(app, driver):
    app.services.store.record_duel("hard", "won", 900)
    app.services.store.record_duel("hard", "lost", 300)
    app.services.store.record_duel("hard", "tied", 450)
    app.services.store.record_duel("easy", "won", 100)
    app.open("statistics", game_id="duel")
    scene = app.stack.top
    assert [value for value, _ in scene.modes.options] == ["easy", "medium", "hard", "network", "online"]
    assert scene.record() == DuelStats()  # medium first: none yet
    scene._set_mode("hard")
    figures = dict(scene.figures(scene.record()))
    assert (figures["Played"], figures["Won"], figures["Lost"], figures["Tied"], figures["Best total"]) == \
        ("3", "1", "1", "1", "900")
    driver.draw()
    scene._reset("duel-hard")
    assert app.services.store.duel_stats("hard") == DuelStats() and app.services.store.duel_stats("easy").played == 1


def test_a_game_mode_tab_is_as_before(app, driver):
    app.open("statistics", game_id="klondike")
    scene = app.stack.top
    assert scene.key.startswith("klondike-") and len(scene.figures(scene.record())) == 8
    driver.draw()


def test_network_duels_have_their_own_row(app, driver):
    """Issue 15: a row for network opponents, as for each computer strength."""
    app.services.store.record_duel("network", "won", 640)
    app.open("statistics", game_id="duel")
    scene = app.stack.top
    scene._set_mode("network")
    figures = dict(scene.figures(scene.record()))
    assert (figures["Played"], figures["Won"], figures["Best total"]) == ("1", "1", "640")
    assert dict(scene.modes.options)["network"] == "Network"
    driver.draw()


def test_online_duels_have_their_own_row_apart_from_lan_duels(app, driver):
    """Issue 25: an online duel counts in its own row, "Online", not in the LAN duels' one."""
    app.services.store.record_duel("online", "lost", 410)
    app.open("statistics", game_id="duel")
    scene = app.stack.top
    scene._set_mode("online")
    figures = dict(scene.figures(scene.record()))
    assert (figures["Played"], figures["Lost"], figures["Best total"]) == ("1", "1", "410")
    assert dict(scene.modes.options)["online"] == "Online" and app.services.store.duel_stats("network").played == 0
    driver.draw()
