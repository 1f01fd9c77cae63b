from solitaire import i18n
from solitaire.app.text import direction_runs


def test_params_and_fallbacks():
    assert i18n.t("hud.moves", moves=12) == "Moves 12"
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("hud.moves") == "Moves {moves}"
    assert i18n.t("hud.moves", other=1) == "Moves {moves}"


def test_language_switch_falls_back_to_english_and_reports_rtl():
    i18n.register("xx", {"menu.quit": "Sortir"})
    try:
        assert i18n.set_language("xx")
        assert i18n.t("menu.quit") == "Sortir"
        assert i18n.t("menu.settings") == "Settings"
        assert not i18n.is_rtl()
        i18n.register("he", {})
        i18n.set_language("he")
        assert i18n.is_rtl()
        assert not i18n.set_language("zz-unknown")
        assert i18n.language() == "en"
    finally:
        i18n.set_language("en")


def test_a_latin_name_in_an_arabic_sentence_keeps_the_numbers_after_it_in_the_sentences_order():
    """Seen on the online results: "نقاط Ann: 0 (0 + 0 مكافأة)" drew as "نقاط 0 + 0) 0 :Ann
    مكافأة)", the numbers after the name joined its left-to-right run. A value with
    left-to-right letters is now closed by a RIGHT-TO-LEFT MARK: the name alone reads left to right."""
    i18n.set_language("ar")
    try:
        line = i18n.t("online.side", name="Ann", total=1220, score=1000, bonus=220, home=31)
        arabic_name = i18n.t("online.side", name="سارة", total=1, score=1, bonus=0, home=1)
    finally:
        i18n.set_language("en")
    left_to_right = [run for run, rtl in direction_runs(line, rtl=True) if not rtl]
    assert left_to_right == ["31", "220", "1000", "1220", "Ann"]  # in visual order, left to right
    assert "\u200f" not in arabic_name  # nothing added where nothing reads left to right
    assert i18n.t("online.side", name="Ann", total=1, score=1, bonus=0, home=1).startswith("Ann:")  # English as it was
