"""What makes the duel server's moves cheap (issue 25's figures) keeps its behaviour: frames
written by the server are websockets' own, the server's loop is uvloop only when installed,
and the benchmark's simulated players still race a server. Speed itself is measured by
``python game.py bench --server``, never asserted here."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, Side, State

from solitaire.server import loop
from solitaire.server.bench import ServerProcess, _behind
from solitaire.server.bench_cluster import queued_seconds
from solitaire.server.wire import text_frame

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 4096, 65535, 65536, 70000])
def test_a_text_frame_is_the_one_websockets_would_write_and_its_client_reads_it(size):
    payload = b"a" * size
    assert text_frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
    client = Protocol(Side.CLIENT, state=State.OPEN, max_size=None)
    client.receive_data(text_frame(payload))
    [frame] = client.events_received()
    assert frame.opcode is Opcode.TEXT and frame.fin and frame.data == payload


def test_the_server_loop_is_asyncio_without_uvloop(monkeypatch):
    monkeypatch.setattr(loop, "uvloop", None)
    assert loop.loop_factory() is asyncio.new_event_loop and loop.loop_name() == "asyncio"
    made = loop.loop_factory()()
    assert isinstance(made, asyncio.BaseEventLoop)
    made.close()


def test_the_server_loop_is_uvloop_when_installed():
    uvloop = pytest.importorskip("uvloop")
    assert loop.loop_factory() is uvloop.new_event_loop and loop.loop_name() == "uvloop"


def test_a_process_of_a_cluster_runs_on_asyncio(monkeypatch):
    monkeypatch.setattr(loop, "uvloop", object())  # installed or not: a cluster's process is on asyncio's
    assert loop.loop_factory(alone=False) is asyncio.new_event_loop and loop.loop_name(alone=False) == "asyncio"


def test_the_benchmarks_simulated_players_race_a_server(tmp_path):
    """``bench --server``'s load generator (``bench_players``) opens duels on a real server
    and measures its moves' round trips."""
    server = ServerProcess(tmp_path / "duels", 60)
    players = subprocess.Popen([sys.executable, "-m", "solitaire.server.bench_players", server.url],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        answers = players.communicate("add 2\nmeasure 2.5\n", timeout=60)[0].splitlines()
    finally:
        players.kill()
        server.stop()
    added, measured = map(json.loads, answers)
    assert added == {"duels": 2}
    assert measured["moves"] >= 4 and measured["stopped"] == 0  # 4 players, a move a second each
    assert 0 < measured["p50"] <= measured["p99"]


def test_the_bench_says_why_a_step_did_not_hold():
    def window(stopped=0, why=(), queued=0.3):
        return {"stopped": stopped, "why": list(why), "server_queued": queued}

    held = [window(), window(), window()]
    assert _behind(0.050, 2000.0, 1000, held) == ""
    assert _behind(0.050, 2000.0, 1000, [window(), window(2, ["the server closed the connection"]), window()]) \
        == "2 simulated players stopped (the server closed the connection)"
    slow = _behind(0.172, 3000.0, 1500, held)
    assert slow.startswith("move round trip p99 172 ms > 100 ms") and "waited for a CPU 30% of the time" in slow
    assert _behind(0.050, 1200.0, 1000, held) == "1200 moves/s answered, fewer than the 2000 played"


def test_the_bench_reads_how_long_a_process_waited_for_a_cpu():
    before = queued_seconds(os.getpid())
    sum(range(200_000))  # some running, perhaps some waiting
    assert 0.0 <= before <= queued_seconds(os.getpid())
