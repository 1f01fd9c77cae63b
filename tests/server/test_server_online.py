"""The server over WebSocket on 127.0.0.1 (issue 25 items 2 and 9): an honest duel completes
while a hostile player tries everything, and no message ever shows a card before it is turned."""

from __future__ import annotations

import json
import re
import time
from dataclasses import replace

import pytest
from websockets.exceptions import ConnectionClosed

from solitaire.core import Game, GameCode, parse_request
from solitaire.server.duel import read_deal
from solitaire.core.cards import card_text
from solitaire.net.online_messages import VERSION
from solitaire.server.lobby import WRONG_CODES
from solitaire.server.store import Store
from tests.server.helpers import QUICK, Raw, running_server

CARD = re.compile(r'"([A2-9TJQK][SHDC])"')


def visible(game: Game) -> set[str]:
    """Every card the player has seen face up so far is a subset of this (at any moment)."""
    up = {card_text(c) for cards, hidden in zip(game.tableau, game.hidden) for c in cards[hidden:]}
    up |= {card_text(c) for c in game.waste + [c for pile in game.foundations for c in pile]}
    return up


def test_an_honest_duel_completes_while_a_hostile_player_is_refused(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, server):
        hostile = Raw(url)
        assert hostile.hello("Mallory")["type"] == "welcome"
        a, b = Raw(url), Raw(url)
        assert a.hello("Ann")["type"] == b.hello("Bob")["type"] == "welcome"
        a.say({"type": "find"})
        b.say({"type": "find"})
        matched = a.hear_type("matched")
        b.hear_type("matched")
        assert "code" not in json.dumps(matched)
        for attack in ("not json", '{"type": "move", "n": 1, "move": "s", "score": 9999}',
                       '{"type": "score", "total": 5000}', '{"type": "deal", "code": "DU2-D3N-AAAAAAB"}',
                       '{"type": "move", "n": 1, "move": "t7:3>t1"}'):
            hostile.say(attack)
            assert hostile.hear()["type"] == "refused"
        time.sleep(QUICK.count_seconds + 0.05)
        a.say({"type": "move", "n": 1, "move": "t7:3>t1"})  # a face-down card: refused, with why
        refused = a.hear_type("no")
        assert refused["reason"] == "face_down" and refused["rule"]
        for n, move in enumerate(("s", "s", "s"), 1):
            a.say({"type": "move", "n": n, "move": move})
            assert a.hear_type("ok")["n"] == n
        a.say({"type": "end"})
        b.say({"type": "end"})
        results = a.hear_type("result"), b.hear_type("result")
        assert results[0]["you"] == results[1]["opponent"] and results[0]["winner"] != "none"
        assert server.store.counts()["duels"] == 1
        deal = read_deal(server.store.db.execute("SELECT code FROM duels").fetchone()[0])
        for heard in a.heard + b.heard:
            assert str(deal.deal) not in heard and f"{deal.deal:x}" not in heard
        check_cards_only_once_turned(a.heard, deal, ["s", "s", "s"])
        check_cards_only_once_turned(b.heard, deal, [])


def check_cards_only_once_turned(heard: list[str], deal: GameCode, moves: list[str]) -> None:
    """Replay what the player did on the real deal: every card in every message the server sent
    was face up on the player's table when it was sent (an Ok: once its move was played)."""
    game = Game.deal(deal)
    played = iter(moves)
    for text in heard:
        if json.loads(text)["type"] == "ok":
            game.apply(game.resolve(parse_request(next(played))))
        assert set(CARD.findall(text)) <= visible(game), text


def test_a_wrong_version_or_no_hello_is_refused_and_the_door_shuts(tmp_path):
    with running_server(tmp_path, replace(QUICK, hello_seconds=0.3)) as (url, _):
        old = Raw(url)
        old.say({"type": "hello", "version": VERSION + 1, "key": "k" * 30, "name": "Old"})
        assert old.hear()["reason"] == "version"
        silent = Raw(url)
        assert silent.hear(2)["reason"] == "hello"
        with pytest.raises(ConnectionClosed):
            silent.hear(2)
        early = Raw(url)
        early.say({"type": "move", "n": 1, "move": "s"})  # moves before a hello
        assert early.hear()["reason"] == "hello"


def test_floods_and_garbage_drop_that_player_only(tmp_path):
    with running_server(tmp_path, replace(QUICK, rate=5, burst=5)) as (url, _):
        flood = Raw(url)
        flood.hello("Flood")
        with pytest.raises(ConnectionClosed):
            for _ in range(50):
                flood.say({"type": "board"})
            while True:
                flood.hear(2)
        junk = Raw(url)
        junk.hello("Junk")
        with pytest.raises(ConnectionClosed):
            for _ in range(QUICK.garbage + 1):
                junk.say("x" * 100)
                junk.hear(2)
            junk.hear(2)
        big = Raw(url)
        big.hello("Big")
        with pytest.raises(ConnectionClosed):
            big.say("x" * 100_000)  # over the size limit: the socket closes
            big.hear(2)
        fine = Raw(url)
        assert fine.hello("Fine")["type"] == "welcome"


def test_connections_per_address_are_limited(tmp_path):
    with running_server(tmp_path, replace(QUICK, per_address=3)) as (url, _):
        kept = [Raw(url) for _ in range(3)]
        extra = Raw(url)
        with pytest.raises(ConnectionClosed):
            extra.hear(2)
        kept[0].close()
        time.sleep(0.2)
        assert Raw(url).hello("Later")["type"] == "welcome"


def test_a_private_room_and_wrong_codes_throttled(tmp_path):
    with running_server(tmp_path) as (url, _):
        maker, friend, guesser = Raw(url), Raw(url), Raw(url)
        for raw, name in ((maker, "M"), (friend, "F"), (guesser, "G")):
            raw.hello(name)
        maker.say({"type": "room", "code": ""})
        code = maker.hear_type("room_made")["code"]
        friend.say({"type": "room", "code": code})
        assert friend.hear_type("matched")["opponent"]["name"] == "M"
        maker.say({"type": "room", "code": ""})  # racing: no room now
        assert maker.hear_type("refused")["reason"] == "busy"
        guesser.say({"type": "room", "code": code})  # used up
        assert guesser.hear()["reason"] == "no_room"
        for _ in range(WRONG_CODES - 1):
            guesser.say({"type": "room", "code": "QQQQQ"})
            assert guesser.hear()["reason"] == "no_room"
        guesser.say({"type": "room", "code": "QQQQQ"})
        assert guesser.hear()["reason"] == "throttled"  # every try from that address, for a minute


def test_a_race_in_progress_when_the_server_stops_ends_at_that_moment(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=60)) as (url, server):
        a, b = Raw(url), Raw(url)
        a.hello("A")
        b.hello("B")
        a.say({"type": "find"})
        b.say({"type": "find"})
        a.hear_type("matched")
        b.hear_type("matched")
    result = a.hear_type("result")
    assert result["why"] == "server_stopped" and result["you"]["ended"] == "end"
    assert Store(tmp_path).counts()["duels"] == 1


def test_a_dropped_player_comes_back_to_the_race_within_the_window(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=30, comeback_seconds=0.5)) as (url, server):
        key = "k" * 40
        a, b = Raw(url), Raw(url)
        a.hello("A", key)
        b.hello("B")
        a.say({"type": "room", "code": ""})
        b.say({"type": "room", "code": a.hear_type("room_made")["code"]})
        a.hear_type("matched")
        b.hear_type("matched")
        time.sleep(QUICK.count_seconds + 0.05)
        a.say({"type": "move", "n": 1, "move": "s"})
        a.hear_type("ok")
        a.close()
        assert rival_until(b, lambda m: m["away"])["moves"] == 1
        again = Raw(url)
        again.hello("A", key)
        seat = again.hear_type("matched")
        duel = next(iter(server.duels.values()))
        assert seat["moves"] == 1 and seat["table"] == duel.table(0) and seat["starts_in"] < 0
        rival_until(b, lambda m: not m["away"])
        again.say({"type": "move", "n": 2, "move": "s"})
        assert again.hear_type("ok")["n"] == 2
        again.close()  # gone for longer than the window: its game ends
        rival_until(b, lambda m: m["away"])
        assert rival_until(b, lambda m: m["ended"])["moves"] == 2


def test_a_player_back_after_the_race_was_decided_is_told_its_result(tmp_path):
    """Away when the race ended (the other side pressed End), a player who comes back within
    the comeback window hears the result at once; later, nothing is kept for them."""
    with running_server(tmp_path, replace(QUICK, race_seconds=30, comeback_seconds=1.5)) as (url, server):
        key = "m" * 40
        a, b = Raw(url), Raw(url)
        a.hello("A", key)
        b.hello("B")
        a.say({"type": "room", "code": ""})
        b.say({"type": "room", "code": a.hear_type("room_made")["code"]})
        a.hear_type("matched")
        b.hear_type("matched")
        time.sleep(QUICK.count_seconds + 0.05)
        a.close()
        rival_until(b, lambda m: m["away"])
        b.say({"type": "end"})
        told = b.hear_type("result")
        again = Raw(url)
        assert again.hello("A", key)["type"] == "welcome"
        result = again.hear_type("result")
        assert result["duel"] == told["duel"] and result["you"] == told["opponent"] and result["winner"] != "you"
        assert not server.missed
        again.close()


def rival_until(raw: Raw, wanted) -> dict:
    """The next progress message of the rival that is ``wanted``."""
    while not wanted(message := raw.hear_type("rival")):
        pass
    return message


def test_attacks_from_the_lan_door_do_not_stop_honest_duels(tmp_path):
    """Issue 25 item 9: silent sockets held open, a flood before the hello, a cheat in a race
    sending moves on face-down cards (disqualified) — and an honest pair still races to its end."""
    settings = replace(QUICK, race_seconds=30, hello_seconds=0.5, per_address=40)
    with running_server(tmp_path, settings) as (url, server):
        silent = [Raw(url) for _ in range(8)]
        flood = Raw(url)
        for _ in range(20):
            flood.say(json.dumps({"type": "move", "n": 1, "move": "s"}) + " " * 3000)
        assert flood.hear()["reason"] == "hello"
        cheat, victim = Raw(url), Raw(url)
        cheat.hello("Cheat")
        victim.hello("Victim")
        cheat.say({"type": "room", "code": ""})
        victim.say({"type": "room", "code": cheat.hear_type("room_made")["code"]})
        a, b = Raw(url), Raw(url)
        a.hello("Ann")
        b.hello("Bob")
        a.say({"type": "find"})
        b.say({"type": "find"})
        cheat.hear_type("matched")
        a.hear_type("matched")
        b.hear_type("matched")
        time.sleep(settings.count_seconds + 0.05)
        for _ in range(5):
            cheat.say({"type": "move", "n": 1, "move": "t7:3>t1"})
        assert cheat.hear_type("result")["why"] == "disqualified"
        assert victim.hear_type("result")["winner"] == "you"
        a.say({"type": "move", "n": 1, "move": "s"})
        assert a.hear_type("ok")["n"] == 1
        a.say({"type": "end"})
        b.say({"type": "end"})
        results = a.hear_type("result", timeout=5), b.hear_type("result", timeout=5)
        assert results[0]["you"] == results[1]["opponent"] and results[0]["why"] == ""
        assert server.written == 2
        for raw in silent:  # dropped for saying nothing
            with pytest.raises(ConnectionClosed):
                raw.hear(2)
                raw.hear(2)


def test_a_player_idle_outside_any_race_is_dropped_and_one_queued_is_kept(tmp_path):
    with running_server(tmp_path, replace(QUICK, idle_seconds=0.3)) as (url, _):
        idle, waiting = Raw(url), Raw(url)
        idle.hello("Idle")
        waiting.hello("Waiting")
        waiting.say({"type": "find"})
        assert idle.hear_type("refused", timeout=3)["reason"] == "idle"
        # the idle one's count goes when its connection is closed, a moment after the refusal
        while (queued := waiting.hear_type("queued"))["online"] != 1 and queued["waited"] < 10:
            pass
        assert queued["online"] == 1  # still in the queue, alone now


def test_a_reader_too_slow_is_dropped_not_waited_for():
    """Past ``outbox`` bytes left unread in its socket's buffer, the server aborts that socket
    instead of holding messages for it (``wire.PlayerConnection.write``)."""
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from solitaire.server.wire import PlayerConnection

    class Transport:  # a reader that never reads: everything written stays in the buffer
        def __init__(self) -> None:
            self.buffer, self.aborted = b"", False

        def write(self, data: bytes) -> None:
            self.buffer += data

        def get_write_buffer_size(self) -> int:
            return len(self.buffer)

        def abort(self) -> None:
            self.aborted = True

    connection = object.__new__(PlayerConnection)  # its socket's side only: no event loop needed
    connection.protocol, connection.transport, connection.debug = ServerProtocol(), Transport(), False
    connection.protocol.state = State.OPEN
    message = '{"type":"queued","online":1,"waited":0.5,"window":112}'  # 2 + 54 bytes a frame
    assert [connection.write(message, outbox=120) for _ in range(3)] == [True, True, True]
    assert not connection.transport.aborted
    assert connection.write(message, outbox=120) is False and connection.transport.aborted
    assert len(connection.transport.buffer) == 3 * 56


def test_a_recorded_run_is_a_real_race_replayed_labelled_and_never_rated(tmp_path):
    with running_server(tmp_path) as (url, server):
        a, b = Raw(url), Raw(url)
        a.hello("Ann")
        b.hello("Bob")
        alone = Raw(url)
        alone.hello("Cleo")
        alone.say({"type": "recorded"})
        assert alone.hear()["reason"] == "no_recorded"
        a.say({"type": "room", "code": ""})
        b.say({"type": "room", "code": a.hear_type("room_made")["code"]})
        a.hear_type("matched")
        time.sleep(QUICK.count_seconds + 0.05)
        for n in (1, 2, 3):
            a.say({"type": "move", "n": n, "move": "s"})
            a.hear_type("ok")
        a.say({"type": "end"})
        b.say({"type": "end"})
        played = a.hear_type("result")["you"]
        before = server.store.counts()
        alone.say({"type": "recorded"})
        matched = alone.hear_type("matched")
        assert matched["opponent"]["recorded"] is True and matched["opponent"]["name"] == "Ann"
        assert rival_until(alone, lambda m: m["ended"])["moves"] == 3
        alone.say({"type": "end"})
        result = alone.hear_type("result")
        assert result["why"] == "recorded" and result["opponent"] == played
        assert result["rating"]["before"] == result["rating"]["after"]
        assert server.store.counts() == before


def test_new_players_from_one_address_are_throttled_and_known_ones_are_not(tmp_path):
    with running_server(tmp_path, replace(QUICK, newcomers=3)) as (url, _):
        keys = [f"{n}" * 30 for n in range(4)]
        for key in keys[:3]:
            raw = Raw(url)
            assert raw.hello("New", key)["type"] == "welcome"
            raw.close()
        assert Raw(url).hello("New", keys[3])["reason"] == "throttled"
        assert Raw(url).hello("Again", keys[0])["type"] == "welcome"


def test_a_second_connection_with_the_same_key_takes_the_seat_at_once(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, server):
        key = "s" * 40
        first, other = Raw(url), Raw(url)
        first.hello("A", key)
        other.hello("B")
        first.say({"type": "find"})
        other.say({"type": "find"})
        first.hear_type("matched")
        second = Raw(url)
        second.hello("A", key)  # the first connection is still open: it is closed, not waited for
        assert second.hear_type("matched")["moves"] == 0
        with pytest.raises(ConnectionClosed):
            while True:
                first.hear(2)
        time.sleep(QUICK.count_seconds)
        second.say({"type": "move", "n": 1, "move": "s"})
        assert second.hear_type("ok")["n"] == 1
        assert not next(iter(server.duels.values())).sides[0].away
