"""Two shortcuts of the search's inner loop (issue 17) must change nothing it finds:

- a child is finished (``_close``) looking first only at the columns its move touched, since
  the position it comes from is finished; the children must be those a full finish gives;
- a position's key is one ``bytes`` (``position_key``); two positions have one key exactly when
  the tuple key the search used before gives them one.
"""

from __future__ import annotations

import random

from solitaire.core import Game, parse_code
from solitaire.solver import movegen
from solitaire.solver.position import position_key
from solitaire.solver.search import Search

DEALS = ("TF1-D3N-AAAAAJD", "KL1-D1N-AAAAAAC", "KL1-D3N-AAAAAAE", "DS1-D3N-AAAAAAB", "DS1-D1N-AAAAAAD",
         "TF1-D1N-AAAAAAF")


def _positions(code: str, walks: int = 6, steps: int = 25) -> list:
    """Positions met on a few random walks through the search's own children."""
    search = Search(Game.deal(parse_code(code)))
    rng = random.Random(code)
    root = search.children(search.start)[0][1] if search.children(search.start) else search.start
    out = []
    for _ in range(walks):
        state = root
        for _ in range(steps):
            kids = search.children(state)
            if not kids:
                break
            state = rng.choice(kids)[1]
            out.append(state)
    return out


def _finished(children) -> list:
    """What must agree: each child, its key, its priority and move; the safe moves that follow
    may come in another order (any order of them plays the same cards home)."""
    return [(prio, acts[0], sorted(acts[1:]), child, key) for prio, acts, child, key in children]


def test_children_finished_from_the_touched_columns_are_those_of_a_full_finish(monkeypatch):
    for code in DEALS:
        positions = _positions(code)
        quick = Search(Game.deal(parse_code(code)))
        full = Search(Game.deal(parse_code(code)))
        full_close = movegen.MoveGeneration._close

        def close_everything(self, cols, found, talon, p, acts, first=None):
            return full_close(self, cols, found, talon, p, acts, None)

        expected = []
        with monkeypatch.context() as patch:
            patch.setattr(movegen.MoveGeneration, "_close", close_everything)
            for state in positions:
                expected.append(_finished(full._expand(state)))
        got = [_finished(quick._expand(state)) for state in positions]
        assert got == expected, code
        assert positions, code


def _tuple_key(search: Search, state) -> tuple:
    cols, found, talon, p, left = state
    if left < 0 and (p == len(talon) or p % search.draw == 0):
        p = -1
    return (tuple(sorted(cols)), found, talon, p, left)


def test_the_bytes_key_tells_positions_apart_as_the_tuple_key_does():
    for code in DEALS:
        search = Search(Game.deal(parse_code(code)))
        positions = _positions(code, walks=10, steps=30)
        by_tuple: dict = {}
        by_bytes: dict = {}
        for state in positions:
            by_tuple.setdefault(_tuple_key(search, state), set()).add(position_key(state, search.draw))
            by_bytes.setdefault(position_key(state, search.draw), set()).add(_tuple_key(search, state))
        assert all(len(keys) == 1 for keys in by_tuple.values()), code
        assert all(len(keys) == 1 for keys in by_bytes.values()), code


def test_the_bytes_key_keeps_an_empty_column_and_the_talon_apart():
    # The same cards split differently between the last column and the talon, or an empty column
    # in another place: the column ends (0xFF) keep every reading apart.
    found = (0, 0, 0, 0)
    a = ((b"\x01", b"", b"\x02\x03"), found, b"\x04", 1, -1)
    b = ((b"\x01", b"\x02", b"\x03"), found, b"\x04", 1, -1)
    c = ((b"\x01", b"", b"\x02"), found, b"\x03\x04", 1, -1)
    keys = {position_key(s, 3) for s in (a, b, c)}
    assert len(keys) == 3
    # unlimited passes: the waste sizes on the recycle cycle are one position
    assert position_key((a[0], found, b"\x04\x05\x06\x07", 0, -1), 3) == position_key((a[0], found, b"\x04\x05\x06\x07", 3, -1), 3)
    assert position_key((a[0], found, b"\x04\x05\x06\x07", 2, -1), 3) != position_key((a[0], found, b"\x04\x05\x06\x07", 3, -1), 3)
