"""The Duel (DU): two players race on the same Klondike deal for four minutes.

Time is passed in (``tick``), never read from a clock, so a race is replayable and testable.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import GameCode
from .errors import IllegalMove
from .game import Game
from .rules import ruleset
from .moves import Move


@dataclass(frozen=True)
class RivalMove:
    """The rival's move ``number`` (1, 2, … in order; an undo is a move too), in ``replay``
    notation (``moves.parse_request``), made at race time ``at`` seconds.
    """

    number: int
    notation: str
    at: float


@dataclass(frozen=True)
class RivalEnded:
    """The rival pressed End (DU-4) at race time ``at``."""

    at: float


@dataclass(frozen=True)
class RivalGone:
    """The rival cannot be heard for now (the network dropped); ``reason`` is an i18n key."""

    reason: str


@dataclass(frozen=True)
class RivalBack:
    """Heard again after RivalGone; its moves continue from where they stopped."""


@dataclass(frozen=True)
class RivalLost:
    """The rival is gone for good (left, disqualified, stopped); ``reason`` is an i18n key."""

    reason: str


RivalEvent = RivalMove | RivalEnded | RivalGone | RivalBack | RivalLost


@dataclass(frozen=True)
class Summary:
    """What DU-4's confirmation shows, and the final line of a race."""

    score: int
    bonus: int
    total: int
    beats_opponent: bool


class Race:
    def __init__(self, code: GameCode, players: int = 2) -> None:
        table = ruleset(code.game).extra.get("duel")
        if table is None:
            raise ValueError("a race is played on a game with a [duel] table (DU1-D3N-…)")
        self.code = code
        self.games = [Game.deal(code) for _ in range(players)]  # the same deal for all: a fair race
        self.limit = float(table["seconds"])
        self.bonus_divisor = int(table["bonus_divisor"])
        self.elapsed = 0.0
        self.finished_at: list[float | None] = [None] * players

    @property
    def seconds_left(self) -> float:
        return max(0.0, self.limit - self.elapsed)

    @property
    def over(self) -> bool:
        """DU-1: the clock ran out, or every player has finished."""
        return self.elapsed >= self.limit or all(t is not None for t in self.finished_at)

    def tick(self, seconds: float) -> None:
        if not self.over:
            self.elapsed = min(self.limit, self.elapsed + seconds)

    def finished(self, player: int) -> bool:
        return self.finished_at[player] is not None

    def apply(self, player: int, move: Move) -> None:
        self._check_open(player)
        game = self.games[player]
        game.apply(move)
        if game.won:
            self.finished_at[player] = self.elapsed

    def undo(self, player: int) -> bool:
        """DU-3: unlimited, and the points go back with the moves."""
        self._check_open(player)
        return self.games[player].undo()

    def end(self, player: int) -> Summary:
        """DU-4: the player stops for good; the summary is what the confirmation showed."""
        self._check_open(player)
        self.finished_at[player] = self.elapsed
        return self.summary(player)

    def _check_open(self, player: int) -> None:
        if self.over:
            raise IllegalMove(self.games[player].refuse("race_over"))
        if self.finished(player):
            raise IllegalMove(self.games[player].refuse("race_ended"))

    def time_bonus(self, player: int) -> int:
        """DU-5: only a player who finished early earns it, and only for cards sent home, so that
        quitting at once earns nothing: seconds left × foundation cards ÷ 4.
        """
        at = self.finished_at[player]
        if at is None or at >= self.limit:
            return 0
        home = sum(map(len, self.games[player].foundations))
        return int((self.limit - at) * home) // self.bonus_divisor

    def total(self, player: int) -> int:
        return self.games[player].score + self.time_bonus(player)

    def summary(self, player: int) -> Summary:
        """A player's points, and whether they beat every opponent's current total. A player who
        is still playing is summarised as if ending now (the DU-4 preview).
        """
        bonus = self.time_bonus(player) if self.finished(player) else self._bonus_if_ending(player)
        total = self.games[player].score + bonus
        others = [self.total(p) for p in range(len(self.games)) if p != player]
        return Summary(self.games[player].score, bonus, total, all(total > o for o in others))

    def _bonus_if_ending(self, player: int) -> int:
        home = sum(map(len, self.games[player].foundations))
        return int(self.seconds_left * home) // self.bonus_divisor

    def winners(self) -> list[int]:
        """DU-1: the players with the highest total (two on a tie); empty while the race runs."""
        if not self.over:
            return []
        totals = [self.total(p) for p in range(len(self.games))]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]
