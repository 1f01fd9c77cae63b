"""The online duel's screens (issue 25) against a real server on 127.0.0.1 started by the test:
a room code made in the game, a raw client joining it, the race through the Duel scene to the
server's results with the rating change; the queue's wait screen; a server that cannot be
reached said in one line."""

from __future__ import annotations

import socket
from dataclasses import replace

import pygame
import pytest

from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Board, Matched, Welcome
from solitaire.scenes.duel.online_lobby import OnlineLobbyScene
from solitaire.scenes.duel.online_race import OnlineRaceScene
from solitaire.scenes.duel.online_results import OnlineResultsScene
from solitaire.server.store import PROVISIONAL_DUELS, DuelRecord, SideRecord
from tests.server.helpers import QUICK, running_server
from tests.scenes.online_frames import frames, friend_joins, next_of

pygame.init()



def test_DU8_a_room_code_a_friend_joins_the_race_and_it_moves_no_rating(app, driver, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=4)) as (url, _):
        lobby = OnlineLobbyScene(app, mode="room", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.room)
        assert lobby.copy_button.visible and lobby.welcome.name == "Ann"
        driver.click(lobby.copy_button.rect.center)  # Copy says whether the clipboard took it
        assert lobby.copy_button.label in ("Copied", "No clipboard")
        driver.draw()
        bob, theirs, race = friend_joins(app, url, lobby.room)
        assert race.duel.rival.name.startswith("Bob")
        driver.draw()
        frames(app, lambda: race.online.mirror.ready and race.duel.started)
        race.draw_stock()  # a draw turns cards: they show when the server's answer names them
        assert race.game.moves == 1 and not race.online.mirror.ready
        frames(app, lambda: race.online.mirror.ready)
        assert race.game.waste and race.online.sent == 1
        driver.draw()
        frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene), limit=30)
        theirs.update()
        results = app.stack.top
        driver.draw()
        rating = results.result.rating
        assert rating["before"] == rating["after"] and results.result.unrated == "room"  # a friend's code: unrated
        assert results.rating_line.startswith(f"Rating {rating['after']} · ") and results.rating_line.endswith("not rated")
        assert results.note == "A race with a friend's code moves no rating."
        assert results.result.opponent_name == "Bob"
        assert app.services.store.duel_stats("online").played == 1 and app.services.store.duel_stats("network").played == 0
        bob.close()


def test_the_queue_shows_the_wait_and_how_many_are_online(app, driver, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=4)) as (url, _):
        lobby = OnlineLobbyScene(app, mode="find", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.queued is not None)
        assert lobby.online == 1 and lobby.waited >= 0
        driver.draw()
        driver.key(pygame.K_ESCAPE)
        frames(app, lambda: app.stack.top is not lobby)


def test_an_unreachable_server_is_one_line_with_a_way_back(app, driver):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"ws://127.0.0.1:{port}"
    lobby = OnlineLobbyScene(app, mode="find", url=url)
    app.stack.push(lobby)
    frames(app, lambda: lobby.problem)
    assert lobby.problem == app.t("online.error.unreachable", url=url)
    assert lobby.cancel_button.label == "Back" and lobby.client is None
    driver.draw()


def test_DU10_statistics_online_tab_lists_established_players_and_shows_yours_provisional(app, driver, tmp_path):
    """Two established players (their first ten rated duels written) and two who raced once
    (raw clients, ended at once: aborted, DU-7): the Online tab of Statistics, reached by its tab,
    lists the established two with their ratings, and the player's own line is provisional:
    no place, "1000?" (DU-10)."""
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=4)) as (url, server):
        app.settings = app.settings.updated(online_server=url)
        ann, bob = (server.store.player(new_key(), name).id for name in ("Ann", "Bob"))
        for n in range(PROVISIONAL_DUELS):
            sides = (SideRecord(ann, 50, 0, 50, 4, "end"), SideRecord(bob, 40, 0, 40, 3, "end"))
            server.store.record(DuelRecord(f"d{n}", "DU:3:standard:1", 240, 0.0, 1.0, sides, "first", "", []))
        clients = [OnlineClient(url, new_key(), name) for name in ("Cleo", "Dan")]
        for client in clients:
            client.start()
            next_of(client, Welcome)
            client.find()
        duels = [OnlineDuel(client, next_of(client, Matched)) for client in clients]
        for duel in duels:
            duel.end()
        while any(duel.result is None for duel in duels):
            for duel in duels:
                duel.update(wait=0.02)
        assert all(duel.result.unrated == "aborted" and duel.result.provisional for duel in duels)
        stats = app.open("statistics")
        app.stack.on_resize(app.display.size)
        driver.click(stats.games.segments()[-1].center)  # the last tab: Online
        board = app.stack.top
        assert type(board).__name__ == "OnlineBoardScene"
        frames(app, lambda: board.board is not None)
        assert [entry["name"] for entry in board.board.top] == ["Ann", "Bob"]
        assert {entry["number"] for entry in board.board.top} == {server.store.skill(p).number for p in (ann, bob)}
        you = board.board.you
        assert you["provisional"] and you["place"] is None
        assert board.line(you)[0] == "—" and board.line(you)[3] == f"{you['number']}?"
        driver.draw()
        for client in clients:
            client.close()


def test_the_leaderboard_says_so_in_one_line_when_the_server_is_away(app, driver):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app.settings = app.settings.updated(online_server=f"ws://127.0.0.1:{port}")
    board = app.open("online_board")
    frames(app, lambda: board.problem)
    assert board.problem.startswith("The leaderboard is on the duel server") and board.client is None
    driver.draw()


def test_a_recorded_run_is_offered_after_the_wait_and_labelled_recorded(app, driver, tmp_path, monkeypatch):
    """Nobody in the queue: after the wait the screen offers a recorded run (a real player's
    earlier race); the race and its results say "recorded", and no rating moves."""
    monkeypatch.setattr("solitaire.scenes.duel.online_lobby.RECORDED_AFTER", 0.3)
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=3)) as (url, _):
        clients = [OnlineClient(url, new_key(), name) for name in ("Ann", "Bob")]
        for client in clients:
            client.start()
            next_of(client, Welcome)
            client.find()
        duels = [OnlineDuel(client, next_of(client, Matched)) for client in clients]
        ann = duels[0]
        for _ in range(3):  # Ann's side has moves: a run worth replaying
            while not ann.ready:
                ann.update(wait=0.05)
            ann.play("s")
        for duel in duels:
            duel.end()
        while any(duel.result is None for duel in duels):
            for duel in duels:
                duel.update(wait=0.02)
        lobby = OnlineLobbyScene(app, mode="find", url=url, player="Cara")
        app.stack.push(lobby)
        frames(app, lambda: lobby.recorded_button.visible)
        driver.draw()
        driver.click(lobby.recorded_button.rect.center)
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        race = app.stack.top
        assert race.duel.rival.name.endswith("(recorded)")
        frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene), limit=30)
        results = app.stack.top
        assert results.result.why == "recorded" and results.result.rating["before"] == results.result.rating["after"]
        driver.draw()
        for client in clients:
            client.close()


def test_new_duel_online_asks_the_name_then_opens_the_chosen_way_to_meet(app, driver):
    """New duel -> Online -> Play a friend: make a code -> Start: the name asked the first time,
    then the wait screen for a room, on the server set in Settings."""
    app.settings = app.settings.updated(online_server="ws://127.0.0.1:9")
    app.open("title")
    dialog = app.open("new_duel")
    app.stack.on_resize(app.display.size)
    driver.click(dialog.opponent_choice.segments()[-1].center)
    assert dialog.online_choice.visible and not dialog.deal_choice.visible
    driver.click(dialog.online_choice.segments()[1].center)
    driver.click(dialog.start_button.rect.center)
    asked = app.stack.top  # the first online duel asks the player's name (the network duel's question)
    assert type(asked).__name__ == "PlayerNameScene"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))  # typed, as SDL reports it
    for event in pygame.event.get():
        app.stack.handle(event)
    driver.key(pygame.K_RETURN)
    assert app.settings.player_name == "Ann"
    lobby = app.stack.top
    assert isinstance(lobby, OnlineLobbyScene) and lobby.mode == "room" and lobby.url == "ws://127.0.0.1:9"
    assert lobby.client.name == app.settings.player_name
    lobby.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_leaderboards_rows_have_a_scroll_bar_showing_where_they_are(make_app, lang):
    """The top 100 showed its first 14 rows at 1280x720 with no sign of the other 86: a scroll
    bar beside the rows (at their end: left in Arabic) shows where they are."""
    app = make_app((1280, 720), lang)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    board = app.open("online_board", url=f"ws://127.0.0.1:{port}")
    top = [{"place": n, "name": f"P{n}", "number": 2000 - n, "tier": "gold", "duels": 3} for n in range(1, 101)]
    board.board = Board(top, {"place": 132, "name": "Ann", "number": 900, "tier": "silver", "duels": 2})
    surface = app.display.surface
    app.stack.draw(surface, 1.0)
    rows = board.boxes["rows"]
    track, thumb = board.scroll_thumb()
    assert (track.right <= rows.left) if lang == "ar" else (track.left >= rows.right)
    assert thumb.y == track.y and thumb.h < track.h // 4
    assert surface.get_at(thumb.center).r > 150 and surface.get_at((track.centerx, track.bottom - 2)).r < 100
    board.scroll(1000)  # to the last row
    app.stack.draw(surface, 1.0)
    _, last = board.scroll_thumb()
    assert last.bottom == track.bottom and surface.get_at((track.centerx, track.bottom - 2)).r > 150
    board.board = Board(top[:5], board.board.you)
    assert board.scroll_thumb() is None  # all shown: no bar
