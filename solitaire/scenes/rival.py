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
from solitaire.core.duel import RivalEvent


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

    def ready_at(self) -> float | None:
        """``--fast``: race time must not pass this moment while the rival waits on its worker
        (None: it waits on nothing), so thinking takes no race time beyond its pace."""


def duel_deal(winnable: bool) -> GameCode:
    """A fresh duel deal: any, or (``winnable``) one of the Duel pool's verified deals."""
    from solitaire.scenes.session import pick_deal

    return pick_deal("duel", 3, "standard", winnable)


STRENGTHS = ("easy", "medium", "hard")


def parse_opponent(spec: str) -> tuple[str, str]:
    """``computer:hard`` as ("computer", "hard"); ``host``, ``host:PORT``, ``join:CODE`` for the
    network. ValueError with one sentence for anything else."""
    kind, _, value = spec.strip().lower().partition(":")
    if kind == "computer" and value in STRENGTHS:
        return kind, value
    if kind == "computer":
        raise ValueError(f"--duel computer:STRENGTH takes easy, medium or hard, not {value!r}")
    if kind in ("host", "join"):
        return kind, value
    raise ValueError(f"--duel takes computer:easy|medium|hard, host[:PORT] or join:CODE, not {spec!r}")


def make_rival(app: Any, spec: str, fast: bool) -> Rival:
    """The rival an opponent choice names (``computer:hard``)."""
    kind, value = parse_opponent(spec)
    if kind != "computer":
        raise ValueError("network duels are not available yet")
    return ComputerRival(app, value, fast)


def is_end(decision: object) -> bool:
    """The computer player's decision is to press End."""
    from solitaire.solver.player import END

    return decision is END or decision == END


class ComputerRival:
    """The computer on the other side: its own copy of the deal, played by the solver's
    ``ComputerPlayer`` in a worker process of its own (so no hint or status question of the
    table ever cancels its thinking), its moves sent on in replay notation at its pace."""

    pausable = True

    def __init__(self, app: Any, strength: str, fast: bool) -> None:
        self.kind = strength
        self.name = app.t("duel.computer", strength=app.t(f"duel.strength.{strength}"))
        self.fast = fast
        self.player: Any = None
        self.worker: Any = None
        self.game: Game | None = None
        self.now = 0.0
        self.number = 0
        self.done = False
        self.paused = False

    def start(self, code: GameCode) -> None:
        self.game = Game.deal(code)
        self.player, self.worker = computer_side(self.kind, self.fast)

    def update(self, race_time: float) -> list[RivalEvent]:
        from solitaire.core.duel import RivalEnded, RivalLost, RivalMove, notation

        self.now = race_time
        if self.player is None or self.done or self.paused or self.game is None:
            return []
        decision = self.player.update(self.game, race_time)
        if decision is None:
            return []
        if is_end(decision):
            self.done = True
            return [RivalEnded(race_time)]
        if not isinstance(decision, tuple) or self.game.check(decision) is not None:
            self.done = True  # the worker gave up, or said a move its game refuses
            return [RivalLost("duel.stopped")]
        self.game.apply(decision)
        self.number += 1
        if self.game.won:
            self.done = True
        return [RivalMove(self.number, notation(decision), race_time)]

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
        if self.worker is not None:
            self.worker.shutdown()
            self.worker = None

    def ready_at(self) -> float | None:
        if self.player is not None and not self.done and self.player.waiting():
            return self.now
        return None


class AutoPlayer:
    """``--autoplay STRENGTH``: the computer plays our own side, in a worker of its own."""

    def __init__(self, strength: str, fast: bool) -> None:
        self.player, self.worker = computer_side(strength, fast)

    def update(self, game: Game, race_time: float) -> object | None:
        return self.player.update(game, race_time)

    def waiting(self) -> bool:
        return bool(self.player.waiting())

    def close(self) -> None:
        self.worker.shutdown()


def computer_player(strength: str, fast: bool) -> AutoPlayer:
    return AutoPlayer(parse_opponent(f"computer:{strength}")[1], fast)


def computer_side(strength: str, fast: bool) -> tuple[Any, Any]:
    """A computer player of ``strength`` and the worker process it thinks in."""
    from solitaire.solver.player import ComputerPlayer, Strength
    from solitaire.solver.worker import SolverWorker

    worker = SolverWorker()
    return ComputerPlayer(Strength(strength), worker, fast), worker
