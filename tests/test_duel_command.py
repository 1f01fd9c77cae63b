"""The Duel's command line (issue 14's public contract): ``--duel computer:STRENGTH [--code …]``,
``--autoplay``, ``--fast``; a smoke duel prints one JSON line; bad values are one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_a_smoke_duel_is_played_to_its_end_and_prints_one_json_line(tmp_path):
    env = {"SOLITAIRE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "game.py"), "--smoke", "--duel", "computer:hard",
                           "--autoplay", "easy", "--fast", "--code", "DU2-D3N-AAAAAAB"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert line["code"] == "DU2-D3N-AAAAAAB" and line["winner"] in ("you", "opponent", "tie")
    for side in (line["you"], line["opponent"]):
        assert set(side) == {"score", "bonus", "total", "foundation", "ended"}
        assert side["total"] == side["score"] + side["bonus"] and side["ended"] in ("won", "end", "time")
    totals = line["you"]["total"], line["opponent"]["total"]
    assert line["winner"] == ("tie" if totals[0] == totals[1] else "you" if totals[0] > totals[1] else "opponent")


@pytest.mark.parametrize("argv, words", [
    (["--duel", "computer:ultra"], "easy, medium or hard"),
    (["--duel", "robot"], "computer:easy|medium|hard"),
    (["--duel", "host:port"], "host:PORT takes a port number"),
    (["--duel", "host:70000"], "host:PORT takes a port number"),
    (["--duel", "join:ACD"], "a duel code has 20 letters"),
    (["--duel", "join:KXAA-AAOC-MRVV-MPPV-EEHR"], "'O' is not in duel codes"),
    (["--duel", "join:1.2.3:47474:AAAAA"], "not an IPv4 address"),
    (["--duel", "join:1.2.3.4:47474:K7QX"], "the room is 5 letters"),
    (["--duel", "join:127.0.0.1:47474:AAAAA", "--race-seconds", "20"], "the host's to choose"),
    (["--duel", "join:127.0.0.1:47474:AAAAA", "--room", "K7QXM"], "--room goes with --duel online"),
    (["--duel", "host", "--code", "DU2-D3N-AAAAAAB"], "leave out --code"),
    (["--duel", "computer:easy", "--name", "Ann"], "--name goes with --duel online, host or join"),
    (["--duel", "host", "--race-seconds", "500"], "from 1 to 240"),
    (["--duel", "host", "--listen", "localhost"], "an IPv4 address"),
    (["--duel", "computer:easy", "--listen", "127.0.0.1"], "--listen goes with --duel host"),
    (["--race-seconds", "20"], "--race-seconds goes with --duel"),
    (["--autoplay", "hard"], "--autoplay goes with --duel"),
    (["--fast"], "--fast goes with --duel"),
    (["--duel", "computer:easy", "--autoplay", "godlike"], "expected easy, medium or hard"),
    (["--duel", "computer:easy", "--code", "KL1-D3N-AAAAAAB"], "a Duel code"),
    (["--duel", "computer:easy", "--code", "DU2-D3N-AAAA"], "G-3"),
    (["--duel", "computer:easy", "--scene", "title"], "leave out --scene"),
])
def test_bad_duel_values_are_one_line_and_exit_2(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    assert main(["--smoke", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_start_up_notice_does_not_stop_a_headless_duel(tmp_path):
    """Issue 23: with a damaged stats.json the notice waited for a click that never comes, and
    ``--smoke --duel computer:easy --autoplay easy --fast`` never ended. The notice is the
    log's line on stderr there; the duel is played to its end."""
    (tmp_path / "stats.json").write_text("not JSON")
    env = {"SOLITAIRE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "game.py"), "--smoke", "--duel", "computer:easy",
                           "--autoplay", "easy", "--fast", "--race-seconds", "20"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] in ("you", "opponent", "tie")
    assert "stats.json is damaged" in done.stderr and list(tmp_path.glob("stats.json.damaged-*"))
