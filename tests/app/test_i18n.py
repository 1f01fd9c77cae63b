from solitaire import i18n


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
