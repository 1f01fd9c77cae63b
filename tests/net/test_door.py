"""The host's door (issue 15): only one peer, presenting the secret, is let in; garbage, an
over-long line, another protocol version, a wrong secret, a flood and silence are each refused
and closed without disturbing the wait, and a proper opponent can join afterwards."""

from __future__ import annotations

import socket

import pytest

from solitaire.net.code import DuelAddress
from solitaire.net.framing import MAX_LINE
from solitaire.net.host import MAX_WAITING, PortBusy, listen
from solitaire.net.messages import VERSION
from solitaire.net.rival import NetworkRival
from tests.net.helpers import LOCAL, QUICK, FakeClock, hello_line, host, join, pump, raw, replies


def notices(rival):
    return [n.key for n in rival.lobby().notices]


def a_proper_opponent_still_joins(ann, clock):
    bob = join(ann, clock)
    pump(lambda: ann.lobby().state == bob.lobby().state == "started", ann, bob, clock=clock, step=0.01)
    assert ann.name == "Bob"
    bob.close()


def refused(ann, clock, data: bytes, key: str) -> list[dict]:
    """Send ``data`` on a raw connection; the host notes ``key``, closes, and keeps waiting."""
    before = len(ann.link.host.notices)
    sock = raw(ann.address.port)
    sock.sendall(data)
    pump(lambda: len(ann.lobby().notices) > before, ann, clock=clock, step=0.01)
    assert notices(ann)[-1] == key
    assert ann.lobby().state == "waiting"
    return replies(sock)


@pytest.mark.parametrize("data,key", [
    (b"GET / HTTP/1.1\r\n\r\n", "net.error.garbage"),
    (b"\xff\xfe\xfd\n", "net.error.garbage"),
    (b'{"type": "beat"}\n', "net.error.garbage"),  # anything but a hello first
    (b'{"type": "hello", "version": 2, "name": "Eve", "have": 0, "secret": "AAAAAAA", "x": 1}\n', "net.error.garbage"),
    (b"x" * (MAX_LINE + 10), "net.error.too_long"),
], ids=["http", "bad-utf8", "beat-first", "extra-field", "too-long"])
def test_garbage_is_closed_and_the_host_waits_on(data, key):
    clock = FakeClock()
    ann = host(clock)
    refused(ann, clock, data, key)
    a_proper_opponent_still_joins(ann, clock)
    ann.close()


def test_another_version_is_told_ours_and_the_host_names_both():
    clock = FakeClock()
    ann = host(clock)
    answer = refused(ann, clock, hello_line(ann.address.secret, version=VERSION + 1), "net.notice.version")
    assert answer == [{"type": "refused", "reason": "version", "version": VERSION}]
    assert ann.lobby().notices[-1].params == {"theirs": VERSION + 1, "ours": VERSION}
    a_proper_opponent_still_joins(ann, clock)
    ann.close()


@pytest.mark.parametrize("answer", [
    b'{"type": "refused", "reason": "version", "version": 1}\n',
    b'{"type": "hello", "version": 1, "name": "Old", "have": 0}\n',
])
def test_a_joiner_told_another_version_names_both(answer):
    """A host of another version, whether it refuses us or greets us in its own version."""
    clock = FakeClock()
    server = listen(0, LOCAL, exact=True)
    server.setblocking(True)
    bob = NetworkRival.join(DuelAddress(LOCAL, server.getsockname()[1], "AAAAAAA"), "Bob", clock=clock, timing=QUICK)
    bob.lobby()
    conn, _ = server.accept()
    conn.settimeout(5)
    assert b'"hello"' in conn.recv(4096)
    conn.sendall(answer)
    pump(lambda: bob.lobby().state == "failed", bob)
    assert bob.lobby().failure.key == "net.fail.version"
    assert bob.lobby().failure.params == {"theirs": 1, "ours": VERSION}
    conn.close(), server.close()


def test_a_wrong_secret_is_refused_on_both_sides():
    clock = FakeClock()
    ann = host(clock)
    wrong = DuelAddress(LOCAL, ann.address.port, "AAAAAAA" if ann.address.secret != "AAAAAAA" else "CCCCCCC")
    eve = NetworkRival.join(wrong, "Eve", clock=clock, timing=QUICK)
    pump(lambda: eve.lobby().state == "failed", ann, eve, clock=clock, step=0.01)
    assert eve.lobby().failure.key == "net.fail.secret"
    assert notices(ann) == ["net.notice.wrong_secret"]
    a_proper_opponent_still_joins(ann, clock)
    ann.close()


def test_only_one_opponent_is_let_in():
    clock = FakeClock()
    ann = host(clock)
    bob = join(ann, clock)
    pump(lambda: ann.lobby().state == "started", ann, bob, clock=clock, step=0.01)
    carl = join(ann, clock, name="Carl")
    pump(lambda: carl.lobby().state == "failed", ann, bob, carl, clock=clock, step=0.01)
    assert carl.lobby().failure.key == "net.fail.busy"
    assert ann.name == "Bob" and ann.link.connected and bob.link.connected
    ann.close(), bob.close()


def test_a_flood_of_messages_is_cut_off():
    clock = FakeClock()
    ann = host(clock)
    refused(ann, clock, hello_line(ann.address.secret) + b'{"type":"beat"}\n' * 5000, "net.error.flood")
    a_proper_opponent_still_joins(ann, clock)
    ann.close()


def test_a_flood_of_connections_is_turned_away_and_silence_dropped():
    clock = FakeClock()
    ann = host(clock)
    crowd = []
    for _ in range(MAX_WAITING + 4):  # the host lets them in as it polls, as it would in its frames
        crowd.append(raw(ann.address.port))
        ann.lobby()
    pump(lambda: "net.error.flood" in notices(ann), ann)
    clock.advance(QUICK.hello + 0.1)
    pump(lambda: notices(ann).count("net.error.silent") == MAX_WAITING, ann)
    assert ann.lobby().state == "waiting"
    a_proper_opponent_still_joins(ann, clock)
    for sock in crowd:
        sock.close()
    ann.close()


def test_a_peer_that_leaves_before_the_race_frees_the_place():
    clock = FakeClock()
    ann = host(clock)
    sock = raw(ann.address.port)
    sock.sendall(hello_line(ann.address.secret))
    pump(lambda: ann.lobby().state == "syncing", ann, clock=clock, step=0.01)
    sock.close()
    pump(lambda: ann.lobby().state == "waiting", ann, clock=clock, step=0.01)
    assert notices(ann)[-1] == "net.notice.left"
    a_proper_opponent_still_joins(ann, clock)
    ann.close()


def test_a_busy_port_moves_on_unless_it_was_asked_for():
    taken = listen(0, LOCAL, exact=True)
    port = taken.getsockname()[1]
    with pytest.raises(PortBusy):
        listen(port, LOCAL, exact=True)
    other = listen(port, LOCAL)
    assert other.getsockname()[1] != port
    other.close(), taken.close()


def test_a_host_that_is_not_there_fails_the_join_in_a_line():
    server = socket.socket()
    server.bind((LOCAL, 0))
    port = server.getsockname()[1]
    server.close()  # nothing listens here now
    clock = FakeClock()
    bob = NetworkRival.join(DuelAddress(LOCAL, port, "AAAAAAA"), "Bob", clock=clock, timing=QUICK)
    pump(lambda: bob.lobby().state == "failed", bob, clock=clock, step=0.01)
    assert bob.lobby().failure.key in ("net.error.unreachable", "net.error.dropped")


def test_the_code_tells_the_address_the_system_would_send_from():
    from solitaire.net.host import lan_address

    assert lan_address(LOCAL) == LOCAL  # towards ourselves: the loopback; no packet is sent
