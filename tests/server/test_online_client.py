"""The game's client library (``net/online.py``) against a real server: the API the screens use."""

from __future__ import annotations

import time
from dataclasses import replace

from solitaire.core import Game, GameCode
from solitaire.core.cards import card_text
from solitaire.core.duel import Points, race_mode
from solitaire.net.mirror import visible_table
from solitaire.net.online import Closed, OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Board, Matched, Ok, Queued, Refused, Result, Welcome, points_json
from tests.server.helpers import QUICK, running_server


def next_of(client: OnlineClient, kind: type, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = client.wait(0.1)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__}")


def test_two_clients_queue_race_and_read_the_leaderboard(tmp_path):
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, server):
        ann, bob = OnlineClient(url, new_key(), "Ann"), OnlineClient(url, new_key(), "Bob")
        for client in (ann, bob):
            client.start()
            assert next_of(client, Welcome).number == 1000
        ann.find()
        assert next_of(ann, Queued).online == 2
        ann.cancel()
        assert isinstance(next_of(ann, Welcome), Welcome)  # out of the queue again
        ann.find()
        bob.find()
        duels = [OnlineDuel(client, next_of(client, Matched)) for client in (ann, bob)]
        assert all(client.poll() == [] for client in (ann, bob))  # poll never waits
        mine = duels[0]
        while not mine.ready:
            mine.update(wait=0.05)
        for _ in range(3):
            mine.play("s")
            while not mine.ready:
                mine.update(wait=0.05)
        refereed = server.duels[mine.matched.duel]
        side = [seat.name for seat in refereed.sides].index("Ann")
        assert visible_table(mine.mirror.game) == refereed.table(side)
        for duel in duels:
            duel.end()
        while mine.result is None or duels[1].result is None:
            for duel in duels:
                duel.update(wait=0.02)
        assert isinstance(mine.result, Result) and mine.result.you == duels[1].result.opponent
        assert duels[1].rival.moves == 3
        ann.leaderboard()
        board = next_of(ann, Board)
        assert board.top == []  # both ratings provisional (DU-10): no one on the leaderboard yet
        assert board.you["name"] == "Ann" and board.you["provisional"] and board.you["place"] is None
        ann.race_recorded()  # Bob's side of the only race has no move to replay
        assert next_of(ann, Refused).reason == "no_recorded"
        bob.race_recorded()  # Ann's run is on the deal Bob has just raced
        assert next_of(bob, Refused).reason == "no_recorded"
        cat = OnlineClient(url, new_key(), "Cat")
        cat.start()
        next_of(cat, Welcome)
        cat.race_recorded()
        assert next_of(cat, Matched).opponent == {"name": "Ann", "number": board.you["number"], "tier":
                                                  board.you["tier"], "recorded": True, "provisional": True}
        for client in (ann, bob, cat):
            client.close()


def test_a_server_that_is_not_there_is_one_closed_message(tmp_path):
    client = OnlineClient("ws://127.0.0.1:9", new_key(), "Nobody")
    client.start()
    message = next_of(client, Closed)
    assert "Error" in message.reason or "refused" in message.reason.lower()


def test_a_refusal_comes_as_a_message_not_an_exception(tmp_path):
    with running_server(tmp_path) as (url, _):
        client = OnlineClient(url, new_key(), "Ann")
        client.start()
        next_of(client, Welcome)
        client.join_room("NOPE1")
        assert next_of(client, Refused).reason == "no_room"
        client.close()



class Silent:
    """A client of the library that sends nothing anywhere: the test hands the duel its answers."""

    def __init__(self) -> None:
        self.heard: list = []

    def move(self, n: int, text: str) -> None:
        pass

    def poll(self) -> list:
        heard, self.heard = self.heard, []
        return heard


def test_an_earlier_moves_late_answer_is_not_taken_for_the_cards_a_later_move_turned():
    """A move that turns nothing is played without waiting for its answer, so the next one may
    turn cards before that answer comes (a slow link, another process of the server): the late
    Ok, which shows nothing, is not the turned cards' ("0 cards shown for 3 turned places")."""
    game_id, draw, scoring = race_mode()
    real = Game.deal(GameCode(game_id, draw, scoring, 7))
    client = Silent()
    duel = OnlineDuel(client, Matched("d", {}, 60, -1.0, visible_table(real), 0, points_json(Points())))

    def answer(n: int, shown: list) -> None:
        client.heard.append(Ok(n, shown, real.score, 50.0, points_json(Points())))
        duel.update()

    real.play_text("s")
    duel.play("s")  # 1: turns three cards
    answer(1, [card_text(c) for c in real.waste])
    real.play_text("u")
    duel.play("u")  # 2: turns nothing: played at once, its answer on its way
    real.play_text("s")
    duel.play("s")  # 3: turns the same three cards again (a stock nobody has seen)
    answer(2, [])  # 2's answer comes late
    assert not duel.mirror.ready
    answer(3, [card_text(c) for c in real.waste])
    assert duel.mirror.ready and visible_table(duel.mirror.game)["waste"] == visible_table(real)["waste"]


def test_an_undo_answered_after_the_redo_that_followed_it_is_not_taken_for_the_redos_cards(tmp_path):
    """An undo turns nothing, so the next move may go at once; its Ok (no cards) came while the
    redo after it awaited the three cards it draws again, and was taken for them: "0 cards shown
    for 3 turned places" ended the game."""
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, _):
        ann, bob = OnlineClient(url, new_key(), "Ann"), OnlineClient(url, new_key(), "Bob")
        for client in (ann, bob):
            client.start()
            next_of(client, Welcome)
        ann.find()
        bob.find()
        mine = OnlineDuel(ann, next_of(ann, Matched))
        while not mine.ready:
            mine.update(wait=0.05)
        for move in ("s", "u", "r"):  # each sent as soon as the table allows
            mine.play(move)
            while not mine.ready:
                mine.update(wait=0.05)
        assert len(mine.mirror.game.waste) == 3 and all(card >= 0 for card in mine.mirror.game.waste)
        for client in (ann, bob):
            client.close()
