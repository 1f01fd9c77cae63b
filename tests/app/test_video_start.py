"""Starting SDL's video: the game's default hints, and what the player can still override."""

from __future__ import annotations

import os

import pygame
import pytest

from solitaire.app.display import start_video


@pytest.fixture
def video():
    """Start the video as the game does, and stop it after the test."""
    yield start_video
    pygame.display.quit()


HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": ("0", "1"), "SDL_RENDER_DRIVER": ("software", "opengl")}


@pytest.mark.parametrize("name", HINTS)
def test_opengl_is_kept_out_by_default(video, monkeypatch, name):
    """Under X11 without a GPU, SDL's OpenGL paths load Mesa's software renderer: ~100 MB more
    resident memory and frames 4-10 times slower, for plain 2D blits (issue 11)."""
    monkeypatch.delenv(name, raising=False)
    video()
    assert os.environ[name] == HINTS[name][0]


@pytest.mark.parametrize("name", HINTS)
def test_a_players_own_setting_is_kept(video, monkeypatch, name):
    monkeypatch.setenv(name, HINTS[name][1])
    video()
    assert os.environ[name] == HINTS[name][1]
