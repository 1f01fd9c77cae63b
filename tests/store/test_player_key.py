"""The online player's key (issue 25 item 4): made once, kept, one identity for windows and
headless runs; a damaged or odd key file never stops a duel."""

from __future__ import annotations

import errno
import os
import stat
from urllib.parse import urlparse

import pytest

from solitaire.store import player_key as player_key_module

from solitaire.server.cli import DEFAULT_PORT
from solitaire.store.player_key import KEY_FILE, KeyNotKept, player_key
from solitaire.store.settings import DEFAULT_ONLINE_SERVER


def test_the_key_is_made_once_and_kept(tmp_path):
    first = player_key(tmp_path)
    assert len(first) >= 40 and first == player_key(tmp_path)
    assert (tmp_path / KEY_FILE).read_text("ascii").strip() == first


DAMAGED = {
    "empty": b"",
    "spaces": b"   \n",
    "a stray byte": b"\xff" + b"A" * 43 + b"\n",
    "utf-16": ("B" * 43).encode("utf-16"),
    "too long": b"C" * 300,
    "a space inside": b"D" * 20 + b" " + b"D" * 22 + b"\n",
    "too short": b"E\n",
}


@pytest.mark.parametrize("content", list(DAMAGED.values()), ids=list(DAMAGED))
def test_a_damaged_key_file_is_set_aside_told_once_and_a_new_key_kept(tmp_path, content):
    """Issue 32: it was replaced without a copy, and the player's online identity with it."""
    (tmp_path / KEY_FILE).write_bytes(content)
    told: list[str] = []
    key = player_key(tmp_path, told.append)
    assert key == player_key(tmp_path, told.append) and len(told) == 1
    assert (tmp_path / told[0]).read_bytes() == content and told[0].startswith(KEY_FILE + ".damaged-")
    assert (tmp_path / KEY_FILE).read_text("ascii") == key + "\n"


def test_a_fifo_as_the_key_file_is_no_hang_and_is_set_aside(tmp_path):
    os.mkfifo(tmp_path / KEY_FILE)  # opened without blocking, refused as no regular file
    told: list[str] = []
    key = player_key(tmp_path, told.append)
    assert key == (tmp_path / KEY_FILE).read_text("ascii").strip()
    assert stat.S_ISFIFO((tmp_path / told[0]).lstat().st_mode)


def test_a_key_file_the_system_will_not_let_us_read_is_left_as_it_is(tmp_path, monkeypatch):
    """Issue 32: mode 000 (another account's file): it may be a good key; never replaced."""
    (tmp_path / KEY_FILE).write_bytes(b"K" * 43 + b"\n")

    def refused(path, limit):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(player_key_module, "read_small_file", refused)
    with pytest.raises(KeyNotKept) as problem:
        player_key(tmp_path)
    assert problem.value.reason == "unreadable" and "Permission denied" in str(problem.value)
    assert (tmp_path / KEY_FILE).read_bytes() == b"K" * 43 + b"\n"
    assert os.listdir(tmp_path) == [KEY_FILE]


def test_a_folder_in_the_key_files_place_is_one_reason(tmp_path):
    (tmp_path / KEY_FILE).mkdir()
    with pytest.raises(KeyNotKept) as problem:
        player_key(tmp_path)
    assert problem.value.reason == "folder" and (tmp_path / KEY_FILE).is_dir()


@pytest.mark.parametrize("code, reason", [(errno.ENOSPC, "disk_full"), (errno.EROFS, "read_only"),
                                          (errno.EIO, "cannot_write")])
def test_a_new_key_that_cannot_be_written_is_not_used(tmp_path, monkeypatch, code, reason):
    """Issue 32: the write raised, and the game ended with "internal error"."""
    def refused(path, data):
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(player_key_module, "write_bytes_atomic", refused)
    with pytest.raises(KeyNotKept) as problem:
        player_key(tmp_path)
    assert problem.value.reason == reason and "\n" not in str(problem.value)


def test_the_games_default_server_is_the_servers_default_port():
    assert urlparse(DEFAULT_ONLINE_SERVER).port == DEFAULT_PORT
