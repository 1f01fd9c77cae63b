"""Where the player's files live.

The store is used by headless tools too, so pygame is imported only here, only when needed, and
its absence is not an error.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

HOME_VARIABLE = "SOLITAIRE_HOME"
ORGANISATION = "solitaire-team"
APPLICATION = "Solitaire"


def data_dir() -> Path:
    """Return the per-user data folder, creating it if missing.

    `SOLITAIRE_HOME` wins so tests, portable installs and players with special needs can choose;
    otherwise SDL's per-user folder (the platform's convention, and never inside a PyInstaller
    bundle), and without pygame the XDG convention. A folder that cannot be created is returned
    anyway: the game must still start, and the Store tells the player when it cannot save there.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        folder = Path(override).expanduser()
    else:
        folder = _platform_dir()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def _platform_dir() -> Path:
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from pygame.system import get_pref_path

        return Path(get_pref_path(ORGANISATION, APPLICATION))
    except (ImportError, RuntimeError):
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(xdg) / "solitaire"
