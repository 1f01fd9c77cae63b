"""The online race scene (issue 25 item 8) whose connection drops mid-race: it says so (the red
banner, "reconnecting…"), connects again by itself within the comeback window, takes the
server's table and plays on to the server's results."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from solitaire.scenes.duel.duel import DuelScene
from solitaire.scenes.duel.panel import margins, state_lines
from solitaire.scenes.table.hud import bar_height
from solitaire.scenes.duel.online_lobby import OnlineLobbyScene
from solitaire.scenes.duel.online_race import opponent_label
from solitaire.scenes.duel.online_results import OnlineResultsScene
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.online_frames import frames, friend_joins
from tests.server.helpers import QUICK, running_server

pygame.init()


def test_the_race_comes_back_after_its_connection_drops_and_plays_on_to_the_results(app, driver, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=6)) as (url, server):
        lobby = OnlineLobbyScene(app, mode="room", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.room)
        bob, theirs, race = friend_joins(app, url, lobby.room)
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


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("name", ["Sara · Bronze (recorded)", "WWWWWWWWWWWWWWWWWWWW · Platinum (recorded)"])
def test_a_long_rival_name_stays_inside_the_rivals_box_beside_a_1280_table(make_app, lang, name):
    """A recorded run's label ("Sara · Bronze (recorded)") ran out of both sides of the rival's
    box at 1280x720, even at the smallest size: it takes two lines now, and a name too wide
    alone (20 letters, no space) is cut short with an ellipsis."""
    app = make_app((1280, 720), lang)
    app.open("title")
    scene = app.open("duel", rival=ScriptedRival([], name=name), code="DU2-D3N-AAAAAAB")
    while scene.dealing:
        app.stack.update(1 / 60)
    surface = app.display.surface
    app.stack.draw(surface, 1.0)
    _, end = margins(scene)
    px = max(12, bar_height(app.display.size) * 36 // 100)
    rows = range(end.y, end.y + 3 * px)
    outside = [(x, y) for y in rows for x in (*range(end.x - 5, end.x), *range(end.right, end.right + 5))]
    assert not [spot for spot in outside if surface.get_at(spot).r > 140]  # the felt is dark green, the name gold


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_wrapped_opponent_label_never_starts_a_line_with_its_dot(make_app, lang):
    """"WWWWWWWWWWWWWWWWWWWW · Platinum (recorded)" wrapped into "WWW…" / "· Platinum" /
    "(recorded)": the dot keeps to the name now."""
    app = make_app((1280, 720), lang)
    scene = DuelScene(app, code="DU2-D3N-AAAAAAB", opponent="computer:easy")
    _, end = margins(scene)
    px = max(12, bar_height(app.display.size) * 36 // 100)
    label = opponent_label(app, {"name": "W" * 20, "tier": "platinum", "recorded": True})
    lines = state_lines(app.text, label, px, end.w - px, True)
    assert len(lines) >= 2 and not any(line.lstrip().startswith("·") for line in lines)
