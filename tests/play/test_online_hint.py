"""Hint in an online race while a move that turned a card waits for the server's answer (issue 25):
what the advisor would see, and why nothing it says reaches the server.

Our table is the mirror (``net.mirror``): a turned card is a stand-in until the server's ``Ok``
names it. A hint computed on that table can move the stand-in — on deal DU2-D3N-AAAAAAE, after
t7>t1 uncovers column 7's card, the solver's hint is t7>t4, which the server's referee refuses
(the real card is not the stand-in). So the game never asks: a race has no hints (the duel
screen answers H with "No hints in a race", ``DuelScene.advised`` is False so not even the status
line is asked, and the autoplayer is not asked while a card is on its way); and no move of ours
leaves while the card is awaited (``race_waiting``). Once the answer comes the table is the
server's and a hint on it is one the server takes. The server here is its real referee
(``ServerDuel``), its answers held back as a slow network would.
"""

from __future__ import annotations

from typing import Any

from solitaire.core import parse_code
from solitaire.core.duel import notation
from solitaire.net.mirror import visible_table
from solitaire.net.online import OnlineDuel
from solitaire.net.online_messages import Matched, No, Ok
from solitaire.play.online import OnlineRace
from solitaire.server.duel import ServerDuel, Side
from solitaire.solver.api import hint

DEAL = parse_code("DU2-D3N-AAAAAAE")
TURNING = "t7>t1"  # uncovers column 7's next card


class HeldReferee:
    """The client's side of a server: each move refereed by ``ServerDuel`` at once, its answer
    held until ``deliver`` (the card is "on its way" meanwhile)."""

    def __init__(self, duel: ServerDuel) -> None:
        self.duel = duel
        self.sent: list[str] = []
        self.held: list[Any] = []
        self.inbox: list[Any] = []

    def move(self, n: int, text: str) -> None:
        self.sent.append(text)
        self.held.append(self.duel.play(0, n, text, 0.0))

    def deliver(self) -> None:
        self.inbox += self.held
        self.held = []

    def poll(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def wait(self, seconds: float) -> Any | None:
        return None


def race_on_the_deal() -> tuple[OnlineRace, HeldReferee]:
    duel = ServerDuel("d1", DEAL, 240, (Side(1, "Ann"), Side(2, "Bob")), opened=-10.0)
    referee = HeldReferee(duel)
    matched = Matched("d1", {"name": "Bob", "number": 1500, "tier": "bronze", "recorded": False}, 240, 0.0,
                      duel.table(0), 0, duel.points(0))
    return OnlineRace(OnlineDuel(referee, matched, clock=lambda: 0.0), "Bob"), referee


def _move(race: OnlineRace, text: str) -> Any:
    """The legal move ``text`` names on our table."""
    return next(move for move in race.game.legal_moves() if notation(move) == text)


def test_a_hint_on_the_table_while_a_turned_card_is_on_its_way_moves_a_stand_in_the_server_refuses():
    race, referee = race_on_the_deal()
    race.play(_move(race, TURNING))
    assert not race.online.mirror.ready and race.online.mirror.awaiting == [("t", 6, 5)]
    stand_in = race.game.tableau[6][5]
    real = referee.duel.race.games[0].tableau[6][5]
    assert stand_in != real  # the advisor would read a card that is not there
    hinted = hint(race.game.clone())
    assert hinted is not None and notation(hinted) == "t7>t4"
    refused = referee.duel.play(0, 2, notation(hinted), 0.0)
    assert isinstance(refused, No) and refused.rule  # the core's refusal, on the real card


def test_no_move_leaves_for_the_server_while_the_card_is_on_its_way_and_after_it_the_hint_is_the_servers():
    race, referee = race_on_the_deal()
    race.play(_move(race, TURNING))
    hinted = hint(race.game.clone())
    refusal = race.refusal(hinted)
    assert refusal is not None and refusal.reason == "race_waiting"
    assert referee.sent == [TURNING]  # nothing else was sent
    assert isinstance(referee.held[0], Ok) and len(referee.held[0].shown) == 1  # the real card, on its way
    referee.deliver()
    race.step(0.0)
    assert race.online.mirror.ready
    assert visible_table(race.game) == referee.duel.table(0)  # the confirmed table, card named
    after = hint(race.game.clone())
    assert after is not None and race.refusal(after) is None
    race.play(after)
    referee.deliver()
    race.step(0.0)
    assert race.online.refused is None and referee.sent == [TURNING, notation(after)]

