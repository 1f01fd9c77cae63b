"""Refused moves in the interface language, by reason key (TF-7 in Arabic as in English)."""

from solitaire import i18n
from solitaire.core.errors import REASONS, refusal


def test_english_is_the_cores_own_sentence():
    i18n.set_language("en")
    r = refusal("C-2", "not_on", card=18, target=6)
    assert i18n.refusal_text(r) == r.text == "a 6 of hearts cannot go on a 7 of spades"


def test_another_language_translates_by_reason_with_cards_as_symbols():
    i18n.register("xx", {"refusal.not_on": "{card} ✗ {target}", "refusal.wrong_suit_slot": "{card} → {suit}"})
    try:
        assert i18n.set_language("xx")
        assert i18n.refusal_text(refusal("C-2", "not_on", card=18, target=6)) == "6♥ ✗ 7♠"
        assert i18n.refusal_text(refusal("DS-3", "wrong_suit_slot", card=0, suit=1)) == "A♠ → ♥"
        assert i18n.refusal_text(refusal("C-5", "waste_empty")) == "the waste is empty"  # untranslated: English
    finally:
        i18n.set_language("en")


def test_every_reason_has_an_english_sentence():
    assert all(REASONS[key] for key in REASONS)
    for key in REASONS:
        assert "{" not in refusal("C-1", key, card=0, target=1, suit=0, number=1, count=2, pile="t1", game="Klondike").text
