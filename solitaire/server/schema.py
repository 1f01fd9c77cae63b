"""The server database's one schema, for SQLite and PostgreSQL alike, and its migrations (issue 35).

The version a database is at is the one row of ``schema_version``; a server opening it applies
the migrations above that version in order, in one transaction (PostgreSQL: under an advisory lock,
so three processes started at once migrate it once), and refuses a database of a newer version
than it knows. A SQLite file of the versions before this table (issue 25's) is at version 0:
migration 1 leaves its tables as they are, 2 adds the columns they lack, 3 folds the players'
names as ``names.fold`` does now (``PRAGMA user_version`` said so before); 4 adds the recorded runs
each player has raced; 5 the new players each address made in the last day (``Store.player``).
"""

from __future__ import annotations

from .databases import Database
from .names import fold

TABLES = """
CREATE TABLE IF NOT EXISTS players (
    id {id},
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    base TEXT NOT NULL,          -- the cleaned name, folded: players of one base are numbered
    mu {real} NOT NULL,
    sigma {real} NOT NULL,
    duels INTEGER NOT NULL DEFAULT 0,   -- rated duels
    wins INTEGER NOT NULL DEFAULT 0,
    created {real} NOT NULL,
    flagged INTEGER NOT NULL DEFAULT 0  -- races flagged as faster than a person (``fairness``)
);
CREATE INDEX IF NOT EXISTS players_base ON players(base);
CREATE TABLE IF NOT EXISTS duels (
    id TEXT PRIMARY KEY,         -- a duel is written once, by whichever process writes it first
    code TEXT NOT NULL,          -- the deal, game:draw:scoring:seed: kept here, never sent
    seconds INTEGER NOT NULL,
    started {real} NOT NULL,     -- wall clock (Unix time)
    ended {real} NOT NULL,
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
    mu_before {real} NOT NULL, sigma_before {real} NOT NULL,
    mu_after {real} NOT NULL, sigma_after {real} NOT NULL,
    quick INTEGER NOT NULL DEFAULT 0,  -- this side lost quickly (``fairness.quick_loss``)
    fast INTEGER NOT NULL DEFAULT 0,   -- this side played faster than a person (``fairness.too_fast``)
    PRIMARY KEY (duel, player)
);
CREATE INDEX IF NOT EXISTS results_player ON results(player);
CREATE TABLE IF NOT EXISTS daily_results (
    day TEXT NOT NULL,           -- the deal's UTC day, 2026-12-02
    mode TEXT NOT NULL,          -- the daily mode, klondike-d1-standard
    player INTEGER NOT NULL REFERENCES players(id),
    won INTEGER NOT NULL, score INTEGER NOT NULL, moves INTEGER NOT NULL,
    sent {real} NOT NULL,        -- wall clock (Unix time) of the best game's arrival
    log TEXT NOT NULL,           -- its moves, as sent and replayed
    PRIMARY KEY (day, mode, player)
);
CREATE INDEX IF NOT EXISTS daily_rank ON daily_results(day, mode, won DESC, score DESC, moves, sent);
"""
#: Columns added after issue 25's first schema: (table, column, its declaration).
ADDED = (("players", "flagged", "INTEGER NOT NULL DEFAULT 0"), ("duels", "unrated", "TEXT NOT NULL DEFAULT ''"),
         ("results", "quick", "INTEGER NOT NULL DEFAULT 0"), ("results", "fast", "INTEGER NOT NULL DEFAULT 0"))
MIGRATING = 35_0001  # PostgreSQL's advisory lock key while a process migrates


class NewerSchema(Exception):
    """The database was written by a newer server: this one does not know its tables."""


def _tables(db: Database) -> None:
    without_comments = "\n".join(line.split("--")[0] for line in TABLES.format(**db.types).splitlines())
    for statement in without_comments.split(";"):
        if statement.strip():
            db.execute(statement)


def _added_columns(db: Database) -> None:
    for table, column, declared in ADDED:
        if column not in db.columns(table):
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declared}")


def _names_folded(db: Database) -> None:
    if db.dialect == "sqlite" and db.execute("PRAGMA user_version").fetchone()[0] >= 1:
        return  # folded already, by the version that marked it so
    for player, name in db.execute("SELECT id, name FROM players").fetchall():
        db.execute("UPDATE players SET base = ? WHERE id = ?", (fold(name.split("#")[0]), player))


RECORDED_RACED = """
CREATE TABLE IF NOT EXISTS recorded_raced (  -- the recorded runs each player has raced (never offered again)
    player INTEGER NOT NULL REFERENCES players(id),
    duel TEXT NOT NULL REFERENCES duels(id),  -- the run's duel
    PRIMARY KEY (player, duel)
)"""


def _recorded_raced(db: Database) -> None:
    db.execute("\n".join(line.split("--")[0] for line in RECORDED_RACED.splitlines()))


NEWCOMERS = """
CREATE TABLE IF NOT EXISTS newcomers (  -- a new player made, by address: counted a day, then deleted
    address TEXT NOT NULL,
    made {real} NOT NULL                -- wall clock (Unix time)
);
CREATE INDEX IF NOT EXISTS newcomers_address ON newcomers(address, made);
CREATE INDEX IF NOT EXISTS newcomers_made ON newcomers(made)"""


def _newcomers(db: Database) -> None:
    for statement in "\n".join(line.split("--")[0] for line in NEWCOMERS.format(**db.types).splitlines()).split(";"):
        db.execute(statement)


MIGRATIONS = (_tables, _added_columns, _names_folded, _recorded_raced, _newcomers)
VERSION = len(MIGRATIONS)


def migrate(db: Database) -> int:
    """Bring ``db`` to ``VERSION``; the version it was at."""
    with db.transaction():
        db.exclusive(MIGRATING)
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = db.execute("SELECT version FROM schema_version").fetchone()
        was = 0 if row is None else row[0]
        if was > VERSION:
            raise NewerSchema(f"its schema is version {was}, and this server knows up to {VERSION}: "
                              "run a newer server")
        for step in MIGRATIONS[was:]:
            step(db)
        if row is None:
            db.execute("INSERT INTO schema_version VALUES (?)", (VERSION,))
        elif was < VERSION:
            db.execute("UPDATE schema_version SET version = ?", (VERSION,))
    return was
