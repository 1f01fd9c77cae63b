"""Several server processes on one NATS system (issue 25 item 8), each test with its own
``nats-server`` on 127.0.0.1: players on different processes are matched and race to results
that agree; the process running a race killed outright, its players come back to the other one
through the load balancer and finish, and the duel is written once."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import pytest

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, RoomMade, Welcome
from solitaire.entry.online_play import expect, play
from solitaire.server.store import Store
from solitaire.solver.player import Strength
from tests.server.cluster_helpers import Balancer, ServerProcess, nats_server, two_processes
from tests.server.helpers import Raw, met_in_a_room

QUICK = ("--race-seconds", "6", "--count-seconds", "0.3")
PACE = 0.15  # race seconds a move


def race_to_the_end(duel: OnlineDuel) -> dict:
    """Play our side (the computer, Easy) to the server's result, coming back after a drop."""
    line = play(duel, Strength.EASY, PACE)
    duel.client.close()
    assert line is not None, duel.lost
    return line


def joined(url: str, name: str) -> OnlineClient:
    client = OnlineClient(url, new_key(), name)
    client.start()
    expect(client, Welcome, 10)
    return client


def test_players_on_two_processes_are_matched_and_race_to_results_that_agree(tmp_path):
    with two_processes(tmp_path / "data", *QUICK) as (first, second):
        ann, bob = joined(first.url, "Ann"), joined(second.url, "Bob")
        ann.find()
        bob.find()
        duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in (ann, bob)]
        assert duels[0].matched.duel == duels[1].matched.duel
        assert duels[0].matched.opponent["name"] == "Bob" and duels[1].matched.opponent["name"] == "Ann"
        with ThreadPoolExecutor(2) as pool:
            lines = list(pool.map(race_to_the_end, duels))
    assert lines[0]["you"] == lines[1]["opponent"] and lines[0]["opponent"] == lines[1]["you"]
    assert {lines[0]["winner"], lines[1]["winner"]} in ({"tie"}, {"you", "opponent"})
    assert lines[0]["you"]["ended"] and lines[0]["duel"] == lines[1]["duel"]
    store = Store(tmp_path / "data")
    assert store.counts()["duels"] == 1 and store.counts()["results"] == 2
    rows = store.db.execute("SELECT p.name, count(*) FROM results r JOIN players p ON p.id = r.player "
                            "GROUP BY p.name").fetchall()
    assert sorted(rows) == [("Ann", 1), ("Bob", 1)]  # counted once each (provisional: not on the board, DU-10)
    store.close()


def interrupted_race(tmp_path, interrupt: Callable[[ServerProcess, ServerProcess], None]) -> tuple[list, list]:
    """Ann and Bob race in a room made on the first process (the balancer puts Bob on the
    second); once both have played 3 moves, ``interrupt(first, second)``. Their result lines and
    their duels."""
    with two_processes(tmp_path / "data", "--race-seconds", "9", "--count-seconds", "0.3") as (first, second):
        balancer = Balancer([first.port, second.port])  # in turn: Ann on the first, Bob on the second
        try:
            ann = joined(balancer.url, "Ann")
            ann.make_room()
            code = expect(ann, RoomMade).code
            bob = joined(balancer.url, "Bob")
            bob.join_room(code)  # a room made on the first process: the race runs there
            duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in (ann, bob)]
            with ThreadPoolExecutor(2) as pool:
                racing = [pool.submit(race_to_the_end, duel) for duel in duels]
                while min(duel.sent for duel in duels) < 3:
                    time.sleep(0.05)
                interrupt(first, second)
                lines = [future.result(timeout=60) for future in racing]
        finally:
            balancer.close()
    return lines, duels


def assert_finished_as_a_race_written_once(tmp_path, lines: list, duels: list) -> None:
    assert lines[0]["duel"] == lines[1]["duel"] == duels[0].matched.duel
    assert lines[0]["you"] == lines[1]["opponent"] and lines[0]["opponent"] == lines[1]["you"]
    assert lines[0]["why"] == lines[1]["why"] == ""  # finished as a race, not cut short
    store = Store(tmp_path / "data")
    assert store.counts()["duels"] == 1 and store.counts()["results"] == 2
    (log,) = store.db.execute("SELECT log FROM duels").fetchone()
    store.close()
    assert log.count('"ok"') >= 6  # both sides' moves, before the interruption and after


@pytest.mark.parametrize("killed", ["running the race", "relaying a player"])
def test_a_process_killed_mid_race_its_players_finish_on_the_other_and_it_is_written_once(tmp_path, killed):
    """Killed: the first process, running the race (Ann comes back to the second, which
    rebuilds the race from its copy and seats Bob there), or the second, relaying Bob (he comes
    back to the first, which runs the race)."""
    lines, duels = interrupted_race(
        tmp_path, lambda first, second: (first if killed == "running the race" else second).kill())
    assert_finished_as_a_race_written_once(tmp_path, lines, duels)


def test_a_player_racing_through_another_process_comes_back_to_it_and_finishes(tmp_path):
    """Bob talks to the second process, the race runs on the first: his connection drops and he
    comes back to the second, which finds his race on the first (in order after telling it he was
    gone) and seats him there again."""
    with two_processes(tmp_path / "data", *QUICK) as (first, second):
        ann, bob = joined(first.url, "Ann"), joined(second.url, "Bob")
        ann.make_room()
        bob.join_room(expect(ann, RoomMade).code)
        duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in (ann, bob)]
        with ThreadPoolExecutor(2) as pool:
            racing = [pool.submit(race_to_the_end, duel) for duel in duels]
            while duels[1].sent < 2:
                time.sleep(0.05)
            bob._ws.close()  # the socket goes: the game connects again to the same address
            lines = [future.result(timeout=60) for future in racing]
    assert duels[1].client is not bob and duels[1].reseated is not None
    assert lines[1]["you"] == lines[0]["opponent"] and duels[1].sent > duels[1].reseated.moves  # played on
    assert lines[0]["you"] == lines[1]["opponent"] and lines[0]["why"] == lines[1]["why"] == ""
    store = Store(tmp_path / "data")
    assert store.counts()["duels"] == 1
    store.close()


def test_a_second_connection_of_a_player_racing_through_another_process_takes_the_seat(tmp_path):
    """The same key again on the relaying process while the first connection is still open: the
    older one is closed and the newer seated at once, its moves refereed (the "gone" of the
    older and the search for the race go to the race's process in that order)."""
    key = "k" * 40
    with two_processes(tmp_path / "data", "--race-seconds", "20", "--count-seconds", "0.2") as (first, second):
        ann, bob = met_in_a_room(first.url, ("Ann", "Bob"), second.url, (None, key))
        bob.hear_type("matched")
        time.sleep(0.3)
        bob.say({"type": "move", "n": 1, "move": "s"})
        assert bob.hear_type("ok")["n"] == 1
        for attempt in range(5):
            again = Raw(second.url)
            again.hello("Bob", key)
            assert again.hear_type("matched")["moves"] == attempt + 1
            again.say({"type": "move", "n": attempt + 2, "move": "s"})
            assert again.hear_type("ok", timeout=5)["n"] == attempt + 2
            bob = again


@pytest.mark.parametrize("stopped", ["running the race", "relaying a player"])
def test_a_process_stopped_mid_race_hands_it_over_and_its_players_finish_on_the_other(tmp_path, stopped):
    """A rolling restart: SIGTERM to a process while a race runs. Stopped, a process hands its
    races to the process keeping their copies, closes its players' sockets (1012: come back) and
    exits; they come back through the load balancer to the other process, and the race finishes
    there as a race (not "server_stopped"), written once."""
    def stop(first: ServerProcess, second: ServerProcess) -> None:
        leaving = first if stopped == "running the race" else second
        leaving.process.terminate()
        assert leaving.process.wait(15) == 0  # exited by itself once handed over

    lines, duels = interrupted_race(tmp_path, stop)
    assert_finished_as_a_race_written_once(tmp_path, lines, duels)
    moved = duels[0] if stopped == "running the race" else duels[1]
    assert moved.reseated is not None and moved.sent > moved.reseated.moves  # played on, on the other


def test_a_move_answered_right_before_a_kill_is_in_the_copy_the_other_process_takes_over(tmp_path):
    """The race runs on the first process (Ann's room), its copy on the second (Bob's process).
    The first is killed the moment Ann hears her second move's answer: she comes back to the
    second, which has both moves (the answer waits for NATS to have the copy:
    ``test_cluster_units``)."""
    key = "a" * 40
    with two_processes(tmp_path / "data", "--race-seconds", "30", "--count-seconds", "0.2") as (first, second):
        ann, bob = met_in_a_room(first.url, ("Ann", "Bob"), second.url, (key, None))
        time.sleep(0.5)
        for n in (1, 2):
            ann.say({"type": "move", "n": n, "move": "s"})
            assert ann.hear_type("ok")["n"] == n
        first.kill()
        again = Raw(second.url)
        again.hello("Ann", key)
        assert again.hear_type("matched")["moves"] == 2


@pytest.mark.parametrize("others", ["none started", "one killed"])
def test_a_process_stopped_with_no_other_alive_ends_its_races_at_that_moment(tmp_path, others):
    """No process to hand the race to (none, or the only other one killed a moment ago, still
    known by its last beat): the race ends at that moment, as on one process, written once."""
    with nats_server() as nats:
        first = ServerProcess(tmp_path / "data", nats, "--race-seconds", "30", "--count-seconds", "0.2")
        second = ServerProcess(tmp_path / "data", nats) if others == "one killed" else None
        try:
            ann, bob = met_in_a_room(first.url, ("Ann", "Bob"))
            time.sleep(0.5)
            ann.say({"type": "move", "n": 1, "move": "s"})
            assert ann.hear_type("ok")["n"] == 1
            if second is not None:
                second.kill()
            first.process.terminate()
            results = [raw.hear_type("result") for raw in (ann, bob)]
            assert first.process.wait(15) == 0
        finally:
            for process in (first, second):
                if process is not None:
                    process.stop()
    assert [result["why"] for result in results] == ["server_stopped", "server_stopped"]
    assert results[0]["you"] == results[1]["opponent"]
    store = Store(tmp_path / "data")
    assert store.counts()["duels"] == 1 and store.counts()["results"] == 2
    store.close()
