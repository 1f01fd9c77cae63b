"""The per-user folder: SDL's pref path, computed without pygame, so the game and the tools agree
and a player's files from earlier releases (which asked pygame) are still found.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

import pygame.system
import pytest

from solitaire.store import data_dir
from solitaire.store.home import pref_path


@pytest.fixture
def player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A player with no SOLITAIRE_HOME and a home folder of their own."""
    monkeypatch.delenv("SOLITAIRE_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "ana"))
    return tmp_path / "ana"


def _pygames_folder() -> Path:
    return Path(pygame.system.get_pref_path("solitaire-team", "Solitaire"))


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rules are those of Linux and Unix")
@pytest.mark.parametrize("xdg", [None, "data", "data/"])
def test_the_folder_is_the_one_pygame_gives(player: Path, monkeypatch: pytest.MonkeyPatch, xdg: str | None) -> None:
    if xdg is not None:
        monkeypatch.setenv("XDG_DATA_HOME", str(player.parent / xdg))
    ours = data_dir()
    assert ours.is_dir() and ours == _pygames_folder()
    assert stat.S_IMODE(ours.stat().st_mode) == 0o700 and stat.S_IMODE(ours.parent.stat().st_mode) == 0o700


@pytest.mark.skipif(sys.platform == "win32", reason="the check is about Unix; Windows has no XDG")
def test_without_pygame_the_folder_is_the_same(player: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = player / ".local" / "share" / "solitaire-team" / "Solitaire"
    with monkeypatch.context() as hidden:
        for name in [name for name in sys.modules if name == "pygame" or name.startswith("pygame.")]:
            hidden.setitem(sys.modules, name, None)  # "import pygame" now raises ImportError
        assert data_dir() == expected
    assert _pygames_folder() == expected


@pytest.mark.parametrize("xdg", ["", "relative/data"])
def test_an_empty_or_relative_xdg_data_home_is_ignored_as_the_xdg_spec_says(xdg: str) -> None:
    folder = pref_path("linux", {"XDG_DATA_HOME": xdg, "HOME": "/home/ana"}, PurePosixPath("/nowhere"))
    assert folder == PurePosixPath("/home/ana/.local/share/solitaire-team/Solitaire")


def test_windows_uses_the_roaming_application_data_folder() -> None:
    home = PureWindowsPath(r"C:\Users\ana")
    assert pref_path("win32", {"APPDATA": r"D:\Profiles\ana\AppData\Roaming"}, home) == \
        PureWindowsPath(r"D:\Profiles\ana\AppData\Roaming\solitaire-team\Solitaire")
    assert pref_path("win32", {}, home) == PureWindowsPath(r"C:\Users\ana\AppData\Roaming\solitaire-team\Solitaire")


def test_macos_uses_application_support() -> None:
    folder = pref_path("darwin", {"XDG_DATA_HOME": "/ignored"}, PurePosixPath("/Users/ana"))
    assert folder == PurePosixPath("/Users/ana/Library/Application Support/solitaire-team/Solitaire")
