"""Three server processes with separate ``--data`` folders and no shared file, on one PostgreSQL
(``--db``) and one NATS (issue 35 item 3), both real and started by the tests: players on
different processes are matched and race; the process running a race killed outright, its
players finish on another, and the duel is written once, the ratings as written agreeing; the
database restarted mid-race, the result kept, told, and written once when it is back."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from solitaire.net.online import OnlineDuel
from solitaire.net.online_messages import Matched, RoomMade
from solitaire.entry.online_play import expect
from solitaire.server.ratings import Skill
from solitaire.server.store import Store
from tests.server.cluster_helpers import Balancer, ServerProcess, nats_server
from tests.server.helpers import met_in_a_room
from tests.server.test_cluster import joined, race_to_the_end


@contextmanager
def three_processes(folder: Path, db: str, *options: str) -> Iterator[list[ServerProcess]]:
    """Three ``game.py server --db DB --nats …`` processes, each with a ``--data`` folder of its
    own, while the block runs."""
    with nats_server() as nats, ExitStack() as stack:
        processes = []
        for index in range(3):
            process = ServerProcess(folder / f"data{index}", nats, "--db", db, *options)
            stack.callback(process.stop)
            processes.append(process)
        yield processes


@contextmanager
def ended_while_postgresql_is_down(postgresql, *raws) -> Iterator[list[dict]]:
    """Both sides press End while PostgreSQL is stopped: each is told its result, and told it is
    not saved yet. The block runs with the database still down; then it is started again."""
    postgresql.stop()
    try:
        for raw in raws:
            raw.say({"type": "end"})
        told = [raw.hear_type("result") for raw in raws]
        assert [r["saved"] for r in told] == [False] * len(raws)  # told, and told it will be saved
        yield told
    finally:
        postgresql.start()
        for raw in raws:
            raw.close()


def written_within(folder: Path, db: str, duel: str, seconds: float = 20) -> Store:
    """The store once ``duel`` is written there, or when ``seconds`` have passed (the processes
    retry each second: bounded, not timed); the caller asserts and closes it."""
    store = Store(folder, url=db)
    deadline = time.monotonic() + seconds
    while store.written(duel) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return store


def assert_written_once_and_agreeing(db: str, folder: Path, lines: list[dict]) -> None:
    assert lines[0]["duel"] == lines[1]["duel"]
    assert lines[0]["you"] == lines[1]["opponent"] and lines[0]["opponent"] == lines[1]["you"]
    store = Store(folder, url=db)
    assert store.counts() == {"duels": 1, "results": 2, "players": 2}
    for player, mu, sigma in store.db.execute("SELECT r.player, r.mu_after, r.sigma_after FROM results r").fetchall():
        assert store.skill(player) == Skill(mu, sigma)  # the rating as written with the result
    store.close()
    assert not list(folder.glob("data*/*.sqlite3"))  # no process kept anything in its own folder


def test_players_on_different_processes_race_and_the_duel_is_written_once_in_postgresql(tmp_path, postgres_url):
    with three_processes(tmp_path, postgres_url, "--race-seconds", "6", "--count-seconds", "0.3") as processes:
        ann, bob = joined(processes[0].url, "Ann"), joined(processes[2].url, "Bob")
        ann.find()
        bob.find()
        duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in (ann, bob)]
        assert duels[0].matched.duel == duels[1].matched.duel
        with ThreadPoolExecutor(2) as pool:
            lines = list(pool.map(race_to_the_end, duels))
    assert {lines[0]["winner"], lines[1]["winner"]} in ({"tie"}, {"you", "opponent"})
    assert_written_once_and_agreeing(postgres_url, tmp_path, lines)


@pytest.mark.parametrize("killed", ["running the race", "relaying a player"])
def test_a_process_killed_mid_race_its_players_finish_on_another_written_once(tmp_path, postgres_url, killed):
    """Killed outright: the first process, running the race (Ann comes back to another, which
    rebuilds the race and seats Bob there), or the second, relaying Bob (he comes back to one of
    the others, and finds the race on the first)."""
    with three_processes(tmp_path, postgres_url, "--race-seconds", "9", "--count-seconds", "0.3") as processes:
        balancer = Balancer([process.port for process in processes])  # in turn: Ann on the first, Bob on the second
        try:
            ann = joined(balancer.url, "Ann")
            ann.make_room()
            bob = joined(balancer.url, "Bob")
            bob.join_room(expect(ann, RoomMade).code)  # a room made on the first process: the race runs there
            duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in (ann, bob)]
            with ThreadPoolExecutor(2) as pool:
                racing = [pool.submit(race_to_the_end, duel) for duel in duels]
                while min(duel.sent for duel in duels) < 3:
                    time.sleep(0.05)
                processes[0 if killed == "running the race" else 1].kill()
                lines = [future.result(timeout=60) for future in racing]
        finally:
            balancer.close()
    assert lines[0]["why"] == lines[1]["why"] == ""  # finished as a race, not cut short
    assert_written_once_and_agreeing(postgres_url, tmp_path, lines)



def test_postgresql_restarted_mid_race_three_processes_keep_the_result_and_write_it_once(tmp_path, postgresql):
    db = postgresql.fresh()
    with three_processes(tmp_path, db, "--race-seconds", "30", "--count-seconds", "0.2") as processes:
        maker, friend = met_in_a_room(processes[1].url, ("Ann", "Bob"), processes[2].url)
        friend.hear_type("matched")
        with ended_while_postgresql_is_down(postgresql, maker, friend) as told:
            pass
        store = written_within(tmp_path, db, told[0]["duel"])
        assert store.written(told[0]["duel"]) is not None
        assert store.counts() == {"duels": 1, "results": 2, "players": 2}
        store.close()


def replace(balancer: Balancer, index: int, process: ServerProcess) -> None:
    """The balancer's ``index``-th process is ``process`` once it listens (never, if it is
    stopped first: the races were over before it listened)."""
    try:
        balancer.ports[index] = process.ready().port
    except AssertionError:
        pass


def test_each_process_killed_in_turn_mid_race_both_races_finish_written_once(tmp_path, postgres_url):
    """Two races over three processes (Ann on the first racing Bob on the second, Cy on the
    third racing Di on the first); each process is killed outright in turn, a new one started in
    its place after each kill, each kill once both races have gone on since the one before:
    both races finish as races, each written once, the ratings as written (issue 35 item 3)."""
    with nats_server() as nats, ExitStack() as stack:
        options = ("--db", postgres_url, "--race-seconds", "16", "--count-seconds", "0.3")
        processes = [ServerProcess(tmp_path / f"data{index}", nats, *options, wait=False) for index in range(3)]
        for process in processes:  # started at once, each stopped after
            stack.callback(process.stop)
            process.ready()
        balancer = Balancer([process.port for process in processes])  # in turn: Ann, Bob, Cy, Di
        stack.callback(balancer.close)
        clients = [joined(balancer.url, name) for name in ("Ann", "Bob", "Cy", "Di")]
        for maker, friend in ((clients[0], clients[1]), (clients[2], clients[3])):
            maker.make_room()
            friend.join_room(expect(maker, RoomMade).code)
        duels = [OnlineDuel(client, expect(client, Matched, 15)) for client in clients]
        with ThreadPoolExecutor(4) as pool:
            racing = [pool.submit(race_to_the_end, duel) for duel in duels]
            for index in range(3):
                if index:  # the one killed before is replaced: listening, the balancer sends players to it
                    balancer.ports[index - 1] = processes[index - 1].ready().port
                before = [duel.sent for duel in duels]
                deadline = time.monotonic() + 30  # a bound, not a timing: a race ended early stops counting
                while any(duel.sent < sent + 2 and not done.done() for duel, sent, done in zip(duels, before, racing)) \
                        and time.monotonic() < deadline:
                    time.sleep(0.05)
                processes[index].kill()
                processes[index] = ServerProcess(tmp_path / f"data{index}b", nats, *options, wait=False)
                stack.callback(processes[index].stop)
            threading.Thread(target=replace, args=(balancer, 2, processes[2]), daemon=True).start()  # not waited for
            lines = [future.result(timeout=90) for future in racing]
    assert all(line["why"] == "" for line in lines)  # finished as races, not cut short
    for first, second in ((lines[0], lines[1]), (lines[2], lines[3])):
        assert first["duel"] == second["duel"] and first["you"] == second["opponent"]
    store = Store(tmp_path, url=postgres_url)
    assert store.counts() == {"duels": 2, "results": 4, "players": 4}
    for player, mu, sigma in store.db.execute("SELECT r.player, r.mu_after, r.sigma_after FROM results r").fetchall():
        assert store.skill(player) == Skill(mu, sigma)
    store.close()
