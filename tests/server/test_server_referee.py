"""The server holds the deal and referees the race through the core (issue 25 item 2)."""

from __future__ import annotations

import random

import msgspec.structs

from solitaire.core import IllegalMove, parse_code, parse_request
from solitaire.core.duel import Race
from solitaire.net.mirror import Mirror, visible_table
from solitaire.net.online_messages import No, Ok
from solitaire.core.codes import DEAL_LIMIT
from solitaire.server.duel import (STRIKES_IN_A_ROW, STRIKES_IN_A_RACE, ServerDuel, Side, deal_text, new_deal,
                                   read_deal)
from tests.farming import farm_line

CODE = parse_code("DU2-D3N-AAAAAAB")


def duel(seconds: int = 240) -> ServerDuel:
    return ServerDuel("d", CODE, seconds, (Side(1, "A"), Side(2, "B")), opened=0.0, count=3.0)


def candidates(game) -> list[str]:
    texts = ["s", "u", "r", "a"]
    texts += [f"w>t{d}" for d in range(1, 8)] + ["w>f"]
    for src in range(1, 8):
        texts.append(f"t{src}>f")
        for count in range(1, 13):
            texts += [f"t{src}:{count}>t{d}" for d in range(1, 8) if d != src]
    texts += [f"f{f}>t{d}" for f in range(1, 5) for d in range(1, 8)]
    return texts


def takes(game, text: str) -> bool:
    """The core would play ``text`` now (asked without playing it)."""
    request = parse_request(text)
    if request.action == "undo":
        return game.can_undo
    if request.action == "redo":
        return bool(game.undone) and game.check(game.undone[-1]) is None
    if request.action == "auto":
        return game.auto_complete_ready()
    try:
        return game.check(game.resolve(request)) is None
    except IllegalMove:
        return False


def test_DU1_every_card_a_player_is_shown_was_turned_and_the_mirror_agrees():
    """Random legal play (draws, recycles, undos, column moves): after each answer the player's
    table (the mirror, built only from what the server said) is the server's, face-up card for
    face-up card, and no card shown was face down on the server."""
    rng = random.Random(7)
    server = duel()
    mirror = Mirror(server.table(0))
    assert visible_table(mirror.game) == server.table(0)
    texts = candidates(server.race.games[0])
    undos = 0
    n, now = 0, 3.0
    for _ in range(400):
        rng.shuffle(texts)
        for text in texts:
            if takes(mirror.game, text):
                break
        else:
            break
        mirror.play(text)
        undos += text in ("u", "r")
        n += 1
        now += 0.25
        answer = server.play(0, n, text, now)
        assert isinstance(answer, Ok), answer
        mirror.shown(answer.shown)
        assert visible_table(mirror.game) == server.table(0)
        assert answer.score == server.race.games[0].score
    assert n > 100 and undos > 5


def test_DU1_a_move_on_a_face_down_card_is_refused_with_its_reason():
    server = duel()
    answer = server.play(0, 1, "t7:3>t1", 4.0)
    assert isinstance(answer, No) and answer.reason == "face_down" and answer.rule
    assert answer.table == server.table(0)  # the player's copy is set back to the server's
    assert all(card.isupper() for _, up in answer.table["columns"] for card in up)


def test_DU7_moves_before_the_count_ends_or_out_of_order_are_refused_and_early_ones_never_count():
    server = duel()
    for _ in range(STRIKES_IN_A_RACE):  # a modified client refused before the start: never disqualified
        assert server.play(0, 1, "s", 1.0).reason == "not_started"
    assert server.sides[0].refused == 0 and not server.sides[0].disqualified and server.why == ""
    assert isinstance(server.play(0, 1, "s", 3.5), Ok)
    assert server.play(0, 3, "s", 3.6).reason == "order"
    assert server.sides[0].refused == 0  # ahead of the one due: on its way before a refusal came
    assert server.play(0, 1, "s", 3.6).reason == "order"  # a move again: counted
    assert server.sides[0].refused == 1
    assert server.play(0, 2, "nonsense", 3.7).reason == "notation"


def test_disqualified_after_refused_moves_in_a_row_and_loses_whatever_the_scores():
    server = duel()
    for n in range(STRIKES_IN_A_ROW):
        assert not server.sides[0].disqualified
        server.play(0, 1, "t7:3>t1", 4.0 + n)
    assert server.sides[0].disqualified and server.why == "disqualified"
    outcome, lines = server.decide(10.0)
    assert outcome == "second"


def test_disqualified_after_too_many_refused_moves_in_one_race():
    server = duel()
    n = 0
    for strike in range(STRIKES_IN_A_RACE):
        server.play(0, n + 1, "t7:3>t1", 4.0 + strike)  # refused
        if strike % 2 == 0:
            n += 1
            assert isinstance(server.play(0, n, "s", 4.0 + strike), Ok)  # the row starts again
    assert server.sides[0].disqualified


def test_DU5_both_scores_and_the_time_bonus_are_the_cores():
    """The server never takes a score from a player: its totals are the core Race's, the
    time bonus included (whatever DU-5's formula is in core.duel)."""
    server = duel(seconds=60)
    reference = Race(CODE)
    reference.limit = 60.0
    n = 0
    for text in ("t7>f", "s", "s", "t1>f", "t2>f", "s"):
        n += 1
        if isinstance(server.play(0, n, text, 3.0 + n), No):
            n -= 1
            continue
        reference.tick(n - reference.elapsed)
        reference.play(0, text)
    server.end(0, 3.0 + 10)
    reference.tick(10 - reference.elapsed)
    reference.end(0)
    outcome, lines = server.decide(3.0 + 20)
    reference.tick(20 - reference.elapsed)
    assert lines[0]["bonus"] == reference.time_bonus(0)
    assert lines[0]["total"] == reference.total(0)
    assert lines[0]["score"] == reference.games[0].score
    assert outcome == ("first" if lines[0]["total"] > lines[1]["total"] else "tie")


def test_DU12_the_referee_scores_a_cards_trip_home_once_and_the_players_copy_agrees():
    """Deal 1's farming loop sent to the server: the card comes back and goes home five times,
    and neither the server's score, its total nor the player's copy rises; a refused move's
    table keeps the card counted as home once (``been_home``)."""
    line, back, home = farm_line(CODE)
    server, reference = duel(), Race(CODE)
    mirror = Mirror(server.table(0))
    n = 0

    def send(text: str) -> Ok:
        nonlocal n
        mirror.play(text)
        n += 1
        answer = server.play(0, n, text, 3.0 + n)
        assert isinstance(answer, Ok), answer
        mirror.shown(answer.shown)
        return answer

    for text in line:
        send(text)
        reference.play(0, text)
    score = server.race.games[0].score
    for _ in range(5):
        send(back)
        assert send(home).score == score and mirror.game.score == score  # +10 a trip on today's main
    send(back)
    refused = server.play(0, n + 1, "f4>t1", 3.0 + n)  # an empty foundation: the copy is set back
    assert isinstance(refused, No) and refused.table["been_home"] == ["AC"]
    mirror.reset(refused.table)
    assert send(home).score == score and mirror.game.score == score
    assert visible_table(mirror.game) == server.table(0)
    server.end(0, 3.0 + n)
    reference.tick(n - reference.elapsed)
    reference.end(0)
    _, lines = server.decide(3.0 + n + 1)
    assert lines[0]["score"] == score == reference.games[0].score
    assert lines[0]["total"] == reference.total(0) == server.race.total(0)  # the farmed moves earned nothing


def test_the_rival_sees_progress_never_cards():
    server = duel()
    server.play(0, 1, "s", 4.0)
    progress = server.progress(0)
    assert set(msgspec.structs.asdict(progress)) == {"score", "home", "moves", "ended", "away", "total"}
    assert progress.moves == 1 and not progress.ended and progress.total == server.race.total(0)


def test_a_server_deal_is_a_secret_seed_beyond_the_codes_and_is_judged_by_the_core():
    """7 face-up cards would pick a 7-letter deal out of 26^7: the server's seeds are 64 bits."""
    deals = [new_deal() for _ in range(20)]
    assert max(d.deal for d in deals) >= DEAL_LIMIT and len({d.deal for d in deals}) == 20
    assert all(read_deal(deal_text(d)) == d for d in deals)
    server = ServerDuel("d", deals[0], 60, (Side(1, "A"), Side(2, "B")), opened=0.0, count=0.0)
    assert isinstance(server.play(0, 1, "s", 1.0), Ok)
    outcome, lines = server.decide(5.0)
    assert outcome in ("first", "second", "tie") and lines[0]["score"] == server.race.games[0].score
