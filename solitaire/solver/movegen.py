"""Move generation for the search: foundations, the talon's reach ("k draws"), the safe moves
played at once, and the children of a position with the moves that cannot matter left out
(see ``search`` for the rules of that pruning and why each is sound).

``MoveGeneration`` is one part of ``Search``; it reads the search's settings (decks, draw,
rules flags, caches) set up by ``Search.__init__``.

Measured and not kept (issue 34): partial-order reduction, trying only the moves of a strong
stubborn set (a landmark, the next card of a suit going home, closed under interfering moves and
the moves that enable a blocked one). Even over plain moves (leaving out settling, the safe moves
and the sideways combinations, so a sound version would keep more) the closure ran through nearly
every column of a hard lost deal: a buried card's way home needs the card on it moved, that
card's places uncovered, and so on. On 45 hard tuning deals at 75,000 positions it decided 23
instead of 19 (3 wins its move order found, SJZNUPT lost in 47,213 instead of 79,427); the 19 lost
both ways took 248,833 positions instead of 328,802 (1.3x; 1.07-1.49x on the seven over 20,000), at
8-11x the CPU time a position (the set holds ~120 moves).
"""

from __future__ import annotations

import random

from .position import _ACCEPTS, _BUILDS, _CARD, _CHILD_MASK, _RANK, _SUIT, HIDDEN, KING, Action, State, position_key, settle_twins, turn_up
from .sideways import sideways_moves


class MoveGeneration:
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
               acts: list[Action], first: tuple[int, ...] | None = None) -> tuple[bytes, int]:
        """Finish a position: play the safe foundation moves, settle twins (one deck), and again
        while settling uncovers something. ``first``: as for ``_play_safe``.
        """
        talon, p = self._play_safe(cols, found, talon, p, acts, first)
        while self.twins and settle_twins(cols, self.twin_cache, acts, not self.ordered):
            talon, p = self._play_safe(cols, found, talon, p, acts)
        return talon, p

    def _play_safe(self, cols: list[bytes], found: list[int], talon: bytes, p: int,
                   acts: list[Action], first: tuple[int, ...] | None = None) -> tuple[bytes, int]:
        """Play every safe foundation move until none is left: column tops, and in draw 1 the
        waste top, or with unlimited passes any talon card (clicking round to it changes
        nothing else: every talon card stays within reach). In draw 2 or 3 talon cards are not
        played this way: taking a card out of the talon changes how every later pass splits into
        batches, which may cost a needed card.

        ``first``: the only columns whose tops can have become safe to play (a move from a
        finished position that left the foundations as they were); every column after that.
        """
        one_deck = self.decks == 1
        safe = self.safe
        progress = True
        while progress:
            progress = False
            for i in range(len(cols)) if first is None else first:
                col = cols[i]
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
                        col = turn_up(col[:-1])
                        cols[i] = col
                        acts.append(("tf", i))
                        progress = True
            first = None
            if not talon:
                continue  # (Yukon, or a talon spent)
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

    def children(self, state: State, rng: random.Random | None = None,
                 proof: bool = True) -> list[tuple[tuple[Action, ...], State, bytes]]:
        """Every move worth trying from ``state``, most promising first (ties broken at random
        with ``rng``), as (actions, child, the child's key ``Search.key``); each move is followed
        by the safe foundation moves it allows and, with one deck, settled (``_close``).
        ``state`` is a finished position, as every position the search meets is (its root is
        finished first): a child's finish counts on it.

        Every attempt after the first starts again from the root, so the positions near it are
        expanded again and again (22% of the speed probe's expansions, 42% of a 117k-position
        search): the finished children of the positions met last are kept with their keys
        (``expanded``, up to ``expanded_cap`` positions, then started afresh) and only sorted
        again.

        ``proof=False``: the proof that the position is lost (``never_home``) is not asked: the
        move that led here almost never makes it hold (``loosening.loosens``; leaving it out is sound).
        """
        built = self.expanded.get(state)
        if built is None:
            expanded = self.expanded
            if len(expanded) >= self.expanded_cap:
                expanded.clear()
            # Yukon: a position where some cards can never lead a move has no move worth trying
            built = expanded[state] = () if proof and self.home_proof and self.never_home(state) else self._expand(state)
        if rng is None:
            ranked = sorted(built, key=_priority)
        else:
            noise, draw = self.noise, rng.random
            ranked = sorted(built, key=lambda item: item[0] + draw() * noise)
        return [(acts, child, key) for _, acts, child, key in ranked]

    def _expand(self, state: State) -> tuple[tuple[float, tuple[Action, ...], State, bytes], ...]:
        """The children of ``state`` as (priority, actions, finished child, its key), in the order they
        are generated. (Finishing each child only when the search asks for it was measured 4%
        slower a position: issue 17.)
        """
        cols, found, talon, p, left = state
        builds = _BUILDS
        ranked: list[tuple[float, list[Action], list[bytes], list[int], bytes, int, int, tuple[int, ...] | None]] = []
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
                ranked.append((prio, [("tf", i)], nc, nf, talon, p, left, None))

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
                ranked.append((1 + later, pre + [("wf",)], list(cols), nf, rest_talon, q - 1, nleft, None))
            for j in targets:
                nc = list(cols)
                nc[j] = cols[j] + bytes((c,))
                ranked.append((3 + later, pre + [("wt", j)], nc, list(found), rest_talon, q - 1, nleft, (j,)))

        # Groups from column to column: every group that uncovers a card with a place to go,
        # but a column is emptied only when a King could come into it (C-3: nothing else can
        # use it), and a group is moved onto the twin of the card it leaves only together with
        # that card going home or, in Yukon, with a move it opens (``sideways``): anything
        # else a sideways move does, the settled position can do from where the group was.
        empty_any = self.empty_any
        bare = self.bare_rule
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
                        # their suits, so alone it only counts when the card uncovered goes
                        # home; what else it opens is tried as one move with it (``sideways``),
                        # settled or not (a hint's search: the same two follow-ups are missing)
                        if under not in fitting:
                            if bare:
                                for j in targets:
                                    ranked.extend(sideways_moves(state, i, k, j, self._is_safe))
                            k -= 1
                            continue
                home = False
                if under >= HIDDEN:
                    prio = 1  # uncovers a face-down card
                    if bare:
                        prio -= 0.05 * k  # Yukon: the column with the most face-down cards first
                elif under < 0:
                    prio = 2  # empties a column
                elif builds[base * 256 + under]:
                    prio = 5  # a sideways move, made together with the card uncovered going home
                    home = True
                else:
                    prio = 2  # frees a card that was out of order (Thoughtful, DS)
                    if bare and under in fitting:
                        prio = 1.5  # Yukon: ... and that card may go home next
                group = col[k:]
                rest = col[:k]
                nf = found
                if home:
                    nf = list(found)
                    self._to_foundation(under, nf)
                    rest = rest[:-1]
                rest = turn_up(rest)
                for j in targets:
                    nc = list(cols)
                    nc[i] = rest
                    nc[j] = cols[j] + group
                    acts = [("tt", i, n - k, j), ("tf", i)] if home else [("tt", i, n - k, j)]
                    ranked.append((prio, acts, nc, list(nf), talon, p, left, None if home else (i,)))
                k -= 1

        # a foundation card back to a column: only when it could not safely go home again
        for s in range(4):
            slots = (found[s],) if self.decks == 1 else (found[2 * s], found[2 * s + 1])
            for slot, r in enumerate(slots):
                if r == 0 or (slot == 1 and slots[0] == r):
                    continue
                c = _CARD[s][r]
                if not landing >> c & 1 and not (empty >= 0 and (empty_any or r == KING)):
                    continue  # no column takes it
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
                    ranked.append((6, [("ft", c, j)], nc, nf, talon, p, left, (j,)))

        # Each child is finished (``_close``) knowing what its move changed: this position is
        # finished, so only the columns the move touched can offer a safe foundation move,
        # unless the foundations changed too.
        out = []
        draw = self.draw
        for prio, acts, nc, nf, t, q, nleft, first in ranked:
            t, q = self._close(nc, nf, t, q, acts, first)
            child = (tuple(nc), tuple(nf), t, q, nleft)
            out.append((prio, tuple(acts), child, position_key(child, draw)))
        return tuple(out)


def _priority(item: tuple[float, list[Action], State]) -> float:
    return item[0]
