"""Online screens tell the truth (issue 31 item 3), against a real server on 127.0.0.1: the End
and Leave questions weigh the opponent's total as the server tells it (the panel's figure; its
moves never reach our own race), the Leave question says what leaving does online (our game
ends, the race goes on), and the leaver sees the server's result with the rating change."""

from __future__ import annotations

import copy
import time

import pygame
import pytest

from solitaire import i18n
from solitaire.core import parse_request
from solitaire.core.duel import notation
from solitaire.scenes.duel.online_lobby import ROOM_CHARS, OnlineLobbyScene
from solitaire.scenes.duel.online_results import OnlineResultsScene
from solitaire.scenes.duel.panel import rival_figures
from solitaire.scenes.menus.confirm import ConfirmScene
from tests.scenes.online_frames import frames
from tests.scenes.test_online_race import ann_races_bob
from tests.server.helpers import running_server
from tests.server.test_server_referee import candidates, takes

pygame.init()


@pytest.fixture
def scored(app, tmp_path, monkeypatch):
    """Ann's race scene against Bob (a raw client) once Bob has turned a card (+5) and Ann has
    played nothing: Bob leads, 5 to 0, as Ann's panel shows."""
    with ann_races_bob(app, tmp_path, monkeypatch, race_seconds=30) as (scene, theirs, move, _):
        while not theirs.ready:
            theirs.update(wait=0.02)
        theirs.play(notation(move))
        frames(app, lambda: scene.online.rival.score == 5)
        yield scene, theirs


def test_DU4_the_online_end_question_weighs_the_opponents_total_the_panel_shows(scored, app, driver):
    """It said "That beats your opponent's 0 right now" while the panel showed 5: it read our
    own race's rival side, which an online rival's moves never reach."""
    scene, _ = scored
    assert scene.duel.preview().total == 0 and rival_figures(scene.duel)[0] == 5  # the panel: 5
    scene.ask_end()
    question = app.stack.top
    assert question.verdict() == app.t("duel.behind", opponent=5)
    driver.draw()


def test_DU4_the_online_leave_question_says_the_race_goes_on_and_the_opponents_total(scored, app, driver):
    scene, _ = scored
    scene.ask_leave()
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    assert "decided there" not in question.message  # untrue online: the race goes on without us
    assert question.message.startswith("Leave the race? Your game ends now with 0, as End does; that does not "
                                       "decide the race. Your opponent (5 now) plays on")
    driver.draw()


def scoring_move(game) -> str | None:
    """A move that raises ``game``'s score now (tried on a copy), else None."""
    for text in candidates(game):
        if text not in ("u", "r", "a") and takes(game, text):
            trial = copy.deepcopy(game)
            trial.apply(trial.resolve(parse_request(text)))
            if trial.score > game.score:
                return text
    return None


def test_DU4_the_online_leave_question_reads_the_opponents_total_each_frame(app, tmp_path, monkeypatch, driver):
    """It was a snapshot of the opponent's total when it opened; the opponent plays on under it.
    Here Bob scores while Ann is asked (drawing from the stock until a move scores), and the
    question says his new total."""
    with ann_races_bob(app, tmp_path, monkeypatch, race_seconds=30) as (scene, theirs, _, server):
        scene.ask_leave()
        question = app.stack.top
        driver.draw()
        assert "Your opponent (0 now)" in question.message
        duel = next(iter(server.duels.values()))
        game = duel.race.games[1]  # Bob's table, as the server has it
        for _ in range(60):
            while not theirs.ready or duel.sides[1].moves < theirs.sent:  # the server has played his moves
                theirs.update(wait=0.02)
            text = scoring_move(game)
            theirs.play(text or "s")
            if text is not None:
                break
        frames(app, lambda: rival_figures(scene.duel)[0] > 0)
        now = rival_figures(scene.duel)[0]
        driver.draw()
        assert app.stack.top is question and f"Your opponent ({now} now)" in question.message
        assert question.message == scene.leave_question()


def test_the_leaver_sees_the_servers_result_and_the_rating_change(scored, app, driver):
    """Leaving went to the title and the server's result, decided later, never reached the
    player: the results screen now waits for it and shows it."""
    scene, theirs = scored
    scene.ask_leave()
    app.stack.top.answer_yes()
    results = app.stack.top
    assert isinstance(results, OnlineResultsScene) and results.pending
    assert results.title == app.t("online.left.title")
    driver.draw()  # "You left: your game ended with 0" / "Bob: 5 now · at most 0:28 left"
    assert scene.online.ended and not scene.online.client.closed.is_set()  # End told; still connected
    frames(app, lambda: (theirs.update(), theirs.rival.ended)[1])  # the server ended our game
    theirs.end()
    frames(app, lambda: results.result is not None)
    assert results.result.duel == theirs.matched.duel and results.result.winner == "opponent"
    while theirs.result is None:
        theirs.update(wait=0.05)
    assert results.result.you == theirs.result.opponent and results.title == app.t("duel.result.opponent")
    rating = results.result.rating
    if rating:  # the rating as the server left it (a friend's room moves none: it says why, DU-7…)
        assert set(rating) == {"before", "after"} and str(rating["after"]) in results.rating_line
    else:
        assert results.rating_line == app.t("online.unrated")
    assert app.services.store.duel_stats("online" if rating else "network").played == 1  # counted once
    driver.draw()


def test_a_leaver_gone_before_the_result_closes_the_connection(scored, app):
    scene, _ = scored
    scene.ask_leave()
    app.stack.top.answer_yes()
    results = app.stack.top
    results.to_title()
    client, deadline = scene.online.client, time.monotonic() + 5
    while not client.closed.is_set() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert client.closed.is_set()  # bye said, the server closed it
    assert app.services.store.duel_stats("online").played == 0  # no verdict heard: nothing counted


def test_the_recorded_offer_waits_for_the_server_to_have_a_run_for_this_player(app, driver, tmp_path, monkeypatch):
    """It was offered after the wait on a server with no run at all; asked for when none is
    there (one taken meanwhile), the player is told so and keeps waiting in the queue."""
    monkeypatch.setattr("solitaire.scenes.duel.online_lobby.RECORDED_AFTER", 0.1)
    with running_server(tmp_path / "server") as (url, _):
        lobby = OnlineLobbyScene(app, mode="find", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.queued is not None and lobby.waited >= 0.5)
        assert not lobby.queued.recorded and not lobby.recorded_button.visible
        lobby.place.race_recorded()  # as a press would, had the server said there was one
        frames(app, lambda: lobby.problem)
        assert lobby.problem == app.t("online.recorded.none") and lobby.client is not None
        waited = lobby.waited
        frames(app, lambda: lobby.queued.waited > waited)  # the server still counts our wait
        assert lobby.cancel_button.label == app.t("menu.cancel")
        driver.draw()
        lobby.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_room_fields_hint_is_no_code_and_the_field_keeps_focus_after_a_wrong_code(app, driver, tmp_path, lang):
    i18n.set_language(lang)
    with running_server(tmp_path / "server") as (url, _):
        lobby = OnlineLobbyScene(app, mode="join", url=url, player="Ann")
        app.stack.push(lobby)
        frames(app, lambda: lobby.welcome is not None)
        hint = lobby.field.placeholder
        assert hint == app.t("online.room.placeholder") and not set(hint) <= ROOM_CHARS  # no code is made of it
        assert lobby.group.focused is lobby.field
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="zzzzz"))
        driver.key(pygame.K_RETURN)
        driver.move((1, 1))  # an event while the code is being checked
        frames(app, lambda: lobby.field.error)
        assert lobby.field.error == app.t("online.error.no_room")
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="q"))
        assert lobby.group.focused is lobby.field and lobby.field.value == "ZZZZZQ"
        driver.draw()
        lobby.close()
    i18n.set_language("en")
