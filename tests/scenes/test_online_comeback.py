"""The online race scene (issue 25 item 8) whose connection drops mid-race: it says so (the red
banner, "reconnecting…"), connects again by itself within the comeback window, takes the
server's table and plays on to the server's results."""

from __future__ import annotations

from dataclasses import replace

import pygame

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.scenes.duel.duel import DuelScene
from solitaire.scenes.duel.panel import margins, state_lines
from solitaire.scenes.table.hud import bar_height
from solitaire.scenes.duel.online_lobby import OnlineLobbyScene
from solitaire.scenes.duel.online_race import OnlineRaceScene
from solitaire.scenes.duel.online_results import OnlineResultsScene
from tests.scenes.test_online_screens import frames, next_of
from tests.server.helpers import QUICK, running_server

pygame.init()


def test_the_race_comes_back_after_its_connection_drops_and_plays_on_to_the_results(app, driver, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=6)) as (url, server):
        lobby = OnlineLobbyScene(app, mode="room", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.room)
        bob = OnlineClient(url, new_key(), "Bob")
        bob.start()
        next_of(bob, Welcome)
        bob.join_room(lobby.room)
        theirs = OnlineDuel(bob, next_of(bob, Matched))
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        race = app.stack.top
        frames(app, lambda: race.online.mirror.ready and race.duel.started)
        race.draw_stock()
        frames(app, lambda: race.online.mirror.ready)
        first = race.online.client
        seat = next(c for c in list(server.clients) if c.player is not None and c.player.name == "Ann")
        seat.ws.transport.abort()
        frames(app, lambda: race.duel.reconnecting() is not None)
        driver.draw()
        frames(app, lambda: race.online.reseated is not None)
        assert race.online.client is not first and race.duel.reconnecting() is None
        assert race.game is race.online.mirror.game and race.game.moves == 1 and race.game.waste
        race.draw_stock()  # the next move goes on the new connection
        frames(app, lambda: race.online.mirror.ready and race.online.sent == 2)
        frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene), limit=30)
        theirs.update()
        assert app.stack.top.result.you["ended"] and server.written == 1
        bob.close()


def test_a_long_rival_state_wraps_inside_the_panel_beside_a_1280_table(app):
    """A long rival state ("The computer is thinking again…") ran out of the rival's box over
    the last column (the smallest size still too wide): it takes two lines now, each inside."""
    scene = DuelScene(app, code="DU2-D3N-AAAAAAB", opponent="computer:easy")  # 1280x800
    _, end = margins(scene)
    px = max(12, bar_height(app.display.size) * 36 // 100)
    lines = state_lines(app.text, app.t("duel.gone.worker"), px, end.w - px, False)
    assert len(lines) == 2
    for line in lines:
        size = app.text.fit_size(line, px, end.w - px)
        assert app.text.width(line, size) <= end.w - px
    assert state_lines(app.text, app.t("duel.playing"), px, end.w - px, False) == [app.t("duel.playing")]
