"""``python game.py`` as a player or a tool starts it: real processes, dummy video driver."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]


def game(*args, home: Path, **env):
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(home), **env)
    return subprocess.run([sys.executable, str(ROOT / "game.py"), *args], env=environment, capture_output=True,
                          text=True, timeout=120)


def test_smoke_with_a_damaged_settings_file_sets_it_aside(tmp_path):
    (tmp_path / "settings.json").write_text('{"version": 1, "volume": ')
    proc = game("--smoke", "--frames", "3", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    aside = list(tmp_path.glob("settings.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == '{"version": 1, "volume": '


def test_smoke_screenshot_of_a_game_code(tmp_path):
    shot = tmp_path / "play.png"
    proc = game("--smoke", "--frames", "60", "--code", "DS1-D3V-AAAAAAB", "--size", "1280x720",
                 "--screenshot", str(shot), home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)


def test_a_malformed_code_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    proc = game("--code", "TF1-D2N-AAAAAAB", home=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "no draw 2" in proc.stderr


def _with_reader_gone(*args: str, home: Path) -> subprocess.CompletedProcess:
    """Run a tool whose standard output is a pipe nobody reads any more (``| head`` after it quit)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(home))
        return subprocess.run([sys.executable, str(ROOT / "game.py"), *args], env=environment, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [
    ("deal", "KL1-D1N-AAAAAAB"),
    ("replay", "KL1-D1N-AAAAAAB", "s", "s"),
    ("solve", "KL1-D1N-AAAAAAB", "--budget", "0.2"),
    ("bench", "--core"),
])
def test_a_tool_whose_reader_went_away_exits_quietly(tmp_path, args):
    proc = _with_reader_gone(*args, home=tmp_path)
    assert (proc.returncode, proc.stderr) == (141, "")


def _without_a_display(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess:
    """``game.py`` started where there is no screen: no X or Wayland display, no driver asked for."""
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    environment.update(SDL_AUDIODRIVER="dummy", SOLITAIRE_HOME=str(home), **env)
    return subprocess.run([sys.executable, str(ROOT / "game.py"), *args], env=environment, capture_output=True,
                          text=True, timeout=30)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY and WAYLAND_DISPLAY are Linux's")
def test_with_no_display_the_game_says_so_in_one_line_and_exits_2(tmp_path):
    proc = _without_a_display(home=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "DISPLAY" in proc.stderr, proc.stderr
    assert not (tmp_path / "crash.log").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's Wayland and X11 drivers are Linux's")
def test_when_sdl_falls_back_to_its_offscreen_driver_the_game_says_so_and_exits_2(tmp_path):
    """A Wayland display that does not answer (nor X): SDL would quietly draw off screen, forever."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    proc = _without_a_display(home=tmp_path, WAYLAND_DISPLAY="no-such-compositor", XDG_RUNTIME_DIR=str(runtime))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "offscreen" in proc.stderr, proc.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the X11 driver is Linux's")
def test_a_video_driver_that_cannot_start_is_one_line_and_exit_2(tmp_path):
    proc = _without_a_display(home=tmp_path, SDL_VIDEODRIVER="x11")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "x11" in proc.stderr, proc.stderr
    assert not (tmp_path / "crash.log").exists()


def test_smoke_runs_with_no_display(tmp_path):
    proc = _without_a_display("--smoke", "--frames", "2", home=tmp_path)
    assert (proc.returncode, proc.stderr) == (0, "")
