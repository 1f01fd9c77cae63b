"""The one checker of the moves a side of a race sends from elsewhere: the rival's moves as the
Duel hears them (a computer's, a network peer's, a test's script) and each player's moves as
the online duel server hears them (issue 24: the Duel, the network rival and the server each
counted and replayed them on their own).

Each move comes numbered (1, 2, … in the order played; an undo is one too) in replay notation,
and is played through the race's rules on that side's game: the core's answer is the only
truth. A move out of order, in bad notation or against the rules is refused with the reason,
and nothing changes; what a refusal means (the rival's game ends, the peer is disqualified, a
strike against the player) is the caller's.
"""

from __future__ import annotations

from .duel import Race


class OutOfOrder(ValueError):
    """A move whose number is not the one due: ``number`` came when ``due`` was expected."""

    def __init__(self, number: int, due: int) -> None:
        super().__init__(f"move {number} came when move {due} was due")
        self.number, self.due = number, due


class RivalMoves:
    """One side's numbered moves in ``race`` (the side ``player``), checked and played."""

    def __init__(self, race: Race, player: int) -> None:
        self.race = race
        self.player = player
        self.played = 0  # moves taken so far: the next one due is ``played + 1``

    @property
    def due(self) -> int:
        return self.played + 1

    def take(self, number: int, notation: str) -> None:
        """Play move ``number``: OutOfOrder, IllegalMove (the rules, or the side's race is
        over) or ValueError (not replay notation) when refused, and then nothing changed."""
        if number != self.due:
            raise OutOfOrder(number, self.due)
        self.race.play(self.player, notation)
        self.played = number
