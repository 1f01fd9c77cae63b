"""Yukon's settled positions against the moves only the unsettled one has (issue 34).

The search settles a group onto the lower-numbered of the two cards it may sit on (twins) and so
never tries moving it onto the other one alone. But with the group on the other twin the
position can do what the settled one cannot: the twin of the group's lead can bring its group
onto the card left bare (the two groups then sit on the twins the other way round, which is not
the same position won or lost alike), and a card under that card can lead its group onto the
group's top card, which in the settled position lies in its own group. ``sideways.sideways_moves``
offers those moves as one move with the sideways one. Here: a position of a won deal's winning
line with the two groups on 6♣ and 6♠ exchanged, which the search called lost in 2 positions
(every move but one is a sideways one) and the reference that tries every legal move wins.
"""

from __future__ import annotations

from solitaire.core import Game, parse_code
from solitaire.solver import movegen
from solitaire.solver.search import Search

from tests.solver.test_reference import Reference

# YU1-D1N-GIKVIQS 26 moves into its winning line, with the groups 5♦ 4♣ 3♥ 2♣ (on 6♣) and
# 5♥ 4♠ 3♦ (on 6♠) exchanged: columns bottom to top, a face-down card + 64; no card home.
EXCHANGED = ((b'\x15.', b',\x11\x03\x1c',
              b'P\x0c%1#\x08\x14\n2\x17 /\x0b$0\x19\r&"\x07\x13\x05\x1e*\x0f(',
              b'FV\x1f+', b"Asm['\x12\x04\x1d\x02\x0e", b'I!', b'@ZX)'), (0, 0, 0, 0), b'', 0, 0)


def _search(cls, start, limit, **options):
    search = cls(Game.deal(parse_code("YU1-D1N-GIKVIQS")), **options)
    search.start = start
    search.bold = False
    return search.run(3600, node_limit=limit)


def _replays(start, actions):
    """Play a line of search actions on the stored position by hand: every move legal (a group
    onto a card one rank higher of the other colour or a King's into an empty column, a card
    home onto the next lower card of its suit, or back), and every card home at the end.
    """
    from solitaire.solver.position import _BUILDS, _RANK, _SUIT, HIDDEN
    cols, found = [bytearray(c) for c in start[0]], list(start[1])

    def turn(i):
        if cols[i] and cols[i][-1] >= HIDDEN:
            cols[i][-1] -= HIDDEN

    for act in actions:
        if act[0] == "tt":
            _, i, n, j = act
            lead = cols[i][-n]
            assert lead < HIDDEN, act
            assert _BUILDS[lead * 256 + cols[j][-1]] if cols[j] else _RANK[lead] == 13, act
            cols[j] += cols[i][-n:]
            del cols[i][-n:]
            turn(i)
        elif act[0] == "tf":
            c = cols[act[1]][-1]
            assert c < HIDDEN and found[_SUIT[c]] == _RANK[c] - 1, act
            found[_SUIT[c]] += 1
            cols[act[1]].pop()
            turn(act[1])
        else:
            _, c, j = act
            assert found[_SUIT[c]] == _RANK[c] and _BUILDS[c * 256 + cols[j][-1]], act
            found[_SUIT[c]] -= 1
            cols[j].append(c)
    return sum(found) == 52


def test_YU1_a_position_only_a_sideways_move_opens_is_won_by_the_search():
    reference = _search(Reference, EXCHANGED, 200_000)
    assert reference.result == "won" and _replays(EXCHANGED, reference.actions)
    outcome = _search(Search, EXCHANGED, 200_000)
    assert outcome.result == "won"
    assert _replays(EXCHANGED, outcome.actions)


def test_YU1_without_the_moves_a_sideways_move_opens_the_search_calls_it_lost(monkeypatch):
    """The control: with ``sideways_moves`` offering nothing the search is wrong again, as it was."""
    monkeypatch.setattr(movegen, "sideways_moves", lambda *args: [])
    assert _search(Search, EXCHANGED, 200_000).result == "lost"


def test_YU1_the_hints_search_that_leaves_positions_unsettled_wins_it_too():
    """A hint searches with ``settle=False`` (every move of its line one a player makes); it
    left the sideways moves' follow-ups out and called this position lost in 2 positions (so
    a hint could miss a win there once every card is face up). Its line replays."""
    outcome = _search(Search, EXCHANGED, 200_000, settle=False)
    assert outcome.result == "won"
    assert _replays(EXCHANGED, outcome.actions)


def test_YU1_a_deal_the_search_called_lost_is_won():
    """YU1-D1N-ZUIRRFI (tuning seed 11) was called lost in 168 positions; a sideways move's
    follow-up wins it (274 positions), the line replayed through the core by ``solve``."""
    from solitaire.solver.api import solve
    assert solve(Game.deal(parse_code("YU1-D1N-ZUIRRFI")), 60.0).result == "won"
