"""The Duel (DU): two players race on the same Klondike deal for four minutes.

Time is passed in (``tick``), never read from a clock, so a race is replayable and testable.
Every move of a race goes through :class:`Race`, which keeps each player's points by kind (the
DU-4 summary breaks them down); what the other side does reaches the duel being played
(``play.duel``) as the ``Rival…`` events below, its moves in ``replay`` notation (``core.moves``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .bonus import TimeBonus, clock_seconds
from .codes import GameCode
from .errors import IllegalMove
from .game import Game
from .moves import FOUNDATION, STOCK, TABLEAU, WASTE, Move, parse_request
from .quote import shown
from .rules import REGISTRY, ruleset

UNDO = "u"  # the notation of an undo (a move too: RivalMove numbers count it)
WON, ENDED, TIME = "won", "end", "time"  # how a player's game ended (the --smoke JSON's "ended")


STRENGTHS = ("easy", "medium", "hard")  # the computer opponent's (solver.player.Strength)


def is_race(game_id: str) -> bool:
    """The game is raced as a duel: its level file has a [duel] table (DU-1)."""
    return game_id in REGISTRY and bool(ruleset(game_id).extra.get("duel"))


def race_mode() -> tuple[str, int, str]:
    """The (game, draw, scoring) a duel is dealt in: the registry's raced game (issue 13: the
    game is data, so its id is read, never written in)."""
    game = next(g for g in REGISTRY.ids() if is_race(g))
    rules = ruleset(game)
    return game, rules.default_draw, rules.scorings[0]


def parse_opponent(spec: str) -> tuple[str, str]:
    """``computer:hard`` as ("computer", "hard"); ``host``, ``host:PORT``, ``join:CODE`` for the
    network. ValueError with one sentence for anything else."""
    kind, _, value = spec.strip().lower().partition(":")
    if kind == "computer" and value in STRENGTHS:
        return kind, value
    if kind == "computer":
        raise ValueError(f"--duel computer:STRENGTH takes easy, medium or hard, not {shown(value)}")
    if kind in ("host", "join"):
        return kind, value
    raise ValueError(f"--duel takes computer:easy|medium|hard, host[:PORT] or join:CODE, not {shown(spec)}")


# ----------------------------------------------------------------------------- rival events
@dataclass(frozen=True)
class RivalMove:
    """The rival's move ``number`` (1, 2, … in order; an undo is one too), in replay notation,
    made at race time ``at`` seconds."""

    number: int
    notation: str
    at: float


@dataclass(frozen=True)
class RivalEnded:
    """The rival pressed End (DU-4) at race time ``at``."""

    at: float


@dataclass(frozen=True)
class RivalGone:
    """The rival cannot be heard for now (network dropped, worker restarting); an i18n key, and
    the seconds it has to come back before it counts as gone for good (None: no such limit)."""

    reason: str
    comeback: float | None = None

    def deadline(self, now: float) -> float | None:
        """The race time by which the rival must be back, heard at race time ``now``."""
        return None if self.comeback is None else now + self.comeback


@dataclass(frozen=True)
class RivalBack:
    """Heard again after RivalGone: its moves continue."""


@dataclass(frozen=True)
class RivalLost:
    """The rival is gone for good (left, disqualified, stopped); an i18n key."""

    reason: str


RivalEvent = RivalMove | RivalEnded | RivalGone | RivalBack | RivalLost


def notation(move: Move | None) -> str:
    """A move as the rival protocol sends it (``None``: an undo)."""
    return UNDO if move is None else str(move)


# ----------------------------------------------------------------------------- points
@dataclass(frozen=True)
class Points:
    """A player's points by where they came from (DU-4); they add up to the game's score.

    ``taken_back`` is what undo took back (DU-3): the moves undone earned their points under
    their own kind, and lost them here, so the kinds show what was played and what was undone.
    """

    foundation: int = 0  # cards sent home (K-6: +10 from a column, +15 from the waste)
    waste: int = 0  # waste cards played to a column (+5)
    turned: int = 0  # face-down cards turned up (+5)
    recycles: int = 0  # DU-2: −20 a recycle after the three free ones
    taken_back: int = 0  # DU-3

    def __add__(self, other: Points) -> Points:
        # Each kind by name, not through ``fields()``: a duel server adds points on every move.
        return Points(self.foundation + other.foundation, self.waste + other.waste, self.turned + other.turned,
                      self.recycles + other.recycles, self.taken_back + other.taken_back)

    def __neg__(self) -> Points:
        return Points(*(-getattr(self, f.name) for f in fields(self)))

    @property
    def score(self) -> int:
        return self.foundation + self.waste + self.turned + self.recycles + self.taken_back


@dataclass(frozen=True)
class Breakdown:
    """The DU-4 summary: the points by kind, the time bonus (DU-5; if ending now while the
    player still plays) and the total. ``how`` is the bonus's sum (None: no bonus is due, the
    clock ran out)."""

    points: Points
    how: TimeBonus | None = None

    @property
    def bonus(self) -> int:
        return self.how.points if self.how is not None else 0

    @property
    def score(self) -> int:
        return self.points.score

    @property
    def total(self) -> int:
        return self.points.score + self.bonus


def move_points(game: Game, move: Move, score_before: int, hidden_before: list[int]) -> Points:
    """What ``move``, just applied to ``game``, earned, by kind. The kinds come from the move;
    the amounts from the score's actual change, so a score stopped at its floor (C-10) is told
    as it happened.
    """
    delta = game.score - score_before
    if move.src.kind == STOCK:
        return Points(recycles=delta)
    turned = 0
    if move.src.kind == TABLEAU and game.hidden[move.src.index] < hidden_before[move.src.index]:
        turned = game.scoring.flip
    if move.src.kind == WASTE and move.dst.kind == TABLEAU:
        return Points(waste=delta - turned, turned=turned)
    if move.dst.kind == FOUNDATION or move.src.kind == FOUNDATION:
        return Points(foundation=delta - turned, turned=turned)
    return Points(turned=delta)


@dataclass
class Ledger:
    """One player's points as the race goes: the moves on the undo stack and the points each
    earned (a number: what undo takes back)."""

    total: Points = field(default_factory=Points)
    stack: list[int] = field(default_factory=list)

    def played(self, points: Points) -> None:
        self.total = self.total + points
        self.stack.append(points.score)

    def undone(self) -> None:
        self.total = self.total + Points(taken_back=-self.stack.pop())


# ----------------------------------------------------------------------------- the race
@dataclass(frozen=True)
class Summary:
    """What DU-4's confirmation shows, and the final line of a race."""

    score: int
    bonus: int
    total: int
    beats_opponent: bool
    breakdown: Breakdown | None = None


class Race:
    def __init__(self, code: GameCode, players: int = 2) -> None:
        table = ruleset(code.game).extra.get("duel")
        if table is None:
            raise ValueError("a race is played on a game with a [duel] table (DU2-D3N-…)")
        self.code = code
        self.games = [Game.deal(code) for _ in range(players)]  # the same deal for all: a fair race
        self.limit = float(table["seconds"])
        self.bonus_per_second = int(table["bonus_per_second"])
        self.elapsed = 0.0
        self.finished_at: list[float | None] = [None] * players
        self.ledgers = [Ledger() for _ in range(players)]

    @property
    def seconds_left(self) -> float:
        return max(0.0, self.limit - self.elapsed)

    @property
    def over(self) -> bool:
        """DU-1: the clock ran out, or every player has finished."""
        return self.elapsed >= self.limit or None not in self.finished_at

    def tick(self, seconds: float) -> None:
        if not self.over:
            self.elapsed = min(self.limit, self.elapsed + seconds)

    def finished(self, player: int) -> bool:
        return self.finished_at[player] is not None

    def playing(self, player: int) -> bool:
        """The player may still move: the race runs and they have not finished."""
        return not self.over and not self.finished(player)

    def ended_how(self, player: int) -> str | None:
        """``won`` (all 52 home), ``end`` (End pressed, or left), ``time`` (the clock ran out);
        None while the player still plays."""
        if self.games[player].won:
            return WON
        if self.finished(player) and (self.finished_at[player] or 0.0) < self.limit:
            return ENDED
        return TIME if self.over else None

    def apply(self, player: int, move: Move) -> None:
        self._check_open(player)
        game = self.games[player]
        score, hidden = game.score, list(game.hidden)
        game.apply(move)
        self._played(player, move, score, hidden)

    def _played(self, player: int, move: Move, score: int, hidden: list[int]) -> None:
        """``move`` is on the player's table: its points by kind, and 52 home ends their game."""
        game = self.games[player]
        self.ledgers[player].played(move_points(game, move, score, hidden))
        if game.won:
            self.finished_at[player] = self.elapsed

    def undo(self, player: int) -> bool:
        """DU-3: unlimited, and the points go back with the moves."""
        self._check_open(player)
        if not self.games[player].undo():
            return False
        self.ledgers[player].undone()
        return True

    def redo(self, player: int) -> Move | None:
        """C-12: the last move undone, played again and scored as a move played (the peer of a
        network duel is sent it as that move, and its copy of the game checks and scores it the
        same way); None when there is none."""
        self._check_open(player)
        game = self.games[player]
        if not game.undone:
            return None
        move = game.undone[-1]
        score, hidden = game.score, list(game.hidden)
        game.redo()
        self._played(player, move, score, hidden)
        return move

    def play(self, player: int, text: str) -> None:
        """One move in replay notation (a rival's): IllegalMove, or ValueError for bad text."""
        request = parse_request(text)
        game = self.games[player]
        if request.action == "undo":
            if not self.undo(player):
                raise IllegalMove(game.undo_refusal())
        elif request.action == "redo":
            if self.redo(player) is None:
                raise IllegalMove(game.redo_refusal())
        elif request.action == "auto":
            self._check_open(player)
            if not game.auto_complete_ready():
                raise IllegalMove(game.refuse("auto_not_ready"))
            while not game.won and (move := game.auto_complete_next()) is not None:
                self.apply(player, move)
        else:
            self._check_open(player)
            self.apply(player, game.resolve(request))

    def end(self, player: int, at: float | None = None) -> Summary:
        """DU-4: the player stops for good; the summary is what the confirmation showed. ``at``:
        the race time they pressed End, when it is not now — a computer's End heard a frame late
        (its decision was due then, so waiting and "See the result now" agree), or a network
        peer's, on its own clock, which may run a little ahead of ours: both sides then count the
        same seconds left. Kept to the millisecond, as the network sends it."""
        self._check_open(player)
        when = self.elapsed if at is None else max(0.0, min(at, self.limit))
        self.finished_at[player] = round(when, 3)
        return self.summary(player)

    def _check_open(self, player: int) -> None:
        if self.over:
            raise IllegalMove(self.games[player].refuse("race_over"))
        if self.finished(player):
            raise IllegalMove(self.games[player].refuse("race_ended"))

    def home(self, player: int) -> int:
        """Cards on the player's foundations."""
        return sum(map(len, self.games[player].foundations))

    def bonus_how(self, player: int, at: float) -> TimeBonus | None:
        """DU-5: the bonus of finishing at race time ``at``: only before 0:00, and grown by the
        cards sent home (with none home, ending earns nothing)."""
        if at >= self.limit:
            return None
        return TimeBonus(clock_seconds(self.limit - at), self.home(player),
                         self.games[player].rules.card_count, self.bonus_per_second)

    def time_bonus(self, player: int) -> int:
        """DU-5: the bonus the player earned (0 until they finish, and for the clock running out)."""
        at = self.finished_at[player]
        how = None if at is None else self.bonus_how(player, at)
        return 0 if how is None else how.points

    def total(self, player: int) -> int:
        return self.games[player].score + self.time_bonus(player)

    def breakdown(self, player: int) -> Breakdown:
        """The player's points by kind and the time bonus: earned if they finished, else what
        ending now would earn (the DU-4 preview)."""
        at = self.finished_at[player]
        how = self.bonus_how(player, self.elapsed if at is None else at)
        return Breakdown(self.ledgers[player].total, how)

    def summary(self, player: int) -> Summary:
        """A player's points, and whether they beat every opponent's current total. A player who
        is still playing is summarised as if ending now (the DU-4 preview).
        """
        breakdown = self.breakdown(player)
        total = self.games[player].score + breakdown.bonus
        others = [self.total(p) for p in range(len(self.games)) if p != player]
        return Summary(self.games[player].score, breakdown.bonus, total,
                       all(total > o for o in others), breakdown)

    def decide(self, names: tuple[str, str], kind: str) -> DuelResult:
        """The duel's result between player 0 ("you") and 1: at its end, or now (leaving), when
        every player still playing is stopped where they stand (DU-4: as if ending now)."""
        if not self.over:
            self.finished_at = [at if at is not None else self.elapsed for at in self.finished_at]
        winners = self.winners()
        winner = "tie" if len(winners) > 1 else ("you" if winners == [0] else "opponent")
        you, opponent = (SideResult(name, self.breakdown(p), self.home(p), self.ended_how(p) or ENDED)
                         for p, name in enumerate(names))
        return DuelResult(str(self.code), you, opponent, winner, kind)

    def winners(self) -> list[int]:
        """DU-1: the players with the highest total (two on a tie); empty while the race runs."""
        if not self.over:
            return []
        totals = [self.total(p) for p in range(len(self.games))]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]


# ----------------------------------------------------------------------------- results
@dataclass(frozen=True)
class SideResult:
    """One side's end of a race, for the results screen, the statistics and ``--smoke``."""

    name: str
    breakdown: Breakdown
    home: int
    ended: str  # "won" | "end" | "time"


@dataclass(frozen=True)
class DuelResult:
    code: str
    you: SideResult
    opponent: SideResult
    winner: str  # "you" | "opponent" | "tie"
    kind: str  # the rival's statistics row

    def to_json(self) -> dict[str, Any]:
        """The ``--smoke`` line (issue 14's command-line contract)."""
        def side(s: SideResult) -> dict[str, Any]:
            return {"score": s.breakdown.score, "bonus": s.breakdown.bonus, "total": s.breakdown.total,
                    "foundation": s.home, "ended": s.ended}
        return {"code": self.code, "you": side(self.you), "opponent": side(self.opponent),
                "winner": self.winner}
