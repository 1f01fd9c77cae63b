"""Each comfort setting of issue 16 changes the picture: a ``--smoke --screenshot`` run with it on
is not the default run's picture, in English and in Arabic. The language follows the system's
when none was chosen, and ``--lang`` still overrides it for one run.
"""

from __future__ import annotations

import json
import os

import pygame
import pytest

from solitaire import i18n
from solitaire.main import main, run

CODE = "KL1-D1N-IPKSEDD"  # 2♦, 3♦, 9♦ and A♣ face up: the four-colour deck shows on them
SIZE = (960, 600)
DEALT = 150  # frames: the deal has landed
MID_DEAL = 12  # frames: cards of the staggered deal are still on their way


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    """A data folder per test: a run saves the settings it was given."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    yield
    i18n.set_language("en")


def picture(tmp_path, name: str, frames: int = DEALT, lang: str = "en", **settings) -> bytes:
    """The last frame of a smoke run from a data folder of its own (a run saves what it was given)."""
    os.environ["SOLITAIRE_HOME"] = str(tmp_path / f"home-{name}")
    shot = tmp_path / f"{name}.png"
    assert run(smoke=True, frames=frames, screenshot=str(shot), code=CODE, size=SIZE, lang=lang,
               settings=settings) == 0
    return pygame.image.tobytes(pygame.image.load(str(shot)), "RGB")


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("key, value", [("four_colour_deck", True), ("high_contrast", True),
                                        ("left_handed", True), ("text_size", "largest")])
def test_a_comfort_setting_changes_the_dealt_table(tmp_path, key, value, lang):
    assert picture(tmp_path, f"{key}-{lang}", lang=lang, **{key: value}) != picture(tmp_path, "default", lang=lang)


def test_reduce_motion_deals_without_a_stagger(tmp_path):
    """Mid-deal, the default table still has cards in flight; with reduced motion every card
    jumped at once and the table is the dealt one."""
    still = picture(tmp_path, "reduced", frames=MID_DEAL, reduced_motion=True)
    assert still != picture(tmp_path, "default-mid", frames=MID_DEAL)
    assert still == picture(tmp_path, "reduced-dealt", reduced_motion=True)


def test_the_language_follows_the_system_when_none_was_chosen(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales",
                        lambda: [{"language": "ar", "country": "EG"}, {"language": "en", "country": "US"}])
    assert run(smoke=True, frames=1, size=SIZE) == 0
    assert i18n.language() == "ar"
    saved = json.loads((tmp_path / "home" / "settings.json").read_text(encoding="utf-8"))
    assert saved.get("language") is None  # still the system's: a later system change is followed


def test_lang_on_the_command_line_overrides_the_system_for_one_run(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "ar", "country": None}])
    assert main(["--lang", "en", "--smoke", "--frames", "1", "--size", "960x600"]) == 0
    assert i18n.language() == "en"
    saved = json.loads((tmp_path / "home" / "settings.json").read_text(encoding="utf-8"))
    assert saved.get("language") is None


def test_a_chosen_language_wins_over_the_system(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "ar", "country": "SA"}])
    assert run(smoke=True, frames=1, size=SIZE, settings={"language": "en"}) == 0
    assert i18n.language() == "en"


@pytest.mark.parametrize("locales, expected", [
    ([], "en"),
    ([{"language": "fr", "country": "FR"}, {"language": "ar", "country": None}], "ar"),
    ([{"language": "AR", "country": "MA"}], "ar"),
    ([{"language": None, "country": "US"}], "en"),
    ([{"language": "../en", "country": None}], "en"),
    (None, "en"),
])
def test_the_system_language_is_the_first_preferred_one_the_game_speaks(locales, expected):
    assert i18n.system_language(locales) == expected
