"""The one checker of a rival's moves (issue 24): numbered in order, played through the race's
rules; a refusal changes nothing. The Duel, the network rival and the duel server all use it."""

from __future__ import annotations

import pytest

from solitaire.core import IllegalMove, parse_code
from solitaire.core.duel import Race
from solitaire.core.rival_moves import OutOfOrder, RivalMoves

CODE = parse_code("DU2-D3N-AAAAAAB")


def test_moves_in_order_are_played_on_that_sides_game_only():
    race = Race(CODE)
    moves = RivalMoves(race, 1)
    moves.take(1, "s")
    moves.take(2, "u")  # an undo is a move too (DU-3)
    moves.take(3, "s")
    assert moves.played == 3 and moves.due == 4
    assert race.games[1].moves == 2 and race.games[0].moves == 0


@pytest.mark.parametrize("number", [2, 0, 1])
def test_a_move_out_of_order_is_refused_and_changes_nothing(number):
    race = Race(CODE)
    moves = RivalMoves(race, 1)
    if number == 1:
        moves.take(1, "s")  # then 1 again: behind
    before = race.games[1].to_json()
    with pytest.raises(OutOfOrder) as refused:
        moves.take(number, "s")
    assert refused.value.due == moves.due and str(refused.value) == f"move {number} came when move {moves.due} was due"
    assert race.games[1].to_json() == before


@pytest.mark.parametrize("text,error", [("t1>f", IllegalMove), ("draw three", ValueError), ("u", IllegalMove)])
def test_a_move_the_rules_or_the_notation_refuse_changes_nothing(text, error):
    race = Race(CODE)
    moves = RivalMoves(race, 0)
    with pytest.raises(error):
        moves.take(1, text)
    assert moves.played == 0 and race.games[0].moves == 0


def test_DU4_nothing_is_taken_after_the_side_has_ended():
    race = Race(CODE)
    moves = RivalMoves(race, 1)
    race.end(1)
    with pytest.raises(IllegalMove):
        moves.take(1, "s")
