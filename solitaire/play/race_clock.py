"""How far a Duel's race time moves in a frame: the same moves at the same race times whether
the clock is real, simulated (``--fast``) or hurried to its end ("See the result now"), and a
network duel's clock as both machines agreed on it.
"""

from __future__ import annotations

from solitaire.core.duel import Race
from solitaire.play.computer import AutoPlayer
from solitaire.play.rival import Rival

SETTLE_SECONDS = 1.0  # a network duel holds 0:00 this long, frozen, for moves still on their way
FAST_STEP = 0.5  # race seconds a frame with --fast
HURRY_STEP = 5.0  # race seconds a frame once "See the result now" is pressed


def thinking_until(race: Race, rival: Rival, autoplayer: AutoPlayer | None) -> float | None:
    """The race time a computer side still thinks at (``--fast`` holds the clock there): the
    rival (the race's player 1) or our own autoplayer (player 0)."""
    limits = []
    if race.playing(1):
        ready = rival.ready_at()
        if ready is not None:
            limits.append(ready)
    if autoplayer is not None and race.playing(0):
        ready = autoplayer.ready_at(race.elapsed)
        if ready is not None:
            limits.append(ready)
    return min(limits) if limits else None


def race_step_length(race: Race, rival: Rival, autoplayer: AutoPlayer | None, dt: float,
                     simulated: float | None) -> float:
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
