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
foundation. With one deck, every position is also settled (``settle_twins``): a group that could
move onto the lower-numbered twin of the card it sits on is moved there, so the many positions
that differ only in which of two twins holds a group are met as one.

Moves that cannot matter are not tried (``children``): where an empty column takes only a King
(the ruleset's ``empty_column`` part, C-3) a column is emptied only when a King could come into
it (face up above the bottom of a column, within reach in the talon, or on a foundation: nothing
else can use it), and a group is moved onto the twin of the card it sits
on only together with that card going home. In draw 1 with unlimited passes every talon card can
be played at any time, so one goes on a column only when a card that goes on it can follow at
once. Rules of this kind are easy to get wrong together: two moves that each wait for the other
hide a win. Two earlier rules (a group leaving a card out of order, and a foundation card coming
back, each held back until its use could follow at once) did exactly that and were removed;
``tests/solver/test_reference.py`` compares the search with one that tries every legal move.
A position where some cards can never move again (``dead_end``) is lost at once. The search
stops at a node or time budget and then says "unknown", never "lost": "lost" means every line
was tried.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from ..core.cards import ACE, DECK, KING, RANK, RED_SUITS, SUIT, SUITS, builds_on, card
from ..core.game import Game
from ..core.moves import DRAW, FOUNDATION, TABLEAU, WASTE, Move, Pile
from .foundations import foundation_ranks

HIDDEN = 64  # a face-down card is stored as card + HIDDEN

# Per stored byte value: rank (0 for a face-down card, which never moves or takes a card).
_RANK = [0] * 256
_SUIT = [0] * 256
for _c in range(52):
    _RANK[_c], _SUIT[_c] = RANK[_c], SUIT[_c]
# _BUILDS[a * 256 + b]: card a may go on card b (C-2); False whenever either is face down.
_BUILDS = bytearray(256 * 256)
for _a in range(52):
    for _b in range(52):
        if builds_on(_a, _b):
            _BUILDS[_a * 256 + _b] = 1
# _ACCEPTS[c]: the cards card c may go on.
_ACCEPTS: list[tuple[int, ...]] = [
    tuple(b for b in range(52) if _BUILDS[a * 256 + b]) if a < 52 else () for a in range(256)
]
# _CHILD_MASK[c]: the bit mask of the cards that may go on card c.
_CHILD_MASK = [sum(1 << a for a in range(52) if _BUILDS[a * 256 + b]) if b < 52 else 0 for b in range(256)]
# _CHILDREN[c]: the cards that may go on card c.
_CHILDREN: list[tuple[int, ...]] = [
    tuple(a for a in range(52) if _BUILDS[a * 256 + b]) if b < 52 else () for b in range(256)
]
# Per suit: the two suits of the other colour, and the other suit of its own colour (C-1).
_OPPOSITE = {s: tuple(o for o in range(len(SUITS)) if (o in RED_SUITS) != (s in RED_SUITS))
             for s in range(len(SUITS))}
_SAME_OTHER = {s: next(o for o in range(len(SUITS)) if o != s and (o in RED_SUITS) == (s in RED_SUITS))
               for s in range(len(SUITS))}
# _CARD[s][r]: the card of suit s and rank r; -1 for the ranks around the deck (0 and 14).
_CARD = tuple(tuple(card(r, s) if ACE <= r <= KING else -1 for r in range(KING + 2)) for s in range(len(SUITS)))
# _TWIN[c]: the card of the same rank and colour in the other suit (one deck).
_TWIN = [0] * 256
for _c in range(52):
    _TWIN[_c] = _CARD[_SAME_OTHER[SUIT[_c]]][RANK[_c]]

# A primitive action, turned into a core Move against a real game when the line is written out:
# ("s",) a stock click; ("wf",) / ("wt", j) the waste top to a foundation / column j;
# ("tf", i) column i's top to a foundation; ("tt", i, n, j) n cards from column i to column j;
# ("ft", card, j) a foundation's top card back to column j.
Action = tuple

# The search state: columns, foundations, talon, waste size, recycles left (-1 = unlimited).
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]


def safe_single_deck(rank: int, suit: int, found: tuple[int, ...] | list[int]) -> bool:
    """One deck: a card may go home for good when it is at most 2 above both foundations of the
    other colour and at most 3 above the other foundation of its colour: no card that could
    still need it as a base in a column can be left without another way home.
    """
    if rank <= 2:
        return True
    a, b = _OPPOSITE[suit]
    return found[a] >= rank - 2 and found[b] >= rank - 2 and found[_SAME_OTHER[suit]] >= rank - 3


def safe_double_deck(rank: int, suit: int, found: tuple[int, ...] | list[int]) -> bool:
    """Two decks (DS): the one-deck proof does not hold (a group of any cards may move onto a
    card, DS-2, and each card has a twin), so a card goes home for good only when nothing can
    ever need it as a base: both copies of both opposite-colour cards one rank lower are already
    on the foundations, i.e. all four opposite-colour slots have reached ``rank - 1``. An Ace
    takes no card and a 2 only takes Aces, which always have a free slot of their own row, so
    Aces and 2s are always safe.
    """
    if rank <= 2:
        return True
    a, b = _OPPOSITE[suit]
    need = rank - 1
    return (found[2 * a] >= need and found[2 * a + 1] >= need
            and found[2 * b] >= need and found[2 * b + 1] >= need)


def twin_bases(col: bytes) -> tuple[int, tuple[tuple[int, int], ...]]:
    """For ``settle_twins``: each group on top of ``col`` that builds on the card under it, top
    down, as (that card's twin, where the group starts) when the twin has the lower number; and
    the bit mask of those twins.
    """
    out = []
    mask = 0
    k = len(col) - 1
    while k >= 1:
        u = col[k - 1]
        if u >= HIDDEN or not _BUILDS[col[k] * 256 + u]:
            break
        t = _TWIN[u]
        if t < u:
            out.append((t, k))
            mask |= 1 << t
        k -= 1
    return mask, tuple(out)


def settle_twins(cols: list[bytes], cache: dict[bytes, tuple], acts: list[Action] | None = None) -> bool:
    """One deck, ordered runs: move every group that could go onto the twin of the card it sits
    on (same rank and colour, the other suit) there when that twin has the lower number; return
    whether anything moved. Such a move is always legal and can always be taken back (the card
    left behind is then a top, and the group builds on it), so the settled position and the
    position reach each other: both are won or lost alike, and the search meets one of them
    only. Each move lowers the number of one card's base, so settling ends. ``cache`` keeps
    ``twin_bases`` of the columns met; the moves are added to ``acts``.
    """
    wanted = tops_mask = 0
    for col in cols:
        if col:
            b = cache.get(col)
            if b is None:
                b = cache[col] = twin_bases(col)
            wanted |= b[0]
            tops_mask |= 1 << col[-1]
    if not wanted & tops_mask:
        return False
    tops = {col[-1]: j for j, col in enumerate(cols) if col}
    i = 0
    while i < len(cols):
        moved = False
        for t, k in cache[cols[i]][1] if cols[i] else ():
            j = tops.get(t)
            if j is not None:
                col = cols[i]
                cols[j] += col[k:]
                cols[i] = col[:k]
                del tops[t]
                tops[cols[j][-1]] = j
                tops[col[k - 1]] = i
                for m in (i, j):
                    if cols[m] not in cache:
                        cache[cols[m]] = twin_bases(cols[m])
                if acts is not None:
                    acts.append(("tt", i, len(col) - k, j))
                moved = True
                break
        i = 0 if moved else i + 1
    return True


class Outcome:
    """What a search found: ``result`` is "won", "lost" or "unknown"."""

    __slots__ = ("result", "actions", "nodes", "seconds")

    def __init__(self, result: str, actions: list[Action], nodes: int, seconds: float) -> None:
        self.result, self.actions, self.nodes, self.seconds = result, actions, nodes, seconds


class Search:
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
    """

    first_attempt = 200
    attempt_growth = 1.2
    noise = 3.0  # how far a restart may move a move up or down the order, in priority steps

    def __init__(self, game: Game, settle: bool = True) -> None:
        """``settle=False`` leaves positions as they are (no ``settle_twins``): every move of a
        line is then one a player would make, which hints need.
        """
        rules = game.rules
        self.decks = rules.decks
        self.ordered = rules.runs == "ordered"
        self.twins = settle and rules.decks == 1 and self.ordered  # positions are settled
        self.twin_cache: dict[bytes, tuple] = {}
        self.column_cache: dict[bytes, tuple[int, bool, int]] = {}
        # (talon, waste size, recycles left) -> (talon_reach, the talon cards clicks can reach)
        self.reach_cache: dict[tuple[bytes, int, int], tuple[list, frozenset[int]]] = {}
        self.draw = game.draw
        self.deal_on_recycle = rules.deal_on_recycle
        # The tables above are C-2's (the one ``build`` part) and a foundation is stored as its top
        # rank from the Ace up (the one ``foundation_start`` part); what an empty column takes
        # varies, and the King-only pruning applies only where the rules say so (C-3, DU-6).
        self.empty_any = rules.empty_takes_any
        self.total = len(DECK) * rules.decks
        self.safe = safe_double_deck if rules.decks == 2 else safe_single_deck
        columns = tuple(
            bytes([c + HIDDEN for c in cards[:hidden]] + cards[hidden:])
            for cards, hidden in zip(game.tableau, game.hidden)
        )
        found = foundation_ranks(game)
        talon = bytes(game.waste + game.stock[::-1])
        limit = game.scoring.max_recycles
        recycles_left = -1 if limit < 0 else max(0, limit - game.recycles)
        self.start: State = (columns, tuple(found), talon, len(game.waste), recycles_left)
        self.nodes = 0

    # --------------------------------------------------------------------------- foundations
    def _fits_foundation(self, c: int, found: list[int]) -> bool:
        r, s = _RANK[c], _SUIT[c]
        if self.decks == 1:
            return found[s] == r - 1
        return found[2 * s] == r - 1 or found[2 * s + 1] == r - 1

    def _to_foundation(self, c: int, found: list[int]) -> None:
        r, s = _RANK[c], _SUIT[c]
        if self.decks == 1:
            found[s] = r
            return
        i = 2 * s
        if found[i + 1] == r - 1:
            found[i + 1] = r
        else:
            found[i] = r
            if found[i] > found[i + 1]:
                found[i], found[i + 1] = found[i + 1], found[i]

    def _is_safe(self, c: int, found: list[int] | tuple[int, ...]) -> bool:
        return self.safe(_RANK[c], _SUIT[c], found)

    # --------------------------------------------------------------------------- the stock
    def talon_reach(self, talon: bytes, p: int, recycles_left: int) -> list[tuple[int, int, int]]:
        """Every waste size reachable by clicking, as (p, clicks, recycles left), the current one
        first; positions with an empty waste are left out (nothing to play there).
        """
        size = len(talon)
        out: list[tuple[int, int, int]] = []
        if size == 0:
            return out
        seen = {p}
        if p > 0:
            out.append((p, 0, recycles_left))
        q, clicks, left = p, 0, recycles_left
        draw = self.draw
        while True:
            if q < size:
                q = min(q + draw, size)
            elif left != 0:
                left = left - 1 if left > 0 else -1
                q = min(draw, size) if self.deal_on_recycle else 0
            else:
                break
            clicks += 1
            if q in seen:
                if recycles_left < 0:
                    break
                continue  # met again with fewer recycles left: the first visit is better
            seen.add(q)
            if q > 0:
                out.append((q, clicks, left))
        return out

    def _clicks_to(self, size: int, p: int, q: int) -> int:
        """Draw 1, unlimited passes: the stock clicks that make talon card ``q - 1`` the waste
        top, from a waste of ``p`` cards out of ``size``.
        """
        if q >= p:
            return q - p
        after_recycle = 1 if self.deal_on_recycle else 0
        return (size - p) + 1 + (q - after_recycle)

    # --------------------------------------------------------------------------- expanding
    def _close(self, cols: list[bytes], found: list[int], talon: bytes, p: int,
               acts: list[Action]) -> tuple[bytes, int]:
        """Finish a position: play the safe foundation moves, settle twins (one deck), and again
        while settling uncovers something.
        """
        talon, p = self._play_safe(cols, found, talon, p, acts)
        while self.twins and settle_twins(cols, self.twin_cache, acts):
            talon, p = self._play_safe(cols, found, talon, p, acts)
        return talon, p

    def _play_safe(self, cols: list[bytes], found: list[int], talon: bytes, p: int,
                   acts: list[Action]) -> tuple[bytes, int]:
        """Play every safe foundation move until none is left: column tops, and in draw 1 the
        waste top, or with unlimited passes any talon card (clicking round to it changes
        nothing else: every talon card stays within reach). In draw 2 or 3 talon cards are not
        played this way: taking a card out of the talon changes how every later pass splits into
        batches, which may cost a needed card.
        """
        one_deck = self.decks == 1
        safe = self.safe
        progress = True
        while progress:
            progress = False
            for i, col in enumerate(cols):
                if col:
                    c = col[-1]
                    r, su = _RANK[c], _SUIT[c]
                    if one_deck:
                        if found[su] != r - 1:
                            continue
                    elif found[2 * su] != r - 1 and found[2 * su + 1] != r - 1:
                        continue
                    if safe(r, su, found):
                        self._to_foundation(c, found)
                        col = col[:-1]
                        if col and col[-1] >= HIDDEN:
                            col = col[:-1] + bytes((col[-1] - HIDDEN,))
                        cols[i] = col
                        acts.append(("tf", i))
                        progress = True
            if self.draw == 1 and self.start[4] < 0:
                # draw 1, unlimited passes: every talon card is a few clicks away at any time
                for q, c in enumerate(talon, 1):
                    if self._fits_foundation(c, found) and self._is_safe(c, found):
                        self._to_foundation(c, found)
                        acts.extend([("s",)] * self._clicks_to(len(talon), p, q))
                        talon = talon[: q - 1] + talon[q:]
                        p = q - 1
                        acts.append(("wf",))
                        progress = True
                        break
            elif self.draw == 1 and p > 0:
                c = talon[p - 1]
                if self._fits_foundation(c, found) and self._is_safe(c, found):
                    self._to_foundation(c, found)
                    talon = talon[: p - 1] + talon[p:]
                    p -= 1
                    acts.append(("wf",))
                    progress = True
        return talon, p

    def children(self, state: State, rng: random.Random | None = None) -> list[tuple[list[Action], State]]:
        """Every move worth trying from ``state``, most promising first, each followed by the safe
        foundation moves it allows and, with one deck, settled (``_close``).
        """
        cols, found, talon, p, left = state
        builds = _BUILDS
        ranked: list[tuple[float, list[Action], list[bytes], list[int], bytes, int, int]] = []
        tops = [col[-1] if col else -1 for col in cols]
        empty = tops.index(-1) if -1 in tops else -1
        where: dict[int, list[int]] = {}
        landing = 0  # bit mask of the cards some column top takes
        for j, top in enumerate(tops):
            if top >= 0:
                where.setdefault(top, []).append(j)
                landing |= _CHILD_MASK[top]
        kings_land = empty >= 0
        twins = self.twins

        def places(c: int, source: int = -1) -> list[int]:
            """The columns whose top takes ``c`` (not ``source``). With one deck, when both twins
            take it only the lower one is offered: the settled position is the same.
            """
            out = []
            for parent in _ACCEPTS[c]:
                for j in where.get(parent, ()):
                    if j != source:
                        out.append(j)
                if out and twins:
                    break
            return out

        # the cards a foundation takes now
        if self.decks == 1:
            fitting = {_CARD[su][r + 1] for su, r in enumerate(found) if r < KING}
        else:
            fitting = {_CARD[i >> 1][r + 1] for i, r in enumerate(found) if r < KING}

        # column tops to the foundations
        for i, col in enumerate(cols):
            if col and col[-1] in fitting:
                nf = list(found)
                self._to_foundation(col[-1], nf)
                rest = col[:-1]
                prio = 1
                if rest and rest[-1] >= HIDDEN:
                    rest = rest[:-1] + bytes((rest[-1] - HIDDEN,))
                    prio = 0
                nc = list(cols)
                nc[i] = rest
                ranked.append((prio, [("tf", i)], nc, nf, talon, p, left))

        # cards from the stock and waste, each as one move with its clicks. In draw 1 with
        # unlimited passes every talon card can be played at any time, so a talon card is put on
        # a column only when a card from elsewhere can follow onto it, at once or at the end of a
        # run of talon cards built on it: the move can be put off until then (going home or to
        # another column later is one move from the talon too), and talon cards alone on a
        # column do nothing they could not do from the talon.
        movable: tuple[int, bool] | None = None  # worked out when first needed
        talon_any_time = self.draw == 1 and left < 0
        reached = self.reach_cache.get((talon, p, left))
        if reached is None:
            reach = self.talon_reach(talon, p, left)
            reached = self.reach_cache[talon, p, left] = (reach, frozenset(talon[q - 1] for q, _, _ in reach))
        reach, reachable = reached
        for q, clicks, nleft in reach:
            c = talon[q - 1]
            home = c in fitting
            targets = places(c) if landing >> c & 1 else []
            if empty >= 0 and (self.empty_any or _RANK[c] == KING):
                targets.append(empty)
            if targets and talon_any_time:
                if movable is None:
                    movable = self._movable(cols)
                if not self._run_can_end(c, movable, talon, found):
                    targets = []
            if not home and not targets:
                continue
            pre: list[Action] = [("s",)] * clicks
            rest_talon = talon[: q - 1] + talon[q:]
            # with no recycle left, every click buries cards for good: prefer the nearest cards
            later = clicks * 0.5 if nleft >= 0 else 0.0
            if home:
                nf = list(found)
                self._to_foundation(c, nf)
                ranked.append((1 + later, pre + [("wf",)], list(cols), nf, rest_talon, q - 1, nleft))
            for j in targets:
                nc = list(cols)
                nc[j] = cols[j] + bytes((c,))
                ranked.append((3 + later, pre + [("wt", j)], nc, list(found), rest_talon, q - 1, nleft))

        # Groups from column to column: every group that uncovers a card with a place to go,
        # but a column is emptied only when a King could come into it (C-3: nothing else can
        # use it), and a group is moved onto the twin of the card it leaves only together with
        # that card going home (anything else a sideways move does, the settled position can
        # do from where the group was).
        empty_any = self.empty_any
        king_ready = True if empty_any else None  # with any card welcome, emptying always serves
        column_cache = self.column_cache
        for i, col in enumerate(cols):
            run_mask, run_king, run_start = column_cache.get(col) or self._column(col)
            if not run_mask & landing and not (kings_land and (run_king or empty_any)):
                continue  # no card of the column's top run can go anywhere
            n = len(col)
            k = n - 1
            while k >= run_start:
                base = col[k]
                into_empty = kings_land and k > 0 and (empty_any or _RANK[base] == KING)
                if not landing >> base & 1 and not into_empty:
                    k -= 1
                    continue
                targets = places(base, i)
                if into_empty:
                    targets.append(empty)
                if not targets:
                    k -= 1
                    continue
                under = col[k - 1] if k > 0 else -1
                if under < 0:
                    # emptying a column only serves a King that could come into it
                    if king_ready is None:
                        if movable is None:
                            movable = self._movable(cols)
                        king_ready = self._king_can_move(movable, reachable, found)
                    if not king_ready:
                        k -= 1
                        continue
                elif under < HIDDEN:
                    if builds[base * 256 + under]:
                        # a sideways move: the two cards the group may sit on are alike but for
                        # their suits, so it only counts when the card uncovered goes home
                        if under not in fitting:
                            k -= 1
                            continue
                home = False
                if under >= HIDDEN:
                    prio = 1  # uncovers a face-down card
                elif under < 0:
                    prio = 2  # empties a column
                elif builds[base * 256 + under]:
                    prio = 5  # a sideways move, made together with the card uncovered going home
                    home = True
                else:
                    prio = 2  # frees a card that was out of order (Thoughtful, DS)
                group = col[k:]
                rest = col[:k]
                nf = found
                if home:
                    nf = list(found)
                    self._to_foundation(under, nf)
                    rest = rest[:-1]
                if rest and rest[-1] >= HIDDEN:
                    rest = rest[:-1] + bytes((rest[-1] - HIDDEN,))
                for j in targets:
                    nc = list(cols)
                    nc[i] = rest
                    nc[j] = cols[j] + group
                    acts = [("tt", i, n - k, j), ("tf", i)] if home else [("tt", i, n - k, j)]
                    ranked.append((prio, acts, nc, list(nf), talon, p, left))
                k -= 1

        # a foundation card back to a column: only when it could not safely go home again
        for s in range(4):
            slots = (found[s],) if self.decks == 1 else (found[2 * s], found[2 * s + 1])
            for slot, r in enumerate(slots):
                if r == 0 or (slot == 1 and slots[0] == r):
                    continue
                c = _CARD[s][r]
                nf = list(found)
                if self.decks == 1:
                    nf[s] = r - 1
                else:
                    nf[2 * s + slot] = r - 1
                    if nf[2 * s] > nf[2 * s + 1]:
                        nf[2 * s], nf[2 * s + 1] = nf[2 * s + 1], nf[2 * s]
                if self._is_safe(c, nf):
                    continue
                for j in places(c) + ([empty] if empty >= 0 and (empty_any or r == KING) else []):
                    nc = list(cols)
                    nc[j] = cols[j] + bytes((c,))
                    ranked.append((6, [("ft", c, j)], nc, nf, talon, p, left))

        if rng is None:
            ranked.sort(key=lambda item: item[0])
        else:
            noise = self.noise
            ranked.sort(key=lambda item: item[0] + rng.random() * noise)
        out: list[tuple[list[Action], State]] = []
        for _, acts, nc, nf, t, q, nleft in ranked:
            t, q = self._close(nc, nf, t, q, acts)
            out.append((acts, (tuple(nc), tuple(nf), t, q, nleft)))
        return out

    def _column(self, col: bytes) -> tuple[int, bool, int]:
        """What one column offers, kept per column met: the bit mask of the cards that can lead a
        group out of it now (the face-up run on top with ordered runs, every face-up card in
        Double Solitaire, DS-2), whether a face-up King lies above the column's bottom (leading
        a group or not), and where the lowest card that can lead a group lies.
        """
        mask = 0
        ordered = self.ordered
        start = len(col)
        k = start - 1
        while k >= 0 and col[k] < HIDDEN:
            start = k
            mask |= 1 << col[k]
            if ordered and k > 0 and not _BUILDS[col[k] * 256 + col[k - 1]]:
                break
            k -= 1
        king = any(c < HIDDEN and _RANK[c] == KING for c in col[1:])
        info = self.column_cache[col] = (mask, king, start)
        return info

    def _movable(self, cols: tuple[bytes, ...]) -> tuple[int, bool]:
        """The bit mask of the cards that can lead a group out of their column now, and whether
        a face-up King lies above the bottom of some column.
        """
        cache = self.column_cache
        mask, king = 0, False
        for col in cols:
            info = cache.get(col) or self._column(col)
            mask |= info[0]
            king = king or info[1]
        return mask, king

    def _on_foundation_top(self, c: int, found: tuple[int, ...]) -> bool:
        r, su = _RANK[c], _SUIT[c]
        if self.decks == 1:
            return found[su] == r
        return found[2 * su] == r or found[2 * su + 1] == r

    def _king_can_move(self, movable: tuple[int, bool], reachable: frozenset[int], found: tuple[int, ...]) -> bool:
        """A King that could come into an empty column: face up above the bottom of a column
        (covered or not: what covers it may leave first), in the talon within reach of clicks
        (further cards come within reach only by talon moves, which never wait on an empty
        column), or on top of a foundation.
        """
        if movable[1]:
            return True
        for c in reachable:
            if _RANK[c] == KING:
                return True
        if self.decks == 1:
            return KING in found
        return any(r == KING for r in found)

    def _run_can_end(self, c: int, movable: tuple[int, bool], talon: bytes, found: tuple[int, ...]) -> bool:
        """Draw 1, unlimited passes: whether a card from outside the talon that goes on ``c``
        can move now (leading a group in a column, or on top of a foundation), or onto the end of
        a run of talon cards built down from ``c``.
        """
        mask = movable[0]
        for child in _CHILDREN[c]:
            if mask >> child & 1 or self._on_foundation_top(child, found):
                return True
            if child in talon and self._run_can_end(child, movable, talon, found):
                return True
        return False

    def dead_end(self, state: State) -> bool:
        """Whether some cards can provably never move, so the game is lost (one deck, ordered
        runs, an empty column for Kings only: Klondike, Thoughtful, the Duel).

        The set M of stuck cards is the largest set in which every first move of every card
        needs some card of M to have moved before it (so, taking the first move that moves a
        card of M and the lowest card of M it moves, no card of M ever moves). A card's ways out:

        - home, from where it lies: every card above it, and every lower card of its suit not yet
          home, must have moved first (a lower card below it in its own column cannot), and
          such a lower card must itself have been uncovered;
        - leading a group onto a card that takes it: every card above the first break in order
          above it must have left first, and the card it goes on must be reachable: in a column
          once every card above it has left, in the talon once it moves, on a foundation always;
        - carried in a group by the card under it, which builds on it and moves: the cards above
          the first break must have left first here too.

        Talon cards only need a way home or a card to go on (every talon card is taken as
        reachable), Kings are never counted stuck (an empty column may come), and a face-down
        card counts as able to move once uncovered. Each way is a bit mask of the cards that
        must move first; a card is free when one of its ways misses M.
        """
        if self.decks != 1 or not self.ordered or self.empty_any:
            return False  # the proof counts on C-3: any other card may wait for an empty column
        cols, found = state[0], state[1]
        builds = _BUILDS
        rank, suit = _RANK, _SUIT
        col_of = [-1] * 52   # column index, -1 elsewhere
        idx_of = [0] * 52
        above = [0] * 52     # mask of the cards above a column card
        above_brk = [0] * 52  # mask of the cards above the first break in order above it
        for ci, col in enumerate(cols):
            n = len(col)
            suf = 0
            brk_mask = 0  # cards above the break of the run the current card belongs to
            for i in range(n - 1, -1, -1):
                v = col[i]
                c = v & 63
                col_of[c] = ci
                idx_of[c] = i
                above[c] = suf
                if i == n - 1 or not builds[col[i + 1] * 256 + v]:
                    brk_mask = suf
                above_brk[c] = brk_mask
                suf |= 1 << c
        stuck = 0
        ways_of: list[tuple[int, list[int]]] = []
        accepts = _ACCEPTS
        for su in range(4):
            suit_cards = _CARD[su]
            home = found[su]
            low_mask = 0  # the lower cards of the suit not yet home, and the cards above them
            low_at: dict[int, int] = {}  # column -> lowest index of such a lower card there
            for r in range(home + 1, KING):
                c = suit_cards[r]
                ci = col_of[c]
                if ci >= 0:
                    idx = idx_of[c]
                    lowest = low_at.get(ci, 99)
                    if lowest < idx:
                        mask = -1  # a lower card of its suit lies under it
                    else:
                        mask = above[c] | low_mask
                        if mask == 0:
                            low_mask |= 1 << c
                            if idx < lowest:
                                low_at[ci] = idx
                            continue
                    ways = [] if mask == -1 else [mask]
                    brk = above_brk[c]
                    free = False
                    for parent in accepts[c]:
                        if rank[parent] <= found[suit[parent]]:
                            mask = brk
                        elif col_of[parent] >= 0:
                            mask = brk | above[parent]
                        else:
                            mask = brk | (1 << parent)
                        if mask == 0:
                            free = True
                            break
                        ways.append(mask)
                    if not free:
                        if idx > 0:
                            col = cols[ci]
                            under = col[idx - 1]
                            if builds[col[idx] * 256 + under]:
                                ways.append(brk | (1 << (under & 63)))
                        stuck |= 1 << c
                        ways_of.append((c, ways))
                    low_mask |= (1 << c) | above[c]
                    if idx < lowest:
                        low_at[ci] = idx
                else:
                    low = low_mask
                    low_mask |= 1 << c
                    if low == 0:
                        continue
                    ways = [low]
                    free = False
                    for parent in accepts[c]:
                        if rank[parent] <= found[suit[parent]]:
                            free = True
                            break
                        mask = above[parent] if col_of[parent] >= 0 else 1 << parent
                        if mask == 0:
                            free = True
                            break
                        ways.append(mask)
                    if not free:
                        stuck |= 1 << c
                        ways_of.append((c, ways))
        changed = True
        while changed and stuck:
            changed = False
            for c, ways in ways_of:
                bit = 1 << c
                if stuck & bit:
                    for w in ways:
                        if not w & stuck:
                            stuck ^= bit
                            changed = True
                            break
        return stuck != 0

    def key(self, state: State) -> tuple:
        """Columns sorted; with unlimited recycles every waste size on the recycle cycle (0, the
        multiples of the draw count, the whole talon) is one position: each reaches the others by
        clicking, so they offer the same moves. (With one deck the position is already settled,
        ``settle_twins``.)
        """
        cols, found, talon, p, left = state
        if left < 0 and (p == len(talon) or p % self.draw == 0):
            p = -1
        return (tuple(sorted(cols)), found, talon, p, left)

    def won(self, state: State) -> bool:
        return sum(state[1]) == self.total

    # --------------------------------------------------------------------------- searching
    def run(self, budget_seconds: float, node_limit: int | None = None,
            should_stop: Callable[[], bool] | None = None) -> Outcome:
        """Search until a win is found, every line has failed, or the budget is spent."""
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
        if self.dead_end(root):
            return Outcome("lost", [], nodes, time.perf_counter() - started)
        key = self.key
        root_key = key(root)
        dead: set = set()  # positions proven to lead to no win, kept from one attempt to the next
        limit = node_limit if node_limit is not None else -1
        total = self.total
        attempt, attempt_cap = 0, self.first_attempt
        while True:
            rng = random.Random(attempt) if attempt else None
            # Tarjan's strongly connected components over the positions of this attempt: a
            # position met again while still open (a cycle) lowers its finder's ``low``; when a
            # position finishes with ``low`` equal to its own number, it and every open position
            # found after it form a finished component with no win: all of them are dead.
            number = {root_key: 0}
            open_keys = [root_key]
            stack = [iter(self.children(root, rng))]
            keys = [root_key]
            low = [0]
            path: list[list[Action]] = [root_acts]
            attempt_nodes = 0
            stopped = False
            while stack:
                try:
                    acts, state = next(stack[-1])
                except StopIteration:
                    stack.pop()
                    path.pop()
                    frame_key = keys.pop()
                    frame_low = low.pop()
                    if frame_low == number[frame_key]:
                        while True:
                            k = open_keys.pop()
                            dead.add(k)
                            if k == frame_key:
                                break
                    elif frame_low < low[-1]:
                        low[-1] = frame_low
                    continue
                k = key(state)
                if k in dead:
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
                if nodes == limit:
                    stopped = True
                    break
                if not nodes & 255:
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
                stack.append(iter(self.children(state, rng)))
            if not stack and not stopped:
                return Outcome("lost", [], nodes, time.perf_counter() - started)
            if stopped:
                break
            attempt += 1
            attempt_cap = int(attempt_cap * self.attempt_growth)
        return Outcome("unknown", [], nodes, time.perf_counter() - started)


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
