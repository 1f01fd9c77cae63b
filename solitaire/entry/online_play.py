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

A duel on the local network is the same race on a server the host's game runs itself
(``server.hosted``): ``--duel host[:PORT] [--listen ADDR] [--race-seconds N]`` starts it, makes a
private room and first prints ``{"duel_code", "port"}`` (the code carries the address, the port
and the room, never the deal); ``--duel join:CODE`` joins that room. Such a duel is unrated
(``"rating": {}``).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

from solitaire.net.code import DuelAddress, parse_address
from solitaire.net.online import Closed, Hosting, OnlineClient, OnlineDuel
from solitaire.net.online_messages import Matched, Refused, RoomMade, Welcome
from solitaire.server.hosted import LAN_PORT, HostedServer, lan_address
from solitaire.solver.player import PACE, Strength, decide, seen
from solitaire.store.player_key import KeyNotKept, player_key

DEFAULT_SERVER = "ws://127.0.0.1:47475"
FAST_PACE = 0.1  # as a network duel's --fast: race seconds a move
WAIT_SECONDS = 600.0  # the longest a headless run waits for an opponent


class OnlineFailed(Exception):
    """The server could not be reached, or refused us: one line for the player."""


def run_headless(duel: str, name: str | None, room: str | None, strength: str, fast: bool,
                 listen: str | None, race_seconds: int | None) -> int:
    """``--duel online|host|join --smoke --autoplay``: the race played to its end, one JSON line."""
    kind, _, value = duel.partition(":")
    name = name or "Player"
    if kind == "online":
        return run_online(value, name, room, strength, fast)
    if kind == "join":
        address = parse_address(value)  # read already by the command line (entry/duel_option.py)
        return run_online(address.url, name, address.room, strength, fast)
    port = int(value) if value else LAN_PORT
    try:
        server = HostedServer(listen or lan_address(), port, exact_port=port != LAN_PORT,
                              race_seconds=race_seconds).start()
    except OSError as error:
        print(f"game.py: cannot host a duel on port {port}: {error.strerror or error}", file=sys.stderr)
        return 2

    def told_room(room_code: str) -> None:
        code = DuelAddress(server.address, server.port, room_code).code
        print(json.dumps({"duel_code": code, "port": server.port}), flush=True)

    try:
        return run_online(server.url, name, "new", strength, fast, hosting=server, told_room=told_room)
    finally:
        server.stop()
        server.wait()  # the friend's result leaves before this process ends


def run_online(url: str, name: str, room: str | None, strength: str, fast: bool, hosting: Hosting | None = None,
               told_room: Callable[[str], None] | None = None) -> int:
    """Race through the server at ``url`` (``hosting``: one this run started, stopped at the end);
    ``room`` "new" makes a room, whose code ``told_room`` prints ({"room": CODE} by default)."""
    try:
        key = player_key(told=_key_set_aside)
    except KeyNotKept as error:  # no traceback, and no duel under a key forgotten at once (issue 32)
        print(f"game.py: online duel: {error}", file=sys.stderr)
        return 2
    client = OnlineClient(url or DEFAULT_SERVER, key, name, hosting=hosting)
    client.start()
    try:
        expect(client, Welcome)
        if room == "new":
            client.make_room()
            code = expect(client, RoomMade).code
            if told_room is None:
                print(json.dumps({"room": code}), flush=True)
            else:
                told_room(code)
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


def _key_set_aside(aside: str) -> None:
    print(f"game.py: your online key file was damaged: set aside as {aside}; a new key is made", file=sys.stderr)


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
