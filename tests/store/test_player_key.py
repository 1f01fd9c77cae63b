"""The online player's key (issue 25 item 4): made once, kept, one identity for windows and
headless runs; a damaged or odd key file never stops a duel."""

from __future__ import annotations

import os
from urllib.parse import urlparse

from solitaire.server.cli import DEFAULT_PORT
from solitaire.store.player_key import KEY_FILE, player_key
from solitaire.store.settings import DEFAULT_ONLINE_SERVER


def test_the_key_is_made_once_and_kept(tmp_path):
    first = player_key(tmp_path)
    assert len(first) >= 40 and first == player_key(tmp_path)
    assert (tmp_path / KEY_FILE).read_text("ascii").strip() == first


def test_an_empty_or_unreadable_key_file_is_replaced_by_a_new_key(tmp_path):
    (tmp_path / KEY_FILE).write_bytes(b"\xff\xfe not ascii")
    key = player_key(tmp_path)
    assert key.isascii() and key == player_key(tmp_path)


def test_a_fifo_as_the_key_file_is_no_hang(tmp_path):
    os.mkfifo(tmp_path / KEY_FILE)  # opened without blocking, refused as no regular file, replaced
    key = player_key(tmp_path)
    assert key == (tmp_path / KEY_FILE).read_text("ascii").strip()


def test_the_games_default_server_is_the_servers_default_port():
    assert urlparse(DEFAULT_ONLINE_SERVER).port == DEFAULT_PORT
