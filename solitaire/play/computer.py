"""The computer in a duel: as the rival (``ComputerRival``, a ``play.rival.Rival``) and as
our own side (``--autoplay``: ``AutoPlayer``), each a ``solver.player.ComputerPlayer`` thinking
in the solver's worker process, never on the frame. They are given what they use, the worker and
(the rival, for its name) the strings, never the App: the game layer knows nothing of screens.
"""

from __future__ import annotations

from typing import Callable

from solitaire.core import Game
from solitaire.core.duel import (RivalBack, RivalEnded, RivalEvent, RivalGone, RivalLost, RivalMove,
                                 notation, parse_opponent)
from solitaire.play.rival import Rival
from solitaire.solver.player import ComputerPlayer, End, Undo
from solitaire.solver.worker import SolverWorker

#: The interface's strings (``i18n.t``, or the App's ``t``): a key and its parameters, in the
#: language of the moment.
Translate = Callable[..., str]


def make_rival(spec: str, solver: SolverWorker, t: Translate, fast: bool, limit: float) -> Rival:
    """The rival an opponent choice names (``computer:hard``), for a race of ``limit`` seconds,
    thinking in ``solver``; a network rival is made by the waiting screens (``net_lobby``),
    which hand it to the duel once the other player is there."""
    kind, value = parse_opponent(spec)
    if kind != "computer":
        raise ValueError("a network rival comes from the waiting screens, not an opponent name")
    return ComputerRival(solver, t, value, fast, limit)


def is_end(decision: object) -> bool:
    """The computer player's decision is to press End."""
    return isinstance(decision, End)


def is_undo(decision: object) -> bool:
    """The computer player's decision is to take back its last move (DU-3: Hard retrying)."""
    return isinstance(decision, Undo)


def warm_up(solver: SolverWorker) -> None:
    """Start the solver worker (the game's one, the hints' too: a question of theirs that cancels the
    computer's is asked again by ``ComputerPlayer``) now, during the 3-2-1 count, not in the
    race's first frame: starting a process takes tens of milliseconds, a frame's budget several
    times over."""
    solver.start()


class ComputerRival:
    """The computer on the other side: the solver's ``ComputerPlayer`` (thinking in the worker
    process) deciding on the rival's game in the race, which the duel plays its moves on (it
    keeps no copy of its own), its moves sent in replay notation at its pace. A worker that
    dies is restarted by the player: the panel says so meanwhile (``RivalGone``), and the
    computer plays on (``RivalBack``), or, after the retries, the duel says it stopped
    (``RivalLost``)."""

    pausable = True

    def __init__(self, solver: SolverWorker, t: Translate, strength: str, fast: bool, limit: float,
                 seed: int = 0) -> None:
        self.solver = solver
        self.t = t
        warm_up(solver)
        self.kind = strength
        self.fast = fast
        self.limit = limit  # the race's length: the computer ends for time by it
        self.seed = seed
        self.player: ComputerPlayer | None = None
        self.game: Game | None = None
        self.now = 0.0
        self.number = 0
        self.done = False
        self.paused = False
        self.gone = False

    @property
    def name(self) -> str:
        """'Computer · Hard', in the interface's language of the moment."""
        return self.t("duel.computer", strength=self.t(f"duel.strength.{self.kind}"))

    def start(self, game: Game) -> None:
        self.game = game
        self.player = ComputerPlayer(self.kind, self.solver, self.fast, self.seed, self.limit)

    def update(self, race_time: float) -> list[RivalEvent]:
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
        if is_undo(decision):  # the duel takes it back on the rival's game, points and all (DU-3)
            self.number += 1
            return events + [RivalMove(self.number, notation(None), at)]
        if not isinstance(decision, tuple):
            self.done = True  # the worker gave up (Stopped)
            return events + [RivalLost("duel.stopped")]
        self.number += 1  # the duel plays it, through the checker every rival's moves go through
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
        return None  # the computer follows the duel's clock, paused or simulated

    def ready_at(self) -> float | None:
        if self.player is None or self.done:
            return None
        return self.player.due_at()


class AutoPlayer:
    """``--autoplay STRENGTH``: the computer plays our own side, through the same table."""

    def __init__(self, solver: SolverWorker, strength: str, fast: bool, limit: float, seed: int = 0) -> None:
        warm_up(solver)
        self.player = ComputerPlayer(strength, solver, fast, seed, limit)

    def update(self, game: Game, race_time: float) -> object | None:
        return self.player.update(game, race_time)

    def ready_at(self, now: float) -> float | None:
        """As ``Rival.ready_at``: the player's next decision's moment, which a simulated clock
        steps onto and holds at until it is played (so the side never falls behind its pace)."""
        return self.player.due_at()

    def close(self) -> None:
        self.player.close()


def computer_player(solver: SolverWorker, strength: str, fast: bool, limit: float) -> AutoPlayer:
    """``--autoplay STRENGTH`` for a race of ``limit`` seconds, thinking in ``solver``."""
    return AutoPlayer(solver, parse_opponent(f"computer:{strength}")[1], fast, limit)
