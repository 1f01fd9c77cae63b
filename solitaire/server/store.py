"""The server's database (issue 25 item 7): SQLite in ``--data``, or PostgreSQL (issue 35,
``--db``); ``databases`` holds what differs between them and ``schema`` the tables.

A finished duel is written in one transaction — the duel, both players' results and both rating
changes — before either player is told its result, so a server stopped or killed at any moment
has either written the whole duel or none of it; the duel's id is the table's primary key, so
no duel can be counted twice. A rating change locks both players' rows (``Database.lock``), so two
processes finishing two races of one player at once take turns and lose neither update. Players are found by the SHA-256 of their secret key (the key
itself is never stored).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

from .databases import open_database
from .names import clean_name, fold, numbered
from .ratings import Skill, rated
from .schema import migrate

NAMING = 35_0002  # PostgreSQL's advisory lock key while a process names a player
NEWCOMER_DAY = 86400.0  # the new players an address made are counted over this many seconds, then deleted
PROVISIONAL_DUELS = 10  # rated duels before a rating is established (shown, and on the leaderboard)


class TooManyNewcomers(Exception):
    """The address has made its ``newcomers`` new players in the last day (``Store.player``)."""


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


#: What the counts need of a kept result: (ended, unrated, ((player, quick), (player, quick))).
Summary = tuple[float, str, tuple[tuple[int, bool], ...]]


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

    def summary(self) -> Summary:
        """What the farming counts need of it while it waits to be written (``unsaved``)."""
        return self.ended, self.unrated, tuple((side.player, side.quick) for side in self.sides)


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
    def __init__(self, folder: Path, busy_seconds: float = 0.5, url: str | None = None) -> None:
        """SQLite in ``folder``, or PostgreSQL at ``url``. ``busy_seconds``: how long a SQLite
        write waits for another process's before it fails as locked; the server keeps a result
        it could not write (``unsaved``), so the results after it do not wait longer. The server
        calls a store only from its database thread (``db_thread``), never its event loop."""
        self.db = open_database(folder, url, busy_seconds)
        self.folder: Path | None = folder if url is None else None  # where results kept unwritten go too (``spill``)
        try:
            migrate(self.db)
        except BaseException:
            self.db.close()
            raise
        self.unavailable = self.db.unavailable  # "cannot write now": the result is kept (``unsaved``)

    def close(self) -> None:
        self.db.close()

    # -- players --------------------------------------------------------------------------------
    def player(self, key: str, wanted: str, address: str = "", newcomers: int | None = None,
               now: float | None = None) -> Player:
        """The player of ``key``, made on first sight; named ``wanted`` cleaned and told apart
        (a changed name is taken at each hello). A new player from ``address`` is made only while
        that address has made fewer than ``newcomers`` in the last ``NEWCOMER_DAY`` (None: no cap),
        else ``TooManyNewcomers``: counted in the database, so a restart or another process of the
        same database counts the same (two processes check and count in turn, under ``NAMING``).
        An address is kept a day after its last new player, then deleted."""
        name = clean_name(wanted)
        digest = key_hash(key)
        row = self.db.execute("SELECT id, name, base, mu, sigma, duels FROM players WHERE key_hash = ?",
                              (digest,)).fetchone()
        if row is not None and row[2] == fold(name):  # known, same name: a read (a locked store still admits)
            return Player(row[0], row[1], Skill(row[3], row[4]), row[5])
        with self.db.transaction():
            self.db.exclusive(NAMING)  # two processes naming two "Alice"s at once number them apart
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
                self._newcomer(address, newcomers, time.time() if now is None else now)
                skill = Skill()
                made = self.db.execute(
                    "INSERT INTO players (key_hash, name, base, mu, sigma, created) VALUES (?, ?, ?, ?, ?, ?) "
                    "RETURNING id", (digest, shown, fold(name), skill.mu, skill.sigma, time.time())).fetchone()
                return Player(made[0], shown, skill, 0)
            self.db.execute("UPDATE players SET name = ?, base = ? WHERE id = ?", (shown, fold(name), row[0]))
            return Player(row[0], shown, Skill(row[3], row[4]), row[5])

    def _newcomer(self, address: str, newcomers: int | None, now: float) -> None:
        """Count a new player from ``address``, or refuse it (``player``; in its transaction)."""
        if newcomers is None:
            return
        since = now - NEWCOMER_DAY
        self.db.execute("DELETE FROM newcomers WHERE made <= ?", (since,))
        made = self.db.execute("SELECT count(*) FROM (SELECT 1 FROM newcomers WHERE address = ? AND made > ? "
                               "LIMIT ?) counted", (address, since, newcomers)).fetchone()[0]
        if made >= newcomers:
            raise TooManyNewcomers(address)
        self.db.execute("INSERT INTO newcomers (address, made) VALUES (?, ?)", (address, now))

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

    def met(self, first: int, second: int, since: float) -> set[str]:
        """The rated duels of these two players against each other ended since ``since`` (Unix
        time): their ids (the server counts them with the results not written yet, ``unsaved``)."""
        return {row[0] for row in self.db.execute(
            "SELECT a.duel FROM results a JOIN results b ON b.duel = a.duel JOIN duels d ON d.id = a.duel "
            "WHERE a.player = ? AND b.player = ? AND d.ended >= ? AND d.unrated = ''", (first, second, since)).fetchall()}

    def quick_losses(self, player: int, since: float) -> set[str]:
        """The duels of the player's quick losses (``fairness``) ended since ``since``: their ids."""
        return {row[0] for row in self.db.execute("SELECT r.duel FROM results r JOIN duels d ON d.id = r.duel "
                                                  "WHERE r.player = ? AND r.quick = 1 AND d.ended >= ?",
                                                  (player, since)).fetchall()}

    # -- duels ----------------------------------------------------------------------------------
    def record(self, duel: DuelRecord) -> tuple[tuple[Skill, Skill], tuple[Skill, Skill]]:
        """Write a finished duel and both rating changes in one transaction; (before, after).
        A duel written already (by another process of a cluster, ``cluster``) is not written
        again: its ratings as written are returned."""
        first, second = duel.sides
        with self.db.transaction():
            self.db.lock("players", sorted({first.player, second.player}))  # until the ratings are written
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


def _line(place: int | None, row: tuple) -> dict:
    skill = Skill(row[2], row[3])
    return {"place": place, "name": row[1], "number": skill.number, "tier": skill.tier,
            "duels": row[4], "wins": row[5], "provisional": row[4] < PROVISIONAL_DUELS, "flagged": row[6]}
