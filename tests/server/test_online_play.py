"""The headless online player (``solitaire/entry/online_play.py``): a connection dropped mid-race is
made again to the same seat (``OnlineDuel.come_back``), and the race is played to its result."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.entry.online_play import expect, play
from solitaire.solver.player import Strength
from tests.server.helpers import QUICK, Raw, running_server


def test_a_dropped_connection_comes_back_to_its_seat_and_finishes_the_race(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=3, comeback_seconds=3)) as (url, server):
        client = OnlineClient(url, new_key(), "Ann")
        client.start()
        expect(client, Welcome)
        rival = Raw(url)
        rival.hello("Bob")
        client.find()
        rival.say({"type": "find"})
        duel = OnlineDuel(client, expect(client, Matched))

        def drop_once_moves_are_made() -> None:
            while not any(d.sides[0].moves or d.sides[1].moves for d in list(server.duels.values())):
                time.sleep(0.05)
            seat = next(c for c in list(server.clients) if c.player is not None and c.player.name == "Ann")
            seat.ws.transport.abort()

        threading.Thread(target=drop_once_moves_are_made, daemon=True).start()
        line = play(duel, Strength.EASY, 0.1)  # the connection drops, and is made again
        assert duel.client is not client and duel.reseated is not None and duel.reseated.moves >= 1
        assert line is not None and line["opponent_name"] == "Bob" and line["you"]["score"] >= 0
        assert server.written == 1
        duel.client.close()
