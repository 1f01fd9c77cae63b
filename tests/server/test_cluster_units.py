"""The cluster's parts without NATS (issue 25 item 8, issue 35 item 2): a race rebuilt from its
stream's records is the race, a node's beat and its peers, a move answered once its record is in
the stream, a race another node took let go, and a process taking over a race — rebuilt, or
told from the database when the gone process had written it already."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace

import pytest

from nats.js.api import PubAck, RawStreamMsg
from nats.js.errors import APIError

from solitaire.net.online_messages import FROM_SERVER, EndMessage, Find, Matched, MoveMessage, Ok, Result, decode
from solitaire.server.cluster import ClusterServer
from solitaire.server.duel import ServerDuel, Side, new_deal
from solitaire.server.link import PEER_SECONDS, Peers, RemoteSeat, Seated, beat
from solitaire.server.replica import done, more, opening, over, read, rebuild, taken
from solitaire.server import streams as streams_module
from solitaire.server.streams import STREAM, WRONG_LAST, subject
from solitaire.server.service import Client
from solitaire.server.store import DuelRecord, SideRecord, Store
from tests.server.helpers import QUICK

FIRST, SECOND = 1, 2


def played_duel(now: float) -> ServerDuel:
    """A race with moves on both sides, a refused one (a strike) and an End."""
    duel = ServerDuel("d1", new_deal(), 60, (Side(FIRST, "Ann"), Side(SECOND, "Bob")), now - 10.0, 3.0)
    starts = duel.starts_at
    for n, at in enumerate((0.5, 1.0, 1.5), 1):
        duel.play(0, n, "s", starts + at)
    duel.play(1, 1, "t7:3>t1", starts + 2.0)  # a face-down card: refused, counted
    duel.play(1, 1, "s", starts + 2.5)
    duel.end(0, starts + 3.0)
    return duel


def test_a_race_rebuilt_from_its_records_is_the_race():
    now = 1000.0
    duel = played_duel(now)
    records = [json.loads(opening("owner", duel, zero=5000.0))]
    duel.play(1, 2, "s", duel.starts_at + 4.0)  # after the opening: a batch of more
    batch = json.loads(more("owner", duel, len(duel.log) - 1))
    records += [batch, batch, json.loads(taken("heir", "d1"))]  # the batch again: its first ack not heard
    copy = rebuild(read(records), clock_now=50.0, wall_now=5000.0 + (now - duel.starts_at))
    assert read(records).owner == "heir"
    assert copy.starts_at == 50.0 - (now - duel.starts_at)
    assert copy.log == duel.log and copy.table(0) == duel.table(0) and copy.table(1) == duel.table(1)
    assert [(s.moves, s.strikes, s.refused) for s in copy.sides] == [(s.moves, s.strikes, s.refused) for s in duel.sides]
    assert copy.race.finished(0) and not copy.race.finished(1)
    assert copy.progress(0) == duel.progress(0) and copy.progress(1) == duel.progress(1)
    assert copy.decide(copy.starts_at + 30.0) == duel.decide(duel.starts_at + 30.0)
    assert read(records + [json.loads(done("heir", "d1"))]) is None
    judged = read(records + [json.loads(over("heir", "d1"))])  # killed while judging it: still taken over
    assert judged is not None and len(judged.log) == len(duel.log) and judged.owner == "heir"


def test_peers_are_known_by_their_beats_and_forgotten_when_they_stop():
    peers = Peers()
    assert peers.heard(beat("b", 3, [[7, "Ann", 1000, 1.5]]), now=10.0) == "b"  # new
    assert peers.heard(beat("b", 4, []), now=11.0) is None
    assert peers.heard(beat("c", 2, []), now=11.0) == "c"
    assert peers.online == 6
    assert peers.gone(11.0 + PEER_SECONDS / 2) == []
    assert peers.gone(11.0 + PEER_SECONDS + 0.1) == ["b", "c"] and peers.known == {}


class Socket:
    """A player's socket that keeps what the server writes to it (``wire.PlayerConnection``)."""

    class transport:
        @staticmethod
        def abort() -> None:
            pass

    def __init__(self) -> None:
        self.sent: list[str] = []

    def write(self, text: str, outbox: int) -> bool:
        self.sent.append(text)
        return True


def node_with_a_player(tmp_path, side: int) -> tuple[ClusterServer, Client, ServerDuel]:
    """A node (not connected to NATS: what it posts stays in its outbox) with one player
    connected, Ann (``side`` 0) or Bob (1), and a race of theirs begun 5 s ago, held nowhere yet."""
    store = Store(tmp_path)
    ann, bob = store.player("a" * 30, "Ann"), store.player("b" * 30, "Bob")
    server = ClusterServer(store, QUICK, "nats://127.0.0.1:4222")
    client = Client(Socket(), "127.0.0.1", server.settings)
    client.player = (ann, bob)[side]
    server.by_player[client.player.id] = client
    duel = ServerDuel("d1", new_deal(), 60, (Side(ann.id, "Ann"), Side(bob.id, "Bob")), time.monotonic() - 5, 3.0)
    return server, client, duel


def cluster_with_a_relayed_player(tmp_path) -> tuple[ClusterServer, Client, list]:
    """A node whose player Bob races on node "gone"; the race as its stream has it (a replica)."""
    server, client, duel = node_with_a_player(tmp_path, 1)
    server.relayed[client] = "gone"
    duel.play(0, 1, "s", duel.starts_at + 0.5)
    duel.play(1, 1, "s", duel.starts_at + 1.0)
    replica = read([json.loads(opening("gone", duel, zero=time.time() - (time.monotonic() - duel.starts_at)))])
    return server, client, [duel, replica]


def told(client: Client) -> list:
    out = [decode(text, FROM_SERVER) for text in client.ws.sent]
    client.ws.sent.clear()
    return out


def test_a_gone_nodes_race_is_rebuilt_here_its_player_here_seated_the_other_away(tmp_path):
    server, bob, (original, replica) = cluster_with_a_relayed_player(tmp_path)

    found = server.look_up(replica)  # what the database thread reads first (``Backups._take``)

    async def take_over() -> None:
        server._take_over(replica, seq=7, found=found)

    asyncio.run(take_over())
    duel = server.duels["d1"]
    writer = server.streams.writers["d1"]
    assert (writer.seq, writer.stored) == (7, len(original.log))  # its next record follows "taken"
    assert bob.duel is duel and bob.side == 1 and bob not in server.relayed
    messages = told(bob)
    seated = next(m for m in messages if isinstance(m, Matched))
    assert seated.duel == "d1" and seated.moves == 1 and seated.table == original.table(1)
    assert messages[-1].away  # Ann was on the gone node: away for the comeback window
    assert duel.sides[0].away and not duel.sides[1].away


def test_a_race_its_owner_was_killed_judging_is_judged_by_the_process_that_takes_it(tmp_path):
    """Both players had ended; the owner's ``over`` was in the race's stream and it was killed
    before writing the result (a result lost when ``done`` came first: taken for ended, the race
    was taken by none). ``over`` does not end the race in its stream: the process that takes it
    over judges it at once — its own ``over`` after its ``taken`` — writes it and tells it."""
    server, bob, duel = node_with_a_player(tmp_path, 1)
    server.relayed[bob] = "gone"
    duel.end(0, duel.starts_at + 1.0)
    duel.end(1, duel.starts_at + 2.0)
    zero = time.time() - (time.monotonic() - duel.starts_at)
    replica = read([json.loads(opening("gone", duel, zero)), json.loads(over("gone", "d1"))])
    server.streams.js = Stream()

    async def take_over() -> None:
        server._take_over(replica, seq=8, found=server.look_up(replica))
        (_, record, headers, future), = await published(server)
        assert "over" in record and headers == {"Nats-Expected-Last-Subject-Sequence": "8"}
        await acknowledged(server, future, 9)

    asyncio.run(take_over())
    assert [type(m) for m in told(bob) if isinstance(m, Result)] == [Result]
    assert server.store.counts()["duels"] == 1 and "d1" not in server.duels


def test_a_race_the_gone_node_had_written_is_told_as_written_not_decided_again(tmp_path):
    server, bob, (original, replica) = cluster_with_a_relayed_player(tmp_path)
    sides = (SideRecord(original.sides[0].player, 40, 5, 45, 3, "end"),
             SideRecord(original.sides[1].player, 10, 0, 10, 0, "time"))
    before, after = server.store.record(DuelRecord("d1", "duel:3:standard:1", 60, 0.0, 1.0, sides, "first", "", []))

    found = server.look_up(replica)  # what the database thread reads first (``Backups._take``)

    async def take_over() -> None:
        server._take_over(replica, seq=7, found=found)

    asyncio.run(take_over())
    assert "d1" not in server.duels and bob not in server.relayed
    (result,) = told(bob)
    assert isinstance(result, Result) and result.winner == "opponent" and result.opponent_name == "Ann"
    assert result.you == {"score": 10, "bonus": 0, "total": 10, "foundation": 0, "ended": "time"}
    assert result.rating == {"before": before[1].number, "after": after[1].number}
    assert server.store.counts()["duels"] == 1


def test_an_owner_found_gone_by_one_player_coming_back_is_gone_for_its_other_players_here(tmp_path):
    """The kill-each-process-in-turn test's lost result: Cy came back here and found his race's
    owner gone (NATS: nobody listens on its subject); this node only forgot that owner, so Bob,
    racing on it through this node, stayed relayed to it: his moves went nowhere, his result never
    came, and his connection stayed open. The owner found gone is gone for all it held here."""
    server, bob, (_, replica) = cluster_with_a_relayed_player(tmp_path)
    cy, di = server.store.player("c" * 30, "Cy"), server.store.player("d" * 30, "Di")
    cy_client = Client(Socket(), "127.0.0.1", server.settings)
    cy_client.player = cy
    server.by_player[cy.id] = cy_client
    other = ServerDuel("d2", new_deal(), 60, (Side(cy.id, "Cy"), Side(di.id, "Di")), time.monotonic() - 5, 3.0)
    openings = {subject(duel): opening("gone", duel, zero=time.time() - 5)
                for duel in (rebuild(replica, time.monotonic(), time.time()), other)}
    races = {bob.player.id: f"solitaire.race.d1.{replica.sides[0][0]}.{bob.player.id}", cy.id: subject(other)}
    server.peers.heard(beat("gone", 2, []), server.clock())

    async def race_of(player: int) -> str | None:
        return races.get(player)

    async def last(race: str) -> dict:
        return json.loads(openings[race])

    async def take(race: str, owner: str) -> tuple:
        return read([json.loads(openings[race])]), 7

    async def nothing(*_: object) -> None:
        return None

    async def come_back() -> None:
        server.streams.race_of, server.streams.last, server.streams.take = race_of, last, take
        server.streams.races, server.link.ping = nothing, nothing  # no race listed; nobody answers
        await server._find_race(cy_client, cy.id)
        for _ in range(200):  # Bob's race looked for (the database thread asked): a bound, not a timing
            if bob.duel is not None:
                break
            await asyncio.sleep(0.01)
        cancel_the_rest()

    asyncio.run(come_back())
    assert cy_client.duel is server.duels["d2"]
    assert bob not in server.relayed and bob.duel is server.duels["d1"]  # his race found again, run here


def test_an_owner_slow_to_answer_a_ping_is_asked_to_seat_its_player_not_replaced(tmp_path):
    """Under load a live owner may not answer a ping within a second (a fresh node knows no
    peer yet): that is not gone — taking its race would cut a live race short. Its player is
    sought there (and looked for again later), the race not taken."""
    server, bob, (_, replica) = cluster_with_a_relayed_player(tmp_path)
    del server.relayed[bob]  # Bob came back here; the race runs on "busy", unknown here yet
    record = json.loads(opening("busy", rebuild(replica, time.monotonic(), time.time()), zero=time.time() - 5))
    taken: list[str] = []

    async def race_of(player: int) -> str:
        return "solitaire.race.d1.1.2"

    async def last(race: str) -> dict:
        return record

    async def take(race: str, owner: str) -> None:
        taken.append(owner)

    async def no_answer_in_time(node: str) -> str:
        return ""

    async def come_back() -> None:
        server.streams.race_of, server.streams.last, server.streams.take = race_of, last, take
        server.link.ping = no_answer_in_time
        finding = asyncio.create_task(server._find_race(bob, bob.player.id))
        for _ in range(10):
            await asyncio.sleep(0)
        finding.cancel()

    asyncio.run(come_back())
    assert taken == [] and "d1" not in server.duels
    assert [text.decode() for _, text in server.link.outgoing] == [f"seek {server.node} {bob.player.id}"]


def test_a_player_racing_on_another_node_sends_moves_there_and_may_not_queue(tmp_path):
    server, bob, _ = cluster_with_a_relayed_player(tmp_path)
    server._on(bob, MoveMessage(2, "s"))
    server._on(bob, Find())
    assert [text.decode() for _, text in server.link.outgoing] == [f"move {server.node} {bob.player.id} 2 s"]
    (refused,) = told(bob)
    assert refused.reason == "busy"


class Stream:
    """JetStream as a node's ``RaceStreams`` sees it: what is published, and its answers given by
    the test (``answer``)."""

    def __init__(self) -> None:
        self.published: list[tuple[str, dict, dict, asyncio.Future]] = []
        self.last: list[tuple[int, bytes]] = []  # the answers to reading a race's last record, in turn

    async def get_last_msg(self, stream: str, subject: str) -> RawStreamMsg:
        seq, data = self.last.pop(0)
        if isinstance(data, Exception):  # NATS away
            raise data
        return RawStreamMsg(subject=subject, seq=seq, data=data)

    async def publish_async(self, subject: str, data: bytes, headers: dict) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.published.append((subject, json.loads(data), headers, future))
        return future


def racing_here(tmp_path) -> tuple[ClusterServer, Client, ServerDuel]:
    """A node running Ann's race, whose stream's last record (sequence 3) is this node's."""
    server, client, duel = node_with_a_player(tmp_path, 0)
    server.duels["d1"], client.duel, client.side = duel, duel, 0
    server.streams.js = Stream()
    server.streams.open(duel, zero=time.time(), seq=3)
    return server, client, duel


def cancel_the_rest() -> None:
    """End a test's event loop cleanly: every task but the running one is cancelled."""
    for task in asyncio.all_tasks() - {asyncio.current_task()}:
        task.cancel()


async def acknowledged(server: ClusterServer, future: asyncio.Future, seq: int) -> None:
    """The stream acknowledges a record at ``seq``; the database thread's work and the
    publishing it leads to run to their end, then the loop is ended."""
    future.set_result(PubAck(stream=STREAM, seq=seq))
    await asyncio.sleep(0)
    await server.worker.settled()
    await published(server)
    cancel_the_rest()


async def published(server: ClusterServer) -> list:
    """Let the node's stream writer run; what it has published."""
    if server.streams.sender is None:
        server.streams.sender = asyncio.create_task(server.streams._send())
    for _ in range(5):
        await asyncio.sleep(0)
    return server.streams.js.published


def test_a_move_is_answered_once_its_stream_has_it_not_before(tmp_path):
    server, ann, duel = racing_here(tmp_path)

    async def move() -> None:
        server._on(ann, MoveMessage(1, "s"))
        (subject, record, headers, future), = await published(server)
        server._on(ann, MoveMessage(2, "s"))  # while the first's record is on its way
        assert ann.ws.sent == [] and duel.sides[0].moves == 2  # refereed, not answered yet
        assert len(await published(server)) == 1  # one record of a race at a time
        assert subject == f"solitaire.race.d1.{duel.sides[0].player}.{duel.sides[1].player}"
        assert headers == {"Nats-Expected-Last-Subject-Sequence": "3"}  # the race is still this node's
        assert record["owner"] == server.node and record["at"] == 0 and [e[2] for e in record["log"]] == ["s"]
        future.set_result(PubAck(stream=STREAM, seq=11))
        await asyncio.sleep(0)
        (answer,) = told(ann)
        assert isinstance(answer, Ok) and answer.n == 1  # the second waits for its own record
        (_, second, headers, future) = (await published(server))[1]
        assert headers == {"Nats-Expected-Last-Subject-Sequence": "11"} and second["at"] == 1
        future.set_result(PubAck(stream=STREAM, seq=12))
        await asyncio.sleep(0)
        (answer,) = told(ann)
        assert answer.n == 2

    asyncio.run(move())


def test_a_remote_seats_answer_is_posted_after_its_record(tmp_path):
    server, ann, duel = racing_here(tmp_path)
    ann.duel = None
    seat = RemoteSeat("there", Seated(ann.player.id, "Ann"), server.link, duel, 0)
    server.remote[ann.player.id] = seat

    async def move() -> None:
        server._on(seat, MoveMessage(1, "s"))
        (*_, future), = await published(server)
        assert not server.link.outgoing
        future.set_result(PubAck(stream=STREAM, seq=4))
        await asyncio.sleep(0)
        assert [text.decode().split(" ")[0] for _, text in server.link.outgoing] == ["to"]
        assert "send" not in vars(seat)  # what it is told next goes at once

    asyncio.run(move())


def test_a_result_is_told_once_written_and_its_races_last_entries_are_in_then_done_follows(tmp_path):
    """Ann's End goes out in a record; Bob's End, through his node, ends the race before that
    record is acknowledged: Bob's End goes in the next record, then the race's ``over``; only
    once that is in is the duel written (on the database thread) and told, and ``done`` goes
    after the write: a process killed before it finds the race written."""
    server, ann, duel = racing_here(tmp_path)
    bob = duel.sides[1].player
    seat = RemoteSeat("there", Seated(bob, "Bob"), server.link, duel, 1)
    server.remote[bob] = seat
    expected = "Nats-Expected-Last-Subject-Sequence"

    async def race() -> None:
        server._on(ann, EndMessage())
        (*_, first), = await published(server)
        server._on(seat, EndMessage())  # both ended: the race is over
        first.set_result(PubAck(stream=STREAM, seq=4))
        await asyncio.sleep(0)
        (_, record, headers, future) = (await published(server))[1]
        assert "more" in record and headers == {expected: "4"}  # Bob's End
        future.set_result(PubAck(stream=STREAM, seq=5))
        await asyncio.sleep(0)
        (_, record, headers, future) = (await published(server))[2]
        assert "over" in record and headers == {expected: "5"}
        await server.worker.settled()
        assert not any(isinstance(m, Result) for m in told(ann)) and server.store.counts()["duels"] == 0
        assert not [text for _, text in server.link.outgoing if b'"result"' in text]  # Bob's waits for "over"
        future.set_result(PubAck(stream=STREAM, seq=6))
        await asyncio.sleep(0)
        await server.worker.settled()
        (_, last, headers, future) = (await published(server))[3]
        assert server.store.counts()["duels"] == 1 and any(isinstance(m, Result) for m in told(ann))
        assert [text for _, text in server.link.outgoing if b'"result"' in text]
        assert "done" in last and headers == {expected: "6"}
        future.set_result(PubAck(stream=STREAM, seq=7))
        await asyncio.sleep(0)
        assert "d1" not in server.streams.writers
        cancel_the_rest()

    asyncio.run(race())


def test_an_owner_replaced_while_cut_off_tells_no_result_of_the_race_it_lost(tmp_path):
    """Issue 35: an owner thought gone (cut off from NATS, alive) and replaced learned it only at
    its next record; when the race ended first it told its players a result while the process
    that took the race over told them its own. Now the race's ``over`` must be in the stream
    before a result is judged, written or told: the stream refuses it (its last record is the
    other process's ``taken``), so nothing is told or written here, and the players' sockets
    close so they come back to the race where it runs."""
    server, ann, duel = racing_here(tmp_path)
    bob = duel.sides[1].player
    seat = RemoteSeat("there", Seated(bob, "Bob"), server.link, duel, 1)
    server.remote[bob] = seat
    closed = []
    ann.ws.transport = type("T", (), {"abort": staticmethod(lambda: closed.append(True))})

    async def race() -> None:
        server._on(seat, EndMessage())
        (*_, first), = await published(server)
        first.set_result(PubAck(stream=STREAM, seq=4))
        await asyncio.sleep(0)
        server._on(ann, EndMessage())  # both ended: the race is over here
        (_, record, _, future) = (await published(server))[1]
        future.set_result(PubAck(stream=STREAM, seq=5))  # Ann's End
        (_, last, _, future) = (await published(server))[2]
        assert "more" in record and "over" in last
        server.streams.js.last.append((6, taken("heir", "d1")))  # taken meanwhile by "heir"
        future.set_exception(APIError(code=400, err_code=WRONG_LAST[0], description="wrong last sequence: 6"))
        await published(server)
        await server.worker.settled()
        cancel_the_rest()

    asyncio.run(race())
    assert not any(isinstance(m, Result) for m in told(ann))
    assert not [text for _, text in server.link.outgoing if b'"result"' in text]
    assert server.store.counts()["duels"] == 0 and "d1" not in server.duels and not server.closing
    assert closed == [True] and f"drop {server.node} {bob}".encode() in [text for _, text in server.link.outgoing]


def test_a_race_written_meanwhile_by_the_process_that_took_it_is_told_as_written(tmp_path):
    """An owner cut off right after its race opened, the race taken, run to its end, written and
    purged by another process meanwhile: the stream, empty again, takes this owner's records and
    its ``over``; the database has the duel already, so its players are told the result as
    written there (the one the other process told), not the race as this owner judged it."""
    server, ann, duel = racing_here(tmp_path)
    sides = (SideRecord(duel.sides[0].player, 40, 5, 45, 3, "end"), SideRecord(duel.sides[1].player, 10, 0, 10, 0, "time"))
    server.store.record(DuelRecord("d1", "duel:3:standard:1", 60, 0.0, 1.0, sides, "first", "", []))

    async def race() -> None:
        server._finish(duel, server.clock())
        (*_, future), = await published(server)
        await acknowledged(server, future, 4)

    asyncio.run(race())
    (result,) = told(ann)
    assert result.winner == "you" and result.you["total"] == 45 and result.opponent["total"] == 10
    assert server.store.counts()["duels"] == 1 and "d1" not in server.duels


def test_an_over_not_acknowledged_is_looked_for_until_the_stream_answers_then_the_result_is_told(tmp_path, monkeypatch):
    """The race's ``over`` went out and no acknowledgement came (NATS away): no result yet; the
    race's last record is read again, while NATS is away again a while after; once it answers
    that the ``over`` is this node's own, the race is written and told, once."""
    monkeypatch.setattr("solitaire.server.streams.ACK_SECONDS", 0.01)
    server, ann, duel = racing_here(tmp_path)

    async def race() -> None:
        server._finish(duel, server.clock())
        (_, last, _, future), = await published(server)
        assert "over" in last
        server.streams.js.last += [(0, TimeoutError()), (4, over(server.node, "d1"))]
        future.cancel()  # no acknowledgement in time
        await published(server)
        assert not told(ann) and server.streams.js.last  # NATS still away: nothing told

        def kinds() -> list[str]:
            return [next(iter(set(record) - {"owner"})) for _, record, _, _ in server.streams.js.published]

        for _ in range(500):  # the write runs on the database thread: wait for it, not a fixed time
            if len(kinds()) > 1:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)  # and a little more: an over written twice would show now
        assert kinds() == ["over", "done"]  # the over not written twice; done after the result
        cancel_the_rest()

    asyncio.run(race())
    assert [type(m) for m in told(ann)] == [Result] and server.store.counts()["duels"] == 1
def test_an_acknowledgement_not_heard_in_time_lets_the_answer_go_by_one_timer_for_all(tmp_path, monkeypatch):
    """Two races' records on their way, one acknowledged: the other's answer goes when
    ``ACK_SECONDS`` pass without its acknowledgement (the race marked unsure), and the one timer
    that gives records up is gone once none is on its way."""
    monkeypatch.setattr(streams_module, "ACK_SECONDS", 0.01)
    server, ann, duel = racing_here(tmp_path)
    other = ServerDuel("d2", new_deal(), 60, (Side(7, "Cy"), Side(8, "Di")), duel.opened, duel.count)
    server.streams.open(other, zero=time.time(), seq=5)

    async def moves() -> None:
        server._on(ann, MoveMessage(1, "s"))
        other.play(0, 1, "s", other.starts_at + 0.5)
        answered = []
        server.streams.ship(other, lambda: answered.append("d2"))
        (*_, first), (*_, second) = await published(server)
        assert server.streams.in_flight == 2 and server.streams.expiring is not None
        second.set_result(PubAck(stream=STREAM, seq=6))
        await asyncio.sleep(0)
        assert answered == ["d2"] and told(ann) == []  # Ann's record is not acknowledged yet
        while server.streams.expiring is not None:  # the timer runs out (after ACK_SECONDS)
            await asyncio.sleep(0.005)
        await asyncio.sleep(0)  # the cancelled answer's callback
        assert first.cancelled() and [m.n for m in told(ann)] == [1]  # the answer went unkept
        assert server.streams.writers["d1"].unsure and server.streams.in_flight == 0
        await server.streams.drained()

    asyncio.run(moves())


def test_a_record_refused_after_its_own_lost_one_got_there_goes_on_after_it(tmp_path):
    """A record whose acknowledgement never came (a NATS cluster electing a leader) got there
    after all: the next is refused (its expected last record is older); the race's last record
    is read, it is this node's own, and writing goes on after it, the move answered then."""
    server, ann, duel = racing_here(tmp_path)

    async def move() -> None:
        server._on(ann, MoveMessage(1, "s"))
        (*_, lost_ack), = await published(server)
        lost_ack.cancel()  # given up after ACK_SECONDS: the answer went
        await asyncio.sleep(0)
        assert told(ann)[0].n == 1
        server.streams.js.last.append((9, more(server.node, duel, 0)))  # it got there
        server._on(ann, MoveMessage(2, "s"))
        (_, record, headers, future) = (await published(server))[1]
        assert headers == {"Nats-Expected-Last-Subject-Sequence": "9"} and record["at"] == 1
        future.set_result(PubAck(stream=STREAM, seq=10))
        await asyncio.sleep(0)
        assert told(ann)[0].n == 2 and "d1" in server.duels and server.streams.writers["d1"].seq == 10

    asyncio.run(move())


def test_a_race_another_node_appended_to_is_let_go_and_its_player_sent_to_it(tmp_path):
    """The stream refuses this node's record, and its last one is another node's "taken" (this
    node was thought gone): the race is not run here any more, its answer goes, and the player's
    socket is closed so they come back to the node that runs it."""
    server, ann, duel = racing_here(tmp_path)
    closed = []
    ann.ws.transport = type("T", (), {"abort": staticmethod(lambda: closed.append(True))})

    async def move() -> None:
        server._on(ann, MoveMessage(1, "s"))
        (*_, future), = await published(server)
        server.streams.js.last.append((5, taken("heir", "d1")))
        future.set_exception(APIError(code=400, err_code=WRONG_LAST[0], description="wrong last sequence: 5"))
        await published(server)

    asyncio.run(move())
    assert "d1" not in server.streams.writers and "d1" not in server.duels and duel.done
    assert ann.duel is None and closed == [True]


def test_a_seek_that_comes_after_the_match_leaves_the_seated_player_racing(tmp_path):
    """bench --server's two processes: a hello's seek, sent to every node, reached the node that
    had meanwhile paired the player through its own node; it re-seated them, and the "drop" it
    sent closed the player's live connection (31 of 500 players at 250 duels)."""
    server, ann, duel = racing_here(tmp_path)
    bob = duel.sides[1].player
    seat = RemoteSeat("there", Seated(bob, "Bob"), server.link, duel, 1)
    server.remote[bob] = seat
    server._seat_if_here("there", bob)
    assert server.remote[bob] is seat and seat.duel is duel
    assert not [text for _, text in server.link.outgoing if text.decode().startswith("drop ")]


@pytest.mark.parametrize("address, claimed", [("127.0.0.1", False), ("10.0.0.9", True)])
def test_DU8_the_queues_of_two_nodes_pair_no_two_players_of_one_address(tmp_path, address, claimed):
    """Ann waits here (127.0.0.1); Bob waits on another node, from ``address`` (its beat says so):
    this node claims him only from another address."""
    server, ann, _ = node_with_a_player(tmp_path, 0)
    server.settings = replace(server.settings, one_address=False)
    bob = server.store.player("b" * 30, "Bob")

    async def pair() -> bool:
        now = server.clock()
        server.peers.heard(beat("zzzz", 1, [[bob.id, "Bob", 1000, 5.0, address]]), now)  # a node of larger id
        server.queue.add(ann, 1000, now)
        server._pair_across(now)
        await server.worker.settled()  # who may meet is asked on the database thread
        cancel_the_rest()
        return ann not in server.queue

    assert asyncio.run(pair()) is claimed
