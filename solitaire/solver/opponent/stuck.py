"""A quick proof that a position is a dead end for good (DU-4): no line of moves, however long,
cards taken back from the foundations as many as it takes, ever sends a card home beyond the
count now or turns a face-down card. Both End searches (``lines.search`` for the player,
``escape.search`` for the bench's strict check) ask it first: where cards lie face down the
search cannot cut a line early (one move may turn a card), and the full search of seed 31337's
deal 5578631788 ran through 6.5 million positions to say what this says in a millisecond.

It works out what could ever happen, each card at a time, and only ever says more can happen
than truly can (an over-approximation, a least fixed point of rules each of which a real line
obeys), so when even it finds no card turned and no next card home, no line exists:

- a card *leaves* the card under it (or the talon) only by going home — it is on top (the card
  above it left) and every card of its suit between home and it went home — or by leading a group
  onto a column — the card at the first break in order above it left, and a place takes it: a
  card one higher of the other colour that *can be on top*, or an empty column (for a King not
  alone at the bottom of its column already, where moving it changes nothing); a card that led a
  group away may still go home later;
- a talon card is at hand when clicks alone bring it up, when a talon card before it left (the
  places after it shift), or when the card after it left (it shows under it);
- a card *can be on top* when it is on top now, when the card above it left, when it came from
  the talon, or when it can come out of its foundation (every card above it there came out, and a
  place takes it), or went home and can come out again;
- a column can be emptied when the card at its bottom (nothing face down under it) leaves;
- a face-down card is turned only when the card above it leaves, and the count at home rises
  only when the next card of some suit goes home (a line that takes cards back must bring them
  back too).

The same rules, with cards allowed out of each foundation only down to a ``floor``, tell which
floors a gain needs at the least, and which a turn does (``floors``): a line that gains a card
takes every card above one of the gain's floors out of its foundation at least once, and brings
each home again (``extra``, with ``short``); one that turns a card takes every card above one of
the turn's out, a move each, and turns it with one more. A line ends at the first of the two, so
the nearer bounds its length from below (``Floors``), cards face down or not: a line that turns a
card turned none before, and one that gains turned none on the way (it would have ended there),
so neither needs to know what a face-down card is.

A face-down card's identity is never read, so the answer is the same on a player's view and on
the real game. It needs the rules the compact search plays (``fits``) and a talon that holds
nothing unseen.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ...core.cards import KING, RANK, SUIT
from ...core.game import Game
from ..foundations import foundation_ranks
from ..position import _ACCEPTS, _BUILDS, _CARD


def fits(game: Game) -> bool:
    """Whether the compact search, and this proof, play ``game``'s rules (the Duel's and
    Klondike's with unlimited passes)."""
    rules = game.rules
    return (rules.decks == 1 and rules.runs == "ordered" and rules.build == "alternate_colours_down"
            and rules.empty_column == "king" and rules.foundation_start == "ace"
            and rules.foundation_build == "up_in_suit" and rules.foundation_back == "to_column"
            and rules.stock == "waste" and rules.draw == "cards" and not rules.cells and not rules.covered_by
            and rules.foundations != "one_pile" and rules.pairs == "none" and game.scoring.max_recycles < 0
            and not rules.deals_rows)


def at_hand(size: int, waste: int, draw: int, deal_on_recycle: bool) -> set[int]:
    """The talon places (waste bottom first, then the stock in the order it is drawn) whose card
    clicks alone bring to the waste's top, no talon card played."""
    tops, seen, p = set(), set(), waste
    while p not in seen:
        seen.add(p)
        if p:
            tops.add(p - 1)
        if p < size:
            p = min(size, p + draw)
        else:
            p = min(size, draw) if deal_on_recycle else 0
    return tops


def stuck(game: Game, stock_seen: bool) -> bool:
    """True when no line from ``game`` ever sends a card home beyond the count now or turns a
    face-down card (its rules ``fits``; ``stock_seen``: every talon card is known). False means
    only that this proof cannot tell."""
    talon = game.waste + game.stock[::-1]
    if talon and not stock_seen:
        return False  # a click shows cards never seen
    if any(hidden and hidden == len(cards) for cards, hidden in zip(game.tableau, game.hidden)):
        return False  # a face-down card on top is turned at once
    return not opens(game, talon, foundation_ranks(game))


TURN, GAIN, EITHER = "turn", "gain", "either"
"""What ``opens`` asks a line to do: turn a face-down card, bring the next card of a suit home, or
either."""


def opens(game: Game, talon: list[int], found: list[int], floor: tuple[int, ...] = (0, 0, 0, 0),
          goal: str = EITHER) -> bool:
    """Whether the rules of this module let a line turn a card or bring the next card of a suit
    home (``found``: each suit's top rank now), cards coming out of suit ``s``'s foundation only
    down to rank ``floor[s]`` (those of higher rank may come out); ``goal``: only the one
    (``TURN``, ``GAIN``) or either."""
    left, gone_home = reach(game, talon, found, floor)
    if goal != GAIN and any(hidden and cards[hidden] in left for cards, hidden in zip(game.tableau, game.hidden)):
        return True  # the card above a face-down one may leave
    return goal != TURN and any(found[s] < KING and _CARD[s][found[s] + 1] in gone_home for s in range(4))


def talon_leavers(game: Game) -> set[int]:
    """The talon cards that some line, no card taken out of home, may ever move out of the talon
    (to a column or home): none of the others ever scores (``harvest``). Only ever too many."""
    talon = game.waste + game.stock[::-1]
    found = foundation_ranks(game)
    left, _ = reach(game, talon, found, tuple(found))
    return left.intersection(talon)


def reach(game: Game, talon: list[int], found: list[int], floor: tuple[int, ...]) -> tuple[set[int], set[int]]:
    """The fixed point of the module's rules: the cards that may ever leave the card under them
    (or the talon), and those that may ever go home (``opens``'s arguments)."""
    place: dict[int, tuple[int, int]] = {}  # face-up column card -> (column, index)
    for col, (cards, hidden) in enumerate(zip(game.tableau, game.hidden)):
        for index in range(hidden, len(cards)):
            place[cards[index]] = (col, index)
    clicked = at_hand(len(talon), len(game.waste), game.draw, game.rules.deal_on_recycle)
    left: set[int] = set()  # cards that leave the card under them (or the talon): lead a move or go home
    gone_home: set[int] = set()
    out: set[int] = set()  # cards at home now that can come out
    empty = any(not cards for cards in game.tableau)

    def on_top(t: int) -> bool:
        if t in out or (t in gone_home and placed(t, False)):  # alone on a column, out of its foundation
            return True
        where = place.get(t)
        if where is None:
            return t in left  # a talon card lands alone; a face-down card never shows
        col, index = where
        cards = game.tableau[col]
        return index == len(cards) - 1 or cards[index + 1] in left

    def placed(c: int, alone_at_bottom: bool) -> bool:
        """A column can take ``c``: an empty one (a King), or a card it may go on on top."""
        if RANK[c] == KING:
            return empty and not alone_at_bottom
        return any(on_top(t) for t in _ACCEPTS[c])

    def may_go_home(c: int) -> bool:
        s = SUIT[c]
        return all(_CARD[s][r] in gone_home for r in range(found[s] + 1, RANK[c]))

    changed = True
    while changed:
        changed = False
        for col, (cards, hidden) in enumerate(zip(game.tableau, game.hidden)):
            for index in range(len(cards) - 1, hidden - 1, -1):
                c = cards[index]
                if (c not in gone_home and (index == len(cards) - 1 or cards[index + 1] in left)
                        and may_go_home(c)):  # home, perhaps after it led a group away
                    gone_home.add(c)
                    left.add(c)
                    changed = True
                if c in left:
                    continue
                brk = next((k for k in range(index + 1, len(cards)) if not _BUILDS[cards[k] * 256 + cards[k - 1]]),
                           None)
                if (brk is None or cards[brk] in left) and placed(c, index == 0 and hidden == 0):
                    left.add(c)
                    changed = True
            if not empty and not hidden and cards and cards[0] in left:
                empty = changed = True
        before_left = False  # a talon card before this one left: the places after it shift
        for i, c in enumerate(talon):
            at_top = i in clicked or before_left or (i + 1 < len(talon) and talon[i + 1] in left)
            before_left = before_left or c in left
            if c in gone_home or not at_top:
                continue
            if may_go_home(c):  # home, perhaps after it went to a column
                gone_home.add(c)
                left.add(c)
                changed = True
            elif c not in left and placed(c, False):
                left.add(c)
                changed = True
        for s in range(4):
            for r in range(found[s], floor[s], -1):
                c = _CARD[s][r]
                if c in out:
                    continue
                if (r == found[s] or _CARD[s][r + 1] in out) and placed(c, False):
                    out.add(c)
                    changed = True
                else:
                    break
    return left, gone_home


FLOOR_CHECKS = 3000
"""``opens`` asked at most this many times by ``floors`` (half a millisecond each); past it the
search keeps the bound ``short`` gives alone (and one move for a turn)."""


def floors(game: Game, most: int, goal: str = EITHER) -> list[tuple[int, ...]] | None:
    """The highest ``floor``s (no other as high in every suit) down to which cards taken back from
    the foundations let ``opens`` reach ``goal`` (bring a card home, turn one, or either), among
    those that take at most ``most`` cards back; [] when none does, None when working them out
    would take too long. Every line that reaches ``goal`` takes back every card above some such
    floor at least once (the lowest its foundations come to is a floor ``opens`` reaches the goal
    from, and no floor is higher): one that gains a card brings each home again too (``extra``)."""
    talon = game.waste + game.stock[::-1]
    found = foundation_ranks(game)
    suits = [s for s in range(4) if found[s]]
    asked = 0
    if goal != GAIN and any(hidden and hidden == len(cards) for cards, hidden in zip(game.tableau, game.hidden)):
        return [tuple(found)]  # a face-down card on top is turned at once

    def feasible(floor: tuple[int, ...]) -> bool:
        nonlocal asked
        asked += 1
        return opens(game, talon, found, floor, goal)

    if feasible(tuple(found)):
        return [tuple(found)]
    if not suits:
        return []
    last, rest = suits[-1], suits[:-1]
    found_floors = []
    for ranks in product(*(range(found[s] + 1) for s in rest)):
        floor = list(found)
        for s, r in zip(rest, ranks):
            floor[s] = r
        spent = sum(found[s] - floor[s] for s in rest)
        if spent > most:
            continue
        if asked > FLOOR_CHECKS:
            return None
        lo = floor[last] = max(0, found[last] - (most - spent))
        if not feasible(tuple(floor)):
            continue
        hi = found[last] + 1  # the highest floor of the last suit that opens: in lo..hi-1
        while hi - lo > 1:
            floor[last] = (lo + hi) // 2
            if feasible(tuple(floor)):
                lo = floor[last]
            else:
                hi = floor[last]
        floor[last] = lo
        found_floors.append(tuple(floor))
    return [f for f in found_floors if not any(g != f and all(map(int.__ge__, g, f)) for g in found_floors)]


def extra(floors_: list[tuple[int, ...]], found: bytes | list[int], low: bytes | list[int]) -> int:
    """Cards a line must still take back from home, at a position whose foundations are at
    ``found`` and were no lower than ``low`` on the way there: the fewest, over ``floors_``, of
    the cards above a floor not yet reached; a large number when ``floors_`` is empty."""
    best = 99
    for floor in floors_:
        need = 0
        for s in range(4):
            if floor[s] < low[s]:
                need += found[s] - floor[s]
        if need < best:
            best = need
    return best


def short(deficit: int) -> int:
    """The fewest moves a line that gains a card still needs where ``deficit`` cards taken back
    from home are not home again: each must come home again and one card more (a net gain), each
    by a move of its own. A position reached in ``depth`` moves is not looked through when
    ``depth + short(deficit) > max_moves`` (and no other way to end a line is shorter): the
    shortest line passes only through positions within its own length of its end, so it is never cut."""
    return deficit + 1


def any_face_down(game: Game) -> bool:
    """Some column card is face down."""
    return any(game.hidden)


@dataclass(frozen=True)
class Floors:
    """The floors of the two ways a line ends (``floors``): ``gain``, those a line that sends a
    card home beyond the count must take cards back to, and ``turn``, those a line that turns a
    face-down card must ([] where no card is face down: no line ends so); None: not worked out.
    A line that turns a card brings nothing home again: each card it must still take back costs
    it a move, and the card turned one more."""

    gain: list[tuple[int, ...]] | None
    turn: list[tuple[int, ...]] | None
    weighted: bool = False

    @classmethod
    def of(cls, game: Game, max_moves: int) -> "Floors":
        """Both, for lines of at most ``max_moves`` (a gain brings each card taken back home again:
        half as many fit)."""
        return cls(floors(game, (max_moves - 1) // 2, GAIN), floors(game, max_moves - 1, TURN) if any_face_down(game) else [])

    def none_fit(self) -> bool:
        """No line reaches either end within the moves they were worked out for."""
        return self.gain == [] and self.turn == []

    def or_else(self, other: "Floors") -> "Floors":
        """These, ``other``'s where one was not worked out."""
        return Floors(other.gain if self.gain is None else self.gain, other.turn if self.turn is None else self.turn)

    def towards_gain(self) -> "Floors":
        """These, looked through towards a gain first (``fewest``)."""
        return Floors(self.gain, self.turn, True)

    def fewest(self, depth: int, deficit: int, found: bytes | list[int], low: bytes | list[int],
               most: int) -> tuple[int, int]:
        """The fewest moves a line through a position takes (``depth`` made, ``deficit`` cards back
        from home not home again, foundations at ``found`` and no lower than ``low`` on the way;
        both lists worked out), and the order to look through it in: the fewest (a shortest line
        is found first), unless ``weighted``.

        Where a card is face down, the bound a turn gives (a move a card still to take back, and
        one) is weak, and ordered by it the search ran past 400,000 positions on seed 6061's deal
        4725743424 for a 27-move gain (9 cards back). Looked through ``towards_gain`` first, as a
        weighted search does (by the moves made and twice those a gain still needs at the least;
        by the turn's bound where no gain fits in ``most``), the 27 moves came in 2,447 positions
        (by the gain's bound alone, 185,491). Lines are cut by the fewest only, so the search stays
        complete within ``most``; the line it finds may be longer than a shortest one."""
        assert self.gain is not None and self.turn is not None
        gain = depth + short(deficit) + 2 * extra(self.gain, found, low)
        if not self.turn:
            return gain, gain
        turn = depth + 1 + extra(self.turn, found, low)
        fewest = min(gain, turn)
        if not self.weighted:
            return fewest, fewest
        return fewest, (min(most, 2 * gain - depth) if gain <= most else turn)
