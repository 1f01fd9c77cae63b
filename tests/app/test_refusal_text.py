"""Refused moves in the interface language, by reason key (TF-7 in Arabic as in English)."""

from solitaire import i18n
from solitaire.core.errors import REASONS, refusal
from solitaire.core.rules import ruleset


def test_english_is_the_cores_own_sentence():
    i18n.set_language("en")
    r = refusal("C-2", "not_on", card=18, target=6)
    assert i18n.refusal_text(r) == r.text == (
        "a card goes on a card one rank higher and of the other colour: a 6 of hearts cannot go on a 7 of spades")


def test_another_language_translates_by_reason_with_cards_as_symbols():
    i18n.register("xx", {"refusal.not_on": "{card} ✗ {target}", "refusal.wrong_suit_slot": "{card} → {suit}"})
    try:
        assert i18n.set_language("xx")
        assert i18n.refusal_text(refusal("C-2", "not_on", card=18, target=6)) == "6♥ ✗ 7♠"
        assert i18n.refusal_text(refusal("DS-3", "wrong_suit_slot", card=0, suit=1)) == "A♠ → ♥"
        assert i18n.refusal_text(refusal("C-5", "waste_empty")) == REASONS["waste_empty"]  # untranslated: English
    finally:
        i18n.set_language("en")


def test_every_reason_has_an_english_sentence():
    assert all(REASONS[key] for key in REASONS)
    for key in REASONS:
        assert "{" not in refusal("C-1", key, card=0, target=1, suit=0, number=1, count=2, pile="t1", limit=200, total=13,
                               game=ruleset("klondike")).text


def test_arabic_names_the_game_in_arabic_when_a_pile_or_auto_complete_is_missing():
    # Bug: the game was passed to refusals as its English name, so the Arabic sentence said
    # "Klondike" in Latin letters.
    import pickle

    from solitaire.core import Game, IllegalMove, parse_code, parse_request

    game = Game.deal(parse_code("KL1-D3N-AAAAAAB"))
    try:
        game.apply(game.resolve(parse_request("t9>f")))
    except IllegalMove as error:
        missing = error.refusal
    else:
        raise AssertionError("Klondike has no column 9")
    assert missing.text == "there is no pile t9 in Klondike"
    assert pickle.loads(pickle.dumps(missing)) == missing
    i18n.set_language("ar")
    try:
        text = i18n.refusal_text(missing)
        assert "كلوندايك" in text and "Klondike" not in text
        assert "سوليتير ريفليشي" in i18n.refusal_text(refusal("C-8", "no_auto_complete", game=ruleset("thoughtful")))
    finally:
        i18n.set_language("en")
