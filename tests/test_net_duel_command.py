"""Two game processes duel over 127.0.0.1 to the end (issue 15's command-line contract): the host
prints its duel code first, the joiner joins with it, both play ``--autoplay`` on the host's deal
and race length, and each prints the result line from its own side; the two agree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def game(home: Path, *argv: str) -> subprocess.Popen:
    env = {"SOLITAIRE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    return subprocess.Popen([sys.executable, str(ROOT / "game.py"), "--smoke", "--autoplay", "easy", "--fast", *argv],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def mirrored(side: dict) -> dict:
    return {"code": side["code"], "you": side["opponent"], "opponent": side["you"],
            "winner": {"you": "opponent", "opponent": "you", "tie": "tie"}[side["winner"]]}


def test_two_processes_duel_on_this_machine_and_agree(tmp_path):
    host = game(tmp_path / "host", "--duel", "host:0", "--listen", "127.0.0.1", "--race-seconds", "20",
                "--code", "DU2-D3N-AAAAAAB")
    joiner = None
    try:
        first = json.loads(host.stdout.readline())
        assert set(first) == {"duel_code", "port"} and first["port"] > 0
        joiner = game(tmp_path / "join", "--duel", f"join:{first['duel_code']}")
        joined_out, joined_err = joiner.communicate(timeout=120)
        hosted_out, hosted_err = host.communicate(timeout=60)
    finally:
        for process in (host, joiner):
            if process is not None and process.poll() is None:
                process.kill()
    assert host.returncode == 0 and joiner.returncode == 0, hosted_err + joined_err
    hosted = json.loads(hosted_out.strip())
    joined = json.loads(joined_out.strip().splitlines()[-1])
    assert hosted["code"] == "DU2-D3N-AAAAAAB"
    assert joined == mirrored(hosted)  # the same totals and winner, each from its own side
    for side in (hosted["you"], hosted["opponent"]):
        assert side["total"] == side["score"] + side["bonus"]
    assert "Traceback" not in hosted_err + joined_err


def test_a_joiner_killed_mid_race_leaves_the_host_to_finish_alone(tmp_path):
    host = game(tmp_path / "host", "--duel", "host:0", "--listen", "127.0.0.1", "--race-seconds", "6")
    joiner = None
    try:
        first = json.loads(host.stdout.readline())
        joiner = game(tmp_path / "join", "--duel", f"join:{first['duel_code']}")
        for _ in range(100):  # about 5 s: into the race (after its 3-2-1), before its end
            if host.poll() is not None:
                break
            try:
                joiner.wait(timeout=0.05)
                break
            except subprocess.TimeoutExpired:
                pass
        joiner.kill()  # no bye: the line just goes dead
        hosted_out, hosted_err = host.communicate(timeout=60)
    finally:
        for process in (host, joiner):
            if process is not None and process.poll() is None:
                process.kill()
    assert host.returncode == 0, hosted_err
    hosted = json.loads(hosted_out.strip())
    assert hosted["opponent"]["ended"] in ("end", "time", "won") and "Traceback" not in hosted_err
