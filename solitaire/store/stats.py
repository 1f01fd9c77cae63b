"""Statistics per game mode, and the rules that keep them consistent.

A record is immutable and changes only through `after`, so the invariants (won <= played,
current streak <= longest streak <= won, the streak agrees with the recent results) hold by
construction; `from_document` checks them on load, and a file that breaks them is treated as
damaged rather than shown to the player as nonsense.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from solitaire.core.quote import shown
from solitaire.store.atomic import DamagedFileError
from solitaire.store.daily import DailyPlay, DailyResult, daily_from_document, daily_to_document, with_daily
from solitaire.store.duel_stats import DuelStats, check_opponent, duels_from_document
from solitaire.store.modes import check_mode_key, parse_mode_key
from solitaire.store.readers import RECENT_LENGTH
from solitaire.store.readers import count as _count
from solitaire.store.readers import integer as _integer
from solitaire.store.versions import Migration

STATS_VERSION = 2
"""2: the ``daily`` section (DD-3). A version-1 game reading it as its own would write the file
back without that section, so a file that has it says 2, which that game refuses (it leaves a
newer version's file exactly as it is, see ``versions``)."""
STATS_MIGRATIONS: dict[int, Migration] = {1: lambda document: document}
"""1 -> 2: nothing to change (a version-1 file written before the bump may hold ``daily``
already, and keeps it)."""

T = TypeVar("T")
N = TypeVar("N", int, float)


@dataclass(frozen=True)
class Result:
    """One finished game, for the small chart of recent results."""

    won: bool
    score: int


@dataclass(frozen=True)
class ModeStats:
    """The record of one mode. Win rate is derived so it can never disagree with the counts."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    """Seconds."""
    fewest_moves: int | None = None
    vegas_total: int = 0
    """The running dollar total of a Vegas mode; it stays 0 in other modes."""
    recent: tuple[Result, ...] = ()
    """The last `RECENT_LENGTH` results, oldest first."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def after(self, won: bool, score: int, seconds: float, moves: int, vegas: bool) -> ModeStats:
        """The record once one more game has ended (won, or lost or abandoned)."""
        check_result(won, score, seconds, moves)
        streak = self.current_streak + 1 if won else 0
        return ModeStats(
            played=self.played + 1,
            won=self.won + won,
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            best_score=score if self.best_score is None else max(self.best_score, score),
            fastest_win=_smaller(self.fastest_win, float(seconds)) if won else self.fastest_win,
            fewest_moves=_smaller(self.fewest_moves, moves) if won else self.fewest_moves,
            vegas_total=self.vegas_total + score if vegas else self.vegas_total,
            recent=(self.recent + (Result(won, score),))[-RECENT_LENGTH:],
        )

    def to_document(self) -> dict[str, object]:
        return {
            "played": self.played, "won": self.won,
            "current_streak": self.current_streak, "longest_streak": self.longest_streak,
            "best_score": self.best_score, "fastest_win": self.fastest_win,
            "fewest_moves": self.fewest_moves, "vegas_total": self.vegas_total,
            "recent": [{"won": result.won, "score": result.score} for result in self.recent],
        }

    @classmethod
    def from_document(cls, raw: object) -> ModeStats:
        """Read one record; raise DamagedFileError if a field is missing, mistyped or inconsistent."""
        if not isinstance(raw, dict):
            raise DamagedFileError("a statistics record is not an object")
        try:
            recent_raw = raw["recent"]
            if not isinstance(recent_raw, list):
                raise DamagedFileError("recent results are not a list")
            record = cls(
                played=_count(raw["played"]), won=_count(raw["won"]),
                current_streak=_count(raw["current_streak"]),
                longest_streak=_count(raw["longest_streak"]),
                best_score=_optional(raw["best_score"], _integer),
                fastest_win=_optional(raw["fastest_win"], _seconds),
                fewest_moves=_optional(raw["fewest_moves"], _count),
                vegas_total=_integer(raw["vegas_total"]),
                recent=tuple(_result(item) for item in recent_raw),
            )
        except KeyError as error:
            raise DamagedFileError(f"a statistics record lacks {error}") from error
        record.check()
        return record

    def check(self) -> None:
        """Raise DamagedFileError unless the record could have come from a sequence of results."""
        problems = []
        if not self.won <= self.played:
            problems.append("more wins than games")
        if not self.current_streak <= self.longest_streak <= self.won:
            problems.append("streaks out of order")
        if (self.longest_streak == 0) != (self.won == 0):
            problems.append("wins without a streak")
        if (self.best_score is None) != (self.played == 0):
            problems.append("best score disagrees with games played")
        if (self.fastest_win is None) != (self.won == 0) or (self.fewest_moves is None) != (self.won == 0):
            problems.append("best win disagrees with games won")
        if len(self.recent) != min(RECENT_LENGTH, self.played):
            problems.append("recent results disagree with games played")
        recent_wins = sum(result.won for result in self.recent)
        if recent_wins > self.won or len(self.recent) - recent_wins > self.played - self.won:
            problems.append("recent results disagree with the counts")
        runs = _runs_of_wins(self.recent)
        if runs[-1] != min(self.current_streak, len(self.recent)) or max(runs) > self.longest_streak:
            problems.append("streaks disagree with recent results")
        if problems:
            raise DamagedFileError("; ".join(problems))


def check_result(won: object, score: object, seconds: object, moves: object) -> None:
    """Raise ValueError unless these describe a game that has ended."""
    if type(won) is not bool or type(score) is not int or type(moves) is not int or moves < 0:
        raise ValueError(f"bad result: won={won!r} score={score!r} moves={moves!r}")
    if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"bad time: {seconds!r}")


ENDED_KEPT = 16
"""Tokens of games ended with a result, kept per slot: enough to recognise any save those games
left behind, even with a few copies of the game taking turns in one slot."""


@dataclass(frozen=True)
class StatsDocument:
    """What `stats.json` holds: a record per mode, and the tokens of the saved games whose
    results are counted (so such a save, left behind by a kill, is never resumed and counted
    again)."""

    modes: dict[str, ModeStats] = field(default_factory=dict)
    ended: dict[str, tuple[str, ...]] = field(default_factory=dict)
    duels: dict[str, DuelStats] = field(default_factory=dict)
    """Duel records per opponent (``duel_stats``); a file from before duels has none."""
    daily: dict[str, dict[str, DailyResult]] = field(default_factory=dict)
    """The daily deals' results by ISO day and mode (``store.daily``); none in an older file."""

    def with_result(self, key: str, won: bool, score: int, seconds: float, moves: int,
                    token: str | None = None) -> StatsDocument:
        """The document once one more game of mode `key` has ended; `token` names its save."""
        record = self.modes.get(key, ModeStats()).after(won, score, seconds, moves, vegas=is_vegas(key))
        ended = dict(self.ended)
        if token is not None:
            ended[key] = (ended.get(key, ()) + (token,))[-ENDED_KEPT:]
        return StatsDocument({**self.modes, key: record}, ended, self.duels, self.daily)

    def with_game_ended(self, key: str, token: str | None, won: bool, score: int, seconds: float,
                        moves: int, daily: DailyPlay | None = None) -> StatsDocument:
        """The document once the game saved under `token` has ended in mode `key` (and, a game of
        a daily deal, in its day): unchanged if that game is counted already (issue 32: two
        copies each ended it), however the copies' writes interleave."""
        if self.is_ended(key, token):
            return self
        stats = self.with_result(key, won, score, seconds, moves, token)
        return stats if daily is None else stats.with_daily(daily, key, won, score, seconds, moves)

    def with_daily(self, play: DailyPlay, key: str, won: bool, score: int, seconds: float,
                   moves: int) -> StatsDocument:
        """The document once one more game of a daily deal in mode ``key`` has ended."""
        daily = with_daily(self.daily, play, key, won, score, seconds, moves)
        return StatsDocument(self.modes, self.ended, self.duels, daily)

    def with_duel(self, kind: str, outcome: str, total: int) -> StatsDocument:
        """The document once one more duel against opponent `kind` has ended."""
        record = self.duels.get(check_opponent(kind), DuelStats()).after(outcome, total)
        return StatsDocument(self.modes, self.ended, {**self.duels, kind: record}, self.daily)

    def without(self, key: str | None) -> StatsDocument:
        """The document with the record of mode `key` (None: every mode, every duel and
        every daily result) forgotten; `duel-<opponent>` forgets one opponent's duels."""
        if key is None:
            return StatsDocument({}, self.ended)
        if key.startswith("duel-"):
            return StatsDocument(self.modes, self.ended,
                                 {k: v for k, v in self.duels.items() if k != key[5:]}, self.daily)
        return StatsDocument({k: v for k, v in self.modes.items() if k != key}, self.ended, self.duels,
                             self.daily)

    def is_ended(self, slot: str, token: str | None) -> bool:
        return token is not None and token in self.ended.get(slot, ())


def stats_from_document(document: Mapping[str, object]) -> tuple[StatsDocument, dict[str, str]]:
    """Read an upgraded statistics document, record by record.

    Returns the document and, for each record that had to be dropped, why. One odd record (a
    hand edit, a bit flip) costs only that mode's history, never every mode's; the caller keeps
    a copy of the file and tells the player. A file whose very shape is wrong is damaged whole.
    """
    modes = document.get("modes")
    if not isinstance(modes, dict):
        raise DamagedFileError("modes is not an object")
    records: dict[str, ModeStats] = {}
    dropped: dict[str, str] = {}
    for key, raw in modes.items():
        try:
            records[check_mode_key(key)] = ModeStats.from_document(raw)
        except ValueError as error:
            dropped[key] = str(error)
    duels, dropped_duels = duels_from_document(document.get("duels"))
    daily, dropped_days = daily_from_document(document.get("daily"))
    return (StatsDocument(records, _ended_from(document.get("ended")), duels, daily),
            {**dropped, **dropped_duels, **dropped_days})


def _ended_from(raw: object) -> dict[str, tuple[str, ...]]:
    """Bookkeeping, not the player's data: an entry of the wrong shape is simply not used."""
    if not isinstance(raw, dict):
        return {}
    return {key: tuple(tokens[-ENDED_KEPT:]) for key, tokens in raw.items()
            if isinstance(key, str) and isinstance(tokens, list) and all(isinstance(t, str) for t in tokens)}


def stats_to_document(stats: StatsDocument) -> dict[str, object]:
    return {"version": STATS_VERSION,
            "modes": {key: record.to_document() for key, record in sorted(stats.modes.items())},
            "ended": {key: list(tokens) for key, tokens in sorted(stats.ended.items())},
            "duels": {kind: record.to_document() for kind, record in sorted(stats.duels.items())},
            "daily": daily_to_document(stats.daily)}


def is_vegas(key: str) -> bool:
    """Whether a mode's scoring is Vegas (``Scoring.is_vegas``); False for a game or scoring
    this version does not know.
    """
    from solitaire.core.rules import REGISTRY  # as in modes.game_choices

    game, _, scoring = parse_mode_key(key)
    systems = REGISTRY.get(game).scoring_systems if game in REGISTRY else {}
    return scoring in systems and systems[scoring].is_vegas


def _runs_of_wins(recent: tuple[Result, ...]) -> list[int]:
    """Lengths of the runs of wins, ending with the run at the end (0 if the last was a loss)."""
    runs = [0]
    for result in recent:
        if result.won:
            runs[-1] += 1
        else:
            runs.append(0)
    return runs


def _smaller(old: N | None, new: N) -> N:
    return new if old is None else min(old, new)


def _seconds(value: object) -> float:
    if type(value) is not int and type(value) is not float:
        raise DamagedFileError(f"expected seconds, got {shown(value)}")
    seconds = float(value)
    if seconds < 0:
        raise DamagedFileError(f"expected seconds, got {shown(value)}")
    return seconds


def _optional(value: object, read: Callable[[object], T]) -> T | None:
    return None if value is None else read(value)


def _result(raw: object) -> Result:
    if not isinstance(raw, dict) or type(raw.get("won")) is not bool:
        raise DamagedFileError(f"bad recent result {shown(raw)}")
    return Result(won=raw["won"], score=_integer(raw.get("score")))
