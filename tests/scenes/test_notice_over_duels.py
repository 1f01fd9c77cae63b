"""Issue 23: a notice (a damaged file set aside at start-up, say) over a duel or its waiting
screen. It pauses a race against the computer, as the duel's own dialogs do; it never keeps a
network opponent waiting: the host's waiting screen answers a joiner under it, the race then
takes that screen's place under the notice, and the rival's moves come in while it is shown.
On 127.0.0.1 only (the host's duel server, on a free port)."""

from __future__ import annotations

import time

from solitaire.core import parse_code
from solitaire.scenes.menus.notice import NoticeScene
from solitaire.scenes.duel.online_race import OnlineRaceScene
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_net_lobby import friend
from tests.server.helpers import LOCAL, Raw

CODE = parse_code("DU2-D3N-AAAAAAB")

STEP = 1 / 60
LINES = ["stats.json was damaged and has been set aside."]


def notice(app) -> NoticeScene:
    scene = app.open("notice", lines=LINES)
    assert isinstance(scene, NoticeScene)
    return scene


def frames(app, until, *, limit=4000) -> None:
    """Frames of the game until ``until()``: bounded, not timed."""
    for _ in range(limit):
        app.stack.update(STEP)
        if until():
            return
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def test_a_notice_pauses_a_race_against_the_computer_as_its_menu_does(app):
    app.open("title")
    rival = ScriptedRival([(1.0, "s")])
    duel = app.open("duel", rival=rival, code=CODE, fast=True)
    frames(app, lambda: duel.duel.started)
    at = duel.duel.race.elapsed
    shown = notice(app)
    assert rival.paused and app.stack.next_wake() is None  # nothing to do under it: the loop may sleep
    for _ in range(600):
        app.stack.update(STEP)
    assert duel.duel.race.elapsed == at and duel.duel.rival_game.moves == 0
    shown.close()
    frames(app, lambda: duel.duel.rival_game.moves == 1)
    assert not rival.paused


def test_the_host_answers_a_joiner_under_a_notice_and_the_race_starts_under_it(app):
    """``--duel host`` with a damaged stats.json answered no joiner until the notice was closed."""
    app.open("title")
    lobby = app.open("net_lobby", role="host", address=LOCAL, port=0)
    frames(app, lambda: lobby.address is not None)
    shown = notice(app)
    assert app.stack.next_wake() is not None  # the server is heard though nothing on screen moves
    bob = friend(lobby.address.code)
    try:
        frames(app, lambda: isinstance(app.stack.scenes[-2], OnlineRaceScene))
        race = app.stack.scenes[-2]
        assert app.stack.top is shown and lobby not in app.stack.scenes
        assert race.duel.rival.name.startswith("Bob")
    finally:
        bob.close()
        app.stack.clear()


def test_a_network_race_under_a_notice_runs_on_its_rivals_moves_coming_in(app):
    app.open("title")
    lobby = app.open("net_lobby", role="host", address=LOCAL, port=0)
    frames(app, lambda: lobby.address is not None)
    shown = notice(app)
    bob = Raw(lobby.address.url)
    try:
        bob.hello("Bob")
        bob.say({"type": "room", "code": lobby.address.room})
        bob.hear_type("matched")
        frames(app, lambda: isinstance(app.stack.scenes[-2], OnlineRaceScene))
        race = app.stack.scenes[-2]
        frames(app, lambda: race.duel.started, limit=20000)  # the server's 3-2-1
        bob.say({"type": "move", "n": 1, "move": "s"})
        bob.hear_type("ok")
        frames(app, lambda: race.online.rival.moves == 1)  # its move's progress comes in under the notice
        assert app.stack.top is shown and race.duel.result is None and race.duel.race.elapsed > 0
    finally:
        bob.close()
        app.stack.clear()
