"""Driving a scene against a real duel server: frames on the real clock (the server's), and
the next message of a kind a raw client hears."""

from __future__ import annotations

import time

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.scenes.duel.online_race import OnlineRaceScene
from tests.server.test_online_client import next_of

__all__ = ["frames", "friend_joins", "next_of"]


def frames(app, until, limit=20.0):
    """Frames of 1/60 s, on the real clock, until ``until()`` (AssertionError past ``limit`` s)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        app.stack.update(1 / 60)
        if until():
            return
        time.sleep(0.01)
    raise AssertionError("the condition was not reached")


def friend_joins(app, url: str, room: str) -> tuple[OnlineClient, OnlineDuel, OnlineRaceScene]:
    """Bob, a raw client, joins our lobby's ``room``: his client, his duel, and our race once
    its screen is up."""
    bob = OnlineClient(url, new_key(), "Bob")
    bob.start()
    next_of(bob, Welcome)
    bob.join_room(room)
    theirs = OnlineDuel(bob, next_of(bob, Matched))
    frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
    return bob, theirs, app.stack.top
