"""Settings → Network duel (issue 15): the name the other player sees (empty: the system's user
name in a duel from the command line; the New duel window asks for one) and the port a hosted
duel listens on, saved when valid."""

from __future__ import annotations

from solitaire.scenes.menus.settings import SettingsScene
from solitaire.scenes.online_common import my_name, system_name


def open_settings(app) -> SettingsScene:
    scene = SettingsScene(app)
    app.stack.push(scene)
    return scene


def test_the_name_is_saved_as_typed_and_empty_means_the_system_name(app):
    scene = open_settings(app)
    assert scene.name_field.value == "" and scene.name_field.placeholder == "Type your name"  # asked for
    assert my_name(app) == (system_name() or "Player")
    scene.name_field.insert("زيد Ann")
    assert app.settings.player_name == "زيد Ann" and my_name(app) == "زيد Ann"


def test_a_port_is_saved_only_when_it_is_one(app):
    scene = open_settings(app)
    assert scene.port_field.value == "47474"
    scene.port_field.set_value("80")
    assert scene.port_field.error and app.settings.duel_port == 47474
    scene.port_field.set_value("50000")
    assert not scene.port_field.error and app.settings.duel_port == 50000
