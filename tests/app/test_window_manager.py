"""Issue 22, items 1 and 2, under a real X server with a window manager (openbox): what a WM-less
or dummy display cannot show. Each test starts its own Xvfb and openbox on a free display and
skips where they (or xdotool) are not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 1080)

pytestmark = pytest.mark.skipif(not all(shutil.which(tool) for tool in ("Xvfb", "openbox", "xdotool")),
                                reason="needs Xvfb, openbox and xdotool")

#: A window made by the game's own display code; it answers one command a line on stdin.
WINDOW = """
import json, sys, time, warnings, pygame
sys.path.insert(0, {root!r})
from solitaire.app.display import Display, start_video
start_video()
display = Display((1280, 800), fullscreen={fullscreen})
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    window = pygame.Window.from_display_module()
presses = []
def settle(seconds=1.0):
    end = time.time() + seconds
    while time.time() < end:
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN:
                presses.append(event.pos)
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                display.handle_resize()
        display.surface.fill((0, 90, 40))
        display.flip()
        time.sleep(0.02)
settle()
print(json.dumps({{"ready": window.id}}), flush=True)
for line in sys.stdin:
    command = line.strip()
    if command == "toggle":
        display.toggle_fullscreen()
    elif command == "move":
        window.position = (150, 110)
    settle()
    print(json.dumps({{"size": display.size, "windowed": display.windowed_size, "place": window.position,
                      "fullscreen": display.fullscreen, "presses": presses}}), flush=True)
"""


@pytest.fixture
def x_display() -> Iterator[dict[str, str]]:
    """An environment whose DISPLAY is a fresh Xvfb with openbox managing its windows."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "{}x{}x24".format(*SCREEN),
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    env = dict(os.environ, DISPLAY=f":{number}", SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    try:
        yield env
    finally:
        for process in (manager, server):
            process.terminate()
            process.wait(10)


class Window:
    def __init__(self, env: dict[str, str], fullscreen: bool = False) -> None:
        script = WINDOW.format(root=str(ROOT), fullscreen=fullscreen)
        self.process = subprocess.Popen([sys.executable, "-c", script], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.ready = json.loads(self.process.stdout.readline())

    def ask(self, command: str) -> dict:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(10)


def test_leaving_full_screen_gives_back_the_windows_size_and_place(x_display: dict[str, str]) -> None:
    """It came back 1920×1080 at (323,206), mostly off the screen, and that size was saved."""
    window = Window(x_display)
    try:
        before = window.ask("move")
        full = window.ask("toggle")
        assert full["fullscreen"] and tuple(full["size"]) == SCREEN
        back = window.ask("toggle")
        assert not back["fullscreen"]
        assert back["size"] == back["windowed"] == [1280, 800]
        assert back["place"] == before["place"]
    finally:
        window.close()


def test_started_full_screen_the_window_comes_back_at_its_own_size(x_display: dict[str, str]) -> None:
    window = Window(x_display, fullscreen=True)
    try:
        assert window.ask("")["size"] == list(SCREEN)
        back = window.ask("toggle")
        assert back["size"] == back["windowed"] == [1280, 800]
    finally:
        window.close()


def test_the_click_that_activates_the_window_reaches_the_game(x_display: dict[str, str]) -> None:
    """SDL drops that click on X11 unless told otherwise: a drag begun with it was lost."""
    game, other = Window(x_display), Window(x_display)
    try:
        def xdotool(*args: str) -> str:
            return subprocess.run(["xdotool", *args], env=x_display, check=True, capture_output=True,
                                  text=True).stdout

        ids = {name: xdotool("search", "--pid", str(w.process.pid)).split()[-1]
               for name, w in (("game", game), ("other", other))}
        xdotool("windowmove", "--sync", ids["game"], "0", "0")
        xdotool("windowmove", "--sync", ids["other"], "640", "300")
        xdotool("windowactivate", "--sync", ids["other"])
        xdotool("mousemove", "--window", ids["game"], "100", "100")
        time.sleep(0.3)
        xdotool("click", "1")
        assert game.ask("")["presses"], "the activating click never arrived"
    finally:
        game.close()
        other.close()
