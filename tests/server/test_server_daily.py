"""The server's daily leaderboard (DD-5): a daily game is its moves, replayed by the server on the
deal it computes for the day; a score is never taken from a player, and a wrong move list, day or
mode is refused and writes nothing."""

from __future__ import annotations

import json
from datetime import date, timedelta
from functools import cache

import pytest

from solitaire.core import Game
from solitaire.core.daily import daily_deal, daily_key, daily_modes, utc_today
from solitaire.net.online_messages import DailyAsk, DailyBoard, DailyScore, DailySubmit, Refused
from solitaire.server.cli import run_server
from solitaire.server.daily import MAX_MOVES, DailyBoards
from solitaire.server.store import Store
from solitaire.solver.api import solve

from helpers import Raw, running_server

DAY = date(2026, 12, 2)


@cache
def winning_line(game: str, draw: int, day: date) -> tuple[str, ...]:
    return tuple(solve(Game.deal(daily_deal(game, draw, day)), 10.0).moves)


@pytest.fixture(params=["sqlite", "postgresql"])
def boards(tmp_path, request):
    """The boards on each database the server keeps them in (issue 35: PostgreSQL with ``--db``)."""
    store = Store(tmp_path, url=request.getfixturevalue("postgres_url") if request.param == "postgresql" else None)
    clock = iter(range(1_000, 10_000))
    yield store, DailyBoards(store.db, today=lambda: DAY, wall=lambda: float(next(clock)))
    store.close()


def send(boards: DailyBoards, player: int, moves: list[str] | tuple[str, ...], game: str = "freecell",
         draw: int = 1, day: date = DAY, part_size: int = 10_000) -> DailyScore | Refused | None:
    """All the parts of one game; the last answer."""
    parts = [moves[i:i + part_size] for i in range(0, len(moves), part_size)] or [[]]
    answer = None
    for index, part in enumerate(parts):
        answer = boards.submit(player, DailySubmit(game, draw, day.isoformat(), index, " ".join(part),
                                                   index < len(parts) - 1))
    return answer


def test_DD5_a_winning_line_is_scored_by_the_servers_replay(boards):
    store, daily = boards
    sara = store.player("k" * 30, "Sara").id
    answer = send(daily, sara, winning_line("freecell", 1, DAY), part_size=40)
    assert answer == DailyScore("freecell", 1, DAY.isoformat(), True, 520, len(winning_line("freecell", 1, DAY)), 1)
    top, you = daily.board(sara, DailyAsk("freecell", 1, DAY.isoformat()))
    assert top == [you] and you == {"place": 1, "name": "Sara", "won": True, "score": 520,
                                    "moves": len(winning_line("freecell", 1, DAY))}


def test_DD5_a_line_of_another_days_deal_is_refused_and_writes_nothing(boards):
    store, daily = boards
    sara = store.player("k" * 30, "Sara").id
    yesterday = DAY - timedelta(1)
    answer = send(daily, sara, winning_line("freecell", 1, DAY), day=yesterday)
    assert isinstance(answer, Refused) and answer.reason == "daily_moves" and "saved move" in answer.detail
    assert daily.board(sara, DailyAsk("freecell", 1, yesterday.isoformat())) == ([], {})


def test_DD5_a_move_the_rules_refuse_is_refused(boards):
    store, daily = boards
    sara = store.player("k" * 30, "Sara").id
    line = list(winning_line("thoughtful", 1, DAY))
    answer = send(daily, sara, line[:5] + ["t1>f1"] * 3 + line[5:], game="thoughtful")
    assert isinstance(answer, Refused) and answer.reason == "daily_moves"
    assert daily.board(sara, DailyAsk("thoughtful", 1, DAY.isoformat())) == ([], {})


@pytest.mark.parametrize("day,reason", [(DAY - timedelta(2), "daily_day"), (DAY + timedelta(1), "daily_day")])
def test_DD5_only_today_and_yesterday_take_a_result(boards, day, reason):
    store, daily = boards
    answer = send(daily, store.player("k" * 30, "Sara").id, ["t1>c1"], day=day)
    assert isinstance(answer, Refused) and answer.reason == reason


@pytest.mark.parametrize("game,draw,day", [("spider", 1, DAY.isoformat()), ("klondike", 2, DAY.isoformat()),
                                           ("nosuch", 1, DAY.isoformat()), ("freecell", 1, "20261202")])
def test_DD1_a_mode_without_a_daily_deal_or_an_odd_day_is_refused(boards, game, draw, day):
    store, daily = boards
    answer = daily.submit(store.player("k" * 30, "Sara").id, DailySubmit(game, draw, day, 0, "s", False))
    assert isinstance(answer, Refused) and answer.reason == "daily_mode"
    assert isinstance(daily.answer(1, DailyAsk(game, draw, day)), Refused)


def test_DD5_parts_out_of_order_and_too_many_moves_are_refused(boards):
    store, daily = boards
    sara = store.player("k" * 30, "Sara").id
    assert daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 0, "t1>c1", True)) is None
    answer = daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 2, "t1>c2", False))
    assert isinstance(answer, Refused) and answer.reason == "daily_order"
    answer = daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 1, "t1>c2", False))
    assert isinstance(answer, Refused) and answer.reason == "daily_order"  # the game was dropped
    answer = send(daily, sara, ["u"] * (MAX_MOVES + 1), part_size=500)
    assert isinstance(answer, Refused) and answer.reason == "daily_moves"


def test_DD5_the_board_ranks_a_win_then_score_then_fewer_moves_and_keeps_each_players_best(boards):
    store, daily = boards
    line = winning_line("klondike", 1, DAY)
    players = {name: store.player(name.lower() * 30, name).id for name in ("Ann", "Bob", "Cid", "Dee")}
    send(daily, players["Ann"], line, game="klondike")  # won
    send(daily, players["Bob"], line[:40], game="klondike")  # not won
    send(daily, players["Cid"], line, game="klondike")  # won, the same game: sent later
    won = send(daily, players["Dee"], line[:40], game="klondike")
    assert isinstance(won, DailyScore) and not won.won
    again = send(daily, players["Dee"], line, game="klondike")  # Dee's better game replaces it
    assert isinstance(again, DailyScore) and again.won and again.place == 3
    worse = send(daily, players["Ann"], line[:10], game="klondike")  # Ann's best stays
    assert isinstance(worse, DailyScore) and worse.place == 1
    answer = daily.answer(players["Bob"], DailyAsk("klondike", 1, DAY.isoformat()))
    assert isinstance(answer, DailyBoard)
    assert [line["name"] for line in answer.top] == ["Ann", "Cid", "Dee", "Bob"]
    assert answer.you["place"] == 4 and not answer.you["won"]
    assert daily.answer(players["Bob"], DailyAsk("klondike", 3, DAY.isoformat())).top == []


def test_DD5_over_the_wire_a_score_claim_is_garbage_and_an_honest_line_is_judged(tmp_path):
    today = utc_today()
    line = winning_line("freecell", 1, today)
    with running_server(tmp_path) as (url, _):
        player = Raw(url)
        assert player.hello("Sara")["type"] == "welcome"
        claim = {"type": "daily", "game": "freecell", "draw": 1, "day": today.isoformat(), "part": 0,
                 "moves": "t1>c1", "more": False, "score": 520}
        player.say(claim)
        answer = player.hear()
        assert answer["type"] == "refused" and answer["reason"] == "garbage" and "score" in answer["detail"]
        half = len(line) // 2
        for part, (moves, more) in enumerate([(line[:half], True), (line[half:], False)]):
            player.say({"type": "daily", "game": "freecell", "draw": 1, "day": today.isoformat(), "part": part,
                        "moves": " ".join(moves), "more": more})
        score = player.hear_type("daily_score")
        assert (score["won"], score["score"], score["moves"], score["place"]) == (True, 520, len(line), 1)
        player.say({"type": "daily_board", "game": "freecell", "draw": 1, "day": today.isoformat()})
        board = player.hear_type("daily_board")
        assert board["you"]["name"] == "Sara" and board["top"] == [board["you"]]
        player.close()


def test_DD5_an_address_has_twenty_games_judged_a_minute(boards):
    store, daily = boards
    sara = store.player("k" * 30, "Sara").id
    line = " ".join(winning_line("freecell", 1, DAY)[:5])
    answers = [daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 0, line, False), "10.0.0.1", 1.0)
               for _ in range(21)]
    assert all(isinstance(a, DailyScore) for a in answers[:20])
    assert isinstance(answers[20], Refused) and answers[20].reason == "throttled"
    other = daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 0, line, False), "10.0.0.2", 1.0)
    assert isinstance(other, DailyScore)
    later = daily.submit(sara, DailySubmit("freecell", 1, DAY.isoformat(), 0, line, False), "10.0.0.1", 61.5)
    assert isinstance(later, DailyScore)


def test_DD7_a_tie_goes_to_fewer_moves_then_the_earlier_arrival_then_the_older_player(boards):
    """Ties on won and score are broken only by what the server knows itself: the replay's moves,
    its own clock when the best game came, and the order players joined; a resent game keeps
    the moment it first came. No time a player reports is read."""
    store, daily = boards
    players = {name: store.player(name.lower() * 30, name).id for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")}
    opening = list(winning_line("klondike", 1, DAY)[:6])
    send(daily, players["Eve"], opening + ["s"], game="klondike")  # a stock click: the same score, a move more
    send(daily, players["Fay"], opening, game="klondike")  # later, in fewer moves
    top, _ = daily.board(players["Eve"], DailyAsk("klondike", 1, DAY.isoformat()))
    assert [(entry["name"], entry["score"], entry["moves"]) for entry in top] == [("Fay", 15, 6), ("Eve", 15, 7)]
    line = winning_line("freecell", 1, DAY)
    send(daily, players["Bob"], line)  # the same game: Bob's came first
    send(daily, players["Ann"], line)
    send(daily, players["Bob"], line)  # sent again: its first arrival stands
    answer = daily.answer(players["Ann"], DailyAsk("freecell", 1, DAY.isoformat()))
    assert [entry["name"] for entry in answer.top] == ["Bob", "Ann"] and answer.you["place"] == 2
    same_moment = DailyBoards(store.db, today=lambda: DAY, wall=lambda: 500.0)  # before the others' arrivals
    send(same_moment, players["Dee"], line)
    send(same_moment, players["Cid"], line)  # the same moment: Cid joined the server first
    top, you = daily.board(players["Dee"], DailyAsk("freecell", 1, DAY.isoformat()))
    assert [entry["name"] for entry in top] == ["Cid", "Dee", "Bob", "Ann"] and you["place"] == 2


def test_the_leaderboard_command_prints_the_days_daily_boards_beside_the_players(tmp_path, capsys):
    store = Store(tmp_path)
    sara = store.player("k" * 30, "Sara").id
    send(DailyBoards(store.db, today=lambda: DAY), sara, winning_line("freecell", 1, DAY))
    store.close()
    assert run_server(["--data", str(tmp_path), "--leaderboard", "--day", DAY.isoformat()]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["leaderboard"] == [] and printed["daily"]["day"] == DAY.isoformat()
    boards = printed["daily"]["boards"]
    assert set(boards) == {daily_key(game, draw) for game, draw in daily_modes()}
    assert boards["freecell-d1-standard"] == [{"place": 1, "name": "Sara", "won": True, "score": 520,
                                               "moves": len(winning_line("freecell", 1, DAY))}]
    assert boards["klondike-d1-standard"] == []
    assert run_server(["--data", str(tmp_path), "--leaderboard"]) == 0  # today's, by default
    assert json.loads(capsys.readouterr().out)["daily"]["day"] == utc_today().isoformat()


@pytest.mark.parametrize("argv, said", [
    (["--leaderboard", "--day", "2026-13-01"], "expected a day as YYYY-MM-DD, not '2026-13-01'"),
    (["--leaderboard", "--day", "20261202"], "expected a day as YYYY-MM-DD, not '20261202'"),
    (["--day", "2026-12-02"], "--day goes with --leaderboard"),
])
def test_the_leaderboard_command_says_a_malformed_day_in_one_line(tmp_path, capsys, argv, said):
    assert run_server(["--data", str(tmp_path), *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and said in err
