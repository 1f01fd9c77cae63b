"""Hard in a race at a dead end with time left: undo, and play again knowing every card it has seen.

A person racing with unlimited undo (DU-3) who is stuck at 1:00 with three minutes left takes
moves back and tries another way, now knowing the whole stock (a pass showed it) and every card
turned. Hard does the same. Its memory (``memory.recall``, through ``view.seen(..., remember=True)``)
gives the deal as it knows it: the cards it has seen in their places and a few never seen. On
each of ``SAMPLES`` samples of those few it asks the search with every card known
(``solver.search``, bounded by ``POSITIONS``) for a winning line that keeps as many of its own
moves as it can (``latest_win``: asked from one move back, two, four, ..., then the deal; fewer
undos and fewer moves played again leave more of the clock, for DU-5's bonus, and make the way
back to the floor shorter if the retry fails), and weighs the
route it gives, undoing back to where that line leaves the moves already made and playing it
at its pace, against stopping now: each route's race total (points, and DU-5's bonus when the
line ends before 0:00) on its sample. When ``SOLVED`` of the samples have a line and the routes
pay ``MARGIN`` points more on average, it sets out on the best one, up to the first card it has not seen
(``segment``); from then on (``forward``), each time a card it had not seen shows, it plays the
next stretch from the search on samples of what is still unseen; where no sample has a line and
this line is below the floor, the retry has failed: it goes back to the floor at once (the bonus
it can still bank there shrinks every second).

The floor (never worse, ``guard``): of the positions it undid from, the one with the most cards
home (the most points among those; ``memory.Past.floor``). It undoes only at a dead end (where it
would press End) or on its way back to the floor from below it, so the floor is a dead end it
has been at (its first, or a better one a retry reached and set out from again). The same cards
with less time left have no line either, so back there it presses End at once, the bonus banked
(DU-4 holds: no line of what it knows sends a card home or turns one), unless another retry
pays: a race may have ``RUNS`` runs of undos before one sets out, with what the failed
ones showed known. A floor at the most cards home ever reached, a
position it had played on from, was not: going back there, it played the same moves to the same
dead end and went round until 0:00. The floor is known move for move (the hidden cards do
not change), so it can always be played again. While the cards home are fewer than the floor's,
every decision checks that the route back (undos to where the two lines part, then the old
line's moves) still ends before 0:00 with two moves to spare, and takes it when it must; at a
dead end below the floor it goes back when that pays more than End where it stands (the floor's
bonus counted when the route ends).
A sample's line counts only if it gets past the floor before that guard would take the
player back (``cut_short``): a line that spends longer below the floor than the way back leaves
is cut at the last moment, and the bonus is lost. That holds on the way too (``forward``): below
the floor, a line the guard would cut is no line, so where every line left is cut the retry has
failed and it goes back while the floor's bonus is still worth something (issue 31, seed 4242: a
stretch the guard cut took Hard back at 0:00 with no bonus, 275 points where End at the floor
paid 354 and Easy got 319; going back at once it ends with 320).
So it never ends a race with fewer cards home than its first dead end unless that paid more,
nor when the clock was too short from the start (then it never undoes). The bonus it could have
banked at that dead end is what a retry risks; the ``MARGIN`` on the samples is what makes it
worth that.

Pace: a decision to undo is a decision (Hard's pace); the undos after it in one run come at
``UNDO_PACE``, a key press (Ctrl+Z or U). DU-11 counts aimed moves only (a card to a pile), and
an undo is none. All work is bounded by counts (samples, positions), so a decision is the same
on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Union

from ...core.bonus import finishing_bonus
from ...core.game import Game
from ...core.moves import Move
from .memory import fill, home, in_sight, move_data, move_of, played, standing
from .view import Seen, determinise


@dataclass(frozen=True)
class Undo:
    """Take back the last move (DU-3)."""

    def __str__(self) -> str:
        return "undo"


UNDO = Undo()
Step = Union[Move, Undo]


def step_data(step: Step) -> str | list:
    """A step of a plan as plain data: "u" for an undo, else ``memory.move_data``."""
    return "u" if isinstance(step, Undo) else move_data(step)


def step_of(data: str | list) -> Step:
    return UNDO if data == "u" else move_of(data)  # type: ignore[arg-type]

UNDO_PACE = 0.3
"""Race seconds an undo takes after the first of a run: a key press. The keystroke-level model
puts a key press at 0.08 s (best typist) to 0.28 s (an average one) and a pointing at a button
at 1.1 s (Card, Moran & Newell 1980); a person taking back a run of moves presses Ctrl+Z (or U)
again and again, looking at the table between presses, so 0.3 s, slower than any press."""
SAMPLES = 4
"""Samples of the unseen cards a retry is weighed on."""
POSITIONS = 5_000
"""Positions the search with every card known may look at from one position of one sample (a
won deal takes a few hundred to a few thousand: ``bench --solver``); ``latest_win`` asks from at
most ``branch_points``' count of positions a sample, about 2 + log2 of the moves made."""
MARGIN = 100
"""Points a retry must pay on average over the samples, above stopping now (about six cards
home; the samples' lines are found knowing their cards, so they promise more than play gives),
a sample without a line counting as the floor with no bonus."""
SOLVED = 0.75
"""Share of the samples that must have a winning line (found, or cut short as ``UNCUT`` says): a
retry that fails loses the bonus it could have banked, and where many samples have none the
unseen cards decide too much. Every sample (1.0) was asked while a retry undid to the deal and a
failed one cost some 100 s there and back; keeping its own moves (``latest_win``) made both
cheaper, and 3 of 4 paid on the tuning deals (issue 31: 2 more cleared of 49 that ended at their
first dead end, none lost to Easy that was not)."""
UNCUT = 0.75
"""Share of the samples whose line must get past the floor before the floor's guard
would take the player back (``cut_short``); a cut line counts as the floor with no bonus."""
RUNS = 5
"""Runs of undos a race may have had when a retry sets out (a retry is one, its way back to the
floor another): up to three retries. A failed retry used to end near 3:00 left, with time for
another now that a retry keeps its own moves; at a dead end above the floor, undoing makes it
the floor (issue 31, tuning deals: 6 more cleared of 18 whose one retry failed)."""
SPARE = 2
"""Moves' time the way back to the floor keeps in hand."""


def common(a: tuple[Move, ...], b: tuple[Move, ...]) -> int:
    """How many first moves two lines share."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def undo_seconds(count: int, pace: float) -> float:
    """Race seconds ``count`` undos in a run take: the first is a decision, the rest key presses."""
    return 0.0 if count <= 0 else pace + (count - 1) * UNDO_PACE


def _moves_within(seconds: float, pace: float) -> int:
    from ..player import moves_within  # the player's rule for what lands before 0:00

    return moves_within(seconds, pace)


def back_to_floor(view: Seen) -> tuple[tuple[Step, ...], Game]:
    """The way back to the floor (undos to where the lines part, then its moves), and the floor
    (as the player knows it: ``memory.Past.floor``)."""
    past = view.past
    assert past is not None
    line, best = past.floor()
    shared = common(past.line, line)
    return (UNDO,) * (len(past.line) - shared) + line[shared:], best


def route_seconds(route: tuple[Step, ...], pace: float) -> float:
    undos = sum(isinstance(step, Undo) for step in route)
    return undo_seconds(undos, pace) + (len(route) - undos) * pace


def guard(view: Seen, pace: float) -> tuple[Step, ...] | None:
    """The way back to the floor, when the clock says it must start now (see the module)."""
    past = view.past
    if past is None or not past.tries or view.seconds_left is None:
        return None
    route, best = back_to_floor(view)
    if standing(view.game) >= standing(best) or not route:
        return None
    if view.seconds_left - route_seconds(route, pace) <= SPARE * pace:
        return route
    return None


def _stopping(view: Seen, pace: float) -> tuple[float, tuple[Step, ...] | None]:
    """At a dead end: the total of stopping, and the route back to the floor when stopping means
    taking it (End there): where the floor stands higher and pays more, its bonus counted when
    the route ends; else End here (a dead end too), and this stays below the floor."""
    seconds = view.seconds_left or 0.0
    end_now = view.game.score + finishing_bonus(view.game, seconds - pace)
    route, floor = back_to_floor(view)
    left = seconds - route_seconds(route, pace) - pace
    if standing(view.game) >= standing(floor) or not route or left <= 0:
        return end_now, None
    back = floor.score + finishing_bonus(floor, left)
    return (back, route) if back > end_now else (end_now, None)


def _win(game: Game) -> tuple[Move, ...] | None:
    from ..search import Search, to_core_moves

    outcome = Search(game).run(float("inf"), POSITIONS)
    return tuple(to_core_moves(game, outcome.actions)) if outcome.result == "won" else None


def latest_win(deal: Game, own: tuple[Move, ...]) -> tuple[Move, ...] | None:
    """A winning line of the sample ``deal`` that keeps as many of the player's own first moves
    ``own`` as it can: the search is asked from the positions ``own`` passed, the latest first
    (one move back, two, four, ... then the deal), and the first win found is kept with the moves
    that led there. Fewer undos and fewer moves played again: the retry costs less time, and so
    does the way back to the floor if it fails."""
    for kept in branch_points(len(own)):
        rest = _win(played(deal, own[:kept]))
        if rest is not None:
            return own[:kept] + rest
    return None


def branch_points(length: int) -> list[int]:
    """How many of a line's ``length`` first moves to keep, in the order they are tried: all but
    1, 2, 4, 8, ... and then none."""
    points, back = [], 1
    while back < length:
        points.append(length - back)
        back *= 2
    return points + [0]


def _route_total(deal: Game, branch: int, line: tuple[Move, ...], undos: int, seconds: float,
                 pace: float, floor: float, floor_home: int) -> float:
    """A winning ``line`` of the sample ``deal`` played after ``undos`` back to its move ``branch``:
    the race total it reaches, or ``floor`` when it would end with fewer than ``floor_home`` home."""
    after = seconds - undo_seconds(undos, pace)
    rest = len(line) - branch
    fits = _moves_within(after, pace)
    game = played(deal, line[:branch + min(rest, fits)])
    if game.won:
        return game.score + finishing_bonus(game, after - rest * pace)
    return float(game.score) if home(game) >= floor_home else floor


def cut_short(deal: Game, branch: int, line: tuple[Move, ...], undos: int, seconds: float, pace: float,
              best_line: tuple[Move, ...], best: Game, at_branch: Game | None = None) -> bool:
    """Whether ``guard`` would take the player back to ``best_line`` (the floor's) before ``line``
    (played after ``undos`` back to its move ``branch``) reaches the floor's standing on the sample.
    ``at_branch``: the sample's position after ``line[:branch]`` when the caller has it (``forward``
    asks from where the player stands; ``deal`` is then not read)."""
    shared_all = common(line, best_line)
    game = played(deal, line[:branch]) if at_branch is None else at_branch.clone()
    left = seconds - undo_seconds(undos, pace)
    for index in range(branch, len(line) + 1):
        if standing(game) >= standing(best):
            return False
        shared = min(index, shared_all)
        if left - undo_seconds(index - shared, pace) - (len(best_line) - shared) * pace <= SPARE * pace:
            return True
        if index < len(line):
            game.apply(line[index])
            left -= pace
    return True


def segment(game: Game, moves: tuple[Move, ...], unknown: set[int]) -> tuple[Move, ...]:
    """``moves`` on the sample ``game`` up to the first that shows a card the player has not seen
    (after it, the sample may be wrong: the player looks again)."""
    board = game.clone()
    out: list[Move] = []
    for move in moves:
        board.apply(move)
        out.append(move)
        if unknown & in_sight(board):
            break
    return tuple(out)


def go_back(view: Seen, pace: float, rng: random.Random, may_retry: bool = True) -> tuple[Step, ...] | None:
    """At a dead end: the way back to the floor when that pays more than End here (``_stopping``),
    else a retry (undos, then the start of a new line) when ``may_retry``, the race has had fewer
    than ``RUNS`` runs of undos and it pays on the samples; None: End here."""
    past, seconds = view.past, view.seconds_left
    if past is None or seconds is None or len(past.blind) != len(view.unknown):
        return None
    stop, back = _stopping(view, pace)
    if back is not None or not may_retry or past.tries >= RUNS:
        return back
    best_line, best = past.floor(from_here=True)  # a retry undoes from here: this dead end counts
    floor, floor_home = float(best.score), home(best)
    order = list(view.unknown)
    choices: list[tuple[float, int, tuple[Step, ...]]] = []
    totals: list[float] = []
    cut = 0
    for index in range(SAMPLES):
        rng.shuffle(order)
        deal = fill(past.start, past.blind, order)
        line = latest_win(deal, past.line)
        if line is None:
            totals.append(floor)
            continue
        branch = common(past.line, line)
        undos = len(past.line) - branch
        if cut_short(deal, branch, line, undos, seconds, pace, best_line, best):
            totals.append(floor)  # the guard takes it back at the last moment: the bonus is lost
            cut += 1
            continue
        total = _route_total(deal, branch, line, undos, seconds, pace, floor, floor_home)
        totals.append(total)
        start = played(deal, line[:branch])
        steps = (UNDO,) * undos + segment(start, line[branch:], set(view.unknown))
        choices.append((total, -index, steps))
        if not view.unknown:
            break  # every card known: one sample is the deal
    if (len(choices) + cut >= SOLVED * len(totals) and len(choices) >= UNCUT * len(totals)
            and sum(totals) / len(totals) >= stop + MARGIN):
        return max(choices)[2]
    return back


def forward(view: Seen, pace: float, rng: random.Random) -> tuple[Step, ...] | None:
    """After a retry, when a card it had not seen has just shown: the next stretch of the line that
    does best on samples of the cards still unseen, up to the next card not seen. Where no sample
    has a line (below the floor, a line the floor's guard would cut short counts as none, as in
    ``go_back``) the retry has failed: below the floor it takes the way back there at once (its
    bonus is worth more the sooner it ends there); at or above it, None (it plays its own moves:
    any dead end it meets is no worse than the floor)."""
    seconds = view.seconds_left
    if view.past is None or not view.past.tries or not view.past.fresh or seconds is None:
        return None  # asked again only when a card it had not seen shows
    order = list(view.unknown)
    best: tuple[float, int, tuple[Move, ...]] | None = None
    past = view.past
    floor_line, floor = past.floor()
    below = standing(view.game) < standing(floor)
    for index in range(SAMPLES):
        rng.shuffle(order)
        sample = determinise(view, order)
        line = _win(sample)
        if line is None:
            continue
        if below and cut_short(sample, len(past.line), past.line + line, 0, seconds, pace, floor_line, floor,
                               at_branch=sample):
            continue  # the guard would take it back before the line gets past the floor: no line
        total = _route_total(sample, 0, line, 0, seconds, pace, 0.0, 0)
        choice = (total, -index, segment(sample, line, set(view.unknown)))
        best = choice if best is None or choice > best else best
        if not view.unknown:
            break
    if best is None:
        route, floor = back_to_floor(view)
        if standing(view.game) < standing(floor) and route_seconds(route, pace) + pace < seconds:
            return route
        return None
    return best[2]
