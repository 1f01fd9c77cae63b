"""The DU-4 points breakdown, kept by the race move by move, and the rival's notation."""

import random

import pytest

from solitaire.core import DRAW, FOUNDATION, TABLEAU, WASTE, IllegalMove, Move, Pile, parse_code
from solitaire.core.duel import (UNDO, Points, Race, RivalBack, RivalEnded, RivalGone, RivalLost,
                                 RivalMove, notation)

CODE = parse_code("DU2-D3N-AAAAAAB")


def test_DU4_breakdown_adds_up_to_the_score_through_random_play_and_undo():
    rng = random.Random(7)
    race = Race(CODE)
    game = race.games[0]
    for _ in range(400):
        if rng.random() < 0.2:
            race.undo(0)
        else:
            moves = game.legal_moves()
            race.apply(0, rng.choice(moves))
        assert race.breakdown(0).points.score == game.score
    points = race.breakdown(0).points
    assert points.taken_back <= 0 and points.turned % 5 == 0 and points.waste % 5 == 0


def test_DU2_recycle_penalties_are_their_own_line_after_three_free():
    race = Race(CODE)
    game = race.games[0]
    game.score = 100  # room above the floor for the penalties
    for _ in range(5):
        while game.stock:
            race.apply(0, DRAW)
        race.apply(0, DRAW)  # a recycle
    assert race.breakdown(0).points.recycles == -40
    assert game.score == 60


def test_DU3_undo_takes_the_points_back_in_its_own_line():
    race = Race(CODE)
    game = race.games[0]
    game.tableau[0], game.hidden[0] = [0], 0  # the Ace of spades alone in column 1
    race.apply(0, Move(Pile(TABLEAU, 0), Pile(FOUNDATION, 0)))
    assert race.breakdown(0).points == Points(foundation=10)
    race.undo(0)
    assert race.breakdown(0).points == Points(foundation=10, taken_back=-10)
    assert game.score == 0


def test_DU4_a_card_sent_home_that_turns_one_counts_both():
    race = Race(CODE)
    game = race.games[0]
    game.tableau[1], game.hidden[1] = [20, 0], 1  # a face-down card under the Ace of spades
    race.apply(0, Move(Pile(TABLEAU, 1), Pile(FOUNDATION, 0)))
    assert race.breakdown(0).points == Points(foundation=10, turned=5)


def test_DU4_DU5_the_preview_counts_the_bonus_if_ending_now_and_end_keeps_it():
    race = Race(CODE)
    race.games[0].foundations[0] = list(range(13))
    race.tick(40)
    preview = race.summary(0)
    assert preview.bonus == 200 * 10 * 13 * 13 // 52**2 and preview.breakdown.total == preview.total
    race.tick(10)  # thinking it over costs bonus
    summary = race.end(0)
    assert summary.bonus == 190 * 10 * 13 * 13 // 52**2 == race.breakdown(0).bonus
    assert race.total(0) == summary.total == race.breakdown(0).total


def test_DU1_how_each_side_ended():
    race = Race(CODE)
    race.end(1)
    assert race.ended_how(1) == "end" and race.ended_how(0) is None
    race.tick(240)
    assert race.ended_how(0) == "time"


def test_rival_moves_in_replay_notation_are_played_through_the_race():
    race = Race(CODE)
    race.play(1, notation(DRAW))
    assert race.games[1].moves == 1 and len(race.games[1].waste) == 3
    race.play(1, UNDO)
    assert race.games[1].waste == [] and race.ledgers[1].stack == []
    with pytest.raises(IllegalMove):
        race.play(1, UNDO)  # nothing left to undo
    with pytest.raises(IllegalMove):
        race.play(1, "w>f")  # an empty waste
    with pytest.raises(ValueError):
        race.play(1, "fly away")
    assert notation(Move(Pile(WASTE), Pile(TABLEAU, 4))) == "w>t5"


def test_DU4_a_rival_that_ended_can_move_no_more():
    race = Race(CODE)
    race.end(1)
    with pytest.raises(IllegalMove) as refused:
        race.play(1, "s")
    assert refused.value.refusal.rule == "DU-4"


def test_rival_events_are_frozen_values():
    events = [RivalMove(1, "s", 0.5), RivalEnded(3.0), RivalGone("duel.gone.worker"),
              RivalBack(), RivalLost("duel.lost.left")]
    for event in events[:2]:
        with pytest.raises(AttributeError):
            event.at = 9  # type: ignore[misc]
    assert RivalMove(1, "s", 0.5) == events[0]
