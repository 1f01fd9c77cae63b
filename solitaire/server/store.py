"""The server's database (issue 25 item 7): SQLite from the standard library, in WAL mode.

A finished duel is written in one transaction — the duel, both players' results and both rating
changes — before either player is told its result, so a server stopped or killed at any moment
has either written the whole duel or none of it; the duel's id is the table's primary key, so
no duel can be counted twice. Players are found by the SHA-256 of their secret key (the key
itself is never stored).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .names import clean_name, fold, numbered
from .ratings import Skill, rated

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    base TEXT NOT NULL,          -- the cleaned name, folded: players of one base are numbered
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    duels INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS players_base ON players(base);
CREATE TABLE IF NOT EXISTS duels (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,          -- the deal, game:draw:scoring:seed: kept here, never sent
    seconds INTEGER NOT NULL,
    started REAL NOT NULL,       -- wall clock (Unix time)
    ended REAL NOT NULL,
    winner INTEGER,              -- a player's id; NULL on a tie
    why TEXT NOT NULL,           -- "", disqualified, server_stopped
    log TEXT NOT NULL            -- JSON: [race seconds, side, move, outcome] with server times
);
CREATE TABLE IF NOT EXISTS results (
    duel TEXT NOT NULL REFERENCES duels(id),
    player INTEGER NOT NULL REFERENCES players(id),
    side INTEGER NOT NULL,
    score INTEGER NOT NULL, bonus INTEGER NOT NULL, total INTEGER NOT NULL,
    home INTEGER NOT NULL, ended TEXT NOT NULL, outcome TEXT NOT NULL,
    mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL, sigma_after REAL NOT NULL,
    PRIMARY KEY (duel, player)
);
CREATE INDEX IF NOT EXISTS results_player ON results(player);
CREATE INDEX IF NOT EXISTS duels_ended ON duels(ended);
CREATE TABLE IF NOT EXISTS recorded_raced (  -- the recorded runs each player has raced (never offered again)
    player INTEGER NOT NULL REFERENCES players(id),
    duel TEXT NOT NULL REFERENCES duels(id),  -- the run's duel
    PRIMARY KEY (player, duel)
);
"""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    skill: Skill
    duels: int


@dataclass(frozen=True)
class SideRecord:
    """One side's end of a finished duel, as the server computed it."""

    player: int
    score: int
    bonus: int
    total: int
    home: int
    ended: str


@dataclass(frozen=True)
class DuelRecord:
    id: str
    code: str  # the deal as ``duel.deal_text`` writes it
    seconds: int
    started: float
    ended: float
    sides: tuple[SideRecord, SideRecord]
    outcome: str  # "first", "second" or "tie"
    why: str
    log: list


@dataclass(frozen=True)
class WrittenSide:
    """One side of a duel as the database has it (a process that takes over a race reads it)."""

    line: dict  # {score, bonus, total, foundation, ended}, as a Result tells it
    outcome: str  # win, loss or tie
    before: Skill
    after: Skill
    why: str  # the duel's


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Store:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(folder / "duels.sqlite3", isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses no commit
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- players --------------------------------------------------------------------------------
    def player(self, key: str, wanted: str) -> Player:
        """The player of ``key``, made on first sight; named ``wanted`` cleaned and told apart
        (a changed name is taken at each hello)."""
        name = clean_name(wanted)
        digest = key_hash(key)
        with self._transaction():
            row = self.db.execute("SELECT id, name, base, mu, sigma, duels FROM players WHERE key_hash = ?",
                                  (digest,)).fetchone()
            if row is not None and row[2] == fold(name):
                return Player(row[0], row[1], Skill(row[3], row[4]), row[5])
            taken = self.db.execute("SELECT count(*) FROM players WHERE base = ?", (fold(name),)).fetchone()[0]
            shown = numbered(name, taken)
            while self.db.execute("SELECT 1 FROM players WHERE name = ?", (shown,)).fetchone():
                taken += 1
                shown = numbered(name, taken)
            if row is None:
                skill = Skill()
                cursor = self.db.execute(
                    "INSERT INTO players (key_hash, name, base, mu, sigma, created) VALUES (?, ?, ?, ?, ?, ?)",
                    (digest, shown, fold(name), skill.mu, skill.sigma, time.time()))
                return Player(int(cursor.lastrowid or 0), shown, skill, 0)
            self.db.execute("UPDATE players SET name = ?, base = ? WHERE id = ?", (shown, fold(name), row[0]))
            return Player(row[0], shown, Skill(row[3], row[4]), row[5])

    def known(self, key: str) -> bool:
        """A player of this key exists already."""
        return self.db.execute("SELECT 1 FROM players WHERE key_hash = ?", (key_hash(key),)).fetchone() is not None

    def skill(self, player: int) -> Skill:
        mu, sigma = self.db.execute("SELECT mu, sigma FROM players WHERE id = ?", (player,)).fetchone()
        return Skill(mu, sigma)

    # -- duels ----------------------------------------------------------------------------------
    def record(self, duel: DuelRecord) -> tuple[tuple[Skill, Skill], tuple[Skill, Skill]]:
        """Write a finished duel and both rating changes in one transaction; (before, after).
        A duel written already (by another process of a cluster, ``cluster``) is not written
        again: its ratings as written are returned."""
        first, second = duel.sides
        with self._transaction():
            written = self.written(duel.id)
            if written is not None:
                return (written[0].before, written[1].before), (written[0].after, written[1].after)
            before = (self.skill(first.player), self.skill(second.player))
            after = rated(*before, duel.outcome)
            winner = {"first": first.player, "second": second.player}.get(duel.outcome)
            self.db.execute("INSERT INTO duels VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (duel.id, duel.code, duel.seconds, duel.started, duel.ended, winner, duel.why,
                             json.dumps(duel.log, separators=(",", ":"))))
            for index, side in enumerate(duel.sides):
                outcome = "tie" if winner is None else ("win" if winner == side.player else "loss")
                self.db.execute(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (duel.id, side.player, index, side.score, side.bonus, side.total, side.home, side.ended,
                     outcome, before[index].mu, before[index].sigma, after[index].mu, after[index].sigma))
                self.db.execute("UPDATE players SET mu = ?, sigma = ?, duels = duels + 1, wins = wins + ? "
                                "WHERE id = ?", (after[index].mu, after[index].sigma, int(outcome == "win"),
                                                 side.player))
        return before, after

    def written(self, duel: str) -> tuple[WrittenSide, WrittenSide] | None:
        """Both sides of a duel as written (side 0 first), or None when it is not."""
        rows = self.db.execute("SELECT r.score, r.bonus, r.total, r.home, r.ended, r.outcome, r.mu_before, "
                               "r.sigma_before, r.mu_after, r.sigma_after, d.why FROM results r "
                               "JOIN duels d ON d.id = r.duel WHERE r.duel = ? ORDER BY r.side", (duel,)).fetchall()
        if len(rows) != 2:
            return None
        first, second = (WrittenSide({"score": row[0], "bonus": row[1], "total": row[2], "foundation": row[3],
                                      "ended": row[4]}, row[5], Skill(row[6], row[7]), Skill(row[8], row[9]), row[10])
                         for row in rows)
        return first, second

    def leaderboard(self, player: int | None = None, limit: int = 100) -> tuple[list[dict], dict | None]:
        """The top ``limit`` players who have raced (by rating), and ``player``'s own line."""
        order = "ORDER BY mu - 3 * sigma DESC, duels DESC, id"
        rows = self.db.execute(f"SELECT id, name, mu, sigma, duels, wins FROM players WHERE duels > 0 {order} "
                               "LIMIT ?", (limit,)).fetchall()
        top = [_line(place, row) for place, row in enumerate(rows, 1)]
        you = None
        if player is not None:
            row = self.db.execute("SELECT id, name, mu, sigma, duels, wins FROM players WHERE id = ?",
                                  (player,)).fetchone()
            if row is not None:
                above = self.db.execute("SELECT count(*) FROM players WHERE duels > 0 AND "
                                        "(mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND (duels > ? OR "
                                        "(duels = ? AND id < ?))))",
                                        (row[2] - 3 * row[3], row[2] - 3 * row[3], row[4], row[4], row[0])
                                        ).fetchone()[0]
                you = _line(above + 1, row)
        return top, you

    def counts(self) -> dict[str, int]:
        """How many duels, results and players the database holds (the kill tests read it)."""
        return {table: self.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("duels", "results", "players")}

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on an exception: all of it or nothing."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *_: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _line(place: int, row: tuple) -> dict:
    skill = Skill(row[2], row[3])
    return {"place": place, "name": row[1], "number": skill.number, "tier": skill.tier,
            "duels": row[4], "wins": row[5]}
