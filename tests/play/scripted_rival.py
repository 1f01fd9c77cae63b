"""A test-only rival: it plays a fixed list of (race time, notation) moves, and may press End."""

from __future__ import annotations

from solitaire.core import Game
from solitaire.core.duel import RivalEnded, RivalEvent, RivalMove


class ScriptedRival:
    """A rival that plays a fixed list of (race time, notation) moves, then presses End (or
    not): a rival whose every move is known, for the ``--scene duel`` picture and the tests."""

    pausable = True

    def __init__(self, moves: list[tuple[float, str]], name: str = "", kind: str = "medium",
                 end_at: float | None = None) -> None:
        self.moves = list(moves)
        self.name, self.kind = name, kind
        self.end_at = end_at
        self.started = self.ended = self.closed = self.paused = False
        self.sent = 0
        self.heard: list[tuple[int, str, float]] = []
        self.my_ended_at: float | None = None

    def start(self, game: Game) -> None:
        self.started = True

    def update(self, race_time: float) -> list[RivalEvent]:
        events: list[RivalEvent] = []
        while self.started and self.sent < len(self.moves) and self.moves[self.sent][0] <= race_time:
            at, text = self.moves[self.sent]
            self.sent += 1
            events.append(RivalMove(self.sent, text, at))
        if self.end_at is not None and race_time >= self.end_at and not self.ended:
            self.ended = True
            events.append(RivalEnded(race_time))
        return events

    def my_move(self, number: int, notation: str, at: float) -> None:
        self.heard.append((number, notation, at))

    def my_end(self, at: float) -> None:
        self.my_ended_at = at

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    def close(self) -> None:
        self.closed = True

    def race_clock(self) -> float | None:
        return None

    def ready_at(self) -> float | None:
        return None
