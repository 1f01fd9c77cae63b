"""Recorded runs (issue 25 item 3): when nobody is found, race a real player's earlier race.

The run is a finished duel's side, taken from the store: its deal, its race length and its
moves at the race times the server logged. The server replays those moves through the core at
their own pace, as the other side of a new race on the same deal, so the panel's progress is
the core's, as in a live race. The opponent is labelled as recorded everywhere
(``Matched.opponent["recorded"]``, ``Result.why`` "recorded"), never passed off as a person
there now. **A recorded run moves no rating and is not written**: the recorded player is not
racing, and the live one's rating measures races against people. A run is offered to a player
only if they have not raced it nor its deal (``NOT_RACED``): the wait screen's offer follows the
server's ``Queued.recorded``, and a player who asks when there is none keeps their queue place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .store import Store


@dataclass(frozen=True)
class RecordedRun:
    duel: str
    deal: str  # as the store keeps it (``duel.deal_text``)
    seconds: int
    player: int
    name: str
    moves: tuple[tuple[float, str], ...]  # (race time, move) of every move the server took
    end_at: float | None  # race time End was pressed, if it was


RUNS = ("SELECT d.id, d.code, d.seconds, d.log, r.side, r.player, p.name FROM duels d "
        "JOIN results r ON r.duel = d.id JOIN players p ON p.id = r.player ")


#: Runs ``player`` may race: someone else's, on a deal the player never raced (not the one just
#: raced, whose other side is the latest run of all), and not raced against already.
NOT_RACED = ("WHERE r.player != ? AND d.why = '' "
             "AND d.code NOT IN (SELECT mine.code FROM duels mine JOIN results m ON m.duel = mine.id "
             "WHERE m.player = ?) "
             "AND d.id NOT IN (SELECT duel FROM recorded_raced WHERE player = ?) ")


def pick_run(store: Store, player: int) -> RecordedRun | None:
    """The latest finished run ``player`` has not raced (``NOT_RACED``; not disqualified, not cut
    short by a stopped server), with at least one move; None when there is none."""
    rows = store.db.execute(RUNS + NOT_RACED + "ORDER BY d.ended DESC LIMIT 20", (player,) * 3).fetchall()
    return next((run for run in map(_run, rows) if run.moves), None)


def raced(store: Store, player: int, run: RecordedRun) -> None:
    """``player`` races ``run`` now: it is never offered to them again."""
    store.db.execute("INSERT INTO recorded_raced (player, duel) VALUES (?, ?) ON CONFLICT DO NOTHING",
                     (player, run.duel))


def run_on(store: Store, deal: str, player: int) -> RecordedRun | None:
    """``player``'s run on ``deal`` (every deal is dealt once: its duel is known by it), for a
    process taking over a race against it (``backups``); None when it is not in the store."""
    row = store.db.execute(RUNS + "WHERE d.code = ? AND r.player = ?", (deal, player)).fetchone()
    return None if row is None else _run(row)


def _run(row: tuple) -> RecordedRun:
    duel, code, seconds, log, side, recorded, name = row
    entries = [entry for entry in json.loads(log) if entry[1] == side and entry[3] == "ok"]
    moves = tuple((float(at), text) for at, _, text, _ in entries if text != "end")
    end_at = next((float(at) for at, _, text, _ in entries if text == "end"), None)
    return RecordedRun(duel, code, seconds, recorded, name, moves, end_at)
