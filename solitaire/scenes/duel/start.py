"""How a run starts in a duel: ``--duel`` (played to its end by a smoke run, which prints the
one JSON line of the command-line contract), and the ``--scene`` names seen over a duel.
"""

from __future__ import annotations

import json
from typing import Any

import pygame


NET_FAST_PACE = 0.1  # --fast over the network: the computer's race seconds a move (the clock is real)


def open_duel(app: Any, opts: Any) -> None:
    """``--duel``: the duel itself, over the title (its end goes back there); a network duel
    first waits for the other player (``net_lobby``)."""

    def ended(result: Any) -> None:
        if opts.smoke and not opts.frames_given:  # --frames: a picture of the race, cut short
            print(json.dumps(result.to_json()), flush=True)
            pygame.event.post(pygame.event.Event(pygame.QUIT))  # once the results are drawn

    app.open("title")
    role, _, value = opts.duel.partition(":")
    if role in ("host", "join"):
        open_network_duel(app, opts, role, value, ended)
        return
    if role == "online":  # the server's queue, or a room (--room new / CODE)
        mode = "find" if not opts.room else ("room" if opts.room == "new" else "join")
        app.open("online_lobby", mode=mode, url=value or None, room=opts.room or "", player=opts.name)
        return
    app.open("duel", opponent=opts.duel, code=opts.code, autoplay=opts.autoplay, fast=opts.fast,
             seconds=opts.race_seconds, on_result=ended)


def open_network_duel(app: Any, opts: Any, role: str, value: str, ended: Any) -> None:
    """The waiting screen of ``--duel host[:PORT]`` / ``join:CODE``; a hosting smoke run prints
    its code first, as one JSON line, for the joiner to be given."""
    from solitaire.core import parse_code
    from solitaire.scenes.duel.net_lobby import start_duel

    def listening(address: Any) -> None:
        if opts.smoke:
            print(json.dumps({"duel_code": address.code, "port": address.port}), flush=True)

    def start(rival: Any) -> None:
        autoplay = None
        if opts.autoplay:
            from solitaire.play.computer import computer_player

            autoplay = computer_player(app, opts.autoplay, fast=False, limit=rival.seconds)
            if opts.fast:  # the race clock is real over the network: only the pace drops
                autoplay.player.pace = NET_FAST_PACE
        start_duel(app, rival, autoplay=autoplay, on_result=ended)

    options: dict[str, Any] = {"role": role, "on_start": start, "on_listening": listening}
    if role == "host":
        options.update(code=parse_code(opts.code) if opts.code else None, seconds=opts.race_seconds or 240,
                       port=int(value) if value else None)
        if opts.listen:
            options.update(bind=opts.listen, address=opts.listen)
    else:
        options["typed"] = value
    app.open("net_lobby", **options)


def open_over_duel(app: Any, name: str) -> None:
    """A dialog of the duel over one (the results: of a duel ended at once, both sides on 0)."""
    scene = app.open("duel", opponent="computer:medium")
    if name == "duel_results":
        result = scene.conclude()
        app.stack.pop()
        app.open(name, result=result, code=str(scene.duel.code), opponent=scene.opponent)
    else:
        app.open(name, duel=scene)
