"""A copy of every race on one other process (issue 25 item 8): a process killed mid-race loses
no race, because another one rebuilds it and the players come back to it there.

The process that opened a race (its **owner**) posts to the race's **backup** (another node)
what it takes to rebuild it: once (and again whenever the backup changes) the whole race
(``opening``) — its id, its deal (the secret seed: NATS is the service's own network, never a
player's), both players (side 1 maybe a recorded run), when race time 0 was on the wall clock,
its log so far — then each new log entry as it is made (``more``), with both sides' refusal
counts, and ``done`` when it is over. The backup keeps them (``Replica``) and, when the owner is gone, rebuilds the race by
playing its log through the core again at the same race times (``rebuild``): the core is
deterministic, so the tables, scores and move counts are the owner's. A move is answered only
once its entry is with NATS (``backups.Backups._on``), so an answered move is in the copy; one
the owner refereed but had not answered when killed is not, and its player's table is set to
the rebuilt one (the client takes the ``Matched`` it is sent then). A recorded run's race
(``recorded``) is copied the same way; the run itself is found again in the store by its deal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .duel import ServerDuel, Side, deal_text, read_deal


@dataclass
class Replica:
    owner: str  # the node that runs the race
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

    @property
    def players(self) -> tuple[int, int]:
        return int(self.sides[0][0]), int(self.sides[1][0])


def _counts(duel: ServerDuel) -> list:
    return [[side.strikes, side.refused, side.disqualified] for side in duel.sides]


def opening(duel: ServerDuel, zero: float) -> str:
    """The whole race, for a new backup; ``zero``: race time 0 on the wall clock."""
    return json.dumps({"open": duel.id, "deal": deal_text(duel.code), "seconds": duel.seconds, "count": duel.count,
                       "sides": [[side.player, side.name] for side in duel.sides], "zero": zero,
                       "log": duel.log, "counts": _counts(duel), "recorded": duel.recorded,
                       "rated": duel.rated},
                      separators=(",", ":"), ensure_ascii=False)


def more(duel: ServerDuel, start: int) -> str:
    """The log entries from ``start`` on."""
    return json.dumps({"more": duel.id, "log": duel.log[start:], "counts": _counts(duel)}, separators=(",", ":"),
                      ensure_ascii=False)


def done(duel_id: str) -> str:
    return json.dumps({"done": duel_id})


def take(replicas: dict[str, Replica], owner: str, text: str) -> None:
    """Keep what the owner posted: a new copy, more of one, or the end of one."""
    record = json.loads(text)
    if "open" in record:
        replicas[record["open"]] = Replica(owner, record["open"], record["deal"], int(record["seconds"]),
                                           float(record["count"]), record["sides"], float(record["zero"]),
                                           list(record["log"]), record["counts"], bool(record["recorded"]),
                                           bool(record.get("rated", True)))
    elif "more" in record:
        replica = replicas.get(record["more"])
        if replica is not None and replica.owner == owner:
            replica.log += record["log"]
            replica.counts = record["counts"]
    elif "done" in record:
        replica = replicas.get(record["done"])
        if replica is not None and replica.owner == owner:
            del replicas[replica.id]


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
