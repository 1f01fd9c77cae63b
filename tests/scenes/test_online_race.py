"""The online race scene (issue 25) on a real server on 127.0.0.1, on a deal the test knows
(the server's secret dealing replaced by one chosen deal): a card turned shows its back until
the server names it, then turns; the End question's rows are the server's points by kind; a
dropped connection is made again under a "Reconnecting…" banner, back in the race or to a
clear result."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

import pygame
import pytest

from solitaire.core import TABLEAU, WASTE, Game, GameCode, Move, Pile
from solitaire.core.duel import race_mode
from solitaire.core.targets import legal_moves
from solitaire.net import online
from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, RoomMade, Welcome
from solitaire.scenes.duel import connection_banner
from solitaire.scenes.duel.dialogs import breakdown_rows
from solitaire.scenes.duel.online_race import OnlineRaceScene
from solitaire.scenes.duel.online_results import OnlineResultsScene
from solitaire.server import races
from solitaire.view.layout import Slot
from tests.server.helpers import QUICK, running_server
from tests.scenes.online_frames import frames, next_of

pygame.init()



def turning_deal() -> tuple[GameCode, Move]:
    """A Duel deal whose table has a first move that uncovers a column's card (+5, "turned")."""
    game_id, draw, scoring = race_mode()
    for seed in range(1, 500):
        code = GameCode(game_id, draw, scoring, seed)
        game = Game.deal(code)
        for move in legal_moves(game):
            if move.src.kind == TABLEAU and move.dst.kind == TABLEAU and game.hidden[move.src.index] \
                    and len(game.tableau[move.src.index]) - game.hidden[move.src.index] == 1:
                return code, move
    raise AssertionError("no deal with a first move that turns a card")


@contextmanager
def ann_races_bob(app, tmp_path, monkeypatch, **config):
    """Ann's race scene against Bob (a client of the library) in a friend's room, on
    ``turning_deal``, on a server of ``QUICK`` with ``config``: yields (scene, Bob's duel, the deal's
    turning move, the server)."""
    code, move = turning_deal()
    monkeypatch.setattr(races, "new_deal", lambda: code)
    with running_server(tmp_path / "server", replace(QUICK, **config)) as (url, server):
        ann, bob = OnlineClient(url, new_key(), "Ann"), OnlineClient(url, new_key(), "Bob")
        for client in (ann, bob):
            client.start()
            next_of(client, Welcome)
        ann.make_room()
        bob.join_room(next_of(ann, RoomMade).code)
        scene = OnlineRaceScene(app, ann, next_of(ann, Matched))
        theirs = OnlineDuel(bob, next_of(bob, Matched))
        app.stack.push(scene)
        frames(app, lambda: scene.duel.started and scene.online.ready)
        yield scene, theirs, move, server
        theirs.end()
        for client in (ann, bob):
            client.close()


@pytest.fixture
def race(app, tmp_path, monkeypatch):
    """Ann's race scene against Bob, its comeback window short."""
    with ann_races_bob(app, tmp_path, monkeypatch, race_seconds=30, comeback_seconds=1.5) as (scene, theirs, move, server):
        scene.bob = theirs
        yield scene, move, server


def test_a_turned_card_shows_its_back_until_the_server_names_it_then_turns(race, app, driver):
    scene, move, _ = race
    column = move.src.index
    turned = Slot(Pile(TABLEAU, column), scene.game.hidden[column] - 1)
    assert scene.play(move)
    sprite = scene.view.by_slot[turned]
    assert not scene.online.mirror.ready and not sprite.face_up  # a back, not a stand-in's face
    driver.draw()
    backs = {slot: sprite for slot, sprite in scene.view.by_slot.items() if not sprite.face_up}
    frames(app, lambda: scene.online.mirror.ready)
    sprite = scene.view.by_slot[turned]
    assert sprite.face_up and sprite.card == scene.game.tableau[column][turned.index]
    assert sprite.flip < 1.0  # turning over, as a card uncovered offline does
    # the stand-ins changed with the card seen; the backs on the table stay where they lie
    assert all(scene.view.by_slot[slot] is back for slot, back in backs.items() if slot != turned)
    frames(app, lambda: sprite.flip == 1.0)


def test_hint_while_a_turned_card_is_on_its_way_asks_the_advisor_nothing(race, app, driver):
    """H in a race is "No hints in a race": the advisor never reads the table, whose turned
    card is a stand-in until the server names it (``tests/play/test_online_hint``: a hint on it
    can move that stand-in, a move the server refuses); no status line is asked either."""
    scene, move, _ = race
    assert scene.play(move) and not scene.online.mirror.ready
    driver.key(pygame.K_h)
    assert scene.hints.advisor.hint_ticket is None and scene.hints.advisor.status is None
    assert scene.hud.toast is not None and scene.hud.toast.text == app.t("duel.no_hints")
    frames(app, lambda: scene.online.mirror.ready)
    assert scene.hints.advisor.hint_ticket is None and scene.hints.advisor.status_ticket is None


def test_cards_drawn_from_a_stock_nobody_has_seen_fly_face_down_then_turn(race, app, driver):
    scene, _, _ = race
    scene.draw_stock()
    drawn = [scene.view.by_slot[Slot(Pile(WASTE), index)] for index in range(len(scene.game.waste))]
    assert drawn and not scene.online.mirror.ready and not any(sprite.face_up for sprite in drawn)
    frames(app, lambda: scene.online.mirror.ready)
    drawn = [scene.view.by_slot[Slot(Pile(WASTE), index)] for index in range(len(scene.game.waste))]
    assert all(sprite.face_up for sprite in drawn)
    assert [sprite.card for sprite in drawn] == scene.game.waste
    driver.draw()


def test_the_end_question_counts_the_points_by_kind_the_server_counted(race, app, driver):
    scene, move, server = race
    assert scene.play(move)
    frames(app, lambda: scene.online.mirror.ready)
    refereed = server.duels[scene.online.matched.duel]
    side = [seat.name for seat in refereed.sides].index("Ann")
    points = scene.duel.preview().points
    assert points == refereed.race.ledgers[side].total and points.turned == 5 and points.score == scene.game.score
    scene.ask_end()
    rows = dict(breakdown_rows(app, scene.duel.preview(), ended=False))
    assert rows[app.t("duel.points.turned")] == "+5"
    driver.draw()


class Asked:
    """An autoplayer that never decides: it notes, each time it is asked, whether the server
    had named every card our moves turned (the mirror ready)."""

    def __init__(self, online: OnlineDuel) -> None:
        self.online = online
        self.ready: list[bool] = []

    def update(self, game, race_time):
        self.ready.append(self.online.mirror.ready)

    def ready_at(self, now):
        return None

    def close(self) -> None:
        """Nothing to free."""


def test_the_autoplayer_is_never_asked_about_a_card_on_its_way_from_the_server(race, app):
    """``--autoplay`` in a window pressed End a few moves in: asked while the card its last move
    turned was on its way, the computer thought about the stand-in there (the same moves, so
    the same question once the card came) and chose a move the rules then refused ("a 10 of
    diamonds cannot go on an 8 of clubs"), which ends a side. It is asked once the card is
    there, as a person waits for it."""
    scene, move, _ = race
    assert scene.play(move)
    asked = scene.duel.autoplayer = Asked(scene.online)
    app.stack.update(1 / 60)  # the next frame, before the server's answer
    frames(app, lambda: scene.online.mirror.ready)
    app.stack.update(1 / 60)
    assert asked.ready and all(asked.ready)


def drop(server, name: str) -> None:
    """The server's end of ``name``'s connection breaks (as a network that fails)."""
    seat = next(c for c in list(server.clients) if c.player is not None and c.player.name == name)
    seat.ws.transport.abort()


def test_a_dropped_connection_is_made_again_under_a_banner_and_the_race_goes_on(race, app, driver, monkeypatch):
    scene, _, server = race
    scene.draw_stock()
    frames(app, lambda: scene.online.ready)
    monkeypatch.setattr(online, "RETRY_SECONDS", 0.3)
    drop(server, "Ann")
    frames(app, lambda: scene.online.lost is not None)
    assert scene.frozen and scene.online.comeback_until is not None
    scene.draw_stock()  # no move while reconnecting
    assert scene.game.moves == 1
    driver.draw()  # the red banner: "Connection to the server lost: reconnecting… N s"
    frames(app, lambda: scene.online.reseated is not None)
    refereed = server.duels[scene.online.matched.duel]
    side = [seat.name for seat in refereed.sides].index("Ann")
    assert not scene.frozen and scene.online.comeback_until is None and scene.online.sent == 1
    assert scene.online.mirror.game is scene.game
    scene.draw_stock()  # the race goes on, on the new connection
    frames(app, lambda: scene.online.ready)
    assert refereed.sides[side].moves == 2 and scene.game.moves == 2
    driver.draw()


def test_our_own_drop_is_said_once_in_the_banner_and_the_rivals_panel_stays_the_rivals(race, app, driver):
    """Our reconnect was said twice, by the rival's panel ("Connection lost: coming back…") and
    by the red banner: the banner alone says it now, in place of a rival's drop told before
    (nothing of the rival is heard meanwhile); the panel still says what the rival does."""
    scene, _, server = race
    duel = scene.duel
    drop(server, "Ann")
    frames(app, lambda: scene.online.lost is not None)
    assert duel.rival_side.note == "" and duel.reconnecting() is not None
    said = app.t("online.reconnecting", seconds=duel.reconnecting())
    assert connection_banner.line(app, duel) == said
    duel.rival_side.comeback_until = duel.race.elapsed + 20  # the rival had dropped before us
    assert connection_banner.line(app, duel) == said
    driver.draw()
    frames(app, lambda: scene.online.reseated is not None)
    assert duel.reconnecting() is None
    assert connection_banner.line(app, duel) == app.t("net.gone.banner", name=duel.rival.name, seconds=20)


def test_a_race_decided_while_away_shows_its_result_once_connected_again(race, app, driver, monkeypatch):
    scene, _, server = race
    monkeypatch.setattr(online, "RETRY_SECONDS", 0.2)
    url = scene.online.client.url
    scene.online.client.url = "ws://127.0.0.1:9"  # nothing listens there: the tries fail for now
    drop(server, "Ann")
    frames(app, lambda: scene.online.lost is not None)
    scene.bob.end()  # Bob ends; Ann's game ends with the server's comeback window: the race is decided
    while scene.bob.result is None:
        scene.bob.update(wait=0.05)
    scene.online.client.url = url
    frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene))
    results = app.stack.top
    assert results.result.duel == scene.bob.result.duel and results.result.you == scene.bob.result.opponent
    assert app.services.store.duel_stats("online").played == 1
    driver.draw()


def test_a_connection_not_made_again_in_time_ends_in_a_clear_result(race, app, driver, monkeypatch):
    scene, _, server = race
    monkeypatch.setattr(online, "COMEBACK_SECONDS", 1.0)
    monkeypatch.setattr(online, "RETRY_SECONDS", 0.2)
    scene.online.client.url = "ws://127.0.0.1:9"
    drop(server, "Ann")
    frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene))
    results = app.stack.top
    assert results.result is None and results.title == "Connection lost"
    assert app.services.store.duel_stats("online").played == 0  # no verdict heard: nothing counted here
    driver.draw()
