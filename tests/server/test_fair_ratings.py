"""Ratings that mean something (issue 31 item 2): no one races themselves, a race without a
first move is aborted, quick losers and bots move no rating, new ratings are provisional, and a
look-alike name is the same name. Races are played through the real referee on a clock the test
gives (``finished``), or over WebSocket on 127.0.0.1 where the address matters."""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import replace

from solitaire.net.online_messages import Ok, Result
from solitaire.server.duel import STRIKES_IN_A_ROW, ServerDuel, Side
from solitaire.server.fairness import FAST_MOVES, HUMAN_GAP, REMATCHES_A_DAY, aimed, quick_loss, too_fast
from solitaire.server.lobby import Queue
from solitaire.server.service import DuelServer, Settings
from solitaire.server.store import PROVISIONAL_DUELS, DuelRecord, SideRecord, Store
from tests.server.helpers import QUICK, Raw, running_server
from tests.server.test_server_referee import CODE, candidates, takes

COUNT = 3.0  # the referee's 3-2-1: race time 0 is server time 3.0


def new_race(server: DuelServer, first: int, second: int) -> ServerDuel:
    duel = ServerDuel(secrets.token_hex(4), CODE, 240, (Side(first, "A"), Side(second, "B")), opened=0.0, count=COUNT)
    server.duels[duel.id] = duel
    return duel


def play(duel: ServerDuel, side: int, gaps: list[float], seed: int = 3, start: float = 0.0) -> float:
    """``side`` plays legal moves, aimed ones when it has any (as a bot that plays what it
    sees), each ``gap`` race seconds after the one before; the race time of the last."""
    game, rng, at = duel.race.games[side], random.Random(seed), start
    texts = [text for text in candidates(game) if aimed(text)]
    for gap in gaps:
        rng.shuffle(texts)
        at += gap
        move = next((text for text in texts if takes(game, text)), "s")
        assert isinstance(duel.play(side, duel.sides[side].moves + 1, move, COUNT + at), Ok)
    return at


def finished(server: DuelServer, duel: ServerDuel, at: float) -> tuple[Result, Result]:
    """Both sides end at race time ``at``; the results each player is told (away: kept for them)."""
    for side in (0, 1):
        duel.end(side, COUNT + at)
    server._finish(duel, COUNT + at)
    return server.missed[duel.sides[0].player][1], server.missed[duel.sides[1].player][1]


def players(store: Store, count: int) -> list[int]:
    return [store.player(secrets.token_urlsafe(24), f"P{n}").id for n in range(count)]


def establish(store: Store, player: int, other: int) -> None:
    """``PROVISIONAL_DUELS`` rated duels for both (written as the server writes them)."""
    for n in range(PROVISIONAL_DUELS):
        sides = (SideRecord(player, 50, 0, 50, 4, "end"), SideRecord(other, 40, 0, 40, 3, "end"))
        store.record(DuelRecord(f"old{player}-{n}", "DU:3:standard:1", 240, 0.0, 1.0, sides, "first", "", []))


def human_gaps(rng: random.Random, count: int) -> list[float]:
    """A person's pace: mostly 0.6 to 3 s a move."""
    return [rng.uniform(0.6, 3.0) for _ in range(count)]


def test_DU11_a_bot_playing_19_moves_a_second_is_flagged_unrated_and_in_the_leaderboards_data(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    bot, person = players(store, 2)
    establish(store, bot, person)
    duel = new_race(server, bot, person)
    end = play(duel, 0, [1 / 19] * 80)
    end = max(end, play(duel, 1, human_gaps(random.Random(1), 30), seed=5))
    results = finished(server, duel, end + 1)
    assert [r.unrated for r in results] == ["too_fast", "opponent_too_fast"]
    assert all(r.rating["before"] == r.rating["after"] for r in results)
    top, _ = store.leaderboard()
    line = next(line for line in top if line["name"] == "P0")
    assert line["flagged"] == 1 and line["duels"] == PROVISIONAL_DUELS  # the flagged race moved nothing
    assert store.db.execute("SELECT unrated FROM duels WHERE id = ?", (duel.id,)).fetchone() == ("too_fast",)


def test_DU11_human_paced_play_is_never_flagged(tmp_path):
    """A person's steady pace, a burst of stock clicks (one spot), a run of obvious moves, and a
    network stall that delivers six moves at once: none is flagged, every race is rated."""
    rng = random.Random(11)
    steady = human_gaps(rng, 30)
    clicks = [0.11] * 9 + human_gaps(rng, 14) + [0.11] * 9 + human_gaps(rng, 14)
    obvious = human_gaps(rng, 12) + [0.35, 0.4, 0.32, 0.45, 0.38] + human_gaps(rng, 12)
    stalled = human_gaps(rng, 12) + [4.0, 0.01, 0.01, 0.01, 0.01, 0.01] + human_gaps(rng, 12)
    computer_hard = [0.8] * 30  # the computer player's Hard pace (solver.player.PACE)
    store = Store(tmp_path)
    server = DuelServer(store)
    for seed, gaps in enumerate((steady, clicks, obvious, stalled, computer_hard)):
        a, b = players(store, 2)
        duel = new_race(server, a, b)
        if gaps is clicks:  # the clicks are draws: "s" on the stock
            at = 0.0
            for gap in gaps:
                at += gap
                move = "s" if gap < 0.2 else next((t for t in candidates(duel.race.games[0])
                                                  if aimed(t) and takes(duel.race.games[0], t)), "s")
                assert isinstance(duel.play(0, duel.sides[0].moves + 1, move, COUNT + at), Ok)
            end = at
        else:
            end = play(duel, 0, gaps, seed)
        end = max(end, play(duel, 1, human_gaps(rng, 5), seed + 50))
        assert sum(aimed(move) for _, who, move, _ in duel.log if who == 0) >= FAST_MOVES  # enough to judge
        assert not too_fast(duel.log, 0)
        results = finished(server, duel, end + 1)
        assert [r.unrated for r in results] == ["", ""]
        assert results[0].rating["before"] != results[0].rating["after"]


def test_DU11_the_line_between_a_person_and_a_bot_is_the_median_gap_before_an_aimed_move():
    def log(gap: float, count: int) -> list[tuple]:
        return [(round(gap * (n + 1), 3), 0, "t1>t2", "ok") for n in range(count)]

    assert too_fast(log(HUMAN_GAP - 0.02, FAST_MOVES), 0)
    assert not too_fast(log(HUMAN_GAP + 0.02, FAST_MOVES), 0)
    assert not too_fast(log(0.01, FAST_MOVES - 1), 0)  # too few aimed moves to judge
    draws = [(round(0.05 * n, 3), 0, "s", "ok") for n in range(1, 200)]
    assert not too_fast(draws, 0)  # one spot clicked fast is not aimed play


def test_DU7_a_side_without_a_legal_move_aborts_the_race_and_moves_no_rating(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    for how in ("end", "disqualified", "idle"):
        a, b = players(store, 2)
        duel = new_race(server, a, b)
        end = play(duel, 0, human_gaps(random.Random(2), 12))
        if how == "disqualified":
            for strike in range(STRIKES_IN_A_ROW):
                duel.play(1, 1, "t7:3>t1", COUNT + 1 + strike)  # a face-down card: refused
            assert duel.sides[1].disqualified
        elif how == "end":
            duel.end(1, COUNT + 0.5)
        results = finished(server, duel, end + 1)
        assert [r.unrated for r in results] == ["aborted", "aborted"], how
        assert all(r.rating["before"] == r.rating["after"] == 1000 for r in results)
        assert store.provisional(a) and store.db.execute("SELECT duels FROM players WHERE id = ?", (a,)).fetchone() == (0,)


def test_DU9_a_player_who_keeps_losing_at_once_stops_moving_ratings_and_is_told_why(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    loser, *others = players(store, 5)
    told = []
    for race, other in enumerate(others):
        duel = new_race(server, other, loser)
        end = play(duel, 0, human_gaps(random.Random(race), 15))
        play(duel, 1, [1.0])  # one legal move, then End at once
        duel.end(1, COUNT + 2.0)
        results = finished(server, duel, end + 1)
        assert results[0].winner == "you"
        told.append((results[0].unrated, results[1].unrated, results[0].rating["after"] - results[0].rating["before"]))
    assert [t[:2] for t in told] == [("", "")] * 3 + [("opponent_quick_losses", "quick_losses")]
    assert all(change > 0 for _, _, change in told[:3]) and told[3][2] == 0
    assert len(store.quick_losses(loser, time.time() - 60)) == 4 and not store.quick_losses(others[0], 0)


def test_DU10_a_new_rating_is_provisional_and_the_leaderboard_lists_established_players_only(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    new, old, rival = players(store, 3)
    establish(store, old, rival)
    duel = new_race(server, new, old)
    end = play(duel, 0, human_gaps(random.Random(4), 15))
    end = max(end, play(duel, 1, human_gaps(random.Random(5), 15), seed=9))
    results = finished(server, duel, end + 1)
    assert [r.provisional for r in results] == [True, False] and results[0].unrated == ""
    top, you = store.leaderboard(new)
    assert {line["name"] for line in top} == {"P1", "P2"} and not any(line["provisional"] for line in top)
    assert you is not None and you["provisional"] and you["place"] is None and you["duels"] == 1
    with running_server(tmp_path / "live") as (url, _):
        assert Raw(url).hello("Nova")["provisional"] is True


def test_DU8_the_queue_passes_over_pairs_that_may_not_meet():
    queue: Queue[str] = Queue()
    for who, number in (("a1", 1000), ("a2", 1001), ("b", 1002), ("c", 1003)):
        queue.add(who, number, 0.0)
    same_address = {"a1", "a2"}
    pairs = queue.pairs(0.0, lambda x, y: not {x, y} <= same_address)
    assert sorted(map(sorted, pairs)) == [["a1", "b"], ["a2", "c"]]


def test_DU8_the_same_two_players_race_rated_a_few_times_a_day_then_not(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    a, b, c = players(store, 3)
    for n in range(REMATCHES_A_DAY):
        assert server.may_race("10.0.0.1", a, "10.0.0.2", b)
        sides = (SideRecord(a, 50, 0, 50, 4, "end"), SideRecord(b, 40, 0, 40, 3, "end"))
        store.record(DuelRecord(f"d{n}", "DU:3:standard:1", 240, time.time(), time.time(), sides, "first", "", []))
    assert not server.may_race("10.0.0.1", a, "10.0.0.2", b) and not server.may_race("10.0.0.2", b, "10.0.0.1", a)
    assert server.may_race("10.0.0.1", a, "10.0.0.3", c)
    assert not server.may_race("10.0.0.1", a, "10.0.0.1", c)  # one address: never
    assert DuelServer(store, Settings(one_address=True)).may_race("10.0.0.1", a, "10.0.0.1", c)


def test_DU8_a_modified_client_staging_farmed_wins_from_one_address_gains_nothing(tmp_path):
    """Two identities from one address: the queue never pairs them (a player from another
    address is paired with one of them, the other waits on); in a room, the second sends refused
    moves before the start (never counted) and then enough to be disqualified: the race is
    unrated (a room's) and aborted, and no rating moves, however often it is staged."""
    with running_server(tmp_path, replace(QUICK, one_address=False, race_seconds=30)) as (url, server):
        farmer, helper = Raw(url), Raw(url)
        farmer.hello("Farmer")
        helper.hello("Helper")
        farmer.say({"type": "find"})
        helper.say({"type": "find"})
        stranger = Raw(url, source="127.0.0.2")
        stranger.hello("Stranger")
        stranger.say({"type": "find"})
        assert stranger.hear_type("matched")["opponent"]["name"] in ("Farmer", "Helper")
        waiting = list(server.queue.waiting)
        assert len(waiting) == 1 and waiting[0].address == "127.0.0.1"
        alone = farmer if waiting[0].player.name == "Farmer" else helper
        heard = [alone.hear()["type"] for _ in range(8)]  # eight pairings more, and still alone in the queue
        assert heard == ["queued"] * 8
        assert len(server.duels) == 1
        alone.say({"type": "cancel"})
        paired = helper if alone is farmer else farmer
        for raw in (stranger, paired):
            raw.say({"type": "end"})
        assert paired.hear_type("result")["unrated"] == "aborted"  # and neither played a move
        for _ in range(2):
            farmer.say({"type": "room", "code": ""})
            helper.say({"type": "room", "code": farmer.hear_type("room_made")["code"]})
            helper.hear_type("matched")
            for _ in range(STRIKES_IN_A_ROW + 1):  # before the start: refused, never counted
                helper.say({"type": "move", "n": 1, "move": "t7:3>t1"})
                if helper.hear_type("no")["reason"] != "not_started":
                    break
            else:
                time.sleep(QUICK.count_seconds)
            for _ in range(STRIKES_IN_A_ROW):
                helper.say({"type": "move", "n": 1, "move": "t7:3>t1"})
            won = farmer.hear_type("result")
            assert won["winner"] == "you" and won["unrated"] == "room"
            assert won["rating"]["before"] == won["rating"]["after"] == 1000
        top, _ = server.store.leaderboard()
        assert top == [] and server.store.db.execute("SELECT max(duels) FROM players").fetchone() == (0,)


def test_a_look_alike_name_from_another_script_is_the_same_name(tmp_path):
    store = Store(tmp_path)
    assert store.player("a" * 30, "Alice").name == "Alice"
    assert store.player("b" * 30, "\u0410lice").name == "Alice#2"  # a Cyrillic capital A
    assert store.player("c" * 30, "\u0391lice").name == "Alice#3"  # a Greek capital Alpha
    assert store.player("d" * 30, "AIice").name == "Alice#4"  # a capital I for the l
    assert store.player("e" * 30, "Alicia").name == "Alicia"
    with running_server(tmp_path / "live") as (url, _):
        assert Raw(url).hello("Alice")["name"] == "Alice"
        assert Raw(url).hello("\u0410lice")["name"] == "Alice#2"


def test_an_older_database_compares_its_players_names_by_skeleton_once_opened(tmp_path):
    store = Store(tmp_path)
    store.player("a" * 30, "\u0410lice")
    store.db.execute("UPDATE players SET base = 'old'")
    store.db.execute("PRAGMA user_version = 0")
    store.db.execute("DROP TABLE schema_version")  # a file of the versions before it (``schema``)
    store.close()
    again = Store(tmp_path)
    assert again.player("b" * 30, "Alice").name == "\u0410lice#2"


def test_DU9_a_few_moves_at_the_start_then_leaving_or_waiting_is_a_quick_loss_and_play_after_is_not():
    early = [(1.0, 1, "s", "ok"), (2.5, 1, "t1>t2", "ok"), (38.0, 1, "end", "ok")]  # left: ended 30 s later
    assert quick_loss(early, 1, moves=2, disqualified=False, lost=True)
    assert not quick_loss(early, 1, moves=2, disqualified=False, lost=False)  # a tie or a win is no loss
    later = early[:2] + [(25.0, 1, "s", "ok")]
    assert not quick_loss(later, 1, moves=3, disqualified=False, lost=True)
    assert quick_loss([], 1, moves=0, disqualified=False, lost=False)  # no legal move at all


def test_DU11_a_bot_over_the_wire_is_flagged_by_the_times_its_moves_reach_the_server(tmp_path, monkeypatch):
    """A modified client that sends a line of moves as fast as its socket takes them (a bot), in
    a rated race: the server's own times of its moves flag it, and both players are told. (The
    deal is the referee tests' one, whose line has aimed moves enough: a random one may not.)"""
    monkeypatch.setattr("solitaire.server.races.new_deal", lambda: CODE)
    with running_server(tmp_path, replace(QUICK, race_seconds=30)) as (url, server):
        bot, person = Raw(url), Raw(url)
        bot.hello("Bot")
        person.hello("Person")
        bot.say({"type": "find"})
        person.say({"type": "find"})
        duel_id = bot.hear_type("matched")["duel"]
        person.hear_type("matched")
        duel = server.duels[duel_id]
        side = [seat.name for seat in duel.sides].index("Bot")
        seen = ServerDuel("seen", duel.code, 240, (Side(1, "A"), Side(2, "B")), opened=0.0, count=COUNT)
        play(seen, side, [0.01] * (FAST_MOVES + 10))  # the line it plays, found on what it sees
        line = [move for _, who, move, outcome in seen.log if who == side and outcome == "ok"]
        assert sum(map(aimed, line)) >= FAST_MOVES
        time.sleep(QUICK.count_seconds)
        person.say({"type": "move", "n": 1, "move": "s"})
        assert person.hear_type("ok")["n"] == 1
        for n, move in enumerate(line, 1):  # as fast as the socket takes them
            bot.say({"type": "move", "n": n, "move": move})
        assert [bot.hear_type("ok")["n"] for _ in line] == list(range(1, len(line) + 1))
        for raw in (bot, person):
            raw.say({"type": "end"})
        told = bot.hear_type("result"), person.hear_type("result")
        assert [r["unrated"] for r in told] == ["too_fast", "opponent_too_fast"]
        assert server.store.db.execute("SELECT flagged FROM players WHERE name = 'Bot'").fetchone() == (1,)
