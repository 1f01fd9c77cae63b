"""The player's own daily results (DD-3) and the streak of days won (DD-4): the local daily
leaderboard, kept in the statistics file beside the modes' records.

Per UTC day and daily mode, the best game of that day's deal, the deal's game code (DD-6: the
day's page shows and replays the deal played, whatever later pools would compute for that day;
unknown, ``None``, in a file from before it was kept) and how many were counted. A record
is immutable and changes only through ``after``; ``from_document`` reads one day's records and a
day that is wrong is dropped alone (the store keeps a copy of the file and says so in one line),
as a mode's record is.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta

from solitaire.core.codes import parse_code
from solitaire.core.errors import BadCode
from solitaire.core.quote import clip, shown
from solitaire.store.atomic import DamagedFileError
from solitaire.store.modes import check_mode_key
from solitaire.store.readers import count as _count
from solitaire.store.readers import integer as _integer

DailyDays = Mapping[str, Mapping[str, "DailyResult"]]
"""ISO day (``2026-12-02``) -> mode key -> that day's result in the mode."""


@dataclass(frozen=True)
class DailyResult:
    """The best counted game of one day's daily deal in one mode (DD-3: a won game beats one not
    won, then the higher score, then fewer moves, then the shorter time), and the games counted."""

    games: int
    won: bool
    score: int
    seconds: float
    moves: int
    log: tuple[str, ...] = ()
    """The best game's moves as saved, for the duel server's board (DD-5); kept only while the
    server takes the day's results (``LOG_DAYS``), so the file does not grow with them."""
    code: str | None = None
    """The deal's game code as played (``KL1-D1N-AAAAAAB``); None when unknown (an older file)."""

    def rank(self) -> tuple[bool, int, int, float]:
        """Larger is better (DD-3)."""
        return self.won, self.score, -self.moves, -self.seconds

    def after(self, game: DailyResult) -> DailyResult:
        """The day's record once one more game of its deal (``game``, a first result) has ended."""
        best = game if game.rank() > self.rank() else self
        return replace(best, games=self.games + 1, code=best.code or self.code or game.code)

    def to_document(self) -> dict[str, object]:
        document: dict[str, object] = {"games": self.games, "won": self.won, "score": self.score,
                                       "seconds": self.seconds, "moves": self.moves}
        if self.log:
            document["log"] = list(self.log)
        if self.code is not None:
            document["code"] = self.code
        return document

    @classmethod
    def from_document(cls, raw: object) -> DailyResult:
        if not isinstance(raw, dict) or type(raw.get("won")) is not bool:
            raise DamagedFileError(f"bad daily result {shown(raw)}")
        seconds = raw.get("seconds")
        if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
            raise DamagedFileError(f"bad daily time {shown(seconds)}")
        log = raw.get("log", [])
        if not isinstance(log, list) or not all(isinstance(move, str) for move in log):
            raise DamagedFileError("a daily result's log is not a list of moves")
        code = raw.get("code")
        if code is not None:
            try:
                parse_code(code)
            except BadCode as error:
                raise DamagedFileError(f"a daily result's code is not a game code: {error}") from error
        try:
            result = cls(_count(raw["games"]), raw["won"], _integer(raw["score"]), float(seconds),
                         _count(raw["moves"]), tuple(log), code)
        except KeyError as error:
            raise DamagedFileError(f"a daily result lacks {error}") from error
        if result.games < 1:
            raise DamagedFileError("a daily result of no game")
        return result


LOG_DAYS = 2
"""The days whose best games keep their moves: the duel server takes today's and yesterday's."""


@dataclass(frozen=True)
class DailyPlay:
    """A game of a daily deal: the day whose deal it is, its moves as saved, and its game code."""

    day: date
    log: tuple[str, ...]
    code: str | None = None


def with_daily(days: DailyDays, play: DailyPlay, key: str, won: bool, score: int, seconds: float,
               moves: int) -> dict[str, dict[str, DailyResult]]:
    """``days`` once a game of ``play``'s deal in mode ``key`` has ended; the moves of days the
    server no longer takes are let go."""
    name = play.day.isoformat()
    game = DailyResult(1, won, score, float(seconds), moves, play.log, play.code)
    on_day = dict(days.get(name, {}))
    old = on_day.get(check_mode_key(key))
    on_day[key] = game if old is None else old.after(game)
    oldest = (play.day - timedelta(LOG_DAYS - 1)).isoformat()
    kept = {d: {k: r if d >= oldest else replace(r, log=()) for k, r in modes.items()} for d, modes in days.items()}
    return {**kept, name: on_day}


def daily_from_document(raw: object) -> tuple[dict[str, dict[str, DailyResult]], dict[str, str]]:
    """The daily days of a statistics document (none in a file from before them), and why any
    day was dropped (``daily-<day>``: that day's results only)."""
    if raw is None:
        return {}, {}
    if not isinstance(raw, dict):
        raise DamagedFileError("daily is not an object")
    days: dict[str, dict[str, DailyResult]] = {}
    dropped: dict[str, str] = {}
    for name, modes in raw.items():
        try:
            check_day(name)
            if not isinstance(modes, dict) or not modes:
                raise DamagedFileError(f"the day {shown(name)} holds no results")
            days[name] = {check_mode_key(key): DailyResult.from_document(result) for key, result in modes.items()}
        except ValueError as error:
            dropped[f"daily-{clip(name)}"] = str(error)
    return days, dropped


def daily_to_document(days: DailyDays) -> dict[str, object]:
    return {name: {key: result.to_document() for key, result in sorted(modes.items())}
            for name, modes in sorted(days.items())}


def check_day(name: object) -> date:
    """The date of an ISO day name (``2026-12-02``, exactly so); ValueError otherwise."""
    if not isinstance(name, str) or len(name) != 10:
        raise ValueError(f"not a day: {shown(name)}")
    day = date.fromisoformat(name)
    if day.isoformat() != name:
        raise ValueError(f"not a day: {shown(name)}")
    return day


@dataclass(frozen=True)
class Streaks:
    """DD-4: days in a row with a daily deal won."""

    current: int
    best: int


def streaks(won_days: Iterable[date], today: date) -> Streaks:
    """DD-4: the current streak is the run of won days ending today, or ending yesterday while
    today has no win yet (a day not yet played breaks nothing); the best is the longest run."""
    won = set(won_days)
    best = run = 0
    previous: date | None = None
    for day in sorted(won):
        run = run + 1 if previous is not None and day - previous == timedelta(1) else 1
        best = max(best, run)
        previous = day
    end = today if today in won else today - timedelta(1)
    current = 0
    while end - timedelta(current) in won:
        current += 1
    return Streaks(current, best)


def won_days(days: DailyDays) -> set[date]:
    """The days with a daily deal won, in any mode."""
    return {check_day(name) for name, modes in days.items() if any(r.won for r in modes.values())}
