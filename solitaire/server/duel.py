"""One online race, refereed by the server (issue 25 item 2): the deal, the clock, every move.

The server deals with the core's own dealing (``Game.deal``), but from a secret 64-bit seed
(``new_deal``) instead of a deal number of the codes' 26^7: the 7 face-up cards of a table would
pick out a 7-letter deal among 8 billion (a search a cheat can run during a race), never one seed
among 2^64. Such a deal has no code to tell, by construction. Both games sit in a core ``Race``; every move a player sends is played there, at the server's own race time, and
the core's answer is the only truth: its points, its time bonus (DU-5, whatever the core's rule
is), its winner. A player is told only the cards a move turned up; the other side is told only
progress (score, cards home, moves). Each move is logged with the server's race time.

Refused moves: each one is answered with its reason and counted (but for moves numbered ahead
of the one due: those were on their way before the answer to a refused move came, and moves
sent before the race starts: a player cannot be disqualified before playing, DU-7).
**Disqualification rule**:
``STRIKES_IN_A_ROW`` refused moves in a row, or ``STRIKES_IN_A_RACE`` in one race, disqualify
the player: the race ends for both at that moment and the disqualified player loses it whatever
the scores. A player whose connection closes is away for the comeback window (``races``), then
has pressed End (DU-4); the race goes on for the other.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from ..core import IllegalMove
from ..core.cards import card_text
from ..core.codes import GameCode
from ..core.duel import Race, race_mode
from ..core.rival_moves import OutOfOrder, RivalMoves
from ..net.mirror import stock_seen, visible_table
from ..net.online_messages import No, Ok, RivalProgress, points_json

COUNT_SECONDS = 3.0  # the 3-2-1 before race time 0
SEED_BITS = 64


def new_deal() -> GameCode:
    """A Duel deal from a secret seed (see the module's docstring); it has no text form."""
    game, draw, scoring = race_mode()
    return GameCode(game, draw, scoring, secrets.randbits(SEED_BITS))


def deal_text(code: GameCode) -> str:
    """How the store keeps a deal: ``game:draw:scoring:seed`` (the seed in decimal)."""
    return f"{code.game}:{code.draw}:{code.scoring}:{code.deal}"


def read_deal(text: str) -> GameCode:
    game, draw, scoring, seed = text.split(":")
    return GameCode(game, int(draw), scoring, int(seed))
STRIKES_IN_A_ROW = 5
STRIKES_IN_A_RACE = 10


@dataclass
class Side:
    player: int  # the player's id in the store
    name: str
    moves: int = 0  # moves received in order (numbered by the player: 1, 2, …)
    strikes: int = 0  # refused moves in a row
    refused: int = 0  # refused moves in the race
    disqualified: bool = False
    away: bool = False  # the connection dropped; the comeback window is open (``races``)


@dataclass
class ServerDuel:
    id: str
    code: GameCode
    seconds: int
    sides: tuple[Side, Side]
    opened: float  # server clock (monotonic) when matched; race time 0 is ``count`` seconds later
    count: float = COUNT_SECONDS
    recorded: bool = False  # side 1 is a recorded run (``recorded``): never written, no rating
    rated: bool = True  # False: a room's race (a friend's code), written but moving no rating (DU-8)
    shown: tuple[dict, dict] = ({}, {})  # how each side is shown to the other: number, tier, provisional
    race: Race = field(init=False)
    checked: tuple[RivalMoves, RivalMoves] = field(init=False)  # each side's moves, through the one checker
    log: list = field(default_factory=list)  # (race seconds, side, move, outcome): tuples, unwatched by the GC
    why: str = ""  # "", "disqualified", "server_stopped"
    done: bool = False

    def __post_init__(self) -> None:
        self.race = Race(self.code)
        self.race.limit = float(self.seconds)
        # The core names a race's deal by its code in its results; a seed past the codes' range
        # has no code, so the race carries deal 0's (the results' sides are all that is used).
        self.race.code = GameCode(self.code.game, self.code.draw, self.code.scoring, 0)
        for game in self.race.games:
            game.code = None
        self.checked = (RivalMoves(self.race, 0), RivalMoves(self.race, 1))

    @property
    def starts_at(self) -> float:
        return self.opened + self.count

    def table(self, side: int) -> dict:
        return visible_table(self.race.games[side])

    def points(self, side: int) -> dict[str, int]:
        """``side``'s points by kind as its referee keeps them (the End question's rows)."""
        return points_json(self.race.ledgers[side].total)

    def tick(self, now: float) -> float:
        """Move the race clock to server time ``now``; the race time."""
        race_time = max(0.0, now - self.starts_at)
        self.race.tick(max(0.0, race_time - self.race.elapsed))
        return race_time

    @property
    def over(self) -> bool:
        return self.done or self.race.over

    def play(self, side: int, n: int, text: str, now: float) -> Ok | No:
        """Move ``n`` of ``side``: the Ok with the cards it turned up, or the No with why."""
        at = self.tick(now)
        player = self.sides[side]
        if now < self.starts_at:
            return self._refuse(side, n, text, at, "not_started", "", "the race has not started", strike=False)
        game = self.race.games[side]
        unseen, hidden, waste = not stock_seen(game), list(game.hidden), len(game.waste)
        try:
            self.checked[side].take(n, text)
        except OutOfOrder as error:  # ahead: sent before the answer to a refused one came (no strike)
            return self._refuse(side, n, text, at, "order", "", f"move {error.due} was due", strike=n < error.due)
        except IllegalMove as error:
            refusal = error.refusal
            return self._refuse(side, n, text, at, refusal.reason, refusal.rule, str(error))
        except ValueError as error:
            return self._refuse(side, n, text, at, "notation", "", str(error))
        player.moves, player.strikes = n, 0
        self.log.append((round(at, 3), side, text, "ok"))
        return Ok(n, self._shown(side, unseen, hidden, waste), game.score, round(self.race.seconds_left, 3),
                  self.points(side))

    def _shown(self, side: int, unseen: bool, hidden: list[int], waste: int) -> list[str]:
        """The cards the move turned up, found as the player's mirror finds the places to fill
        (``net.mirror``): each column's newly uncovered card, then the cards drawn from a stock
        nobody had seen (after a recycle every stock card is known)."""
        game = self.race.games[side]
        shown = [card_text(game.tableau[column][after])
                 for column, (before, after) in enumerate(zip(hidden, game.hidden)) if after < before]
        if unseen and len(game.waste) > waste:
            shown += [card_text(c) for c in game.waste[waste:]]
        return shown

    def end(self, side: int, now: float) -> bool:
        """End (DU-4) for ``side`` now; False when its game had already finished."""
        at = self.tick(now)
        if not self.race.playing(side):
            return False
        self.race.end(side)
        self.log.append((round(at, 3), side, "end", "ok"))
        return True

    def progress(self, side: int) -> RivalProgress:
        """What the other player sees of ``side``: never a card."""
        game = self.race.games[side]
        return RivalProgress(game.score, self.race.home(side), game.moves, self.race.finished(side),
                             self.sides[side].away, self.race.total(side))

    def _refuse(self, side: int, n: int, text: str, at: float, reason: str, rule: str, detail: str,
                strike: bool = True) -> No:
        player = self.sides[side]
        player.strikes += strike
        player.refused += strike
        self.log.append((round(at, 3), side, text[:24], f"refused:{reason}"))
        if player.strikes >= STRIKES_IN_A_ROW or player.refused >= STRIKES_IN_A_RACE:
            player.disqualified = True
            self.why = "disqualified"
        return No(n, reason, rule, detail[:300], player.refused, player.moves + 1, self.table(side),
                  self.points(side))

    def decide(self, now: float) -> tuple[str, list[dict]]:
        """Stop the race where it stands (whoever still plays ends now, DU-4) and judge it with
        the core: the outcome ("first", "second", "tie") and each side's line, ``{score, bonus,
        total, foundation, ended}`` as the ``--smoke`` JSON has it. A disqualified player loses."""
        self.tick(now)
        self.done = True
        names = (self.sides[0].name, self.sides[1].name)
        lines = self.race.decide(names, "online").to_json()
        outcome = {"you": "first", "opponent": "second", "tie": "tie"}[lines["winner"]]
        out = [side.disqualified for side in self.sides]
        if any(out):
            outcome = "tie" if all(out) else ("second" if out[0] else "first")
        return outcome, [lines["you"], lines["opponent"]]
