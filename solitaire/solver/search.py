"""Depth-first search over a compact copy of a position: can it be won, and how.

The core ``Game`` is built for clarity and undo; a search visits hundreds of thousands of
positions, so it keeps its own state made of bytes and small tuples:

- a column is a ``bytes`` of cards bottom to top; a face-down card is stored as ``card + 64``, so
  one value carries the column's cards and how many of them are hidden;
- the foundations are the top rank of each suit (one deck), or each suit's two slot tops as a
  sorted pair (two decks): which slot holds which copy never matters;
- stock and waste are one ``talon``: the waste bottom to top followed by the stock in the order it
  will be drawn, with ``p`` cards on the waste. A click moves ``p`` on by the draw count; a recycle
  sets it back to 0 (and deals the first batch at once where the rules say so, K-3). The card at
  ``p - 1`` is playable. Every card some number of clicks away is one direct move (the "k draws"
  abstraction), and the clicks are written out when the line is turned back into notation.

Positions are compared by a canonical key (columns sorted, so one empty column stands for all),
and every key seen is kept: a position met again is not searched again. Foundation moves proven
safe are played at once, without branching, and a safe card is never taken back from a
foundation (where any face-up card leads a group, Yukon's YU-2, a card is safe later:
``safe_any_runs``). With one deck, every position is also settled (``settle_twins``): a group that could
move onto the lower-numbered twin of the card it sits on is moved there, so the many positions
that differ only in which of two twins holds a group are met as one.

Moves that cannot matter are not tried (``children``): where an empty column takes only a King
(the ruleset's ``empty_column`` part, C-3) a column is emptied only when a King could come into
it (face up above the bottom of a column, within reach in the talon, or on a foundation: nothing
else can use it), and a group is moved onto the twin of the card it sits
on only together with that card going home, or, in Yukon, with a move only that opens (the twin
of its lead onto the card left bare, or a card under that card onto the group: ``sideways``;
without them the search called won Yukon positions lost, issue 34). In draw 1 with unlimited passes every talon card can
be played at any time, so one goes on a column only when a card that goes on it can follow at
once. Rules of this kind are easy to get wrong together: two moves that each wait for the other
hide a win. Two earlier rules (a group leaving a card out of order, and a foundation card coming
back, each held back until its use could follow at once) did exactly that and were removed;
``tests/solver/test_reference.py`` compares the search with one that tries every legal move.
A position where some cards can never move again (``dead_end``) is lost at once (checked at the
root only: at every position it cost Yukon more wins than it proved losses, at 2 s a deal). In
Yukon a position where some cards can never go home (``never_home``, issue 34) is lost too,
checked at every position the search expands, except after a move that only loosens what it
reads (``loosening``: the answer is almost always "no", and a proof left out is sound). Positions are keyed with their columns sorted,
so the seven columns are interchangeable (YU-1, YU-3: every column plays alike). The search
stops at a node or time budget and then says "unknown", never "lost": "lost" means every line
was tried.

The search is in five parts, one job each: ``position`` (the stored position, the card tables,
safe foundation moves, settling twins), ``movegen`` (foundations, the talon, the children of a
position; Yukon's sideways moves in ``sideways``), ``dead_ends`` (the proofs that a position is lost; Yukon's in ``home_proof``), ``loosening`` (when a proof
need not be asked again) and, here, the search loop and the way its line is written back as
core moves.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from ..core.cards import DECK
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, TABLEAU, WASTE, Move, Pile
from .collector import collector_paused
from .dead_ends import DeadEnds
from .foundations import foundation_ranks
from .loosening import loosens
from .movegen import MoveGeneration
from .position import _BUILDS, HIDDEN, Action, State, position_key, safe_any_runs, safe_double_deck, safe_single_deck

# The clock is read every 16 positions (~1 ms of search): every 256 let a hint's 80 ms search run
# on up to ~15 ms more in a Thoughtful position it could not decide (issue 33 item 10); a read
# costs well under 1% of a position's expansion.
CLOCK_MASK = 15
_MUST = [bytes((b,)) for b in range(256)]  # the bold attempts' extra key byte


class Outcome:
    """What a search found: ``result`` is "won", "lost" or "unknown"."""

    __slots__ = ("result", "actions", "nodes", "seconds")

    def __init__(self, result: str, actions: list[Action], nodes: int, seconds: float) -> None:
        self.result, self.actions, self.nodes, self.seconds = result, actions, nodes, seconds


class Search(MoveGeneration, DeadEnds):
    """One search from one position of a core Game, with every card known.

    The search runs in attempts: each is a depth-first search cut off after a number of
    positions that grows from one attempt to the next, and each after the first breaks ties in
    move order at random. Positions proven dead (every move from them leads to a proven-dead
    position) are kept across attempts, so no work is lost: a position is proven dead when the
    whole strongly connected component it belongs to is finished (Tarjan's algorithm), so
    positions on cycles are proven too. An attempt that ends without being cut off has tried
    every line, and only then is the answer "lost". Restarts keep one early bad choice from
    holding the whole budget; they come often (200 positions, then 20% more each time): wins
    are found much sooner, and a loss costs almost nothing more, since every finished component
    stays proven.

    Every other attempt is a bold one (a portfolio, issue 17): it follows a rule that is not
    proven sound, "a talon card put on a column must be used by the next move, or the next move
    is another talon move" (a move that does neither could have been made first, but the safe
    moves and settling that follow each move make that unproven), and so it may only find wins,
    which are replayed through the core like any other. What bold attempts exhaust is kept apart
    (``bold_dead``) and never makes a position dead for the sure attempts; they read the sure
    attempts' dead positions, which are lost whatever the rule. When the bold tree is exhausted
    the sure attempts go on alone. On a loss this costs up to twice the positions; on the hard
    wins it decides (TF1-D3N-AAAAAEA: 250k positions, 1.45M before) it pays.

    Yukon (YU-1, YU-2: no talon, any face-up card leads a group) has its own bold rule
    (``bare_rule``, ``placed``): a move that takes a group off a face-up card it did not build
    on, or a card back from a foundation, must be followed by a move that uses that card's
    column: the two rules the module's docstring says hid wins, so only bold attempts follow
    them. On 200 deals (seed 1, 100k positions a deal) the wins took 157k positions in all
    instead of 263k, the losses 115k instead of 72k, and the same deals were decided (issue 34).
    The wins they find come early, while on a loss they cost up to as much again as the sure
    attempts: so in Yukon they stop once their cut-off passes ``yukon_bold_until`` positions
    (about 12k positions spent on them in all). On seed 1's 200 deals at 30k positions a deal
    this changed no answer and no position count; of seed 7's 18 deals undecided at 10 s, with
    100k positions each, sure attempts alone decided 7 (4 lost, 3 won), with bold attempts to
    the end 3 (1 lost, 2 won; all 3 among the 7).

    Measured and not kept (issue 34, seed 12's 300 deals at 30,000 positions): a greedy
    best-first search taking turns with the attempts (decided 2 deals fewer, 25% more positions
    on the wins); a restart noise of 1 or 8, or the three in turn (within 2 of the 35 hardest
    deals either way: luck, not a better order); no restarts once a cut-off passes 20,000
    (YU1-D1N-LCCYNSX lost in the same 219k positions). Of seed 11's 14 deals undecided at
    30,000 positions, searched on to 1,000,000: 8 lost (39k to 938k positions), 1 won (115k),
    4 still undecided, and one the best-first search alone won at 28k: mostly losses. With
    ``never_home`` asking when a card can first go home (not only lead), seeds 11 and 12 at
    30,000 positions decided 4 deals more (2 won, 2 lost) and the wins took 159k positions in all
    instead of 268k; of their 28 deals undecided there, 7 were left at 300,000 instead of 11.
    """

    first_attempt = 200
    bold = True  # every other attempt is a bold one
    attempt_growth = 1.2
    noise = 3.0  # how far a restart may move a move up or down the order, in priority steps
    # Yukon: bold attempts stop once their cut-off passes this many positions (``bare_rule``)
    yukon_bold_until = 2_000
    expanded_cap = 50_000  # positions whose children are kept (about 60 MB at most)

    def __init__(self, game: Game, settle: bool = True) -> None:
        """``settle=False`` leaves positions as they are (no ``settle_twins``): every move of a
        line is then one a player would make, which hints need.
        """
        rules = game.rules
        self.decks = rules.decks
        self.ordered = rules.runs == "ordered"
        self.twins = settle and rules.decks == 1  # positions are settled
        self.twin_cache: dict[bytes, tuple] = {}
        self.column_cache: dict[bytes, tuple[int, bool, int]] = {}
        self.home_columns: dict[bytes, tuple] = {}  # per column met: ``HomeProof._home_column``
        self.split_layouts: dict[bytes, list[int]] = {}  # per face-down layout met: ``HomeProof._twins_split``
        # ``HomeProof._proof_setup``, kept from one position to the next: by a column card's bit,
        # the bit of the card it lies on, and by card, the bit of the card lying on it, both
        # right for the cards of the columns last read
        self.lies_on: dict[int, int] = {}
        self.lying: dict[int, int] = {}
        self.lies_on_columns: set[bytes] = set()
        self.proof_of: tuple | None = None  # the position last read, its setting, what was read: ``_never_home``
        # (talon, waste size, recycles left) -> (talon_reach, the talon cards clicks can reach)
        self.reach_cache: dict[tuple[bytes, int, int], tuple[list, frozenset[int]]] = {}
        self.expanded: dict[State, tuple] = {}  # (priority, actions, child, key) a position: ``children``
        self.draw = game.draw
        self.deal_on_recycle = rules.deal_on_recycle
        # The tables are C-2's (the one ``build`` part) and a foundation is stored as its top
        # rank from the Ace up (the one ``foundation_start`` part); what an empty column takes
        # varies, and the King-only pruning applies only where the rules say so (C-3, DU-6).
        self.empty_any = rules.empty_takes_any
        self.total = len(DECK) * rules.decks
        self.safe = (safe_double_deck if rules.decks == 2 else safe_single_deck if self.ordered
                     else safe_any_runs)
        columns = tuple(
            bytes([c + HIDDEN for c in cards[:hidden]] + cards[hidden:])
            for cards, hidden in zip(game.tableau, game.hidden)
        )
        found = foundation_ranks(game)
        talon = bytes(game.waste + game.stock[::-1])
        limit = game.scoring.max_recycles
        recycles_left = -1 if limit < 0 else max(0, limit - game.recycles)
        self.start: State = (columns, tuple(found), talon, len(game.waste), recycles_left)
        # Where any face-up card leads a group and nothing is left in the talon (Yukon, YU-1,
        # YU-2) a bold attempt's rule is about the cards a move lays bare instead (``placed``)
        self.bare_rule = not talon and not self.ordered and self.decks == 1
        self.home_proof = self.bare_rule and not self.empty_any  # ``never_home`` at every position
        self.bold_until = self.yukon_bold_until if self.bare_rule else None
        if not talon and not self.bare_rule:
            # no card will ever come from the talon (a Klondike whose stock and waste are spent):
            # a bold attempt's rule never applies, and its lines are the sure attempts' own,
            # searched a second time apart
            self.bold = False
        self.nodes = 0

    def key(self, state: State) -> bytes:
        """Columns sorted; with unlimited recycles every waste size on the recycle cycle (0, the
        multiples of the draw count, the whole talon) is one position: each reaches the others by
        clicking, so they offer the same moves. (With one deck the position is already settled,
        ``settle_twins``.) One ``bytes``, so that its hash is worked out once however often the
        search looks it up (``position_key``).
        """
        return position_key(state, self.draw)

    def _bold_children(self, state: State, rng: random.Random | None, must: int,
                       proof: bool = True) -> list[tuple[tuple[Action, ...], State, bytes]]:
        """The children of a position of a bold attempt where a talon move has just put card
        ``must`` on a column (-1 for none): while that card is still on top of its column, the
        next move must be a talon move or touch that column (a card onto it, it or its group
        away, it home).
        """
        children = self.children(state, rng, proof)
        if must < 0:
            return children
        column = next((j for j, col in enumerate(state[0]) if col and col[-1] == must), -1)
        if column < 0:
            return children
        return [child for child in children if _uses_column(child[0][0], column)]

    def placed(self, parent: State, acts: tuple[Action, ...], state: State) -> int:
        """The card a bold attempt's next move must use, or -1: a talon card the move put on a
        column, as its last action; where ``bare_rule`` holds, also a card taken back from a
        foundation onto a column, or the face-up card a group left that it did not build on
        (the move's one action: nothing was played or settled after it).
        """
        last = acts[-1]
        if last[0] == "wt":
            return state[0][last[1]][-1]
        if not self.bare_rule or len(acts) > 1:
            return -1
        if last[0] == "ft":
            return last[1]
        if last[0] == "tt":
            col, n = parent[0][last[1]], last[2]
            if len(col) > n and col[-n - 1] < HIDDEN and not _BUILDS[col[-n] * 256 + col[-n - 1]]:
                return col[-n - 1]
        return -1

    def won(self, state: State) -> bool:
        return sum(state[1]) == self.total

    # --------------------------------------------------------------------------- searching
    def run(self, budget_seconds: float, node_limit: int | None = None,
            should_stop: Callable[[], bool] | None = None) -> Outcome:
        """Search until a win is found, every line has failed, or the budget is spent.

        Python's cycle collector is paused meanwhile: the search makes no reference cycles, but
        the positions and children it keeps set the collector off again and again to walk them
        all (a tenth of the speed probe's time with ``expanded``); it runs as before afterwards.
        """
        with collector_paused():
            return self._run(budget_seconds, node_limit, should_stop)

    def _run(self, budget_seconds: float, node_limit: int | None,
             should_stop: Callable[[], bool] | None) -> Outcome:
        started = time.perf_counter()
        deadline = started + max(0.0, budget_seconds)
        cols, found, talon, p, left = self.start
        root_acts: list[Action] = []
        ncols, nfound = list(cols), list(found)
        talon, p = self._close(ncols, nfound, talon, p, root_acts)
        root: State = (tuple(ncols), tuple(nfound), talon, p, left)
        nodes = 1
        if self.won(root):
            return Outcome("won", root_acts, nodes, time.perf_counter() - started)
        if self.dead_end(root) or self.never_home(root):
            return Outcome("lost", [], nodes, time.perf_counter() - started)
        dead: set = set()  # positions proven to lead to no win, kept from one attempt to the next
        bold_dead: set = set()  # what bold attempts exhausted: no win *by their lines* only
        key = self.key
        home_proof = self.home_proof  # Yukon: the proof is asked after a move that may make it hold
        limit = node_limit if node_limit is not None else -1
        total = self.total
        caps = [self.first_attempt, self.first_attempt]  # the next cut-off: sure, bold
        bold_left = self.bold  # bold attempts stay until their pruned tree is exhausted
        attempt = 0
        while True:
            if bold_left and self.bold_until is not None and caps[1] > self.bold_until:
                bold_left = False  # Yukon: the sure attempts go on alone (see the class docstring)
            bold = bold_left and attempt % 2 == 1
            rng = random.Random(attempt) if attempt else None
            proven = bold_dead if bold else dead
            root_key = key(root) + b"\x00" if bold else key(root)
            attempt_cap = caps[bold]
            # Tarjan's strongly connected components over the positions of this attempt: a
            # position met again while still open (a cycle) lowers its finder's ``low``; when a
            # position finishes with ``low`` equal to its own number, it and every open position
            # found after it form a finished component with no win: all of them are dead.
            number = {root_key: 0}
            open_keys = [root_key]
            stack = [iter(self._bold_children(root, rng, -1) if bold else self.children(root, rng))]
            parents = [root]
            keys = [root_key]
            low = [0]
            path: list[list[Action]] = [root_acts]
            attempt_nodes = 0
            stopped = False
            while stack:
                try:
                    acts, state, k = next(stack[-1])
                except StopIteration:
                    stack.pop()
                    parents.pop()
                    path.pop()
                    frame_key = keys.pop()
                    frame_low = low.pop()
                    if frame_low == number[frame_key]:
                        while True:
                            k = open_keys.pop()
                            proven.add(k)
                            if k == frame_key:
                                break
                    elif frame_low < low[-1]:
                        low[-1] = frame_low
                    continue
                if bold:
                    # a bold position also carries the talon card its last move put on a
                    # column, if the move ended so (nothing played or settled after it), as
                    # one more byte: that card + 1, or 0
                    if k in dead:
                        continue
                    k += _MUST[self.placed(parents[-1], acts, state) + 1]
                if k in proven:
                    continue
                seen_at = number.get(k)
                if seen_at is not None:
                    if seen_at < low[-1]:
                        low[-1] = seen_at  # still open: on the current line, or found from it
                    continue
                nodes += 1
                attempt_nodes += 1
                if sum(state[1]) == total:
                    path.append(acts)
                    line = [a for step in path for a in step]
                    return Outcome("won", line, nodes, time.perf_counter() - started)
                if nodes >= limit >= 0:  # (a cut-off of 1 stops at the first position after the root)
                    stopped = True
                    break
                if not nodes & CLOCK_MASK:
                    if time.perf_counter() > deadline or (should_stop is not None and should_stop()):
                        stopped = True
                        break
                if attempt_nodes >= attempt_cap:
                    break
                number[k] = len(number)
                open_keys.append(k)
                path.append(acts)
                keys.append(k)
                low.append(number[k])
                proof = home_proof and not loosens(parents[-1], acts)
                stack.append(iter(self._bold_children(state, rng, k[-1] - 1, proof) if bold
                                  else self.children(state, rng, proof)))
                parents.append(state)
            if stopped:
                break
            if not stack:
                if not bold:
                    return Outcome("lost", [], nodes, time.perf_counter() - started)
                bold_left = False  # the bold lines are all tried: the sure attempts go on alone
            caps[bold] = int(attempt_cap * self.attempt_growth)
            attempt += 1
        return Outcome("unknown", [], nodes, time.perf_counter() - started)


def _uses_column(action: Action, column: int) -> bool:
    """Whether the first action of a move is a talon action or touches ``column``."""
    kind = action[0]
    if kind in ("s", "wf", "wt"):
        return True
    if kind == "tt":
        return action[1] == column or action[3] == column
    if kind == "ft":
        return action[2] == column
    return action[1] == column  # "tf"


def to_core_moves(game: Game, actions: list[Action]) -> list[Move]:
    """Turn a line of search actions into core Moves, playing them on a copy of ``game``
    (raises IllegalMove if one is not legal: that would be a solver bug).
    """
    board = game.clone()
    moves: list[Move] = []
    for action in actions:
        kind = action[0]
        if kind == "s":
            move = DRAW
        elif kind == "wf":
            target = board.foundation_for(board.waste[-1])
            move = Move(Pile(WASTE), Pile(FOUNDATION, -1 if target is None else target), 1)
        elif kind == "wt":
            move = Move(Pile(WASTE), Pile(TABLEAU, action[1]), 1)
        elif kind == "tf":
            target = board.foundation_for(board.tableau[action[1]][-1])
            move = Move(Pile(TABLEAU, action[1]), Pile(FOUNDATION, -1 if target is None else target), 1)
        elif kind == "tt":
            move = Move(Pile(TABLEAU, action[1]), Pile(TABLEAU, action[3]), action[2])
        else:
            card, column = action[1], action[2]
            index = next((i for i, pile in enumerate(board.foundations) if pile and pile[-1] == card), -1)
            move = Move(Pile(FOUNDATION, index), Pile(TABLEAU, column), 1)
        board.apply(move)
        moves.append(move)
    return moves
