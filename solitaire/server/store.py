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
    duels INTEGER NOT NULL DEFAULT 0,   -- rated duels
    wins INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    flagged INTEGER NOT NULL DEFAULT 0  -- races flagged as faster than a person (``fairness``)
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
    log TEXT NOT NULL,           -- JSON: [race seconds, side, move, outcome] with server times
    unrated TEXT NOT NULL DEFAULT ''  -- why no rating moved (``fairness``: room, aborted, ...); '' rated
);
CREATE INDEX IF NOT EXISTS duels_ended ON duels(ended);
CREATE TABLE IF NOT EXISTS results (
    duel TEXT NOT NULL REFERENCES duels(id),
    player INTEGER NOT NULL REFERENCES players(id),
    side INTEGER NOT NULL,
    score INTEGER NOT NULL, bonus INTEGER NOT NULL, total INTEGER NOT NULL,
    home INTEGER NOT NULL, ended TEXT NOT NULL, outcome TEXT NOT NULL,
    mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL, sigma_after REAL NOT NULL,
    quick INTEGER NOT NULL DEFAULT 0,  -- this side lost quickly (``fairness.quick_loss``)
    fast INTEGER NOT NULL DEFAULT 0,   -- this side played faster than a person (``fairness.too_fast``)
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
#: Columns added since the first version of the schema: (table, column, its declaration).
ADDED = (("players", "flagged", "INTEGER NOT NULL DEFAULT 0"), ("duels", "unrated", "TEXT NOT NULL DEFAULT ''"),
         ("results", "quick", "INTEGER NOT NULL DEFAULT 0"), ("results", "fast", "INTEGER NOT NULL DEFAULT 0"))
NAMES_VERSION = 1  # ``PRAGMA user_version``: 1, players' ``base`` is the confusable skeleton (``names.fold``)
PROVISIONAL_DUELS = 10  # rated duels before a rating is established (shown, and on the leaderboard)


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
    quick: bool = False  # lost quickly (``fairness.quick_loss``)
    fast: bool = False  # played faster than a person (``fairness.too_fast``)


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
    unrated: str = ""  # why no rating moves (``fairness.unrated_why``, side 0's word); "" rated


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
    def __init__(self, folder: Path, busy_seconds: float = 0.5) -> None:
        """``busy_seconds``: how long a write waits for another process's (a cluster's) before
        it fails as locked; the server keeps a result it could not write (``unsaved``), so the
        event loop is not held longer."""
        folder.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(folder / "duels.sqlite3", timeout=busy_seconds, isolation_level=None,
                                  check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses no commit
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """A database of an older version: its new columns, and names compared by skeleton."""
        for table, column, declared in ADDED:
            if column not in {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declared}")
        if self.db.execute("PRAGMA user_version").fetchone()[0] < NAMES_VERSION:
            with self._transaction():
                for player, name in self.db.execute("SELECT id, name FROM players").fetchall():
                    self.db.execute("UPDATE players SET base = ? WHERE id = ?", (fold(name.split("#")[0]), player))
                self.db.execute(f"PRAGMA user_version = {NAMES_VERSION}")

    def close(self) -> None:
        self.db.close()

    # -- players --------------------------------------------------------------------------------
    def player(self, key: str, wanted: str) -> Player:
        """The player of ``key``, made on first sight; named ``wanted`` cleaned and told apart
        (a changed name is taken at each hello)."""
        name = clean_name(wanted)
        digest = key_hash(key)
        row = self.db.execute("SELECT id, name, base, mu, sigma, duels FROM players WHERE key_hash = ?",
                              (digest,)).fetchone()
        if row is not None and row[2] == fold(name):  # known, same name: a read (a locked store still admits)
            return Player(row[0], row[1], Skill(row[3], row[4]), row[5])
        with self._transaction():
            row = self.db.execute("SELECT id, name, base, mu, sigma, duels FROM players WHERE key_hash = ?",
                                  (digest,)).fetchone()
            if row is not None and row[2] == fold(name):
                return Player(row[0], row[1], Skill(row[3], row[4]), row[5])
            first = self.db.execute("SELECT name FROM players WHERE base = ? ORDER BY id LIMIT 1",
                                    (fold(name),)).fetchone()
            taken = self.db.execute("SELECT count(*) FROM players WHERE base = ?", (fold(name),)).fetchone()[0]
            if first is not None:  # a look-alike is numbered under the name it looks like ("Аlice": "Alice#2")
                name = first[0].split("#")[0]
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

    def provisional(self, player: int) -> bool:
        """The player's rating is not established yet: fewer than ``PROVISIONAL_DUELS`` rated duels."""
        row = self.db.execute("SELECT duels FROM players WHERE id = ?", (player,)).fetchone()
        return row is None or row[0] < PROVISIONAL_DUELS

    def met(self, first: int, second: int, since: float) -> int:
        """Rated duels of these two players against each other ended since ``since`` (Unix time)."""
        return self.db.execute("SELECT count(*) FROM results a JOIN results b ON b.duel = a.duel "
                               "JOIN duels d ON d.id = a.duel WHERE a.player = ? AND b.player = ? "
                               "AND d.ended >= ? AND d.unrated = ''", (first, second, since)).fetchone()[0]

    def quick_losses(self, player: int, since: float) -> int:
        """The player's quick losses (``fairness``) in duels ended since ``since``."""
        return self.db.execute("SELECT count(*) FROM results r JOIN duels d ON d.id = r.duel WHERE r.player = ? "
                               "AND r.quick = 1 AND d.ended >= ?", (player, since)).fetchone()[0]

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
            after = before if duel.unrated else rated(*before, duel.outcome)
            winner = {"first": first.player, "second": second.player}.get(duel.outcome)
            self.db.execute("INSERT INTO duels (id, code, seconds, started, ended, winner, why, log, unrated) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (duel.id, duel.code, duel.seconds, duel.started, duel.ended, winner, duel.why,
                             json.dumps(duel.log, separators=(",", ":")), duel.unrated))
            for index, side in enumerate(duel.sides):
                outcome = "tie" if winner is None else ("win" if winner == side.player else "loss")
                self.db.execute(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (duel.id, side.player, index, side.score, side.bonus, side.total, side.home, side.ended,
                     outcome, before[index].mu, before[index].sigma, after[index].mu, after[index].sigma,
                     int(side.quick), int(side.fast)))
                counted = int(not duel.unrated)
                self.db.execute("UPDATE players SET mu = ?, sigma = ?, duels = duels + ?, wins = wins + ?, "
                                "flagged = flagged + ? WHERE id = ?",
                                (after[index].mu, after[index].sigma, counted, counted * int(outcome == "win"),
                                 int(side.fast), side.player))
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
        """The top ``limit`` established players (``PROVISIONAL_DUELS`` rated duels or more) by
        rating, and ``player``'s own line (no place while their rating is provisional). Each line
        carries ``flagged``: the player's races flagged as faster than a person (``fairness``)."""
        order = "ORDER BY mu - 3 * sigma DESC, duels DESC, id"
        rows = self.db.execute(f"SELECT id, name, mu, sigma, duels, wins, flagged FROM players WHERE duels >= ? "
                               f"{order} LIMIT ?", (PROVISIONAL_DUELS, limit)).fetchall()
        top = [_line(place, row) for place, row in enumerate(rows, 1)]
        you = None
        if player is not None:
            row = self.db.execute("SELECT id, name, mu, sigma, duels, wins, flagged FROM players WHERE id = ?",
                                  (player,)).fetchone()
            if row is not None and row[4] < PROVISIONAL_DUELS:
                you = _line(None, row)
            elif row is not None:
                above = self.db.execute("SELECT count(*) FROM players WHERE duels >= ? AND "
                                        "(mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND (duels > ? OR "
                                        "(duels = ? AND id < ?))))",
                                        (PROVISIONAL_DUELS, row[2] - 3 * row[3], row[2] - 3 * row[3], row[4], row[4],
                                         row[0])).fetchone()[0]
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
        if kind is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite rolls back by itself on some errors (a full disk)
            self.db.execute("ROLLBACK")


def _line(place: int | None, row: tuple) -> dict:
    skill = Skill(row[2], row[3])
    return {"place": place, "name": row[1], "number": skill.number, "tier": skill.tier,
            "duels": row[4], "wins": row[5], "provisional": row[4] < PROVISIONAL_DUELS, "flagged": row[6]}
