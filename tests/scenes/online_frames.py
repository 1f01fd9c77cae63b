"""Driving a scene against a real duel server: frames on the real clock (the server's), and
the next message of a kind a raw client hears."""

from __future__ import annotations

import time

from tests.server.test_online_client import next_of

__all__ = ["frames", "next_of"]


def frames(app, until, limit=20.0):
    """Frames of 1/60 s, on the real clock, until ``until()`` (AssertionError past ``limit`` s)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        app.stack.update(1 / 60)
        if until():
            return
        time.sleep(0.01)
    raise AssertionError("the condition was not reached")
