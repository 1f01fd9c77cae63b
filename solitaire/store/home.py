"""Where the player's files live.

The folder is the one SDL2's ``SDL_GetPrefPath("solitaire-team", "Solitaire")`` gives (pygame's
``pygame.system.get_pref_path``), where every release so far kept the player's files, but it is
computed here without pygame: the store never imports it, so the game, the tools and the tests
always agree on the folder. SDL's rules (``src/filesystem/*/SDL_sysfilesystem.*``):

- Linux and other Unix: ``$XDG_DATA_HOME/ORG/APP``, or ``$HOME/.local/share/ORG/APP``;
- Windows: the roaming application-data folder (``%APPDATA%``) ``\\ORG\\APP``;
- macOS: ``~/Library/Application Support/ORG/APP``;

each missing folder created private to the user (mode 0700).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

HOME_VARIABLE = "SOLITAIRE_HOME"
ORGANISATION = "solitaire-team"
APPLICATION = "Solitaire"


def data_dir() -> Path:
    """Return the per-user data folder, creating it if missing.

    `SOLITAIRE_HOME` wins so tests, portable installs and players with special needs can choose;
    otherwise the platform's per-user folder (never inside a PyInstaller bundle). A folder that
    cannot be created is returned anyway: the game must still start, and the Store tells the
    player when it cannot save there.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        folder = Path(override).expanduser()
    else:
        folder = Path(pref_path(sys.platform, os.environ, Path.home()))
    with contextlib.suppress(OSError):
        _make_private(folder)
    return folder


def pref_path(platform: str, environ: Mapping[str, str], home: PurePath) -> PurePath:
    """The folder SDL's pref path names for our game on ``platform`` (a ``sys.platform`` value).

    One departure from SDL on Unix: an empty or relative ``XDG_DATA_HOME`` is ignored, as the
    XDG base-directory specification says (SDL would use the root of the disk, or a folder
    relative to wherever the game was started).
    """
    if platform == "win32":
        appdata = environ.get("APPDATA") or str(PureWindowsPath(home) / "AppData" / "Roaming")
        return PureWindowsPath(appdata) / ORGANISATION / APPLICATION
    if platform == "darwin":
        return PurePosixPath(home) / "Library" / "Application Support" / ORGANISATION / APPLICATION
    xdg = environ.get("XDG_DATA_HOME", "")
    if not PurePosixPath(xdg).is_absolute():
        xdg = str(PurePosixPath(environ.get("HOME") or home) / ".local" / "share")
    return PurePosixPath(xdg) / ORGANISATION / APPLICATION


def _make_private(folder: Path) -> None:
    """Create ``folder`` and any missing parent as SDL does: readable by the user alone."""
    missing = [path for path in (folder, *folder.parents) if not path.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
