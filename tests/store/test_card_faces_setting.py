"""The face style of issue 33 (item 6) in the settings file: "classic" at first, saved and read
back as its own key, and a damaged or unknown value (a newer version's style) falls back to
classic, the other settings kept."""

from __future__ import annotations

import json

import pytest

from solitaire.store import Settings, Store


def test_the_face_style_is_classic_at_first_and_round_trips(tmp_path):
    assert Settings().card_faces == "classic"
    Store(tmp_path).update_settings(card_faces="simple")
    document = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert document["card_faces"] == "simple"
    assert Store(tmp_path).settings.card_faces == "simple"
    assert Settings.from_document(Settings().updated(card_faces="simple").to_document()).card_faces == "simple"
    Store(tmp_path).update_settings(card_faces="classic")
    assert Store(tmp_path).settings.card_faces == "classic"


@pytest.mark.parametrize("damaged", ["modern", "", None, 1, True, ["simple"]])
def test_a_damaged_face_style_falls_back_to_classic_and_keeps_the_rest(tmp_path, damaged):
    Store(tmp_path).update_settings(card_back="red", card_faces="simple", high_contrast=True)
    path = tmp_path / "settings.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["card_faces"] = damaged
    path.write_text(json.dumps(document), encoding="utf-8")
    settings = Store(tmp_path).settings
    assert settings.card_faces == "classic"
    assert settings.card_back == "red" and settings.high_contrast


def test_a_face_style_the_game_does_not_draw_is_refused():
    with pytest.raises(ValueError):
        Settings().updated(card_faces="modern")
