"""How a run starts in a duel: ``--duel`` (played to its end by a smoke run, which prints the
one JSON line of the command-line contract), and the ``--scene`` names seen over a duel.
"""

from __future__ import annotations

import json
from typing import Any

import pygame


def open_duel(app: Any, opts: Any) -> None:
    """``--duel``: the duel itself, over the title (its end goes back there); a duel on the
    network or online first waits for the other player (``net_lobby``, ``online_lobby``), which
    hands ``--autoplay`` on to the race it opens."""

    def ended(result: Any) -> None:
        if opts.smoke and not opts.frames_given:  # --frames: a picture of the race, cut short
            print(json.dumps(result.to_json()), flush=True)
            pygame.event.post(pygame.event.Event(pygame.QUIT))  # once the results are drawn

    app.open("title")
    role, _, value = opts.duel.partition(":")
    if role == "host":  # a duel server in this game, a room on it (--listen: that address only)
        app.open("net_lobby", role="host", address=opts.listen, port=int(value) if value else None,
                 seconds=opts.race_seconds, player=opts.name, autoplay=opts.autoplay)
        return
    if role == "join":
        app.open("net_lobby", role="join", typed=value, player=opts.name, autoplay=opts.autoplay)
        return
    if role == "online":  # the server's queue, or a room (--room new / CODE)
        mode = "find" if not opts.room else ("room" if opts.room == "new" else "join")
        app.open("online_lobby", mode=mode, url=value or None, room=opts.room or "", player=opts.name,
                 autoplay=opts.autoplay)
        return
    app.open("duel", opponent=opts.duel, code=opts.code, autoplay=opts.autoplay, fast=opts.fast,
             seconds=opts.race_seconds, on_result=ended)


def open_over_duel(app: Any, name: str) -> None:
    """A dialog of the duel over one (the results: of a duel ended at once, both sides on 0)."""
    scene = app.open("duel", opponent="computer:medium")
    if name == "duel_results":
        result = scene.conclude()
        app.stack.pop()
        app.open(name, result=result, code=str(scene.duel.code), opponent=scene.opponent)
    else:
        app.open(name, duel=scene)
