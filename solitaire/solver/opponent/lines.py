"""Every line over the cards a player has seen, on compact positions: the search the computer
runs at the moment it would press End (DU-4), where it must be complete, not capped.

It asks what ``escape.search`` asks (the shortest line of legal moves to a card home, more than
now, or a face-down card turned; cards taken back from a foundation allowed, ``returns`` at most
in a line) and finds the same line length, on the Klondike rules the Duel plays (``fits``): one
deck, ordered runs built down in alternate colours, a King alone into an empty column, the
stock turned onto a waste and recycled as often as it takes. It is the same search (breadth
first, or in ``stuck.Floors``' order where a bound holds) over the same positions, told apart the same way (columns in any order, the talon, the
foundations), but a position is a few ``bytes`` and small ints, not a ``Game`` played, checked,
cloned and undone: it looks through positions 9 to 15 times as fast (20,000 positions of one
End of the tuning deals, on a loaded machine), which makes a search that runs to the end of what
is seen affordable at the rare End moment. ``bench --opponent``'s check of the End after the fact keeps
``escape.search`` on the real ``Game``: the player and its judge do not share a search (they share
the proof and the floors of ``stuck``, which tests hold to the complete search).

A position ``stuck`` proves a dead end for good (seed 31337's deal 5578631788: five cards face
down, 6.5 million positions searched in vain) is answered at once. ``max_moves``: lines longer
than this are not looked at (the clock ends first), so the search is complete up to that depth.
A line through cards back from home that gains a card must bring them all home again and
one more (``stuck.short``), and first take back every card above one of ``stuck.floors``
(``stuck.extra``; seed 777's deal 5159003636: 43 moves, 19 cards back at least, found in 26,988
positions where the bound alone ran past 400,000); one that turns a card must take back every
card above one of the turn's floors and turn it (``stuck.Floors``). Positions from which neither
can end in time are cut (with cards face down too: a face-down card's identity is never read),
and the rest are looked through fewest moves first (moves made and still needed; of as many, the
furthest along first: ``escape.last_first``), which finds a
deep line through many cards back (seed 31337's deal 2240603416: 26 moves, 11 cards back) in
20,589 positions where breadth first ran past its 400,000. With cards face down it looks through
``SHORTEST`` positions so, then on towards a gain first (seed 6061's deal 4725743424, three face
down: 27 moves, 9 cards back, in 2,447 more positions, where fewest first ran past 400,000 and
the strict check needed 1,637,821 breadth first). A line is found as search actions
(``position.Action``) and written out as core moves on the game it started from
(``search.to_core_moves``).
"""

from __future__ import annotations

from ...core.cards import KING, RANK, SUIT
from ...core.game import Game
from ..foundations import foundation_ranks
from ..position import _BUILDS, _CARD, _CHILDREN, HIDDEN
from ..search import to_core_moves
from . import escape
from .escape import Way, _line, last_first
from .stuck import Floors, any_face_down, fits, stuck
from .view import Seen

LIMIT = 400_000
"""Positions one search may look at (past it, ``Way.found`` None): more than the 300,000 of the
same positions the bench's strict check looks through before it counts an End as gave up; about
200 MB and half a minute of a loaded core at the worst."""

QUICK = 2_000
"""Positions a bounded search looks through on ``stuck.short`` alone before it works out the
floors (``stuck.floors``, up to a second or two where all four suits are well built): most lines
are found, or proven absent, within them."""

SHORTEST = 10_000
"""Positions a bounded search with cards face down looks through fewest moves first (a shortest
line, as main's breadth first found it) before it looks on towards a gain first
(``Floors.towards_gain``): which line it sets out on shapes the rest of the race (seed 2718's deal
3964641243, Easy: the 6-move line that turns a card led on to all 52 home, an 8-move one that
sends a card home to an End at 18)."""

_SEP = b"\xfe"


def search(game: Game, stock_seen: bool, limit: int = LIMIT, returns: int = 0,
           max_moves: int | None = None) -> Way:
    """The shortest line from ``game`` (whose rules ``fits``) to a card home or turned, or (while
    ``stock_seen`` is False) a stock click, which shows cards not seen yet; at most ``returns``
    cards taken back from the foundations in a line, none longer than ``max_moves``."""
    if stuck(game, stock_seen):
        return Way(False, positions=1)  # no line of any length: proven without listing them
    cols = tuple(bytes([c + HIDDEN for c in cards[:hidden]] + cards[hidden:])
                 for cards, hidden in zip(game.tableau, game.hidden))
    found = bytes(foundation_ranks(game))
    talon = bytes(game.waste + game.stock[::-1])
    best: dict[bytes, int] = {}
    # no floor lower than now: ``extra`` adds nothing to ``short``, nor to the one move that turns a card
    floors_ = Floors([tuple(found)], [tuple(found)] if any_face_down(game) else [])
    args = (cols, found, talon, len(game.waste), game.draw, game.rules.deal_on_recycle, stock_seen)
    looked = 0
    if max_moves is not None and returns > 0 and not _shows(talon, stock_seen):
        found_line = _bfs(*args, min(limit, QUICK), returns, max_moves, best, floors_)
        if found_line is not None or limit <= QUICK:
            return _way(game, found_line, len(best))
        looked = len(best)  # not within QUICK: worth working out the floors
        best.clear()
        worked_out = Floors.of(game, max_moves)
        if worked_out.none_fit():
            return Way(False, positions=looked)  # every line that gains or turns a card is longer than max_moves
        floors_ = worked_out.or_else(floors_)
        if floors_.turn and limit > SHORTEST:  # cards face down: a shortest line, if one comes soon
            found_line = _bfs(*args, SHORTEST, returns, max_moves, best, floors_)
            if found_line is not None:
                return _way(game, found_line, looked + len(best))
            looked += len(best)
            limit -= len(best)
            best.clear()
            floors_ = floors_.towards_gain()
    return _way(game, _bfs(*args, limit, returns, max_moves, best, floors_), looked + len(best))


def _way(game: Game, found_line: tuple | bool | None, positions: int) -> Way:
    """``Way`` from what ``_bfs`` returned: a line's search actions written out as core moves."""
    if not isinstance(found_line, tuple):
        return Way(found_line, positions=positions)
    actions, depth = found_line
    line = tuple(to_core_moves(game, list(actions)))
    return Way(True, line[0], depth, line, positions)


def way_out(view: Seen, limit: int = LIMIT, returns: int = 0, max_moves: int | None = None) -> Way:
    """The search on what the player sees: this one where it ``fits``, else ``escape.search``
    (which knows no ``max_moves``: its line is judged against the clock by the caller)."""
    if fits(view.game):
        return search(view.game, view.stock_known, limit, returns, max_moves)
    return escape.search(view.game.clone(), view.stock_known, min(limit, escape.LIMIT), returns > 0, returns)


def _key(cols: tuple[bytes, ...], found: bytes, talon: bytes, p: int) -> bytes:
    return b"\xff".join(sorted(cols)) + _SEP + found + bytes((p,)) + talon


def _bfs(cols0: tuple[bytes, ...], found0: bytes, talon0: bytes, p0: int, draw: int, deal_on_recycle: bool,
         stock_seen: bool, limit: int, returns: int, max_moves: int | None,
         best: dict[bytes, int], floors_: Floors) -> tuple | bool | None:
    """Breadth first over (columns, foundations, talon, waste size); the line's actions and
    length when found, False at a dead end, None past ``limit``. ``best`` (empty when given)
    keeps each position met and the fewest moves it was reached in."""
    home_now = sum(found0)
    # the fewest moves a line needs from a position ``deficit`` cards below home_now (``short``)
    bounded = max_moves is not None and returns > 0 and not _shows(talon0, stock_seen)
    builds, card_of, rank_of, suit_of, children_of = _BUILDS, _CARD, RANK, SUIT, _CHILDREN
    kings = tuple(card_of[s][KING] for s in range(4))
    key0 = _key(cols0, found0, talon0, p0)
    best[key0] = 0
    # positions by the fewest moves a line through them takes (moves made + ``short``), looked
    # through fewest first: breadth first where ``short`` does not hold (every bound is 1)
    bound = {1: [(cols0, found0, talon0, p0, 0, None, 0, key0, found0)]}
    ncols = len(cols0)
    runs: dict[bytes, tuple[tuple[int, int, bool], ...]] = {}  # a column's ``_run``, worked out once
    while bound:
        at = min(bound)
        if max_moves is not None and at > max_moves:
            return False
        frontier = bound.pop(at)
        for cols, found, talon, p, taken, trail, made, key, low in (last_first(frontier) if bounded else frontier):
            if bounded and best[key] < made:
                continue  # reached in fewer moves since: looked through from there
            depth = made + 1
            home = sum(found)
            children: list[tuple] = []
            child = children.append
            # the stock: a click turns up to ``draw`` cards, or recycles (and deals, DU-2) when empty
            size = len(talon)
            if size:
                if not stock_seen:
                    return (_line((("s",), trail)), depth)
                if p < size:
                    q = min(size, p + draw)
                else:
                    q = min(size, draw) if deal_on_recycle else 0
                if q != p:
                    child((("s",), cols, found, talon, q, taken))
            # card -> the columns it may go on now: a top that takes it (C-2), the first empty
            # column for a King (DU-6: which empty column is the same position)
            takes: dict[int, list[int]] = {}
            first_empty = -1
            for j in range(ncols):
                col = cols[j]
                if not col:
                    if first_empty < 0:
                        first_empty = j
                elif col[-1] < HIDDEN:
                    for c in children_of[col[-1]]:
                        takes.setdefault(c, []).append(j)
            if first_empty >= 0:
                for king in kings:
                    takes[king] = [first_empty]
            # the waste's top card
            if p:
                c = talon[p - 1]
                s = suit_of[c]
                rest = talon[:p - 1] + talon[p:]
                if found[s] + 1 == rank_of[c]:
                    if home + 1 > home_now:
                        return (_line((("wf",), trail)), depth)
                    child((("wf",), cols, _raise(found, s), rest, p - 1, taken))
                for j in takes.get(c, ()):
                    child((("wt", j), _put(cols, j, bytes((c,))), found, rest, p - 1, taken))
            # the columns: a card home, a run onto another column (turning what it leaves)
            for i in range(ncols):
                col = cols[i]
                run = runs.get(col)
                if run is None:
                    run = runs[col] = _run(col, builds)
                if not run:
                    continue
                k, c, turns = run[0]
                s = suit_of[c]
                if found[s] + 1 == rank_of[c]:
                    if home + 1 > home_now or turns:
                        return (_line((("tf", i), trail)), depth)
                    child((("tf", i), _put(cols, i, None, k), _raise(found, s), talon, p, taken))
                for k, lead, turns in run:
                    for j in takes.get(lead, ()):
                        if j == i or (k == 0 and not cols[j]):
                            continue  # a whole column into an empty one: the same position
                        if turns:
                            return (_line((("tt", i, len(col) - k, j), trail)), depth)
                        moved = _put(_put(cols, i, None, k), j, col[k:])
                        child((("tt", i, len(col) - k, j), moved, found, talon, p, taken))
            # a foundation's top card back to a column (C-7)
            for s in range(4 if taken < returns else 0):
                r = found[s]
                if r:
                    c = card_of[s][r]
                    for j in takes.get(c, ()):
                        child((("ft", c, j), _put(cols, j, bytes((c,))), _lower(found, s), talon, p, taken + 1))
            for action, ccols, cfound, ctalon, cp, ctaken in children:
                lowest = depth + 1
                clow = low
                if bounded:
                    if ctaken > taken:  # a card back from home: the foundations' lowest on the way
                        clow = bytes(map(min, low, cfound))
                    fewest, lowest = floors_.fewest(depth, home_now - sum(cfound), cfound, clow, max_moves)
                    if fewest > max_moves:
                        continue  # no line through it ends, one more card home or a card turned, in time
                ckey = _key(ccols, cfound, ctalon, cp)
                before = best.get(ckey)
                if before is not None and before <= depth:
                    continue
                if before is None and len(best) >= limit:
                    return None
                best[ckey] = depth
                node = (ccols, cfound, ctalon, cp, ctaken, (action, trail), depth, ckey, clow)
                (frontier if lowest == at else bound.setdefault(lowest, [])).append(node)
    return False


def _shows(talon: bytes, stock_seen: bool) -> bool:
    """Whether a line may end by showing an unseen stock card: then one click may end it from any
    position, and no bound holds."""
    return not stock_seen and bool(talon)


def _run(col: bytes, builds: bytearray) -> tuple[tuple[int, int, bool], ...]:
    """The cards of ``col`` that can lead a group out of it (K-4: the ordered face-up run on
    top), top first: (index, card, whether moving it turns the card under it)."""
    run = []
    k = len(col) - 1
    while k >= 0 and col[k] < HIDDEN:
        run.append((k, col[k], k > 0 and col[k - 1] >= HIDDEN))
        if k == 0 or col[k - 1] >= HIDDEN or not builds[col[k] * 256 + col[k - 1]]:
            break
        k -= 1
    return tuple(run)


def _put(cols: tuple[bytes, ...], j: int, cards: bytes | None, cut: int = 0) -> tuple[bytes, ...]:
    """``cols`` with ``cards`` laid on column ``j``, or (``cards`` None) column ``j`` cut to ``cut``."""
    changed = cols[j][:cut] if cards is None else cols[j] + cards
    return cols[:j] + (changed,) + cols[j + 1:]


def _raise(found: bytes, s: int) -> bytes:
    return found[:s] + bytes((found[s] + 1,)) + found[s + 1:]


def _lower(found: bytes, s: int) -> bytes:
    return found[:s] + bytes((found[s] - 1,)) + found[s + 1:]
