"""The wait screen keeps the player's place when the server goes away (issue 25): a server
stopped and started again on the same port (a restart), the player is waiting again — one line
saying so meanwhile, the wait's count kept — and is then matched; a server that never comes back
ends the wait with one line and Back."""

from __future__ import annotations

import pygame

from solitaire.net.online import OnlineClient, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.scenes.duel.online_lobby import OnlineLobbyScene
from solitaire.scenes.duel.online_race import OnlineRaceScene
from tests.scenes.online_frames import frames, next_of
from tests.server.helpers import running_server

pygame.init()


def test_a_player_waiting_in_the_queue_of_a_restarted_server_waits_again_and_is_matched(app, driver, tmp_path):
    with running_server(tmp_path / "server") as (url, _):
        lobby = OnlineLobbyScene(app, mode="find", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.queued is not None and lobby.queued.waited > 1.0)
    frames(app, lambda: lobby.status_line() != app.t("online.find.waiting"))  # the server is gone
    assert lobby.status_line().startswith("Connection lost: keeping your place") and not lobby.problem
    driver.draw()
    waited = lobby.queued.waited  # the server's last figure
    port = int(url.rsplit(":", 1)[1])
    with running_server(tmp_path / "server", port=port):
        frames(app, lambda: lobby.status_line() == app.t("online.find.waiting") and lobby.queued.waited >= waited)
        assert not lobby.problem and lobby.cancel_button.label != "Back"
        bob = OnlineClient(url, new_key(), "Bob")
        bob.start()
        next_of(bob, Welcome)
        bob.find()
        next_of(bob, Matched)
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        assert app.stack.top.duel.rival.name.startswith("Bob")
        bob.close()


def test_a_wait_whose_server_never_comes_back_ends_in_one_line(app, driver, tmp_path, monkeypatch):
    monkeypatch.setattr("solitaire.net.online_wait.COMEBACK_SECONDS", 1.5)
    with running_server(tmp_path / "server") as (url, _):
        lobby = OnlineLobbyScene(app, mode="room", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.room)
    frames(app, lambda: lobby.problem)
    assert lobby.problem == app.t("online.place_lost", seconds=2) and lobby.cancel_button.label == "Back"
    assert lobby.client is None
    driver.draw()
