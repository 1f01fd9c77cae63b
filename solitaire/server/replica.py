"""A race as its JetStream records say it (issue 35 item 2): any process rebuilds a race whose
process is gone, because every move answered is in the race's stream (``streams``).

The process running a race (its **owner**) appends to the race's subject what it takes to
rebuild it: first the whole race (``opening``) — its id, its deal (the secret seed: NATS is the
service's own network, never a player's), both players (side 1 maybe a recorded run), when race
time 0 was on the wall clock, its log so far — then each batch of new log entries (``more``, with
the index of its first entry and both sides' refusal counts), ``taken`` when another process took
the race over, ``over`` when it ended (before it is judged, written and told), and ``done`` once
it is written. Every record names the owner that wrote it.
``read`` folds the records into a ``Replica`` and ``rebuild`` plays its log through the core
again at the same race times: the core is deterministic, so the tables, scores and move counts
are the owner's. A move is answered only once its record is in the stream
(``backups.Backups._on``); one the owner refereed but had not answered when killed is not, and
its player's table is set to the rebuilt one (the client takes the ``Matched`` it is sent then).
A recorded run's race (``recorded``) is kept the same way; the run itself is found again in the
store by its deal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .duel import ServerDuel, Side, deal_text, read_deal


@dataclass
class Replica:
    owner: str  # the node that runs the race (the last record's)
    id: str
    deal: str  # as the store keeps it (``duel.deal_text``)
    seconds: int
    count: float
    sides: list  # [[player id, name], [player id, name]]
    zero: float  # race time 0 on the wall clock (Unix time)
    log: list = field(default_factory=list)  # the owner's log: (race seconds, side, move, outcome)
    counts: list = field(default_factory=list)  # per side: [strikes in a row, refused, disqualified]
    recorded: bool = False  # side 1 is a recorded run (``recorded``), found in the store by its deal
    rated: bool = True  # False: a room's race (``fairness``, DU-8)


def _counts(duel: ServerDuel) -> list:
    return [[side.strikes, side.refused, side.disqualified] for side in duel.sides]


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # made once: ``json.dumps``
#                                                                       makes one a call with these options


def _text(record: dict) -> bytes:
    return _ENCODER.encode(record).encode("utf-8")


def opening(owner: str, duel: ServerDuel, zero: float) -> bytes:
    """The whole race, its first record; ``zero``: race time 0 on the wall clock."""
    return _text({"owner": owner, "open": duel.id, "deal": deal_text(duel.code), "seconds": duel.seconds,
                  "count": duel.count, "sides": [[side.player, side.name] for side in duel.sides], "zero": zero,
                  "log": duel.log, "counts": _counts(duel), "recorded": duel.recorded, "rated": duel.rated})


def more(owner: str, duel: ServerDuel, start: int) -> bytes:
    """The log entries from ``start`` on."""
    return _text({"owner": owner, "more": duel.id, "at": start, "log": duel.log[start:], "counts": _counts(duel)})


def taken(owner: str, duel_id: str) -> bytes:
    return _text({"owner": owner, "taken": duel_id})


def over(owner: str, duel_id: str) -> bytes:
    """The race is over and this owner judges it (the stream took it: the race was still its)."""
    return _text({"owner": owner, "over": duel_id})


def done(owner: str, duel_id: str) -> bytes:
    return _text({"owner": owner, "done": duel_id})


def stored(record: dict) -> int:
    """The race's log entries in the stream once ``record`` is (an opening or more)."""
    return int(record.get("at", 0)) + len(record.get("log", []))


def read(records: list[dict]) -> Replica | None:
    """The race as its records (in the stream's order) tell it; None when it is over or its
    opening is missing. An entry batch that does not follow the log (written again after an
    acknowledgement that never came) is read from where the log is."""
    replica = None
    for record in records:
        if "open" in record:
            replica = Replica(record["owner"], record["open"], record["deal"], int(record["seconds"]),
                              float(record["count"]), record["sides"], float(record["zero"]), list(record["log"]),
                              record["counts"], bool(record["recorded"]), bool(record.get("rated", True)))
        elif replica is None or "done" in record:
            return None
        elif "more" in record:
            skip = len(replica.log) - int(record["at"])
            if skip >= 0:
                replica.log += record["log"][skip:]
                replica.counts = record["counts"]
        replica.owner = str(record["owner"])
    return replica


def rebuild(replica: Replica, clock_now: float, wall_now: float) -> ServerDuel:
    """The race as its owner had it, on this process's clock (``clock_now`` is ``wall_now``)."""
    starts_at = clock_now - (wall_now - replica.zero)
    sides = (Side(*replica.sides[0]), Side(*replica.sides[1]))
    duel = ServerDuel(replica.id, read_deal(replica.deal), replica.seconds, sides, starts_at - replica.count,
                      replica.count, replica.recorded, replica.rated)
    for at, side, text, outcome in replica.log:
        when = starts_at + float(at)
        if outcome != "ok":
            duel.log.append((at, side, text, outcome))
        elif text == "end":
            duel.end(side, when)
        else:
            duel.play(side, duel.sides[side].moves + 1, text, when)
    for side, (strikes, refused, disqualified) in zip(duel.sides, replica.counts):
        side.strikes, side.refused, side.disqualified = strikes, refused, disqualified
    if any(side.disqualified for side in duel.sides):
        duel.why = "disqualified"
    return duel
