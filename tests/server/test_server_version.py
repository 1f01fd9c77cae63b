"""The duel server names the game's version (issue 37 item 2): in the ``listening`` line
``game.py server`` prints when ready, in its welcome to a player, and in its refusal of a game
that speaks another protocol version."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from solitaire import __version__
from solitaire.net.online_messages import VERSION
from tests.server.helpers import Raw, running_server

ROOT = Path(__file__).resolve().parents[2]


def test_the_listening_line_names_the_version(tmp_path):
    process = subprocess.Popen([sys.executable, "game.py", "server", "--data", str(tmp_path), "--listen", "127.0.0.1",
                                "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = json.loads(process.stdout.readline() if process.stdout else "null")
    finally:
        process.terminate()
        process.wait(10)
    assert line["version"] == __version__ and line["listening"].startswith("ws://127.0.0.1:")


def test_the_welcome_names_the_version_and_an_older_game_is_told_it(tmp_path):
    with running_server(tmp_path) as (url, _):
        welcome = Raw(url).hello("Ann")
        assert welcome["type"] == "welcome" and welcome["server"] == __version__
        older = Raw(url)
        older.say({"type": "hello", "version": VERSION - 1, "key": "k" * 32, "name": "Old"})
        refused = older.hear()
        assert refused["reason"] == "version" and f"Solitaire {__version__}" in refused["detail"]
