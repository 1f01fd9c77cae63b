"""A player waiting for a race keeps their place when their server process stops (issue 25): on
SIGTERM a process of a cluster closes every socket with 1012 and empties its queue and rooms; the
waiting player (``net.online_wait.WaitingPlace``) connects again through the load balancer to the
other process, is waiting there again — the queue with its wait kept, a room under its code — and
is then matched. Each test starts its own ``nats-server`` and processes on 127.0.0.1."""

from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from solitaire.net.online import OnlineClient, new_key
from solitaire.net.online_messages import Matched, Queued, RoomMade, Welcome
from solitaire.net.online_wait import PlaceLost, Rejoining, WaitingPlace
from tests.server.cluster_helpers import Balancer, ServerProcess, nats_server, two_processes

OPTIONS = ("--race-seconds", "20", "--count-seconds", "0.2")


@contextmanager
def behind_a_balancer(data: Path) -> Iterator[tuple[ServerProcess, Balancer]]:
    """``two_processes`` behind the tests' load balancer (its first connection goes to the first
    process): the first, and the balancer."""
    with two_processes(data, *OPTIONS) as (first, second):
        balancer = Balancer([first.port, second.port])
        try:
            yield first, balancer
        finally:
            balancer.close()


def waiting(url: str, name: str, mode: str) -> WaitingPlace:
    """A player admitted on ``url``'s server, about to wait in ``mode``."""
    client = OnlineClient(url, new_key(), name)
    client.start()
    place = WaitingPlace(client, mode)
    heard_until(place, Welcome)
    return place


def heard_until(place: WaitingPlace, kind: type, seconds: float = 20.0) -> tuple[Any, list[Any]]:
    """Poll ``place`` as a frame would until a ``kind`` comes: it, and everything heard before."""
    heard: list[Any] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for message in place.poll():
            if isinstance(message, kind):
                return message, heard
            heard.append(message)
        time.sleep(0.02)
    raise AssertionError(f"no {kind.__name__} in {seconds} s; heard {heard}")


def test_a_player_in_the_queue_of_a_stopped_process_waits_on_the_other_with_the_wait_kept_and_is_matched(tmp_path):
    with behind_a_balancer(tmp_path / "data") as (first, balancer):  # Ann on the first
        ann = waiting(balancer.url, "Ann", "find")
        ann.find()
        heard_until(ann, Queued)
        time.sleep(1.5)
        ann.poll()  # the wait screen's reports meanwhile
        before = ann.queued.waited  # the server's figure (ours, counted on, may run ahead of it)
        first.stop()  # SIGTERM: 1012 to Ann, the first's queue emptied
        heard_until(ann, Rejoining)
        again, heard = heard_until(ann, Queued)
        assert [type(m) for m in heard] == [Welcome]  # one notice, then back in
        assert again.waited >= before > 1.0  # the wait screen's count goes on
        bob = waiting(balancer.url, "Bob", "find")  # the first is gone: the second
        bob.find()
        matched = [heard_until(place, Matched)[0] for place in (ann, bob)]
        assert matched[0].duel == matched[1].duel and matched[0].opponent["name"] == "Bob"
        for place in (ann, bob):
            place.leave()


def test_a_room_made_on_a_stopped_process_is_made_again_under_its_code_and_the_friend_joins_it(tmp_path):
    with behind_a_balancer(tmp_path / "data") as (first, balancer):
        ann = waiting(balancer.url, "Ann", "room")
        ann.make_room()
        code = heard_until(ann, RoomMade)[0].code
        first.stop()
        heard_until(ann, Rejoining)
        again, heard = heard_until(ann, RoomMade)
        assert again.code == code and [type(m) for m in heard] == [Welcome]
        bob = waiting(balancer.url, "Bob", "join")
        bob.join_room(code)
        matched = [heard_until(place, Matched)[0] for place in (ann, bob)]
        assert matched[0].duel == matched[1].duel and matched[1].opponent["name"] == "Ann"
        for place in (ann, bob):
            place.leave()


def test_a_place_whose_server_never_comes_back_is_lost_once_after_the_comeback_window(tmp_path, monkeypatch):
    monkeypatch.setattr("solitaire.net.online_wait.COMEBACK_SECONDS", 2.0)
    with nats_server() as nats:
        only = ServerProcess(tmp_path / "data", nats, *OPTIONS)
        try:
            ann = waiting(only.url, "Ann", "find")
            ann.find()
            heard_until(ann, Queued)
        finally:
            only.stop()
        lost, heard = heard_until(ann, PlaceLost, 10)
        assert lost.seconds == 2.0 and [type(m) for m in heard if not isinstance(m, Queued)] == [Rejoining]
        time.sleep(1.5)
        assert ann.poll() == []  # one notice, one end: no loop of errors after
