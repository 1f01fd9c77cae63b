"""The Duel scene against a network rival (issue 15), on 127.0.0.1 and a clock the test moves:
it follows the agreed race clock and the host's race length, never pauses, and holds 0:00 a
moment so that a move made just before it, still on the line, counts on both machines."""

from __future__ import annotations

import socket
from dataclasses import replace
import time

from solitaire.app.text import Text
from solitaire.scenes.duel import connection_banner
from tests.net.helpers import CODE, QUICK, FakeClock, host, join, poll


def frames(app, bob, clock, until, step=0.02, limit=3000):
    for _ in range(limit):
        poll(bob)
        app.stack.update(1 / 60)
        if until():
            return
        clock.advance(step)
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def test_a_move_made_just_before_0_00_counts(app, driver):
    clock = FakeClock()
    ann = host(clock, seconds=3)
    bob = join(ann, clock)
    for _ in range(2000):
        poll(ann), poll(bob)
        if ann.link.state == bob.link.state == "started":
            break
        clock.advance(0.01)
        time.sleep(0.001)
    app.open("title")
    duel = app.open("duel", rival=ann, code=CODE, seconds=ann.seconds, opponent="network")
    assert duel.duel.race.limit == 3.0 and not duel.duel.rival.pausable
    frames(app, bob, clock, lambda: duel.duel.started)
    assert abs(duel.duel.race.elapsed - ann.race_clock()) < 0.05  # the agreed clock, not the frames'
    frames(app, bob, clock, lambda: duel.duel.race.elapsed >= 2.9)
    bob.my_move(1, "s", 2.95)  # made before 0:00, read by the host only after it
    clock.advance(0.2)
    frames(app, bob, clock, lambda: duel.duel.settling or duel.duel.result is not None, step=0.0)
    assert duel.duel.settling and duel.frozen and not duel.duel.race.over
    frames(app, bob, clock, lambda: duel.duel.result is not None, step=0.05)
    assert duel.duel.rival_game.moves == 1 and duel.duel.result.opponent.ended == "time"
    bob.close()


def test_a_dropped_connection_shows_a_banner_counting_down_the_comeback(app, driver):
    """Issue 22: "Connection lost: waiting…" was a grey line squeezed into the opponent's panel."""
    clock = FakeClock()
    ann = host(clock)
    bob = join(ann, clock)
    for _ in range(2000):
        poll(ann), poll(bob)
        if ann.link.state == bob.link.state == "started":
            break
        clock.advance(0.01)
        time.sleep(0.001)
    app.open("title")
    duel = app.open("duel", rival=ann, code=CODE, seconds=ann.seconds, opponent="network")
    frames(app, bob, clock, lambda: duel.duel.started)
    assert connection_banner.seconds_left(duel.duel) is None
    bob.link.channel.sock.shutdown(socket.SHUT_RDWR)  # the cable is pulled
    bob.link.close()  # and that game is gone: nothing dials back
    frames(app, bob, clock, lambda: duel.duel.rival_side.comeback_until is not None, step=0.0)
    assert connection_banner.seconds_left(duel.duel) == QUICK.comeback
    assert app.t("net.gone.banner", name="Bob", seconds=6) in drawn_texts(app)
    frames(app, bob, clock, lambda: connection_banner.seconds_left(duel.duel) == 3)
    assert app.t("net.gone.banner", name="Bob", seconds=3) in drawn_texts(app)
    frames(app, bob, clock, lambda: duel.duel.rival_side.out == "lost")
    assert connection_banner.seconds_left(duel.duel) is None and duel.duel.rival_side.note == "net.lost.left"
    assert not any("Bob" in text and "lost" in text for text in drawn_texts(app))
    ann.close()


def drawn_texts(app) -> list[str]:
    """The strings drawn in one frame of the whole stack."""
    texts: list[str] = []
    render = Text.render

    def recording(self, text, *args, **kwargs):
        texts.append(text)
        return render(self, text, *args, **kwargs)

    Text.render = recording
    try:
        app.stack.draw(app.display.surface, 1.0)
    finally:
        Text.render = render
    return texts


def test_an_opponent_who_left_is_said_to_have_left_with_who_wins(app):
    """Issue 22: an opponent who left showed as "A tie!", and End said "That ties with your
    opponent's 5": nothing said it had left."""
    from solitaire.core.duel import RivalLost
    from tests.play.scripted_rival import ScriptedRival

    app.open("title")
    duel = app.open("duel", rival=ScriptedRival([], name="Bob"), code=CODE)
    for _ in range(6 * 60):
        app.stack.update(1 / 60)
    duel.duel.rival_side.hear(RivalLost("net.lost.left"))
    end = app.open("duel_end", duel=duel)
    assert end.verdict() == app.t("duel.left.level", opponent=0)
    assert "left" in end.verdict() and "ties" in end.verdict()
    app.stack.pop()
    duel.end_now()
    for _ in range(30):
        app.stack.update(1 / 60)
    results = app.stack.top
    assert type(results).__name__ == "DuelResultsScene" and results.result.winner == "tie"
    assert results.headline() == "Bob left: a tie on points"
    results.result = replace(results.result, winner="you")
    assert results.headline() == "Bob left: you win!"
