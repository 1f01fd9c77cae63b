"""Rated play is fair play (issue 31 item 2): which finished races move ratings, and why not.

The field's practice (lichess: games without a first move are aborted, no one is paired with
themselves, sandbagging is watched, new ratings are provisional), decided here once:

* **Aborted**: a side that made no legal move (it left, was disqualified or pressed End before
  its first move) makes the race *aborted*: no rating moves (DU-7).
* **Quick losses** (sandbagging): a side that was disqualified, made no legal move, or lost
  having played at most ``QUICK_MOVES`` moves, all within ``QUICK_SECONDS`` of race time (then
  End, leaving, or waiting), lost *quickly*. A player with ``QUICK_LIMIT`` quick losses in the last
  ``QUICK_WINDOW`` seconds moves no one's rating: their races are unrated until the oldest of
  those leaves the window, and their next result says why (DU-9).
* **Too fast** (a bot): people aim each move at a card and a pile (``AIMED``: a move with a
  destination; a draw, undo or auto-finish is one key or one spot, which a person can click
  several times a second). A side whose aimed moves come with a median gap (from the move
  before, of any kind) under ``HUMAN_GAP`` seconds, over at least ``FAST_MOVES`` aimed moves, is
  flagged: the race is unrated and the flag is kept with the player (the leaderboard's data,
  ``flagged``) (DU-11). The median ignores a burst (a network stall delivering a few moves at
  once, a quick run of obvious moves): only a race played fast throughout is flagged.
* **Rooms** (a friend's code) are unrated: two friends, or one person with two keys, could
  otherwise trade wins at will (DU-8).

What was measured of people's pace, and of the computer's, is in README ("Rules of the server").
"""

from __future__ import annotations

from statistics import median
from typing import Iterable

QUICK_SECONDS = 20.0
QUICK_MOVES = 3
QUICK_LIMIT = 3
QUICK_WINDOW = 3600.0
HUMAN_GAP = 0.3  # seconds: the median gap before an aimed move below which a race is not a person's
#                 (under any published aimed-pointing time, over pro gamers' raw action rate: RULES.md DU-11)
FAST_MOVES = 20
REMATCHES_A_DAY = 3  # rated races of one pair of players in 24 hours (the queue pairs them no more)
DAY = 86400.0


def aimed(move: str) -> bool:
    """A move aimed at a card and a pile (``t3>f``, ``w>t2``), not a key or one spot (``s``, ``u``)."""
    return ">" in move


def too_fast(log: Iterable[tuple], side: int) -> bool:
    """``side``'s accepted moves in a duel's log (race seconds, side, move, outcome) came faster
    than a person plays (see the module's docstring)."""
    gaps, last = [], 0.0
    for at, who, move, outcome in log:
        if who != side or outcome != "ok" or move == "end":
            continue
        if aimed(move):
            gaps.append(float(at) - last)
        last = float(at)
    return len(gaps) >= FAST_MOVES and median(gaps) < HUMAN_GAP


def quick_loss(log: Iterable[tuple], side: int, moves: int, disqualified: bool, lost: bool) -> bool:
    """``side`` lost quickly: no legal move, disqualified, or lost having played no more than
    ``QUICK_MOVES`` moves, all in the race's first ``QUICK_SECONDS`` (then End, leaving, or
    waiting for the clock: a player who leaves is ended only after the comeback window)."""
    if moves == 0 or disqualified:
        return True
    last = max((float(at) for at, who, move, outcome in log if who == side and move != "end" and outcome == "ok"),
               default=0.0)
    return lost and moves <= QUICK_MOVES and last <= QUICK_SECONDS


def unrated_why(room: bool, aborted: bool, held: tuple[bool, bool], fast: tuple[bool, bool]) -> tuple[str, str]:
    """Why the race moves no rating, as each side is told it ("" both: it is rated)."""
    if room:
        return "room", "room"
    if aborted:
        return "aborted", "aborted"
    for flags, word in ((fast, "too_fast"), (held, "quick_losses")):
        if any(flags):
            return tuple(word if flags[side] else f"opponent_{word}" for side in (0, 1))  # type: ignore[return-value]
    return "", ""
