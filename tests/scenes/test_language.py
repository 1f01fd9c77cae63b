"""Switching the interface language rebuilds every scene in it, and keeps the game."""

from solitaire import i18n


def test_switching_to_arabic_mirrors_and_keeps_the_saved_game(app, driver):
    app.open("title")
    app.open("play", code="KL1-D1N-AAAAAAB")
    play = driver.scene
    driver.settle(2)
    play.draw_stock()
    app.open("settings")
    try:
        driver.scene.language.select(1)  # العربية
        assert i18n.language() == "ar" and i18n.is_rtl() and app.text.base_rtl
        assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "SettingsScene"]
        assert app.store.continue_slot() == "klondike-d1-standard"  # the game waits behind Continue
        driver.draw()
    finally:
        i18n.set_language("en")
        app.text.base_rtl = False
