"""The Arabic string table: complete, placeholders intact, really translated, rendered shaped."""

from __future__ import annotations

import string

import pygame
import pytest

from solitaire import i18n
from solitaire.app.text import Text, has_rtl
from solitaire.core.errors import REASONS
from solitaire.i18n.ar import STRINGS as AR
from solitaire.i18n.en import STRINGS as EN

# Values that stay the same in Arabic on purpose: a name the client's pages write in Latin,
# or a pure format with no words in it.
SAME_AS_ENGLISH = {
    "menu.double",  # the client's page calls the game "Double Solitaire", in Latin letters
    "mode.with_scoring",  # "{mode} · {scoring}"
    "mode.of_game",  # "{game} · {mode}"
    "statistics.percent",  # "{n}%"
    "daily.month_year",  # "{month} {year}": the month's name is translated
    "daily.date",  # "{day} {month} {year}"
    "speech.calendar.day",  # "{date}: {state}": both said in Arabic
}
#: Arabic's own plural forms of a count (``play.spoken.counted``): ``.two`` and ``.few`` beside
#: English's ``.one`` and ``.other``; a form for one or two may spell its number out in words.
ARABIC_FORMS = (".two", ".few")
SPELT_OUT = (".one", ".two")


def english_of(key: str) -> str:
    """The English key an Arabic key translates (a plural form: the count's ``.other``)."""
    return key.rsplit(".", 1)[0] + ".other" if key.endswith(ARABIC_FORMS) else key

_formatter = string.Formatter()


def fields(template: str) -> list[str]:
    """The ``{name}`` placeholders of a template, in order, without format specs."""
    return [name for _, name, _, _ in _formatter.parse(template) if name is not None]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_every_english_key_has_an_arabic_entry():
    missing = sorted(set(EN) - set(AR))
    assert not missing, f"no Arabic for: {missing}"


def test_no_stray_keys():
    """Every Arabic key is an English key or a refused-move reason the core can give."""
    known = set(EN) | {f"refusal.{reason}" for reason in REASONS}
    assert sorted(english_of(key) for key in set(AR) if english_of(key) not in known) == []


@pytest.mark.parametrize("key", sorted(set(AR) & set(EN) | {k for k in AR if k.endswith(ARABIC_FORMS)}))
def test_placeholders_match(key):
    english = sorted(fields(EN[english_of(key)]))
    if key.endswith(SPELT_OUT):  # "ورقة واحدة": the number in words
        english = [name for name in english if name != "n"]
    assert sorted(fields(AR[key])) == english


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_refusal_reason_is_translated_with_its_placeholders(reason):
    key = f"refusal.{reason}"
    assert key in AR
    assert sorted(fields(AR[key])) == sorted(fields(REASONS[reason]))
    # The Arabic table gets cards as ready-made text ("6♣"): no ``{card:a}`` article spec.
    assert all(spec == "" for _, name, spec, _ in _formatter.parse(AR[key]) if name)


def test_values_are_translated_except_names_and_codes():
    same = {key for key in EN if AR[key] == EN[key]}
    assert same == SAME_AS_ENGLISH
    for key, value in AR.items():
        literal = "".join(text for text, *_ in _formatter.parse(value))  # "{rank} {suit}": no words
        if key not in SAME_AS_ENGLISH and any(ch.isalpha() for ch in literal):
            assert has_rtl(value), f"{key} has no Arabic letters: {value!r}"


def test_rule_paragraphs_match_english_one_for_one():
    """The rules page reads ``rules.<game>.1``, ``.2``… until a key is missing: same count."""
    numbered = {key for key in EN if key.rsplit(".", 1)[-1].isdigit()}
    assert numbered == {key for key in AR if key.rsplit(".", 1)[-1].isdigit()}


def test_no_line_starts_with_a_latin_letter():
    """The renderer takes a line's direction from its first letter: start with Arabic."""
    for key, value in AR.items():
        if key in SAME_AS_ENGLISH:
            continue
        literal = "".join(text for text, *_ in _formatter.parse(value))
        first = next((ch for ch in literal if ch.isalpha()), None)
        assert first is None or has_rtl(first), f"{key} starts with a Latin letter: {value!r}"


def test_setting_arabic_makes_the_interface_right_to_left():
    assert i18n.set_language("ar")
    assert i18n.language() == "ar"
    assert i18n.is_rtl()
    assert i18n.t("play.undo") == "تراجع"
    assert i18n.t("hud.moves", moves=12) == "الحركات 12"
    assert i18n.t("new_game.draw_hard", n=3) == "سحب 3 (صعب)"
    i18n.set_language("en")
    assert not i18n.is_rtl()


def test_arabic_refusal_names_the_card_in_the_pages_notation():
    from solitaire.core.errors import refusal

    i18n.set_language("ar")
    # card ints: see solitaire.core.cards; any two will do, the text must hold their labels
    card, target = 12, 20
    text = i18n.refusal_text(refusal("C-2", "not_on", card=card, target=target))
    assert i18n.card_label(card) in text and i18n.card_label(target) in text
    assert has_rtl(text)


@pytest.mark.parametrize("key,params", [
    ("app.title", {}),
    ("play.new", {}),
    ("settings.one_tap", {}),
    ("hud.score", {"score": 120}),
    ("rules.title", {"game": "كلوندايك"}),
    ("rules.klondike.3", {}),
])
def test_arabic_strings_render(key, params):
    pygame.font.init()
    i18n.set_language("ar")
    text = i18n.t(key, **params)
    surface = Text().render(text, 24)
    assert surface.get_width() > 0 and surface.get_height() > 0
    # something was drawn: at least one pixel is not transparent
    assert surface.get_bounding_rect().width > 0


def test_a_notice_names_modes_in_words_in_both_languages():
    """Issue 12: the damaged-records notice named modes by their file keys (double-d1-vegas)."""
    from solitaire.store.notices import Notice

    notice = Notice("stats_records_ignored", {"modes": "double-d1-vegas, klondike-d3-standard"})
    try:
        english = i18n.notice_text(notice)
        i18n.set_language("ar")
        arabic = i18n.notice_text(notice)
    finally:
        i18n.set_language("en")
    assert "Double Solitaire · Draw 1 · Vegas, Klondike · Draw 3" in english
    assert "-d1-" not in english and "-d1-" not in arabic
    assert "كلوندايك · سحب 3" in arabic and "، " in arabic
    assert i18n.mode_words("canfield-d1-standard") == "canfield-d1-standard"  # a newer version's game
