"""The network duel's settings (issue 15): the player's name (empty: the system's user name) and
the port a hosted duel listens on, each repaired alone when a file holds a bad value."""

from __future__ import annotations

import pytest

from solitaire.store.settings import Settings


def test_the_defaults():
    settings = Settings()
    assert (settings.player_name, settings.duel_port) == ("", 47474)


def test_good_values_are_kept():
    settings = Settings.from_document({"player_name": "  Zaïd زيد ", "duel_port": 50000})
    assert (settings.player_name, settings.duel_port) == ("Zaïd زيد", 50000)


@pytest.mark.parametrize("name,port", [("x" * 33, 80), ("a\nb", 70000), (7, True), (None, "47474")])
def test_bad_values_fall_back_one_by_one(name, port):
    settings = Settings.from_document({"player_name": name, "duel_port": port, "volume": 0.25})
    assert (settings.player_name, settings.duel_port, settings.volume) == ("", 47474, 0.25)


def test_a_change_is_checked():
    with pytest.raises(ValueError):
        Settings().updated(duel_port=80)
    assert Settings().updated(player_name="Ann").player_name == "Ann"
