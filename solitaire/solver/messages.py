"""What the game and its solver worker say to each other: typed values, and the one place that
turns them into the plain data that crosses the process boundary and back.

A question goes to the worker; one answer comes back per question still wanted: a solve answer,
a hint, a winnability verdict (also for a background one), the computer player's decision, or an
error (a bad state, or a question that outlived the workers it was asked of). Only dicts of plain values (str, int, float, lists, None) go through the queues,
so both sides agree on them by this module alone, whatever either side's classes look like.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.moves import Move, Pile
from .opponent.retry import Undo, step_data, step_of

KINDS = ("solve", "hint", "winnability", "decide", "background_winnability")
BACKGROUND = "background_winnability"
"""A winnability question searched on after a short one said "unknown": it gives way to any
other question (its answer is then "unknown"), so it never holds a hint or a move waiting."""
VERDICTS = ("winnable", "not winnable", "unknown")


@dataclass(frozen=True)
class Question:
    """Search ``state`` (``Game.to_json()``) for ``budget`` seconds; ``generation`` is the
    worker's cancel count when it was asked (a later cancel makes it stale)."""

    ticket: int
    generation: int
    kind: str
    state: dict
    budget: float

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown solver job {self.kind!r} (expected one of {', '.join(KINDS)})")


@dataclass(frozen=True)
class SolveAnswer:
    """A "solve" question's answer: ``api.Result`` (result, the winning line, nodes, seconds)."""

    ticket: int
    result: str
    moves: tuple[str, ...]
    nodes: int
    seconds: float


@dataclass(frozen=True)
class HintAnswer:
    """A useful move, or None when there is no useful move left."""

    ticket: int
    move: Move | None


@dataclass(frozen=True)
class WinnabilityAnswer:
    """"winnable", "not winnable" or "unknown" (the search ran out of budget, or cards are hidden)."""

    ticket: int
    verdict: str


@dataclass(frozen=True)
class DecisionAnswer:
    """The computer player's decision (a "decide" question, ``player.decide``): a move, an undo
    (``undo``: DU-3, Hard retrying a race), or None for End (nothing useful left, or ending now
    pays more)."""

    ticket: int
    move: Move | None
    plan: tuple[Move | Undo, ...] = ()  # the rest of the line it set out on, asked with the next question
    undo: bool = False


@dataclass(frozen=True)
class ErrorAnswer:
    """The question could not be answered; ``error`` says why, in one line."""

    ticket: int
    kind: str
    error: str


Answer = SolveAnswer | HintAnswer | WinnabilityAnswer | DecisionAnswer | ErrorAnswer
Message = Question | Answer


def encode(message: Message) -> dict[str, Any]:
    """The plain data of ``message``, to put on a queue."""
    if isinstance(message, Question):
        return {"type": "question", "ticket": message.ticket, "generation": message.generation,
                "kind": message.kind, "state": message.state, "budget": message.budget}
    if isinstance(message, SolveAnswer):
        return {"type": "solve", "ticket": message.ticket, "result": message.result,
                "moves": list(message.moves), "nodes": message.nodes, "seconds": message.seconds}
    if isinstance(message, HintAnswer):
        return {"type": "hint", "ticket": message.ticket, "move": _move_data(message.move)}
    if isinstance(message, DecisionAnswer):
        return {"type": "decision", "ticket": message.ticket, "move": _move_data(message.move),
                "plan": [step_data(step) for step in message.plan],
                "undo": message.undo}
    if isinstance(message, WinnabilityAnswer):
        return {"type": "winnability", "ticket": message.ticket, "verdict": message.verdict}
    if isinstance(message, ErrorAnswer):
        return {"type": "error", "ticket": message.ticket, "kind": message.kind, "error": message.error}
    raise TypeError(f"not a solver message: {message!r}")


def decode(data: dict[str, Any]) -> Message:
    """The message ``data`` encodes; ValueError for data that is not one."""
    try:
        kind = data["type"]
        ticket = int(data["ticket"])
        if kind == "question":
            return Question(ticket, int(data["generation"]), str(data["kind"]), dict(data["state"]),
                            float(data["budget"]))
        if kind == "solve":
            return SolveAnswer(ticket, str(data["result"]), tuple(map(str, data["moves"])),
                               int(data["nodes"]), float(data["seconds"]))
        if kind == "hint":
            return HintAnswer(ticket, _move_of(data["move"]))
        if kind == "decision":
            plan = tuple(step_of(step) for step in data.get("plan", ()))  # End is never a step: TypeError
            return DecisionAnswer(ticket, _move_of(data["move"]), plan, bool(data.get("undo", False)))  # type: ignore[arg-type]
        if kind == "winnability":
            verdict = str(data["verdict"])
            if verdict not in VERDICTS:
                raise ValueError(f"unknown verdict {verdict!r}")
            return WinnabilityAnswer(ticket, verdict)
        if kind == "error":
            return ErrorAnswer(ticket, str(data["kind"]), str(data["error"]))
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"not a solver message: {data!r}") from error
    raise ValueError(f"not a solver message: {data!r}")


def _move_data(move: Move | None) -> dict[str, Any] | None:
    return None if move is None else {"src": list(move.src), "dst": list(move.dst), "count": move.count}


def _move_of(data: Any) -> Move | None:
    if data is None:
        return None
    return Move(Pile(str(data["src"][0]), int(data["src"][1])), Pile(str(data["dst"][0]), int(data["dst"][1])),
                int(data["count"]))
