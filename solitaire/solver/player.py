"""The computer player: three strengths that see only what a player sees, and the side of a
race they play through the solver's worker.

``decide(seen(game), strength, seed)`` is pure and bounded by a fixed amount of work per move
(never by the wall clock), so the same position, strength and seed give the same decision on
every machine: ``bench --opponent`` calls it directly on a simulated clock, and the Duel's
``--fast`` runs are reproducible. ``ComputerPlayer`` asks the same question of the worker
process, so the frame thread never thinks, and hands the decision over once its pace (race
seconds a move, by strength) has passed.

A decision is a core ``Move`` (a stock click is ``DRAW``) or ``END``: press End (DU-4). Every
strength plays its policy's move, else the first move of the shortest line that sends a card
home or turns one (``opponent.lines``: every line over the cards it has seen, the talon cycled
as often as it takes, none longer than the clock lets end), and presses End only when there is
no such line (a dead end of what it can know), or, near 0:00, when no such line at its pace ends
before the clock does (the time left cannot change the result): never to bank the time bonus
(DU-5) while a card could still come home (issue 31). Before End, on a race clock, it plays the
points left there when they score more than the bonus their moves cost (``opponent.harvest``);
at a dead end the quick proof (``opponent.stuck``) shows, its policy's move is weighed so too.
A player that keeps a plan (``decide_plan``: the Duel's side, the bench) looks at a dead end for
a line that takes cards back from the foundations, as many as it takes, and follows it whole.
The search is bounded by positions, not time (``lines.LIMIT``): at the rare End moment it may
think for seconds. Hard on a race clock plays Medium's move unless its playouts show another
clearly better (``opponent.anchored``); without a clock it opens by turning the stock over once
before it plays a card of it, and picks by its playouts (``opponent.sampling``). Games no talon
search fits (``kinds.search_kind`` other than "talon") are played from the cards in sight
(``seen_hint``). Without a race clock END just means "nothing
useful left" (the Hint's "No useful move").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Union

from ..core.game import Game
from ..core.moves import DRAW, Move
from .kinds import search_kind
from .pairs import seen_hint as pairs_hint
from .messages import DecisionAnswer, ErrorAnswer
from .opponent.priorities import easy_move
from .opponent.lines import LIMIT, way_out
from .opponent.anchored import Evidence, anchored_move
from .opponent.harvest import harvest
from .opponent.lookahead import medium_move
from .opponent.retry import UNDO, UNDO_PACE, Undo, forward, go_back, guard, step_data, step_of
from .opponent.sampling import Budget, hard_move
from .opponent.stuck import fits, stuck
from .opponent.view import Seen, seen
from .seen_hint import seen_hint

__all__ = ["END", "PACE", "UNDO", "ComputerPlayer", "Decision", "End", "Plan", "Seen", "Stopped", "Strength",
           "Undo", "decide", "decide_plan", "pace_of", "remembers", "seen"]


class Strength(str, Enum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


PACE: dict[Strength, float] = {Strength.EASY: 2.0, Strength.MEDIUM: 1.4, Strength.HARD: 0.8}
"""Race seconds a move takes each strength, thinking included: a human pace, quicker when
stronger."""


@dataclass(frozen=True)
class End:
    """Press End (DU-4); without a clock: no useful move is left."""

    def __str__(self) -> str:
        return "end"


END = End()
Decision = Union[Move, End, Undo]


@dataclass(frozen=True)
class Stopped:
    """``ComputerPlayer.update``'s answer when the worker could not think any more (it died
    after every retry, or refused the position): ``error`` says why, in one line."""

    error: str


def decide(view: Seen, strength: Strength | str, seed: int = 0) -> Decision:
    """What the player of ``strength`` does in the position it sees; pure, bounded per move.
    It keeps no plan: it never takes a card back from a foundation (``decide_plan`` does)."""
    strength = Strength(strength)
    decision = _decide(view, strength, seed, None)[0]
    if decision is END and (points := harvest(view, PACE[strength])):
        return points[0]
    return decision


Plan = tuple[Union[Move, Undo], ...]
"""The rest of a line the player has set out on (moves over cards it has seen, and undos), kept
across its decisions by whoever asks them (``ComputerPlayer``, ``bench --opponent``)."""


def remembers(strength: Strength | str, seconds_left: float | None) -> bool:
    """The player's view should carry its past (``seen(..., remember=True)``): Hard in a race, which
    may undo and play again (``opponent.retry``)."""
    return Strength(strength) is Strength.HARD and seconds_left is not None


def pace_of(strength: Strength | str, decision: Decision, previous: Decision | None) -> float:
    """Race seconds ``decision`` takes: an undo after an undo is a key press (``UNDO_PACE``), any
    other decision the strength's pace."""
    if isinstance(decision, Undo) and isinstance(previous, Undo):
        return UNDO_PACE
    return PACE[Strength(strength)]


def decide_plan(view: Seen, strength: Strength | str, seed: int = 0, plan: Plan = ()) -> tuple[Decision, Plan]:
    """``decide`` for a player that keeps a plan: the decision and the plan to hand back next time.

    At a dead end of the lines that leave the foundations alone, it looks for a line that takes
    a card back from a foundation too (a 5 of hearts back onto a 6 of spades so that the 4 of
    spades can leave the Queen it covers) and sets out on it: its next decisions play the rest
    of that line while it stays legal, where ``decide`` would send the card straight home again.
    """
    strength = Strength(strength)
    retrying = remembers(strength, view.seconds_left) and view.past is not None and not view.game.won
    rng = random.Random(f"{seed}|retry|{view.position_key}") if retrying else None
    if retrying and (back := guard(view, PACE[strength])) is not None:
        return back[0], back[1:]  # the floor: back to its dead end while the clock lets it
    if plan and (isinstance(plan[0], Undo) or view.game.check(plan[0]) is None) and not view.game.won:
        return plan[0], plan[1:]
    if rng is not None and (ahead := forward(view, PACE[strength], rng)) is not None:
        return ahead[0], ahead[1:]
    decision, plan = _decide(view, strength, seed, FROM_HOME_LIMIT)
    if decision is not END:
        return decision, plan
    points = harvest(view, PACE[strength])
    # a retry is weighed once a dead end, where End would be pressed: after the points left (asked
    # before them and again after, its samples were drawn twice, and a retry the first draw turned
    # down was taken on the second); the way back to the floor after a retry comes first
    tried = view.past is not None and view.past.tries > 0
    again = go_back(view, PACE[strength], rng, not points) if rng is not None and (not points or tried) else None
    if again is not None:
        return again[0], again[1:]  # DU-3: undo and play again knowing what it has seen
    if points:
        return points[0], points[1:]  # DU-4: the points left first, then End
    return END, ()


FROM_HOME_LIMIT = LIMIT
"""Positions the search through cards taken back from home may look at (only at a dead end of the
lines that leave the foundations alone; past it, End)."""
ANY_NUMBER = 52
"""Cards a line may take back from home: as many as it takes (a cap makes the search incomplete:
one End of the tuning deals needed five, the 10 of diamonds down to the 6 as a ladder)."""


def _decide(view: Seen, strength: Strength, seed: int, from_home: int | None) -> tuple[Decision, Plan]:
    game = view.game
    if game.won:
        return END, ()
    kind = search_kind(game)
    if kind == "pairs":  # PY-3: samples of the unseen stock, searched (``pairs.seen_hint``)
        move = pairs_hint(game, least=DEMO_SECONDS)
        return (END if move is None else move), ()
    if kind != "talon":  # the policies think in the Klondike family's search
        move = seen_hint(game)
        return (END if move is None else move), ()
    rng = random.Random(f"{seed}|{strength.value}|{view.position_key}")  # the same dice on or off a clock
    move = _POLICIES[strength](view, rng)
    seconds = view.seconds_left
    if move is not None and (seconds is None or seconds >= CLOCK_WATCH * PACE[strength]):
        if seconds is not None and fits(game) and stuck(game, view.stock_known):
            return END, ()  # a dead end, proven: only points are left to play (``harvest``)
        return move, ()
    within = None if seconds is None else moves_within(seconds, PACE[strength])
    way = way_out(view, max_moves=within)
    if not way.found and from_home is not None:  # a card back from home may open a way
        wider = way_out(view, from_home, ANY_NUMBER, within)
        if wider.found:
            return wider.line[0], wider.line[1:]  # the line is the plan: the policy would send the card home
        way = way if way.found is None else wider
    if way.found is None:  # too many places to look through: play on while the policy can
        return (END if move is None else move), ()
    if not way.found or (seconds is not None and way.moves * PACE[strength] >= seconds):
        return END, ()  # a dead end of what it can know, or its next card cannot come before 0:00
    if move is not None:
        return move, ()
    return way.line[0], way.line[1:]


def moves_within(seconds: float, pace: float) -> int:
    """The most moves that end before 0:00 at ``pace``: a line of ``n`` moves fits when
    ``n * pace < seconds`` (a move due at 0:00 exactly never lands: ``Race.over``), as the
    bench's check judges it."""
    n = max(0, int(seconds // pace))
    while (n + 1) * pace < seconds:
        n += 1
    while n and n * pace >= seconds:
        n -= 1
    return n


DEMO_SECONDS = 0.1  # Pyramid's move by the computer: its samples searched this long in all

CLOCK_WATCH = 40
"""Within this many of its moves of 0:00 a player checks that its next card home or turned can
still come in time (the search that says so costs more than a move's thinking otherwise)."""


def _easy(view: Seen, rng: random.Random) -> Move | None:
    return easy_move(view.game, view.stock_known)


def _medium(view: Seen, rng: random.Random) -> Move | None:
    return medium_move(view)


HARD_BUDGET = Budget()
"""Hard's thinking a move: samples of the hidden cards, candidates, playout length."""
HARD_EVIDENCE = Evidence()
"""What it takes Hard, on a race clock, to leave Medium's move (``opponent.anchored``)."""


def _hard(view: Seen, rng: random.Random) -> Move | None:
    if view.seconds_left is not None:  # a race: Medium's move unless another is clearly better
        return anchored_move(view, rng, PACE[Strength.HARD], medium_move(view), HARD_BUDGET, HARD_EVIDENCE)
    if _opening_pass(view):
        return DRAW
    return hard_move(view, rng, PACE[Strength.HARD], HARD_BUDGET, favoured=medium_move(view))


def _opening_pass(view: Seen) -> bool:
    """Without a clock, Hard turns the whole stock over before it plays a card of it (a person's
    opening in draw 3): from then on the talon is known, and its samples vary only the face-down
    column cards. It pays where it costs nothing: draw 3 (a card played from the waste shifts the
    groups of three), the stock not seen yet, and a recycle left (DU-2). Not on a race clock: there
    the pass cost eight moves' time and a free recycle, and took Hard off Medium's line (issue 31)."""
    game = view.game
    limit = game.scoring.max_recycles
    return (game.draw == 3 and not view.stock_known and (limit < 0 or limit > game.recycles)
            and game.check(DRAW) is None)


HINT_BUDGET = Budget(samples=4, candidates=5, playout=30)
"""Hard's thinking cut down to fit the hint's time (p99 <= 100 ms in ``bench --solver``)."""


def hint_move(view: Seen, seed: int = 0) -> Move | None:
    """The Hint of a game the talon search fits while cards are hidden: Hard's move without a
    clock, on the hint's budget; None when nothing useful is left."""
    rng = random.Random(f"{seed}|hint|{view.key}")
    return hard_move(Seen(view.game, view.unknown, view.stock_known), rng, PACE[Strength.HARD], HINT_BUDGET)


_POLICIES = {Strength.EASY: _easy, Strength.MEDIUM: _medium, Strength.HARD: _hard}


# ------------------------------------------------------------------------------ the worker side
def decide_question(view: Seen, strength: Strength, seed: int, plan: Plan | None = None) -> dict:
    """The plain data of a "decide" question (the worker's ``state``); ``plan``: the asker keeps
    the player's plan (``decide_plan``), None: it does not (``decide``)."""
    state = {"seen": view.to_json(), "strength": Strength(strength).value, "seed": int(seed)}
    if plan is not None:
        state["plan"] = [step_data(step) for step in plan]
    return state


def answer_question(state: dict) -> tuple[Decision, Plan]:
    """In the worker: the decision a "decide" question asks for, and the plan to keep."""
    view, strength, seed = Seen.from_json(state["seen"]), Strength(state["strength"]), int(state["seed"])
    if "plan" not in state:
        return decide(view, strength, seed), ()
    plan = tuple(step_of(step) for step in state["plan"])
    return decide_plan(view, strength, seed, plan)


class ComputerPlayer:
    """One side of a race played by the computer, thinking in the solver's worker.

    ``update`` is called once a frame with that side's current game and the race time; it asks
    the worker when a decision is due and returns it once the answer is in and the strength's
    pace has passed on the race clock (counted from when the last decision was handed over, so a
    simulated clock gives the same moves at the same times on every machine). It never blocks
    and never raises: a worker that dies is started again and asked again (``retrying``), and
    after the worker's retries the answer is a ``Stopped``.

    ``fast``: the race clock is simulated (``--fast``); the scene then moves it on no further
    than ``due_at()`` while ``waiting()``. The decisions themselves never depend on it.
    ``limit``: the race's length in seconds (``core.duel.Race.limit``: 240, or the network
    host's ``--race-seconds``), which End for time and the time bonus are judged by; None
    plays without a race clock.
    """

    def __init__(self, strength: Strength | str, worker: Any, fast: bool = False, seed: int = 0,
                 limit: float | None = None) -> None:
        self.strength = Strength(strength)
        self.worker = worker
        self.fast = fast
        self.seed = seed
        self.limit = limit
        self.pace = PACE[self.strength]
        self._ticket: int | None = None
        self._position: tuple[int, int] | None = None  # (moves, log length) the question is about
        self._asked_at = 0.0  # race time the pace is counted from
        self._held: Decision | None = None
        self._last: Decision | None = None  # the last decision handed over (an undo run's pace)
        # race time the next decision is counted from: the race's start, then the moment the last
        # one was due (never the frame that handed it over), so its timing is the same whether
        # the race clock is real, simulated, or hurried to its end
        self._next_from: float | None = 0.0
        self._stopped: Stopped | None = None
        self._plan: Plan = ()  # the rest of the line it set out on (``decide_plan``)
        self._held_plan: Plan = ()

    def waiting(self) -> bool:
        """A question is out and its answer not in yet."""
        return self._ticket is not None

    def retrying(self) -> bool:
        """The worker died while thinking and a new one is being asked (``RivalGone``)."""
        return self._ticket is not None and self.worker.retries_of(self._ticket) > 0

    def due_at(self) -> float | None:
        """Race time the next decision is handed over at the earliest: the pending one's, or, before
        the next question is asked, a pace after the last one was due (a simulated clock must
        stop there too, or the computer falls behind it); None when nothing is to come."""
        if self._ticket is None and self._held is None:
            return None if self._next_from is None else self._next_from + self._least_pace()
        if self._held is None:
            return self._asked_at + self._least_pace()
        return self._asked_at + pace_of(self.strength, self._held, self._last)

    def _least_pace(self) -> float:
        """The soonest the next decision can be due: a key press after an undo, else the pace."""
        return UNDO_PACE if isinstance(self._last, Undo) else self.pace

    @property
    def decided_at(self) -> float | None:
        """The race time the last decision handed over was due (its move's moment, or End's)."""
        return self._next_from

    def update(self, game: Game, race_time: float) -> Decision | Stopped | None:
        """The decision to play now, or None while thinking or pacing; a ``Stopped`` for good."""
        if self._stopped is not None:
            return self._stopped
        if game.won:  # all 52 home ended this side's race (DU-4): nothing left to decide
            self._next_from = None
            return None
        position = (game.moves, len(game.log))
        if position != self._position:  # a new position (or the first): ask about it
            start = race_time if self._next_from is None else self._next_from
            self._next_from = None
            self._ask(game, start, position)
        elif self._ticket is not None and not self.worker.asked(self._ticket):
            self._ask(game, self._asked_at, position)  # the question was cancelled: ask again
        if self._ticket is not None:
            answer = self.worker.take(self._ticket)
            if isinstance(answer, ErrorAnswer):
                self._ticket = None
                self._stopped = Stopped(answer.error)
                return self._stopped
            if isinstance(answer, DecisionAnswer):
                self._ticket = None
                self._held = UNDO if answer.undo else END if answer.move is None else answer.move
                self._held_plan = answer.plan
        if self._held is None:
            return None
        pace = pace_of(self.strength, self._held, self._last)
        if race_time < self._asked_at + pace:
            return None
        decision, self._held = self._held, None
        self._last = decision
        self._plan = self._held_plan  # handed over: the plan goes on from its move
        self._next_from = self._asked_at + pace
        self._position = None  # whatever the scene does with it, the next update asks again
        return decision

    def _ask(self, game: Game, start: float, position: tuple[int, int]) -> None:
        """Ask about ``game``; its decision is due a pace after race time ``start``."""
        seconds = None if self.limit is None else max(0.0, self.limit - start)
        view = seen(game, seconds, remember=remembers(self.strength, seconds))
        self._ticket = self.worker.submit("decide", decide_question(view, self.strength, self.seed, self._plan),
                                          0.0, keep=True)
        self._position = position
        self._asked_at = start
        self._held = None

    def close(self) -> None:
        """Forget the pending question (its answer, if it comes, is dropped)."""
        if self._ticket is not None:
            self.worker.forget(self._ticket)
        self._ticket = None
        self._held = None
