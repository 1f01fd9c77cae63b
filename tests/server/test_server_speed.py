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
import time
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, Side, State
from websockets.server import ServerProtocol

from solitaire.server import loop
from solitaire.benches.server import ServerProcess, _behind
from solitaire.benches.server_cluster import queued_seconds
from solitaire.server.wire import text_frame, waits_between_frames, whole_text_frames
from tests.server.helpers import QUICK, Raw, met_in_a_room, running_server

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


def test_the_benchmarks_simulated_players_race_a_server(tmp_path):
    """``bench --server``'s load generator (``bench_players``) opens duels on a real server
    and measures its moves' round trips."""
    server = ServerProcess(tmp_path / "duels", 60)
    players = subprocess.Popen([sys.executable, "-m", "solitaire.benches.server_players", server.url],
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


def test_a_step_whose_players_cannot_all_connect_ends_the_run_with_the_steps_before(monkeypatch, capsys):
    """On a loaded machine the simulated players' process gave up connecting 3,000 players and
    stopped: the bench stopped with a traceback and no figure; the steps that held are its figures."""
    from solitaire.benches import server as bench

    class Players:
        def kill(self) -> None:
            pass

        def wait(self, timeout: float) -> None:
            pass

    class Server:
        urls = ["ws://127.0.0.1:1"]
        stopped = False

        def rss_mb(self) -> float:
            return 40.0

        def stop(self) -> None:
            self.stopped = True

    def ask(players: object, command: str) -> dict:
        raise RuntimeError(f"the simulated players' process stopped at {command!r}")

    monkeypatch.setattr(bench.subprocess, "Popen", lambda *args, **kwargs: Players())
    monkeypatch.setattr(bench, "_ask", ask)
    server = Server()
    assert bench._concurrent(server, (100, 250)) == (None, {})
    assert "stopped at 100 duels: the simulated players' process stopped at 'add 100'" in capsys.readouterr().out
    assert server.stopped


def test_the_bench_reads_how_long_a_process_waited_for_a_cpu():
    before = queued_seconds(os.getpid())
    sum(range(200_000))  # some running, perhaps some waiting
    assert 0.0 <= before <= queued_seconds(os.getpid())


# -- the read's fast path (``wire.whole_text_frames``, ``wire.waits_between_frames``) ------------
def client_frames(*payloads: bytes, opcode: Opcode = Opcode.TEXT, fin: bool = True) -> bytes:
    """What a client writes: masked frames."""
    return b"".join(Frame(opcode, payload, fin).serialize(mask=True, extensions=[]) for payload in payloads)


def server_side() -> Protocol:
    return ServerProtocol(state=State.OPEN, max_size=4096)


@pytest.mark.parametrize("sizes", [[0], [1], [35], [125], [126], [4096], [35, 35, 35], [0, 125, 126, 300]], ids=str)
def test_whole_text_frames_read_what_websockets_reads(sizes):
    payloads = [os.urandom(size) for size in sizes]
    data = client_frames(*payloads)
    websockets_side = server_side()
    websockets_side.receive_data(data)
    assert [frame.data for frame in websockets_side.events_received()] == payloads
    assert whole_text_frames(data, 4096) == payloads


@pytest.mark.parametrize("data", [
    client_frames(b"x" * 40)[:-1],  # a frame's last byte is still on its way
    client_frames(b"move")[:6],  # its header and mask only
    client_frames(b"move") + client_frames(b"next")[:3],  # a whole frame, then a piece
    Frame(Opcode.TEXT, b"move").serialize(mask=False, extensions=[]),  # a client must mask
    client_frames(b"move", fin=False),  # the first piece of a message
    client_frames(b"move", opcode=Opcode.BINARY),
    client_frames(b"", opcode=Opcode.PING),
    client_frames(b"", opcode=Opcode.PONG),
    client_frames(b"move") + client_frames(b"", opcode=Opcode.PONG),  # a move and a pong together
    client_frames(b"\x03\xe8", opcode=Opcode.CLOSE),
    client_frames(b"x" * 4097),  # over the largest message
    client_frames(b"x" * 70000),  # a 64-bit length
    bytes([0xC1]) + client_frames(b"move")[1:],  # a reserved bit (compression) set
], ids=lambda data: f"{len(data)}-bytes-{data[0]:02x}")  # masks are random: ids stable across xdist workers
def test_anything_but_whole_text_frames_is_left_to_websockets(data):
    assert whole_text_frames(data, 4096) is None


def test_the_parser_waits_between_frames_only_once_a_frame_is_read_to_its_end():
    protocol = server_side()
    assert waits_between_frames(protocol)
    frame = client_frames(b'{"type":"move","n":1,"move":"s"}')
    for cut in (1, 2, 6, len(frame) - 1):  # 6: the header and mask read, the buffer empty
        protocol = server_side()
        protocol.receive_data(frame[:cut])
        assert not waits_between_frames(protocol), cut
        protocol.receive_data(frame[cut:])
        assert waits_between_frames(protocol), cut
    protocol.receive_data(client_frames(b"first piece", fin=False))
    assert not waits_between_frames(protocol)  # inside a fragmented message
    protocol.receive_data(client_frames(b"", opcode=Opcode.CLOSE))
    assert not waits_between_frames(protocol)  # closing


def test_a_real_connections_whole_moves_are_read_without_websockets_parser(tmp_path, monkeypatch):
    """The fast path is taken on a real connection (a websockets upgrade that moved its parser's
    wait would quietly turn it off: this says so)."""
    parsed: list[bytes] = []
    parse = ServerConnection.data_received
    monkeypatch.setattr(ServerConnection, "data_received", lambda self, data: (parsed.append(data), parse(self, data)))
    with running_server(tmp_path) as (url, _):
        player = Raw(url)
        player.hello("M")
        parsed.clear()
        for _ in range(3):
            player.say({"type": "board"})
            assert player.hear_type("board")
        assert parsed == []  # three messages, none parsed by websockets
        player.close()
    assert parsed  # the closing frame still is


def test_moves_in_pieces_and_in_bunches_are_all_answered_in_order(tmp_path):
    """On a real server: a move written in three pieces (one cut just after its header, when
    websockets has read every byte but waits inside the frame), then two moves in one write, then
    a move and a ping in one: every move is answered, in order."""
    def move(n: int) -> bytes:
        return client_frames(json.dumps({"type": "move", "n": n, "move": "s"}).encode())

    with running_server(tmp_path) as (url, _):
        maker, friend = met_in_a_room(url)
        time.sleep(QUICK.count_seconds + 0.1)
        first = move(1)
        writes = [first[:1], first[1:6], first[6:], move(2) + move(3),
                  move(4) + client_frames(b"", opcode=Opcode.PING)]
        for data in writes:
            maker.ws.socket.sendall(data)
            time.sleep(0.05)  # each write its own read on the server
        assert [maker.hear_type("ok")["n"] for _ in range(4)] == [1, 2, 3, 4]
        maker.close()
        friend.close()


def test_the_quick_runs_last_step_is_said_to_be_its_cap_not_the_servers_ceiling(capsys):
    """Issue 32: ``bench --server --quick`` printed "150 (target >= 2000)", which read as the
    server holding no more than 150 duels."""
    from solitaire.benches.server import QUICK_STEPS, STEPS, print_best

    figures = {"cpu_per_1000": 0.5, "mb_per_1000": 40.0}
    print_best({"duels": max(QUICK_STEPS), **figures}, QUICK_STEPS)
    quick = capsys.readouterr().out
    assert "the quick run's cap" in quick and f"up to {max(STEPS)}" in quick
    print_best({"duels": 1500, **figures}, STEPS)
    assert "1500 (target >= 2000)" in capsys.readouterr().out
