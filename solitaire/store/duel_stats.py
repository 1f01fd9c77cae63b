"""Duel statistics per opponent (``easy``, ``medium``, ``hard``, ``network``: a LAN duel,
``online``: a duel through the duel server): duels played,
won, lost and tied, the best total, and the last results for the chart.

As with the game modes' records (``stats``), a record is immutable and changes only through
``after``, so its counts always agree (won + lost + tied = played; the recent results agree with
the counts); ``from_document`` checks that, and a record that breaks it is dropped as damaged.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.quote import shown
from solitaire.store.atomic import DamagedFileError
from solitaire.store.readers import RECENT_LENGTH
from solitaire.store.readers import count as _count

DUEL_OPPONENTS = ("easy", "medium", "hard", "network", "online")
DUEL_OUTCOMES = ("won", "lost", "tied")
DUEL_RECENT_LENGTH = RECENT_LENGTH  # a duel opponent's chart is as long as a mode's


def check_opponent(kind: object) -> str:
    """``kind`` if it names an opponent a duel's statistics are kept for; ValueError otherwise."""
    if kind not in DUEL_OPPONENTS:
        raise ValueError(f"unknown duel opponent {kind!r} (expected one of {', '.join(DUEL_OPPONENTS)})")
    return kind  # type: ignore[return-value]


def check_duel_result(outcome: object, total: object) -> None:
    if outcome not in DUEL_OUTCOMES or type(total) is not int or total < 0:
        raise ValueError(f"bad duel result: outcome={outcome!r} total={total!r}")


@dataclass(frozen=True)
class RecentDuel:
    """One duel, for the chart: how it went for the player and their total."""

    outcome: str
    total: int


@dataclass(frozen=True)
class DuelStats:
    played: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0
    best_total: int | None = None
    recent: tuple[RecentDuel, ...] = ()
    """The last ``DUEL_RECENT_LENGTH`` results, oldest first."""

    def after(self, outcome: str, total: int) -> DuelStats:
        """The record once one more duel has ended."""
        check_duel_result(outcome, total)
        return DuelStats(
            played=self.played + 1,
            won=self.won + (outcome == "won"),
            lost=self.lost + (outcome == "lost"),
            tied=self.tied + (outcome == "tied"),
            best_total=total if self.best_total is None else max(self.best_total, total),
            recent=(self.recent + (RecentDuel(outcome, total),))[-DUEL_RECENT_LENGTH:],
        )

    def to_document(self) -> dict[str, object]:
        return {"played": self.played, "won": self.won, "lost": self.lost, "tied": self.tied,
                "best_total": self.best_total,
                "recent": [{"outcome": r.outcome, "total": r.total} for r in self.recent]}

    @classmethod
    def from_document(cls, raw: object) -> DuelStats:
        """Read one record; DamagedFileError if a field is missing, mistyped or inconsistent."""
        if not isinstance(raw, dict) or not isinstance(raw.get("recent"), list):
            raise DamagedFileError("a duel record is not an object with recent results")
        try:
            record = cls(played=_count(raw["played"]), won=_count(raw["won"]),
                         lost=_count(raw["lost"]), tied=_count(raw["tied"]),
                         best_total=None if raw["best_total"] is None else _count(raw["best_total"]),
                         recent=tuple(_result(item) for item in raw["recent"]))
        except KeyError as error:
            raise DamagedFileError(f"a duel record lacks {error}") from error
        record.check()
        return record

    def check(self) -> None:
        """DamagedFileError unless the record could have come from a sequence of duels."""
        problems = []
        if self.won + self.lost + self.tied != self.played:
            problems.append("won, lost and tied do not add up to played")
        if (self.best_total is None) != (self.played == 0):
            problems.append("best total disagrees with duels played")
        if len(self.recent) != min(DUEL_RECENT_LENGTH, self.played):
            problems.append("recent results disagree with duels played")
        for outcome in DUEL_OUTCOMES:
            if sum(r.outcome == outcome for r in self.recent) > getattr(self, outcome):
                problems.append(f"more recent {outcome} than counted")
        if self.recent and self.best_total is not None and max(r.total for r in self.recent) > self.best_total:
            problems.append("a recent total beats the best")
        if problems:
            raise DamagedFileError("; ".join(problems))


def duels_from_document(raw: object) -> tuple[dict[str, DuelStats], dict[str, str]]:
    """The duel records of a statistics document (none in a file from before duels), and why
    any record was dropped."""
    if raw is None:
        return {}, {}
    if not isinstance(raw, dict):
        raise DamagedFileError("duels is not an object")
    records: dict[str, DuelStats] = {}
    dropped: dict[str, str] = {}
    for kind, record in raw.items():
        try:
            records[check_opponent(kind)] = DuelStats.from_document(record)
        except ValueError as error:
            dropped[f"duel-{kind}"] = str(error)
    return records, dropped


def _result(raw: object) -> RecentDuel:
    if not isinstance(raw, dict) or raw.get("outcome") not in DUEL_OUTCOMES:
        raise DamagedFileError(f"bad recent duel {shown(raw)}")
    return RecentDuel(raw["outcome"], _count(raw.get("total")))
