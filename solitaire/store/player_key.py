"""The online player's secret key: made the first time, kept in the per-user folder, never shown.

One file for the game's windows and its headless runs alike, so a player is one identity to the
duel server however they play. The server keeps only the key's hash; the key is the player's
proof of who they are (their rating, their place on the boards), so it is written atomically and
handled as the store handles its files (issue 32): a key file the system will not let us read is
left exactly as it is, and online play says so; a damaged one (not a key this game wrote: empty,
a stray byte, another encoding, too long, a FIFO) is set aside as ``online-key.txt.damaged-DATE``,
the player told once, and a new key made; a folder in its place is said in one line. A new key
that cannot be written (a full disk, a read-only folder) is not used: a key the game forgets at
once would be a new player every time. Online play says why, and the rest of the game goes on.
"""

from __future__ import annotations

import os
import secrets
import string
from collections.abc import Callable
from pathlib import Path

from solitaire.core.files import UnusableFile, read_small_file
from solitaire.store.atomic import write_bytes_atomic
from solitaire.store.home import data_dir
from solitaire.store.reading import aside_name
from solitaire.store.writing import DISK_FULL, READ_ONLY

KEY_FILE = "online-key.txt"
MAX_KEY_BYTES = 256
MIN_KEY_LENGTH = 16
"""The game makes keys of 43 characters (32 random bytes, URL-safe); a shorter one is no key of ours."""
KEY_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


class KeyNotKept(Exception):
    """No key can be used for online play. ``reason`` is a word the interface says in the
    player's language (``online.error.key_<reason>``): ``unreadable``, ``folder``,
    ``damaged_kept``, ``read_only``, ``disk_full``, ``cannot_write``; ``detail`` the system's words."""

    SAID = {"unreadable": "cannot be read (it is left as it is)", "folder": "is a folder, not a file",
            "damaged_kept": "is damaged and cannot be set aside", "read_only": "cannot be written: read-only",
            "disk_full": "cannot be written: the disk is full", "cannot_write": "cannot be written"}
    """Each reason in a line of the command line's (the game's screens say it in the player's language)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"your online key, {KEY_FILE}, {self.SAID[reason]}" + (f" ({detail})" if detail else ""))
        self.reason, self.detail = reason, detail


def player_key(folder: Path | None = None, told: Callable[[str], None] | None = None) -> str:
    """The key kept in ``folder`` (the per-user folder), made and kept there when there is none
    or the file is damaged (set aside first; ``told`` gets the name it was set aside as).
    Raises KeyNotKept when no key can be read or kept."""
    path = (folder or data_dir()) / KEY_FILE
    try:
        data: bytes | None = read_small_file(path, MAX_KEY_BYTES)
    except FileNotFoundError:
        data = None
    except UnusableFile as error:
        if path.is_dir():
            raise KeyNotKept("folder") from error
        data = b""  # a FIFO, a device, a file too long: damaged, set aside below
    except OSError as error:
        if path.is_dir():  # Windows refuses to open a folder with EACCES
            raise KeyNotKept("folder") from error
        raise KeyNotKept("unreadable", error.strerror or str(error)) from error
    if data is not None:
        key = _key_in(data)
        if key is not None:
            return key
        aside = _set_aside(path)
        if told is not None:
            told(aside.name)
    key = secrets.token_urlsafe(32)  # 32 random bytes, as net.online.new_key makes them
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, (key + "\n").encode("ascii"))
    except OSError as error:
        reason = ("disk_full" if error.errno in DISK_FULL else "read_only" if error.errno in READ_ONLY
                  else "cannot_write")
        raise KeyNotKept(reason, error.strerror or str(error)) from error
    return key


def _key_in(data: bytes) -> str | None:
    """The key a file of ours holds (the key and a new line), or None: not one."""
    try:
        text = data.decode("ascii").strip()
    except UnicodeDecodeError:
        return None
    if len(text) < MIN_KEY_LENGTH or not set(text) <= KEY_CHARACTERS:
        return None
    return text


def _set_aside(path: Path) -> Path:
    """Rename a damaged key file so the player can recover it by hand; KeyNotKept if it cannot be
    (then no new key is written over it)."""
    aside = aside_name(path)
    try:
        os.replace(path, aside)
    except OSError as error:
        raise KeyNotKept("damaged_kept", error.strerror or str(error)) from error
    return aside
