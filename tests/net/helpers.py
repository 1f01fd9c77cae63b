"""Two ends of a network duel in one test process, on 127.0.0.1 only, on a clock the test moves."""

from __future__ import annotations

import socket
import time
from typing import Callable

from solitaire.core import parse_code
from solitaire.net.channel import Timing
from solitaire.net.messages import VERSION
from solitaire.net.rival import NetworkRival

LOCAL = "127.0.0.1"
CODE = parse_code("DU2-D3N-AAAAAAB")
QUICK = Timing(beat=0.5, silence=3.0, hello=2.0, connect=3.0, comeback=6.0, retry=0.2, count=0.5, pings=3)


class FakeClock:
    """Protocol time: moved by the test, so silence and comebacks need no real waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def host(clock: FakeClock, name: str = "Ann", seconds: int = 240, timing: Timing = QUICK) -> NetworkRival:
    return NetworkRival.host(name, CODE, address=LOCAL, seconds=seconds, port=0, exact_port=True,
                             bind=LOCAL, clock=clock, timing=timing)


def join(rival: NetworkRival, clock: FakeClock, name: str = "Bob", timing: Timing = QUICK) -> NetworkRival:
    return NetworkRival.join(rival.address, name, clock=clock, timing=timing)


def poll(rival: NetworkRival) -> list:
    """One frame of a rival: the lobby before race time 0, the race's events after."""
    now = rival.race_clock()
    if now is None or now < 0:
        rival.lobby()
        return []
    return rival.update(now)


def pump(until: Callable[[], bool], *rivals: NetworkRival, clock: FakeClock | None = None,
         step: float = 0.0, frames: int = 3000, seen: dict | None = None) -> None:
    """Frames of every rival (and the clock moved ``step`` each) until ``until()``; a bounded
    number of frames, never a timed assertion."""
    for _ in range(frames):
        for rival in rivals:
            events = poll(rival)
            if seen is not None:
                seen.setdefault(id(rival), []).extend(events)
        if until():
            return
        if clock is not None:
            clock.advance(step)
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def raw(port: int) -> socket.socket:
    """A plain client socket to the host, for peers that misbehave."""
    sock = socket.create_connection((LOCAL, port), timeout=5)
    return sock


def send_raw(sock: socket.socket, data: bytes) -> None:
    sock.sendall(data)


def replies(sock: socket.socket) -> list[dict]:
    """Every line the host sent before closing the connection, as JSON."""
    import json

    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:  # closed with our bytes unread: what came before still counts
        pass
    sock.close()
    return [json.loads(line) for line in data.splitlines()]


def hello_line(secret: str, version: int = VERSION, name: str = "Eve", session: str | None = None) -> bytes:
    import json

    fields = {"type": "hello", "version": version, "name": name, "have": 0, "secret": secret}
    if session:
        fields["session"] = session
    return json.dumps(fields).encode() + b"\n"
