"""``python game.py --duel online[:ws://HOST:PORT] [--name NAME] [--room CODE|new] --smoke
--autoplay STRENGTH [--fast]``: an online duel played to its end headless (issue 25).

The computer plays our side from what a player sees (``solver.player.decide`` on the
``net.mirror`` table, whose face-down cards are unknown), through ``net.online``, at its
strength's pace (``--fast``: a move every ``FAST_PACE`` s; the race clock is the server's, real).
The player key lives in the per-user folder (``store.player_key``), made on first use and never shown.
It prints one JSON line, the computer duel's (``DuelResult.to_json``) with ``"code"`` null (the
server never tells the deal) plus ``"duel"``, ``"opponent_name"`` and ``"rating": {before,
after}``; ``--room new`` first prints ``{"room": CODE}`` for the friend. A server that cannot be
reached, or refuses: one line, exit 2. A connection dropped mid-race is made again, to the same
seat (``OnlineDuel.come_back``, within the server's comeback window).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from solitaire.net.online import Closed, OnlineClient, OnlineDuel
from solitaire.net.online_messages import Matched, Refused, RoomMade, Welcome
from solitaire.solver.player import PACE, Strength, decide, seen
from solitaire.store.player_key import player_key

DEFAULT_SERVER = "ws://127.0.0.1:47475"
FAST_PACE = 0.1  # as a network duel's --fast: race seconds a move
WAIT_SECONDS = 600.0  # the longest a headless run waits for an opponent


class OnlineFailed(Exception):
    """The server could not be reached, or refused us: one line for the player."""


def run_online(url: str, name: str, room: str | None, strength: str, fast: bool) -> int:
    client = OnlineClient(url or DEFAULT_SERVER, player_key(), name)
    client.start()
    try:
        expect(client, Welcome)
        if room == "new":
            client.make_room()
            print(json.dumps({"room": expect(client, RoomMade).code}), flush=True)
        elif room:
            client.join_room(room)
        else:
            client.find()
        duel = OnlineDuel(client, expect(client, Matched))
        pace = FAST_PACE if fast else PACE[Strength(strength)]
        line = play(duel, Strength(strength), pace)
        duel.client.close()
        if line is None:
            raise OnlineFailed(f"the connection was lost and could not be made again: {duel.lost}")
    except OnlineFailed as error:
        print(f"game.py: online duel: {error}", file=sys.stderr)
        return 2
    finally:
        client.close()
    print(json.dumps(line, ensure_ascii=False), flush=True)
    return 0


def expect(client: OnlineClient, kind: type, seconds: float = WAIT_SECONDS) -> Any:
    """The next message of ``kind`` (progress messages skipped); OnlineFailed on a refusal or
    a closed connection."""
    while True:
        message = client.wait(seconds)
        if isinstance(message, kind):
            return message
        if message is None:
            raise OnlineFailed(f"no {kind.__name__.lower()} from the server in {seconds:g} s")
        if isinstance(message, Refused):
            raise OnlineFailed(f"refused ({message.reason}): {message.detail}")
        if isinstance(message, Closed):
            raise OnlineFailed(f"no connection to {client.url}: {message.reason}")


def play(duel: OnlineDuel, strength: Strength, pace: float) -> dict | None:
    """Play our side until the server's result: the result line; None if the connection was lost
    and not made again within the comeback window (``OnlineDuel.come_back``)."""
    next_at = 0.0
    while duel.result is None:
        duel.update(wait=0.02)
        if duel.given_up:
            return None
        if duel.ready and duel.race_time >= next_at:
            decision = decide(seen(duel.mirror.game, duel.seconds_left), strength)
            if isinstance(decision, tuple):
                duel.play(str(decision))
                next_at = duel.race_time + pace
            else:
                duel.end()
    result = duel.result
    return {"code": None, "duel": result.duel, "you": result.you, "opponent": result.opponent,
            "winner": result.winner, "opponent_name": result.opponent_name, "rating": result.rating,
            "why": result.why}
