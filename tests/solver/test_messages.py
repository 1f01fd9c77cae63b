"""The worker's messages (issue 13): typed values, and one module that turns them into the plain
data that crosses the process boundary and back."""

import json

import pytest

from solitaire.core import Move, Pile
from solitaire.core.moves import FOUNDATION, TABLEAU
from solitaire.solver.messages import (DecisionAnswer, ErrorAnswer, HintAnswer, Question, SolveAnswer, WinnabilityAnswer,
                                       decode, encode)

MESSAGES = [
    Question(3, 1, "hint", {"game": "klondike", "draw": 1}, 0.08),
    SolveAnswer(4, "won", ("T1F", "S"), 812, 0.031),
    HintAnswer(5, Move(Pile(TABLEAU, 2), Pile(FOUNDATION, 0), 1)),
    HintAnswer(6, None),
    WinnabilityAnswer(7, "not winnable"),
    Question(9, 2, "decide", {"seen": {}, "strength": "hard", "seed": 3}, 0.0),
    DecisionAnswer(10, Move(Pile(TABLEAU, 1), Pile(TABLEAU, 4), 2)),
    DecisionAnswer(11, None),
    DecisionAnswer(12, Move(Pile(FOUNDATION, 1), Pile(TABLEAU, 0), 1), (Move(Pile(TABLEAU, 1), Pile(TABLEAU, 0), 1),)),
    ErrorAnswer(8, "winnability", "the solver worker stopped"),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_crosses_as_plain_data_and_comes_back_equal(message):
    data = encode(message)
    assert json.loads(json.dumps(data)) == data  # nothing but plain values on the queue
    assert decode(data) == message


def test_a_hint_comes_back_as_a_core_move():
    move = decode(encode(HintAnswer(1, Move(Pile(TABLEAU, 6), Pile(TABLEAU, 0), 3)))).move
    assert isinstance(move, Move) and isinstance(move.src, Pile) and move.count == 3


@pytest.mark.parametrize("data", [
    {}, {"type": "hint"}, {"type": "gossip", "ticket": 1}, {"type": "winnability", "ticket": 1, "verdict": "maybe"},
    {"type": "hint", "ticket": 1, "move": {"src": ["tableau"], "dst": ["foundation", 0], "count": 1}},
])
def test_data_that_is_no_message_is_refused_in_one_sentence(data):
    with pytest.raises(ValueError, match="not a solver message|unknown verdict"):
        decode(data)


def test_a_question_of_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown solver job 'guess'"):
        Question(1, 0, "guess", {}, 1.0)
