"""Issue 23: a notice (a damaged file set aside at start-up, say) over a duel or its waiting
screen. It pauses a race against the computer, as the duel's own dialogs do; it never keeps a
network opponent waiting: the host's waiting screen answers a joiner under it, the duel then
takes that screen's place under the notice, and moves go out and come in while it is shown.
On 127.0.0.1 only; the network duel's clock is one the test moves."""

from __future__ import annotations

import time

from solitaire.core.duel import RivalMove
from solitaire.net.rival import NetworkRival
from solitaire.scenes.duel import DuelScene
from solitaire.scenes.net_lobby import NetLobbyScene, start_duel
from solitaire.scenes.menus.notice import NoticeScene
from solitaire.scenes.rival import computer_player
from tests.net.helpers import CODE, LOCAL, QUICK, FakeClock, host, join, poll, pump
from tests.scenes.scripted_rival import ScriptedRival

STEP = 1 / 60
LINES = ["stats.json was damaged and has been set aside."]


def notice(app) -> NoticeScene:
    scene = app.open("notice", lines=LINES)
    assert isinstance(scene, NoticeScene)
    return scene


def frames(app, until, *, clock=None, step=0.0, others=(), seen=None, limit=4000) -> None:
    """Frames of the game (and of the other player's end) until ``until()``: bounded, not timed."""
    for _ in range(limit):
        for other in others:
            events = poll(other)
            if seen is not None:
                seen.extend(events)
        app.stack.update(STEP)
        if until():
            return
        if clock is not None:
            clock.advance(step)
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def test_a_notice_pauses_a_race_against_the_computer_as_its_menu_does(app):
    app.open("title")
    rival = ScriptedRival([(1.0, "s")])
    duel = app.open("duel", rival=rival, code=CODE, fast=True)
    frames(app, lambda: duel.started)
    at = duel.race.elapsed
    shown = notice(app)
    assert rival.paused and app.stack.next_wake() is None  # nothing to do under it: the loop may sleep
    for _ in range(600):
        app.stack.update(STEP)
    assert duel.race.elapsed == at and duel.rival_game.moves == 0
    shown.close()
    frames(app, lambda: duel.rival_game.moves == 1)
    assert not rival.paused


def test_the_host_answers_a_joiner_under_a_notice_and_the_duel_starts_under_it(app):
    """``--duel host`` with a damaged stats.json answered no joiner until the notice was closed."""
    app.open("title")
    lobby = app.stack.push(NetLobbyScene(app, role="host", bind=LOCAL, address=LOCAL, port=0))
    shown = notice(app)
    assert app.stack.next_wake() is not None  # the line is read though nothing on screen moves
    bob = NetworkRival.join(lobby.rival.address, "Bob", timing=QUICK)
    try:
        frames(app, lambda: isinstance(app.stack.scenes[-2], DuelScene), others=[bob])
        duel = app.stack.scenes[-2]
        assert app.stack.top is shown and lobby not in app.stack.scenes
        assert duel.rival is lobby.rival and duel.rival.name == "Bob"
    finally:
        bob.close()


def test_a_network_duel_under_a_notice_races_on_its_moves_going_out_and_coming_in(app):
    clock = FakeClock()
    ann = host(clock, seconds=30)
    bob = join(ann, clock)
    try:
        pump(lambda: ann.link.state == bob.link.state == "started", ann, bob, clock=clock, step=0.01)
        app.open("title")
        lobby = app.stack.push(NetLobbyScene(app, role="join"))
        shown = notice(app)
        # the waiting screen found the other player (here, the host's end the test made) and
        # hands it over, as it does once the line is agreed
        lobby.rival, lobby.handed_over = ann, True
        start_duel(app, ann, autoplay=computer_player(app, "easy", fast=False, limit=30))
        duel = app.stack.scenes[-2]
        assert isinstance(duel, DuelScene) and app.stack.top is shown
        heard: list = []
        frames(app, lambda: duel.started, clock=clock, step=0.02, others=[bob], seen=heard)
        bob.my_move(1, "s", bob.race_clock())  # its move comes in ...
        frames(app, lambda: duel.rival_game.moves == 1, clock=clock, step=0.02, others=[bob], seen=heard)
        # ... and ours, played by the autoplayer, goes out
        frames(app, lambda: any(isinstance(event, RivalMove) for event in heard), clock=clock, step=0.05,
               others=[bob], seen=heard)
        assert app.stack.top is shown and duel.result is None
    finally:
        bob.close()
