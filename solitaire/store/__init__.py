"""Settings, saved games and statistics as versioned JSON files that survive crashes.

Pure Python, never importing pygame, so the game and the headless tools use the same folder.
"""

from solitaire.store.atomic import DamagedFileError, read_json, write_json_atomic
from solitaire.store.home import data_dir
from solitaire.store.modes import game_choices, mode_key
from solitaire.store.notices import Notice
from solitaire.store.settings import Settings
from solitaire.store.stats import ModeStats, Result
from solitaire.store.store import Outcome, Store

__all__ = ["DamagedFileError", "game_choices", "ModeStats", "Notice", "Outcome", "Result", "Settings", "Store", "data_dir",
           "mode_key", "read_json", "write_json_atomic"]
