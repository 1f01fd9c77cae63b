"""When Yukon's search need not ask its loss proof (``HomeProof.never_home``) again: after a move
that only loosens what the proof reads, from a position the proof did not call lost (issue 34).

The proof was most of the time a Yukon search spends (60-77% of it on the hardest deals of the
tuning seeds; less since it is worked out on bit masks, ``home_proof``), and it is asked at every
position the search expands. A position reached by such
a move is almost never called lost where the position it came from, which was expanded, was not:
never by the proof as it stood when this was written; since the proof learnt that a card home is a
place to land only once it can come back (C-7), a card sent home can take a landing place away,
and 8 of 9,651 such children of random positions were proven lost. Leaving the question out is
sound either way (a proof not asked calls nothing lost); it only gives up those rare early cuts,
for 6-12% less time on the hardest deals.
"""

from __future__ import annotations

from .position import _BUILDS, Action, State


def loosens(parent: State, acts: tuple[Action, ...]) -> bool:
    """Whether a move from ``parent`` (its actions, safe plays and settling included) only loosens
    what ``never_home`` reads, so that the position it leads to is (almost: the module) never proven
    lost where ``parent`` was not: cards going home (a card home waits on nothing, and the card it lay on is
    left with nothing on it); a card back from a foundation onto a column top (it can go home
    again at once, so nothing that waits on it is held up); a group moved onto the twin of the
    card it sat on together with that card going home (the group can go back onto that card, now
    home, at once). Any other column move, settling twins included, puts a group on a card and
    may hold that card up: the proof is asked after it.
    """
    first = acts[0]
    rest = acts[1:]
    if first[0] == "tt":
        col, n = parent[0][first[1]], first[2]
        if (not rest or rest[0] != ("tf", first[1]) or len(col) <= n
                or not _BUILDS[col[-n] * 256 + col[-n - 1]]):
            return False
        rest = rest[1:]
    elif first[0] not in ("tf", "ft"):
        return False
    return all(act[0] == "tf" for act in rest)
