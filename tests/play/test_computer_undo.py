"""Issue 31: the computer rival's undo (DU-3, Hard retrying at a dead end) reaches the duel as an
undo of the rival's game: its cards go back, its points go back, and the move count stays."""

from __future__ import annotations

from solitaire import i18n
from solitaire.core import parse_code
from solitaire.play.computer import ComputerRival
from solitaire.play.duel import Duel, new_race
from solitaire.play.rival import RIVAL
from solitaire.solver.player import UNDO
from tests.play.races import STEP, run, started


class IdleWorker:
    """The solver worker the rival is given; the scripted player below never asks it."""

    def start(self) -> None:
        pass


class Scripted:
    """A computer player whose decisions are given: each handed over one call after the last."""

    def __init__(self, decisions: list) -> None:
        self.decisions = decisions
        self.decided_at: float | None = None

    def update(self, game, race_time: float):
        if not self.decisions:
            return None
        self.decided_at = race_time
        return self.decisions.pop(0)

    def retrying(self) -> bool:
        return False

    def due_at(self) -> float | None:
        return None

    def close(self) -> None:
        pass


def test_DU3_the_computer_rivals_undo_takes_its_cards_and_points_back():
    rival = ComputerRival(IdleWorker(), i18n.t, "hard", fast=False, limit=240.0)
    duel = started(Duel(new_race(parse_code("DU2-D3N-AAAAAAH")), rival))
    game = duel.rival_game
    turn = next(m for m in game.legal_moves() if m.dst.kind == "f")  # a card home, one turned up
    before, hidden = game.to_json(), list(game.hidden)
    rival.player = Scripted([turn, UNDO])
    run(duel, STEP)
    scored = duel.race.total(RIVAL)
    assert scored > 0 and game.hidden != hidden
    run(duel, STEP)
    assert duel.race.total(RIVAL) == 0 and game.hidden == hidden
    after = game.to_json()
    assert after["tableau"] == before["tableau"] and after["score"] == 0 and after["foundations"] == before["foundations"]
    assert duel.race.ledgers[RIVAL].total.taken_back == -scored
