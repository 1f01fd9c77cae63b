"""The race side of the Duel scene, without pygame: what the rival's events do to the race
(``RivalSide.hear``) and how far race time may move in a frame (``race_step_length``).

Kept apart from the scene (which draws, takes input and owns the dialogs) so that the rules of a
race's clock can be read, and tested, on their own: the same moves at the same race times
whether the clock is real, simulated (``--fast``) or hurried to its end ("See the result now").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solitaire.core import IllegalMove
from solitaire.core.duel import (Race, RivalBack, RivalEnded, RivalEvent, RivalGone, RivalLost,
                                 RivalMove)
from solitaire.play.computer import thinking_until

RIVAL = 1
SETTLE_SECONDS = 1.0  # a network duel holds 0:00 this long, frozen, for moves still on their way
FAST_STEP = 0.5  # race seconds a frame with --fast
HURRY_STEP = 5.0  # race seconds a frame once "See the result now" is pressed


@dataclass
class RivalSide:
    """What the duel knows of its rival beyond the race: how many of its moves came, its score
    over race time (the panel's line), and why it cannot be heard or was stopped."""

    moves: int = 0
    timeline: list[tuple[float, int]] = field(default_factory=lambda: [(0.0, 0)])
    note: str = ""  # an i18n key: why the rival cannot be heard, or why it stopped
    out: str = ""  # "refused" | "lost": the rival's game was ended by us
    comeback_until: float | None = None  # the race time a dropped rival has to come back by

    def hear(self, race: Race, event: RivalEvent) -> None:
        """Apply one rival event to the race (player 1) through the core: a move it refuses, or
        one out of order, ends the rival's game."""
        if isinstance(event, RivalMove):
            if not race.playing(RIVAL):
                return
            self.moves += 1
            try:
                if event.number != self.moves:
                    raise ValueError(f"move {event.number} came as move {self.moves}")
                race.play(RIVAL, event.notation)
            except (IllegalMove, ValueError):
                self.out, self.note = "refused", "duel.refused"
                race.end(RIVAL)
            self.timeline.append((race.elapsed, race.games[RIVAL].score))
        elif isinstance(event, RivalEnded):
            if race.playing(RIVAL):
                race.end(RIVAL, at=event.at)
        elif isinstance(event, RivalGone):
            self.note, self.comeback_until = event.reason, event.deadline(race.elapsed)
        elif isinstance(event, RivalBack):
            self.note, self.comeback_until = "", None
        elif isinstance(event, RivalLost):
            self.out, self.note, self.comeback_until = "lost", event.reason, None
            if race.playing(RIVAL):
                race.end(RIVAL)


def race_step_length(race: Race, rival: Any, autoplayer: Any, dt: float, simulated: float | None) -> float:
    """How far race time moves this frame: ``dt`` on a real clock, ``simulated`` seconds (the
    ``--fast`` or hurried step) on a simulated one. A simulated clock never passes a moment a
    computer side still thinks at; a real one cannot wait, except at 0:00: a frame that would
    reach it stops at the moment a computer decision due before it is due (or holds while that
    decision is still thought about), so that the race ends with the same moves however it was
    clocked."""
    waiting = thinking_until(race, rival, autoplayer)
    if simulated is not None:
        step = simulated if waiting is None else min(simulated, waiting - race.elapsed)
        return max(0.0, step)
    if waiting is not None and waiting < race.limit and race.elapsed + dt >= race.limit:
        return max(0.0, min(dt, waiting - race.elapsed))
    return dt


def settled(race: Race, agreed: float) -> tuple[float, bool]:
    """A network duel's race time from the clock both machines agreed on, and whether it is
    settling: both stop a hair before 0:00 for SETTLE_SECONDS, no one moving, while the moves
    made before it arrive (each side's clock and the line lag a little); then 0:00."""
    limit = race.limit
    settling = limit <= agreed < limit + SETTLE_SECONDS and not race.over
    return (limit - 1e-3 if settling else agreed), settling
