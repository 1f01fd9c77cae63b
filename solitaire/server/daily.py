"""The daily leaderboard of the duel server (DD-5): a player sends the moves of a game of a day's
daily deal, never its score; the server replays them through the rules core on the deal it
computes itself for that day (``core.daily``, the same pure function the game plays), and the
replay's result is what is ranked. A move the rules refuse, a move list of another deal, a day
that is not today or yesterday (UTC: a game begun before midnight) and a mode without a daily
deal are each refused with their reason, and nothing is written.

A day's board per mode ranks each player's best game: won first, then the higher score, then
(DD-7) fewer moves, then whose best game reached the server first (its own clock), then who joined
first. Time is not ranked: the server never deals a daily game, so it sees no start; a game played
offline has no clock it could read; and a clock a player reports would be taken on trust.

The moves come in parts (a message is at most 4 KiB; Double Solitaire's games run to hundreds of
moves), at most ``MAX_MOVES`` in all; a player's parts wait here until the last one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

from ..core import BadCode, BadDeal
from ..core.daily import daily_key, daily_modes, has_daily, replay_daily, utc_today
from ..net.online_messages import DailyAsk, DailyBoard, DailyScore, DailySubmit, Refused
from .databases import Database
from .lobby import Throttle

MAX_MOVES = 3000
"""The most moves a daily game sent may have: about 60 ms of replay on this machine (20 µs a
move), and six times the longest winning line of the pools' solver (Double's, about 600)."""
JUDGED_A_MINUTE = 20
"""Daily games one address may have judged a minute: the Daily page sends at most ten at once
(five modes, two days), and replays never take more than a few per cent of the server's time."""
TOP = 100

_BETTER = ("(won > ? OR (won = ? AND (score > ? OR (score = ? AND (moves < ? OR "
           "(moves = ? AND (sent < ? OR (sent = ? AND player < ?))))))))")


@dataclass
class _Parts:
    """A player's daily game arriving in parts."""

    mode: tuple[str, int, str]
    moves: list[str] = field(default_factory=list)
    next: int = 0


class DailyBoards:
    """The days' boards in the server's database (its own table, ``schema``), and the games arriving."""

    def __init__(self, db: Database, today: Callable[[], date] = utc_today,
                 wall: Callable[[], float] = time.time) -> None:
        self.db = db
        self.today = today
        self.wall = wall
        self.arriving: dict[int, _Parts] = {}
        self.judged = Throttle(JUDGED_A_MINUTE, 60.0)

    def submit(self, player: int, message: DailySubmit, address: str = "", now: float = 0.0
               ) -> DailyScore | Refused | None:
        """Take one part of a player's daily game, who speaks from ``address`` at ``now`` (the
        server's clock); the judgement with the last part (None before it), or the refusal that
        drops the game."""
        taken = self.take(player, message, address, now)
        return self.judge(player, message, taken) if isinstance(taken, list) else taken

    def take(self, player: int, message: DailySubmit, address: str = "", now: float = 0.0
             ) -> list[str] | Refused | None:
        """``submit`` without the judgement, which reads and writes the database (the server
        does it on its database thread, ``judge``): the whole game's moves with the last part."""
        refusal = self._check(message.game, message.draw, message.day, past=True)
        if refusal is not None:
            self.arriving.pop(player, None)
            return refusal
        mode = (message.game, message.draw, message.day)
        parts = self.arriving.get(player) if message.part else None
        if message.part == 0:
            parts = self.arriving[player] = _Parts(mode)
        if parts is None or parts.mode != mode or parts.next != message.part:
            self.arriving.pop(player, None)
            return Refused("daily_order", f"part {message.part} of a daily game out of order")
        parts.moves += message.moves.split()
        parts.next += 1
        if len(parts.moves) > MAX_MOVES:
            self.arriving.pop(player, None)
            return Refused("daily_moves", f"a daily game of more than {MAX_MOVES} moves")
        if message.more:
            return None
        del self.arriving[player]
        if self.judged.full(address, now):
            return Refused("throttled", f"more than {JUDGED_A_MINUTE} daily games a minute: wait a minute")
        return parts.moves

    def judge(self, player: int, message: DailySubmit, moves: list[str]) -> DailyScore | Refused:
        """The last part's game (``take``) replayed, ranked and kept if it is the player's best."""
        return self._judge(player, message.game, message.draw, message.day, moves)

    def forget(self, player: int) -> None:
        """The player's connection is gone: a game half sent goes with it."""
        self.arriving.pop(player, None)

    def _judge(self, player: int, game: str, draw: int, day_name: str, moves: list[str]) -> DailyScore | Refused:
        try:
            replayed = replay_daily(game, draw, date.fromisoformat(day_name), moves)
        except BadDeal as error:
            return Refused("daily_moves", f"DD-5: {error}"[:200])
        key = daily_key(game, draw)
        line = (int(replayed.won), replayed.score, replayed.moves, self.wall())
        with self.db.transaction():
            self.db.lock("players", [player])  # two processes judging one player's games take turns
            best = self.db.execute("SELECT won, score, moves, sent FROM daily_results WHERE day = ? AND mode = ? "
                                   "AND player = ?", (day_name, key, player)).fetchone()
            if best is None or _rank(line) > _rank(best):
                self.db.execute("INSERT INTO daily_results VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                                "ON CONFLICT (day, mode, player) DO UPDATE SET won = excluded.won, "
                                "score = excluded.score, moves = excluded.moves, sent = excluded.sent, "
                                "log = excluded.log", (day_name, key, player, *line, " ".join(moves)))
        _, you = self.board(player, DailyAsk(game, draw, day_name))
        return DailyScore(game, draw, day_name, replayed.won, replayed.score, replayed.moves, you["place"])

    def top(self, day_name: str, key: str) -> list[dict]:
        """The top ``TOP`` of a day's board in the mode ``key`` (DD-5, DD-7)."""
        rows = self.db.execute(
            "SELECT d.player, p.name, d.won, d.score, d.moves, d.sent FROM daily_results d "
            "JOIN players p ON p.id = d.player WHERE d.day = ? AND d.mode = ? "
            "ORDER BY d.won DESC, d.score DESC, d.moves, d.sent, d.player LIMIT ?", (day_name, key, TOP)).fetchall()
        return [_line(place, row) for place, row in enumerate(rows, 1)]

    def day_boards(self, day: date) -> dict[str, list[dict]]:
        """Every daily mode's top of ``day``'s board, by mode key (``game.py server --leaderboard``)."""
        return {daily_key(game, draw): self.top(day.isoformat(), daily_key(game, draw)) for game, draw in daily_modes()}

    def board(self, player: int, ask: DailyAsk) -> tuple[list[dict], dict]:
        """The top ``TOP`` of a day's board in a mode, and the player's own line ({}: none)."""
        key = daily_key(ask.game, ask.draw)
        top = self.top(ask.day, key)
        row = self.db.execute("SELECT d.player, p.name, d.won, d.score, d.moves, d.sent FROM daily_results d "
                              "JOIN players p ON p.id = d.player WHERE d.day = ? AND d.mode = ? AND d.player = ?",
                              (ask.day, key, player)).fetchone()
        if row is None:
            return top, {}
        won, score, moves, sent = row[2:6]
        above = self.db.execute(f"SELECT count(*) FROM daily_results WHERE day = ? AND mode = ? AND {_BETTER}",
                                (ask.day, key, won, won, score, score, moves, moves, sent, sent, player)
                                ).fetchone()[0]
        return top, _line(above + 1, row)

    def answer(self, player: int, ask: DailyAsk) -> DailyBoard | Refused:
        refusal = self._check(ask.game, ask.draw, ask.day, past=False)
        if refusal is not None:
            return refusal
        top, you = self.board(player, ask)
        return DailyBoard(ask.game, ask.draw, ask.day, top, you)

    def _check(self, game: str, draw: int, day_name: str, past: bool) -> Refused | None:
        """A daily mode and a day that is taken (a result: today or yesterday; a board: any
        day up to today)."""
        try:
            day = date.fromisoformat(day_name)
            if day.isoformat() != day_name:
                raise ValueError(f"write the day as {day.isoformat()}")
            if not has_daily(game, draw):
                raise BadCode(f"{game} draw {draw} has no daily deal")
        except (ValueError, BadCode) as error:
            return Refused("daily_mode", f"DD-1: {error}"[:200])
        today = self.today()
        if day > today or (past and day < today - timedelta(1)):
            return Refused("daily_day", f"DD-5: {day_name} is not a day taken now (today is {today})")
        return None


def _rank(line: tuple) -> tuple:
    won, score, moves, sent = line[:4]
    return won, score, -moves, -sent


def _line(place: int, row: tuple) -> dict:
    return {"place": place, "name": row[1], "won": bool(row[2]), "score": row[3], "moves": row[4]}
