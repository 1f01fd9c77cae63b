"""Yukon's sideways moves: what a group moved onto the twin of the card it sits on opens, which
the settled position (``position.settle_twins``) cannot do from where the group was (issue 34).

``movegen`` leaves out a group's move onto the twin of the card it sits on (settling would move
it back) unless that card goes home; in Yukon, where any face-up card leads a group (YU-2), such a
move also opens moves no settled position has, and those are offered here, each as one move with
it. Without them the search called won positions lost (``tests/solver/test_yukon_sideways.py``:
YU1-D1N-ZUIRRFI, a deal of tuning seed 11). A hint's search, which leaves positions unsettled
(``Search(settle=False)``), leaves the move out alone too, so it is offered these as well.

Why the first follow-up (the twin of the group's lead onto the card left bare) cannot simply be
left out where the settled position has its mirror, and what it costs (issue 34; the fix about
doubled a lost deal's positions, nearly all of it from this follow-up: tuning deal QIXNIHU takes
55,330 positions with it, 38,212 without; the second follow-up costs almost nothing). Say the group
G (lead L) sits on X, X' tops another column, and L's twin L' leads H elsewhere (not under X'). The
settled position can move H onto X' (P1); the follow-up gives G on X' and H on X (P2). P1 plays
every line of P2 with the cards above X and above X' exchanged: each move of P2 has the same lead
in P1, and its target is a top there too (the top of one twin's pile stands for the other's, a bare
twin for the other, which takes the same cards). When L or L' first leads (home: its only places
are the two twins, both covered) one twin is bare in each, P1 moves its whole pile across, and the
two positions are the same. The one move P1 cannot copy puts a group that holds X into X''s column
(or X' into X's) while L and L' still lie on them: only lines doing that need P2 (without the
follow-up ZUIRRFI is called lost again). Proving that no such line exists was tried with
never_home's fixed point, L and L' waiting: that every card at or under X and X' never leads held
at 9 of 12,125 such moves in QIXNIHU's search. Keying the two piles' exchanges as one position
was built in full and not kept (issue 34, after 1.7.4): trying only the other arrangements' merging
moves left 0.5% of their children out (settling and the sideways moves differ between the two), so
each arrangement added every move touching a pair's column, a lost one's class-mates were each
proven, and a won line through another arrangement (not a real line) was searched for again. Hard
lost deals then took 35-40% fewer positions (QIXNIHU 33,467) at 1.5-2.5x the time a position:
0.81-1.39x the time of the search without it, in the same run, on the six such deals both decided.
"""

from __future__ import annotations

from typing import Callable

from .position import _BUILDS, _RANK, _SUIT, _TWIN, HIDDEN, State, turn_up


def sideways_moves(state: State, i: int, k: int, j: int, is_safe: Callable[[int, list[int]], bool]) -> list[tuple]:
    """Yukon (one deck; settled positions, or a hint's): the group from ``cols[i][k]`` sits on
    a card X whose twin X' tops column ``j``. Moving it onto X' alone is left out: settling moves it
    back (X has the lower number). But the position with the group on X' can do things the
    settled one cannot, so each is offered here as one move with it (as ``_expand``'s
    (priority, actions, columns, foundations, talon, waste size, recycles left, columns to
    check) before the move is finished):

    - the other card that goes on X (the twin of the group's lead) brings its group onto X,
      or comes back onto X from its foundation: in the settled position it could only go onto
      X', and the two positions (either group on either twin) are not won or lost alike;
    - a face-up card under X in column ``i`` (or X itself) leads its group onto the group's
      top card, now in column ``j``: in the settled position that card is in its own group.

    Nothing else differs: any other move of the unsettled position leaves X a top or takes
    it along without the group, and settling then gives the position the same move makes from
    the settled one (the group back on X), or the move itself is one the settled position
    has (X going home: the sideways move with that card going home, in ``_expand``). Found
    missing by ``tests/solver/test_yukon_sideways.py``: the search called a won position lost.
    """
    cols, found, talon, p, left = state
    col = cols[i]
    group = col[k:]
    low = col[:k]  # X on top
    top = group[-1]
    q = list(cols)
    q[i] = low
    q[j] = cols[j] + group
    first = ("tt", i, len(group), j)
    moves: list[tuple] = []
    # the twin of the group's lead onto X: its group, or the card back from its foundation
    t = _TWIN[group[0]]
    where = next(((m, c.find(t)) for m, c in enumerate(q) if c.find(t) >= 0), None)
    if where is not None:
        m, at = where
        if m != i:
            nc = list(q)
            nc[i] = low + q[m][at:]
            nc[m] = turn_up(q[m][:at])
            moves.append((5.5, [first, ("tt", m, len(q[m]) - at, i)], nc, list(found), talon, p, left, None))
    elif found[_SUIT[t]] == _RANK[t]:
        nf = list(found)
        nf[_SUIT[t]] -= 1
        if not is_safe(t, nf):
            nc = list(q)
            nc[i] = low + bytes((t,))
            moves.append((5.5, [first, ("ft", t, i)], nc, nf, talon, p, left, None))
    # a card under X (or X) onto the group's top card
    m = k - 1
    while m >= 0 and low[m] < HIDDEN:
        if _BUILDS[low[m] * 256 + top]:
            nc = list(q)
            nc[i] = turn_up(low[:m])
            nc[j] = q[j] + low[m:]
            moves.append((5.5, [first, ("tt", i, k - m, j)], nc, list(found), talon, p, left, None))
        m -= 1
    return moves
