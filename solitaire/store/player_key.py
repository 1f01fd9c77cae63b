"""The online player's secret key: made the first time, kept in the per-user folder, never shown.

One file for the game's windows and its headless runs alike, so a player is one identity to the
duel server however they play. The server keeps only the key's hash; the key is the player's
proof of who they are, so it is written atomically and read as the store reads its files.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from solitaire.core.files import read_small_file
from solitaire.store.atomic import write_bytes_atomic
from solitaire.store.home import data_dir

KEY_FILE = "online-key.txt"
MAX_KEY_BYTES = 256


def player_key(folder: Path | None = None) -> str:
    """The key kept in ``folder`` (the per-user folder), made and kept there when there is none
    or the file is unreadable."""
    path = (folder or data_dir()) / KEY_FILE
    try:
        key = read_small_file(path, MAX_KEY_BYTES).decode("ascii").strip()
        if key:
            return key
    except (OSError, ValueError):
        pass
    key = secrets.token_urlsafe(32)  # 32 random bytes, as net.online.new_key makes them
    write_bytes_atomic(path, (key + "\n").encode("ascii"))
    return key
