"""Every scene ``--scene`` accepts starts on its own with what the game would give it (issue 11)."""

import pygame
import pytest

from solitaire.main import main, register_scenes, run
from solitaire.app.scene import SCENES
from solitaire.store import data_dir

register_scenes()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_registered_scene_starts_through_the_smoke_path(tmp_path, monkeypatch, name):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    shot = tmp_path / f"{name}.png"
    assert main(["--smoke", "--frames", "3", "--scene", name, "--size", "960x600",
                 "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (960, 600)
    assert not (data_dir() / "crash.log").exists()


def test_the_win_panel_starts_over_a_won_game(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    opened = []
    monkeypatch.setattr("solitaire.app.loop.Loop.run", lambda self, app, **_: opened.extend(app.stack.scenes) or 0)
    assert run(smoke=True, scene="win") == 0
    names = [type(scene).__name__ for scene in opened]
    assert names == ["TitleScene", "PlayScene", "WinScene"]
    assert opened[1].game.won and opened[2].play is opened[1]


def test_an_unknown_scene_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    assert main(["--smoke", "--scene", "nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nowhere" in err and "new_game" in err
