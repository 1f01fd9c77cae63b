"""Two game processes duel over 127.0.0.1 to the end (issue 15's command-line contract, on issue
25's server): the host's game runs the duel server and prints its duel code first (address, port
and room, never the deal), the joiner joins with it, both play ``--autoplay`` on the server's
deal and the host's race length, and each prints the result line from its own side; the two
agree, and the duel is unrated."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

from solitaire.net.code import DuelAddress, parse_address

ROOT = Path(__file__).resolve().parent.parent


def game(home: Path, *argv: str) -> subprocess.Popen:
    env = {"SOLITAIRE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    return subprocess.Popen([sys.executable, str(ROOT / "game.py"), "--smoke", "--autoplay", "easy", "--fast", *argv],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def mirrored(side: dict) -> dict:
    return {**side, "you": side["opponent"], "opponent": side["you"], "opponent_name": "Ann",
            "winner": {"you": "opponent", "opponent": "you", "tie": "tie"}[side["winner"]]}


def test_two_processes_duel_on_this_machine_and_agree(tmp_path):
    host = game(tmp_path / "host", "--duel", "host:0", "--listen", "127.0.0.1", "--race-seconds", "6",
                "--name", "Ann")
    joiner = None
    try:
        first = json.loads(host.stdout.readline())
        assert set(first) == {"duel_code", "port"} and first["port"] > 0
        address = parse_address(first["duel_code"])
        assert (address.host, address.port) == ("127.0.0.1", first["port"])
        joiner = game(tmp_path / "join", "--duel", f"join:{first['duel_code']}", "--name", "Bob")
        joined_out, joined_err = joiner.communicate(timeout=120)
        hosted_out, hosted_err = host.communicate(timeout=60)
    finally:
        for process in (host, joiner):
            if process is not None and process.poll() is None:
                process.kill()
    assert host.returncode == 0 and joiner.returncode == 0, hosted_err + joined_err
    hosted = json.loads(hosted_out.strip())
    joined = json.loads(joined_out.strip().splitlines()[-1])
    assert hosted["code"] is None and hosted["opponent_name"] == "Bob"  # the server deals: no code to tell
    assert joined == mirrored(hosted)  # the same totals and winner, each from its own side
    assert hosted["rating"] == {} and hosted["why"] == ""  # a duel on the network moves no rating
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


def test_a_code_with_no_host_behind_it_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as probe:  # a port of this machine nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    joiner = game(tmp_path / "join", "--duel", f"join:{DuelAddress('127.0.0.1', port, 'K7QXM').code}")
    out, err = joiner.communicate(timeout=60)
    assert joiner.returncode == 2 and out == ""
    assert err.count("\n") == 1 and f"no connection to ws://127.0.0.1:{port}" in err and "Traceback" not in err


def test_a_room_not_open_on_the_host_is_one_line_and_exit_2(tmp_path):
    host = game(tmp_path / "host", "--duel", "host:0", "--listen", "127.0.0.1", "--race-seconds", "3")
    try:
        first = json.loads(host.stdout.readline())
        real = parse_address(first["duel_code"])
        wrong = DuelAddress(real.host, real.port, "ZZZZZ" if real.room != "ZZZZZ" else "YYYYY")
        joiner = game(tmp_path / "join", "--duel", f"join:{wrong.code}")
        out, err = joiner.communicate(timeout=60)
    finally:
        host.kill()
        host.wait(10)
    assert joiner.returncode == 2 and out == ""
    assert err.count("\n") == 1 and "refused (no_room)" in err and "Traceback" not in err
