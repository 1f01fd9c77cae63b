import pygame

from solitaire.main import run


def test_smoke_run_saves_a_png(tmp_path):
    shot = tmp_path / "title.png"
    assert run(smoke=True, frames=5, screenshot=str(shot), size=(960, 600)) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (960, 600)


def test_settings_overlay_smoke(tmp_path):
    shot = tmp_path / "settings.png"
    assert run(smoke=True, frames=3, screenshot=str(shot), scene="settings",
               settings={"sound": False}) == 0
    assert shot.stat().st_size > 0


def test_the_default_settings_are_the_stores_settings_at_their_defaults():
    """One source for defaults (issue 13): the settings scenes, tests and benches start from are
    the store's typed ``Settings``, every one at its default."""
    from solitaire.main import DEFAULT_SETTINGS
    from solitaire.store import Settings

    assert DEFAULT_SETTINGS == Settings() and isinstance(DEFAULT_SETTINGS, Settings)
