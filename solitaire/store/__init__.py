"""Settings, saved games and statistics as versioned JSON files that survive crashes.

Pure Python, never importing pygame, so the game and the headless tools use the same folder.
Its names are loaded on first use (``core/exports.py``): the window reads its few settings
(``window_settings``) before the rest of the store is loaded (issue 33 item 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solitaire.core.exports import lazy_exports

if TYPE_CHECKING:
    from solitaire.store.atomic import DamagedFileError, read_json, write_json_atomic
    from solitaire.store.home import data_dir
    from solitaire.store.modes import game_choices, mode_key
    from solitaire.store.notices import Notice
    from solitaire.store.settings import Settings
    from solitaire.store.stats import ModeStats, Result
    from solitaire.store.store import Outcome, Store

_WHERE = {
    **dict.fromkeys(("DamagedFileError", "read_json", "write_json_atomic"), "atomic"),
    "data_dir": "home",
    **dict.fromkeys(("game_choices", "mode_key"), "modes"),
    "Notice": "notices",
    "Settings": "settings",
    **dict.fromkeys(("ModeStats", "Result"), "stats"),
    **dict.fromkeys(("Outcome", "Store"), "store"),
}

__all__ = sorted(_WHERE)
__getattr__, __dir__ = lazy_exports(__name__, _WHERE)
