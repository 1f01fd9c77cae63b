"""The other side of a duel, as the Duel scene drives it: the ``Rival`` protocol, and the
computer rival.

The scene owns race time. Once a frame it calls ``update(race_time)`` and applies what comes back
(``core.duel``'s Rival events, moves in replay notation) to its own copy of the rival's game,
through the core; it tells the rival of its own moves and of its End. Nothing here may block a
frame: the computer thinks in the solver's worker process; a network rival reads its socket
without waiting. No pygame here.
"""

from __future__ import annotations

from typing import Any, Protocol

from solitaire.core import Game, GameCode
from solitaire.core.duel import STRENGTHS, RivalEvent, parse_opponent, race_mode

__all__ = ["STRENGTHS", "ComputerRival", "Rival", "make_rival", "parse_opponent"]


class Rival(Protocol):
    name: str  # shown on the opponent panel: "Computer · Hard", or a player's name
    kind: str  # its statistics row: "easy" | "medium" | "hard" | "network"
    pausable: bool  # the computer: the menu pauses both clocks; a person on the network: no

    def start(self, code: GameCode) -> None:
        """The 3-2-1 count is over: race time 0 now, on the deal of ``code``."""

    def update(self, race_time: float) -> list[RivalEvent]:
        """What the rival did up to ``race_time``; called once a frame, never blocks."""

    def my_move(self, number: int, notation: str, at: float) -> None:
        """Our side's move ``number`` (an undo is one too), at race time ``at``."""

    def my_end(self, at: float) -> None:
        """We pressed End (or left the duel, or closed the window) at race time ``at``."""

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def close(self) -> None:
        """Free what the rival holds (its worker question, its socket)."""

    def race_clock(self) -> float | None:
        """The race time both sides agreed on (a network duel: the host's clock leads; negative
        during the 3-2-1 count), which the scene then follows; None: the scene keeps its own."""

    def ready_at(self) -> float | None:
        """``--fast``: race time must not pass this moment (the rival's next move is due then,
        or it still thinks about one due already); None: it waits on nothing. So thinking takes
        no race time beyond its pace, and a simulated duel is the same on any machine."""


def duel_deal(winnable: bool) -> GameCode:
    """A fresh duel deal: any, or (``winnable``) one of the Duel pool's verified deals."""
    from solitaire.scenes.session import pick_deal

    return pick_deal(*race_mode(), winnable)


def make_rival(app: Any, spec: str, fast: bool, limit: float) -> Rival:
    """The rival an opponent choice names (``computer:hard``), for a race of ``limit`` seconds;
    a network rival is made by the waiting screens (``net_lobby``), which hand it to the duel
    once the other player is there."""
    kind, value = parse_opponent(spec)
    if kind != "computer":
        raise ValueError("a network rival comes from the waiting screens, not an opponent name")
    return ComputerRival(app, value, fast, limit)


def is_end(decision: object) -> bool:
    """The computer player's decision is to press End."""
    from solitaire.solver.player import End

    return isinstance(decision, End)


def warm_up(app: Any) -> None:
    """Start the app's solver worker (the hints' too: a question of theirs that cancels the
    computer's is asked again by ``ComputerPlayer``) now, during the 3-2-1 count, not in the
    race's first frame: starting a process takes tens of milliseconds, a frame's budget several
    times over."""
    app.services.solver.start()


class ComputerRival:
    """The computer on the other side: its own copy of the deal, played by the solver's
    ``ComputerPlayer`` (thinking in the worker process), its moves sent on in replay notation
    at its pace. A worker that dies is restarted by the player: the panel says so meanwhile
    (``RivalGone``), and the computer plays on (``RivalBack``), or, after the retries, the
    duel says it stopped (``RivalLost``)."""

    pausable = True

    def __init__(self, app: Any, strength: str, fast: bool, limit: float, seed: int = 0) -> None:
        self.app = app
        warm_up(app)
        self.kind = strength
        self.fast = fast
        self.limit = limit  # the race's length: the computer ends for time by it
        self.seed = seed
        self.player: Any = None
        self.game: Game | None = None
        self.now = 0.0
        self.number = 0
        self.done = False
        self.paused = False
        self.gone = False

    @property
    def name(self) -> str:
        """'Computer · Hard', in the interface's language of the moment."""
        return self.app.t("duel.computer", strength=self.app.t(f"duel.strength.{self.kind}"))

    def start(self, code: GameCode) -> None:
        from solitaire.solver.player import ComputerPlayer

        self.game = Game.deal(code)
        self.player = ComputerPlayer(self.kind, self.app.services.solver, self.fast, self.seed, self.limit)

    def update(self, race_time: float) -> list[RivalEvent]:
        from solitaire.core.duel import RivalBack, RivalEnded, RivalGone, RivalLost, RivalMove, notation

        self.now = race_time
        if self.player is None or self.done or self.paused or self.game is None:
            return []
        events: list[RivalEvent] = []
        decision = self.player.update(self.game, race_time)
        if self.player.retrying() != self.gone:
            self.gone = not self.gone
            events.append(RivalGone("duel.gone.worker") if self.gone else RivalBack())
        if decision is None:
            return events
        at = self.player.decided_at if self.player.decided_at is not None else race_time
        if is_end(decision):
            self.done = True
            return events + [RivalEnded(at)]
        if not isinstance(decision, tuple) or self.game.check(decision) is not None:
            self.done = True  # the worker gave up (Stopped), or said a move its game refuses
            return events + [RivalLost("duel.stopped")]
        self.game.apply(decision)
        self.number += 1
        self.done = self.game.won
        return events + [RivalMove(self.number, notation(decision), at)]

    def my_move(self, number: int, notation: str, at: float) -> None:
        """The computer plays its own game: ours does not change its moves."""

    def my_end(self, at: float) -> None:
        """Nor does our End: it plays on to its own end."""

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    def close(self) -> None:
        self.done = True
        if self.player is not None:
            self.player.close()

    def race_clock(self) -> float | None:
        return None  # the computer follows the scene's clock, paused or simulated

    def ready_at(self) -> float | None:
        if self.player is None or self.done:
            return None
        return self.player.due_at()


class AutoPlayer:
    """``--autoplay STRENGTH``: the computer plays our own side, through the same table."""

    def __init__(self, app: Any, strength: str, fast: bool, limit: float, seed: int = 0) -> None:
        from solitaire.solver.player import ComputerPlayer

        warm_up(app)
        self.player = ComputerPlayer(strength, app.services.solver, fast, seed, limit)

    def update(self, game: Game, race_time: float) -> object | None:
        return self.player.update(game, race_time)

    def ready_at(self, now: float) -> float | None:
        """As ``Rival.ready_at``: the player's next decision's moment, which a simulated clock
        steps onto and holds at until it is played (so the side never falls behind its pace)."""
        return self.player.due_at()

    def close(self) -> None:
        self.player.close()


def thinking_until(race: Any, rival: Any, autoplayer: Any) -> float | None:
    """The race time a computer side still thinks at (``--fast`` holds the clock there): the
    rival (the race's player 1) or our own autoplayer (player 0)."""
    limits = []
    if race.playing(1):
        ready = rival.ready_at()
        if ready is not None:
            limits.append(ready)
    if autoplayer is not None and race.playing(0):
        ready = autoplayer.ready_at(race.elapsed)
        if ready is not None:
            limits.append(ready)
    return min(limits) if limits else None


def computer_player(app: Any, strength: str, fast: bool, limit: float) -> AutoPlayer:
    """``--autoplay STRENGTH`` for a race of ``limit`` seconds."""
    return AutoPlayer(app, parse_opponent(f"computer:{strength}")[1], fast, limit)
