"""A duel hosted in the game (issue 25 item 6): the duel server on a thread of the host's
process, a private room there, and the friend joining with the duel code. The same server, the
same referee and the same checks as online; on 127.0.0.1 only."""

from __future__ import annotations

import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire.net.code import DuelAddress, parse_address
from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, RoomMade, Welcome
from solitaire.server.hosted import HostedServer, PortBusy
from tests.server.helpers import LOCAL, QUICK, Raw
from tests.server.test_online_client import next_of
from tests.server.test_server_online import check_cards_only_once_turned

RACE = replace(QUICK, race_seconds=30)
ROOT = Path(__file__).resolve().parents[2]


def host_here(settings=RACE) -> HostedServer:
    return HostedServer(LOCAL, 0, settings=settings).start()


def hosting_client(server: HostedServer, name: str = "Ann") -> tuple[OnlineClient, str]:
    """The host's own game on its server: admitted, a room made; (client, duel code)."""
    client = OnlineClient(server.url, new_key(), name, hosting=server)
    client.start()
    next_of(client, Welcome)
    client.make_room()
    room = next_of(client, RoomMade).code
    return client, DuelAddress(server.address, server.port, room).code


def stopped(server: HostedServer, seconds: float = 5.0) -> bool:
    server.thread.join(seconds)
    return not server.alive and not any(t.name == "duel-server" and t.is_alive() for t in threading.enumerate())


def test_a_host_in_the_game_and_a_friend_with_its_code_race_to_agreeing_results():
    server = host_here()
    ann, code = hosting_client(server)
    address = parse_address(code)
    assert (address.host, address.port, address.url) == (LOCAL, server.port, server.url)
    bob = Raw(address.url)  # the friend, every message it hears kept
    try:
        assert bob.hello("Bob")["type"] == "welcome"
        bob.say({"type": "room", "code": address.room})
        matched = bob.hear_type("matched")
        assert matched["opponent"]["name"] == "Ann" and matched["opponent"]["tier"] == ""  # no tier: unrated
        deal = server.duel_server.duels[matched["duel"]].code
        mine = OnlineDuel(ann, next_of(ann, Matched))
        while not mine.ready:
            mine.update(wait=0.05)
        for _ in range(3):
            mine.play("s")
            while not mine.ready:
                mine.update(wait=0.05)
        for n in (1, 2):
            bob.say({"type": "move", "n": n, "move": "s"})
            assert bob.hear_type("ok")["n"] == n
        mine.end()
        bob.say({"type": "end"})
        told = bob.hear_type("result")
        while mine.result is None:
            mine.update(wait=0.05)
    finally:
        bob.close()
        ann.close()
    assert mine.result.you == told["opponent"] and mine.result.opponent == told["you"]
    assert {mine.result.winner, told["winner"]} in ({"tie"}, {"you", "opponent"})
    assert told["rating"] == {} and mine.result.rating == {} and told["tier"] == ""  # unrated
    assert server.duel_server.written == 0 and server.duel_server.store.counts()["duels"] == 0
    for heard in bob.heard:  # the friend never holds the deal nor a face-down card
        assert str(deal.deal) not in heard and f"{deal.deal:x}" not in heard and "DU2-" not in heard
    check_cards_only_once_turned(bob.heard, deal, ["s", "s"])
    assert stopped(server)  # the host's client closed: its server with it


def test_a_hosted_server_has_private_rooms_only():
    """No queue, recorded run, leaderboard or daily board on a server in a player's game."""
    server = host_here()
    raw = Raw(server.url)
    try:
        raw.hello("Eve")
        for ask in ({"type": "find"}, {"type": "recorded"}, {"type": "board"},
                    {"type": "daily_board", "game": "klondike", "draw": 1, "day": "2026-12-02"}):
            raw.say(ask)
            assert raw.hear() == {"type": "refused", "reason": "rooms_only",
                                  "detail": "this duel server has private rooms only"}
        raw.say({"type": "room", "code": "ZZZZZ"})
        assert raw.hear()["reason"] == "no_room"
    finally:
        raw.close()
        server.stop()
    assert stopped(server)


def test_the_host_leaving_mid_race_stops_the_server_and_the_friend_is_told():
    server = host_here()
    ann, code = hosting_client(server)
    bob = Raw(parse_address(code).url)
    try:
        bob.hello("Bob")
        bob.say({"type": "room", "code": parse_address(code).room})
        bob.hear_type("matched")
        next_of(ann, Matched)
        ann.close()  # the host leaves the race (or quits): its server stops, the race ends now
        result = bob.hear_type("result")
    finally:
        bob.close()
    assert result["why"] == "server_stopped" and result["rating"] == {}
    assert stopped(server)


def test_a_port_taken_is_one_clear_error_and_leaves_no_thread():
    first = host_here()
    try:
        with pytest.raises(PortBusy, match=f"port {first.port} is in use"):
            HostedServer(LOCAL, first.port, exact_port=True).start()
    finally:
        first.stop()
    assert stopped(first)


def test_hosting_needs_only_what_playing_installs():
    """A player's install (requirements.txt) has no nats-py: the server a host runs must not
    import the cluster's NATS link."""
    code = "import sys, solitaire.server.hosted; print(sorted(m for m in sys.modules if m.split('.')[0] == 'nats'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_asyncios_lost_write_warnings_are_one_counted_line_when_the_host_stops(caplog):
    """Issue 32: under a flood from a peer gone without closing, the LAN host printed asyncio's
    "socket.send() raised exception." 360 times. Here asyncio's own logger says it 360 times on the
    server's loop, as its transports do for each write to a lost connection."""
    import logging

    caplog.set_level(logging.WARNING)
    server = HostedServer("127.0.0.1", 0).start()
    said = threading.Event()
    asyncio_log = logging.getLogger("asyncio")

    def flood() -> None:
        for _ in range(360):
            asyncio_log.warning("socket.send() raised exception.")
        said.set()

    assert server._loop is not None
    server._loop.call_soon_threadsafe(flood)
    assert said.wait(10)
    server.stop()
    server.wait()
    lines = [record.getMessage() for record in caplog.records if "socket.send()" in record.getMessage()]
    assert len(lines) == 1 and lines[0].startswith("360 writes"), lines
