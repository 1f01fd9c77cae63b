"""The points left at a dead end, taken before End when they pay more than the bonus they cost.

DU-4 (the seed): End is for a dead end, "unable to score more points". At a dead end of what a
player can know (no line sends a card home or turns one: ``player``, ``lines.way_out``) points
may still be there: a waste card put on a column scores (K-6: +5), and one that is not on the
waste's top now can be brought up by clicking the stock (a pass is free for DU-2's first three
recycles, 20 points after). Each move costs its pace in race seconds, and DU-5's bonus falls
with every second; a person at that dead end takes the points whose moves cost less bonus than
they score, then presses End. So does the computer, at every strength (the rule is the seed's).

``harvest`` looks for the line, from the position, whose race total at End (its points, and the
bonus of an End right after it at the player's pace) is highest, and returns it when it beats
End now. Its moves: stock clicks, waste cards to columns, and column moves (a group moved away
may leave a card that takes a waste card); never a card out of a foundation (it would have to
come home again, and must not be left out: the bonus counts cards home, and a card taken back
and left in a column is a card a line can send home, an End that gives something up), never a
move that turns a face-down card (what shows is unknown: the player is not at a dead end then,
and the search would read a card the view only fills in). Every position it reaches is reached
by a line from where the player stands, so where no line from there sends a card home or turns
one, none does from the end of the harvest either: End stays at a dead end. The talon is known
at a dead end (a click on an unseen stock is a way out), so nothing it reads is hidden.

Breadth first, so a position is first met by its fewest moves; a position is its cards and the
recycles so far (a recycle's cost depends on how many came before). A line is looked through
only while it can still beat the best found: its points, 5 a talon card still to place that may
ever leave the talon (``stuck.talon_leavers``: only ever too many), and the bonus of an End right
after it; where none may, End at once. ``LIMIT`` bounds the positions, so the work is the same on every
machine; past it, the best line found so far.
"""

from __future__ import annotations

from ...core.bonus import finishing_bonus
from ...core.game import Game
from ...core.moves import FOUNDATION, Move
from ..kinds import search_kind
from .sampling import home, still_hidden
from .stuck import fits, talon_leavers
from .view import Seen

LIMIT = 20_000
"""Positions a harvest may look at."""


def end_total(game: Game, seconds_after: float) -> int:
    """The race total of pressing End with ``seconds_after`` race seconds left once End lands: the
    points and DU-5's bonus; an End due at 0:00 or later never lands (``Race.over``), no bonus."""
    return game.score + (finishing_bonus(game, seconds_after) if seconds_after > 0 else 0)


def most_per_move(game: Game) -> int:
    """The most points one move of a harvest can add: a waste card to a column (K-6)."""
    return max(0, game.scoring.waste_to_column)


def harvest(view: Seen, pace: float, limit: int = LIMIT) -> tuple[Move, ...]:
    """The line to play before End (see the module); () when End now is best, or when the player
    does not know the talon (not a dead end it could harvest: a click shows cards), plays without a
    race clock (no bonus to weigh: End means "no useful move"), or a game the talon search does not
    fit."""
    start = view.game
    seconds = view.seconds_left
    if (seconds is None or start.won or not (view.stock_known or not start.stock)
            or search_kind(start) != "talon"):
        return ()
    per_card = most_per_move(start)
    if per_card == 0:
        return ()
    placeable = talon_leavers(start) if fits(start) else set(start.stock + start.waste)
    if not placeable:
        return ()  # no talon card can ever leave the talon: nothing left to score
    best_total, best_line = end_total(start, seconds - pace), ()
    home_now, hidden_now = home(start), still_hidden(start)
    game = start.clone()
    seen_at = {(_cards(game), game.recycles)}
    frontier: list[tuple[Game, tuple[Move, ...]]] = [(game, ())]
    depth = 0
    while frontier and len(seen_at) < limit:
        depth += 1
        if depth * pace >= seconds:
            break  # this move would be due at 0:00 or later: it never lands
        after = seconds - (depth + 1) * pace  # an End right after this move lands then
        next_frontier: list[tuple[Game, tuple[Move, ...]]] = []
        for game, line in frontier:
            for move in game.legal_moves():
                if move.src.kind == FOUNDATION:
                    continue
                game.apply(move)
                if still_hidden(game) < hidden_now or home(game) < home_now:
                    game.undo()
                    continue
                key = (_cards(game), game.recycles)
                if key in seen_at:
                    game.undo()
                    continue
                total = end_total(game, after)
                here = line + (move,)
                if total > best_total:
                    best_total, best_line = total, here
                talon = len(placeable.intersection(game.stock)) + len(placeable.intersection(game.waste))
                if game.score + per_card * talon + (finishing_bonus(game, after) if after > 0 else 0) > best_total:
                    seen_at.add(key)
                    next_frontier.append((game.clone(), here))
                game.undo()
                if len(seen_at) >= limit:
                    break
        frontier = next_frontier
    return best_line


def _cards(game: Game) -> tuple:
    """Where the cards are, as far as a harvest moves them (columns in any order: which column holds
    what does not change what can be done)."""
    return (tuple(sorted(zip(game.hidden, map(tuple, game.tableau)))), tuple(game.stock), tuple(game.waste))
