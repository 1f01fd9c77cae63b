"""The recorded-run offer (issue 31 item 3) on a real server on 127.0.0.1: ``Queued.recorded``
says whether a run the player has not raced is there; one is never the deal the player has just
raced, nor a run they raced already; asking when there is none keeps the queue place."""

from __future__ import annotations

import time
from dataclasses import replace

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Queued, Refused, RoomMade, Welcome
from solitaire.server.recorded import pick_run
from tests.server.helpers import QUICK, running_server
from tests.server.test_online_client import next_of


def player(url: str, name: str) -> OnlineClient:
    client = OnlineClient(url, new_key(), name)
    client.start()
    next_of(client, Welcome)
    return client


def raced_in_a_room(ann: OnlineClient, bob: OnlineClient) -> None:
    """Ann and Bob race a friend's room to its result, each drawing three times (runs worth
    replaying)."""
    ann.make_room()
    bob.join_room(next_of(ann, RoomMade).code)
    duels = [OnlineDuel(client, next_of(client, Matched)) for client in (ann, bob)]
    for duel in duels:
        for _ in range(3):
            while not duel.ready:
                duel.update(wait=0.02)
            duel.play("s")
        duel.end()
    while any(duel.result is None for duel in duels):
        for duel in duels:
            duel.update(wait=0.02)


def test_no_recorded_run_is_offered_where_there_is_none_and_asking_keeps_the_queue_place(tmp_path):
    """The offer came on a server with no run at all; pressing it ended the wait with "no
    recorded run yet" and the place in the queue was gone."""
    with running_server(tmp_path) as (url, _):
        ann = player(url, "Ann")
        ann.find()
        assert next_of(ann, Queued).recorded is False
        ann.race_recorded()
        assert next_of(ann, Refused).reason == "no_recorded"
        time.sleep(0.3)
        ann.poll()
        # Still in the queue, the wait kept: the figures come on (about 4 a second) and count on
        # past the 0.3 s slept. The first ones read may have been sent during the sleep (under
        # load, one said 0.2 s), so read on to a fresh one; a lost place sends none ("no Queued").
        queued = next_of(ann, Queued)
        for _ in range(40):
            if queued.waited >= 0.3:
                break
            queued = next_of(ann, Queued)
        assert queued.recorded is False and queued.waited >= 0.3
        ann.close()


def test_a_run_is_offered_only_to_a_player_who_has_raced_neither_it_nor_its_deal(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, server):
        ann, bob = player(url, "Ann"), player(url, "Bob")
        raced_in_a_room(ann, bob)
        bob.find()  # Ann's run is on the deal Bob has just raced; his own is his
        assert next_of(bob, Queued).recorded is False
        bob.cancel()
        cat = player(url, "Cat")
        cat.find()
        assert next_of(cat, Queued).recorded is True
        cat.race_recorded()
        assert next_of(cat, Matched).opponent["recorded"] is True
        cat_id = next(c.player.id for c in list(server.clients) if c.player is not None and c.player.name == "Cat")
        assert pick_run(server.store, cat_id) is None  # that run raced, nor Bob's side of its deal again
        for client in (ann, bob, cat):
            client.close()
