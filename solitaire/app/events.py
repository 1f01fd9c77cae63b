"""What happened at the table, as small values, and the line that carries them to listeners.

The play scene's parts report what happened (cards picked up, put down, turned face up, a move
refused, ...) and never which sound that makes: the audio listens and chooses (see
:meth:`solitaire.app.audio.Audio.hear`), and other listeners (the Duel's second table, a
recorder in the tests) can follow the same reports. Pure Python: no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solitaire.core import STOCK, Game, Move


@dataclass(frozen=True)
class Dealt:
    """Cards dealt out: a new game's deal, or the title's pictures of the games coming in."""


@dataclass(frozen=True)
class PickedUp:
    """The player lifted ``count`` cards: a drag began, or cards were selected to be placed."""

    count: int


@dataclass(frozen=True)
class PutDown:
    """Cards landed: a move to another pile, or cards let go over the bare table sliding back."""


@dataclass(frozen=True)
class Drawn:
    """Cards turned from the stock onto the waste."""


@dataclass(frozen=True)
class Recycled:
    """The waste turned back over to be the stock again."""


@dataclass(frozen=True)
class TurnedUp:
    """``count`` face-down cards were turned face up (C-6) by the last move."""

    count: int


@dataclass(frozen=True)
class TakenBack:
    """The last move was undone."""


@dataclass(frozen=True)
class Refused:
    """A move was refused by rule ``rule``."""

    rule: str


@dataclass(frozen=True)
class Won:
    """The last move won the game."""


Event = Dealt | PickedUp | PutDown | Drawn | Recycled | TurnedUp | TakenBack | Refused | Won
Listener = Callable[[Event], None]


class Events:
    """Reports, passed to every listener in the order they subscribed."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def report(self, *events: Event) -> None:
        for event in events:
            for listener in list(self.listeners):
                listener(event)


def move_events(move: Move, game: Game, *, stock_before: int, hidden_before: int) -> list[Event]:
    """What the move just applied to ``game`` did, in the order a player sees it: the cards
    land (or the stock is drawn or recycled), a card beneath is turned up, the game is won."""
    if move.src.kind != STOCK:
        events: list[Event] = [PutDown()]
    else:
        events = [Drawn() if stock_before else Recycled()]
    turned = hidden_before - sum(game.hidden)
    if turned > 0:
        events.append(TurnedUp(turned))
    if game.won:
        events.append(Won())
    return events
