"""The comfort settings of issue 16 in the settings file: each a top-level key of its own name,
saved and read back, and repaired alone when damaged (the other settings kept).
"""

from __future__ import annotations

import json

import pytest

from solitaire.store import Settings, Store

COMFORT = ("four_colour_deck", "high_contrast", "reduced_motion", "left_handed")


@pytest.mark.parametrize("key", COMFORT)
def test_a_comfort_setting_is_off_at_first_and_round_trips_as_its_own_key(tmp_path, key):
    assert getattr(Settings(), key) is False
    Store(tmp_path).update_settings(**{key: True})
    document = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert document[key] is True
    assert getattr(Store(tmp_path).settings, key) is True
    Store(tmp_path).update_settings(**{key: False})
    assert getattr(Store(tmp_path).settings, key) is False


@pytest.mark.parametrize("key", COMFORT)
@pytest.mark.parametrize("damaged", [1, "yes", None, [True], {"on": True}])
def test_a_damaged_comfort_setting_falls_back_to_off_and_keeps_the_rest(tmp_path, key, damaged):
    Store(tmp_path).update_settings(card_back="red", **{other: True for other in COMFORT})
    path = tmp_path / "settings.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document[key] = damaged
    path.write_text(json.dumps(document), encoding="utf-8")
    settings = Store(tmp_path).settings
    assert getattr(settings, key) is False
    assert settings.card_back == "red"
    assert all(getattr(settings, other) for other in COMFORT if other != key)


@pytest.mark.parametrize("key", COMFORT)
def test_a_comfort_setting_refuses_a_value_that_is_not_true_or_false(key):
    with pytest.raises(ValueError):
        Settings().updated(**{key: 1})


def test_the_language_is_not_chosen_at_first_and_a_choice_round_trips(tmp_path):
    assert Settings().language is None  # the system's language until the player picks one
    Store(tmp_path).update_settings(language="ar")
    assert Store(tmp_path).settings.language == "ar"


@pytest.mark.parametrize("damaged", ["fr", 3, "", ["ar"]])
def test_a_damaged_language_goes_back_to_the_system_s(tmp_path, damaged):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "language": damaged, "volume": 0.3}), encoding="utf-8")
    settings = Store(tmp_path).settings
    assert settings.language is None and settings.volume == 0.3


@pytest.mark.parametrize("size", ["large", "largest"])
def test_the_text_size_round_trips_as_its_own_key(tmp_path, size):
    assert Settings().text_size == "normal"
    Store(tmp_path).update_settings(text_size=size)
    document = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert document["text_size"] == size and Store(tmp_path).settings.text_size == size
    Store(tmp_path).update_settings(text_size="normal")
    assert Store(tmp_path).settings.text_size == "normal"


@pytest.mark.parametrize("damaged", ["huge", 2, None, True, ["large"]])
def test_a_damaged_text_size_falls_back_to_normal_and_keeps_the_rest(tmp_path, damaged):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "text_size": damaged, "high_contrast": True}), encoding="utf-8")
    settings = Store(tmp_path).settings
    assert settings.text_size == "normal" and settings.high_contrast is True
