"""Hints see only what the player sees, and say when nothing useful is left."""

from solitaire.core import Game, parse_code
from solitaire.core.moves import DRAW
from solitaire.solver.api import hint


def test_hint_ignores_face_down_cards(table):
    a = table("klondike", tableau=["2c 9d 7H", "8S", "kh 3d QS", "", "", "", ""], stock="4c 5c", draw=1)
    b = table("klondike", tableau=["3d 4c 7H", "8S", "5c 9d QS", "", "", "", ""], stock="kh 2c", draw=1)
    assert hint(a) == hint(b)
    assert str(hint(a)) == "t1>t2"


def test_hint_on_a_fresh_deal_is_legal():
    for code in ("KL1-D1N-AAAAAAB", "DS1-D3N-AAAAAAB", "DU2-D3N-AAAAAAC", "TF1-D1N-AAAAAAD"):
        game = Game.deal(parse_code(code))
        move = hint(game)
        assert move is not None and game.check(move) is None


def test_hint_is_none_when_no_useful_move_is_left(table):
    game = table("klondike", tableau=["4S", "4H", "", "", "", "", ""], waste="9C 9D", draw=1)
    game.recycles = 1  # every talon card has been seen, and none fits anywhere
    assert DRAW in game.legal_moves()
    assert hint(game) is None


def test_hint_never_shuttles_a_group_sideways(table):
    game = table("thoughtful", tableau=["9S 8H", "9C", "", "", "", "", ""])
    assert hint(game) is None


def test_a_hint_from_a_winning_line_is_never_a_move_onto_the_lower_twin(table):
    # The search settles groups onto the lower twin (8H from the 9C to the 9S here); that
    # shuffle is part of its lines but not a move worth a hint: the hint is the stock, where the
    # 7H waits to go home before the 8H.
    from solitaire.core.moves import TABLEAU
    found = ["AS 2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H 6H",
             " ".join(f"{r}D" for r in "A23456789TJQK"), "AC 2C 3C 4C 5C 6C 7C 8C"]
    game = table("thoughtful", tableau=["9C 8H", "9S", "", "", "", "", ""], foundations=found,
                 stock="TS JS QS KS TC JC QC KC 9H TH JH QH KH 7H", draw=1)
    move = hint(game)
    assert move is not None and not (move.src.kind == TABLEAU and move.dst.kind == TABLEAU), move


def test_the_search_reads_its_clock_every_sixteen_positions():
    """A hint's search stops within about a millisecond of its budget (issue 33 item 10): it
    asks whether to stop every 16 positions, not every 256 (up to ~15 ms past an 80 ms budget)."""
    from solitaire.core import Game, parse_code
    from solitaire.solver.search import CLOCK_MASK, Search

    asked = []
    outcome = Search(Game.deal(parse_code("TF1-D3N-AAAAAJD"))).run(600.0, node_limit=320,
                                                                   should_stop=lambda: asked.append(1) and False)
    assert CLOCK_MASK == 15
    assert outcome.nodes == 320 and len(asked) >= 320 // 16 - 1


def test_a_fresh_freecell_deal_always_has_a_hint():
    """A fresh FreeCell deal has a winning line, so "no useful move" is never the first hint. The short
    search does not decide FC1-D1N-AAAAAAE (9,349 positions) and no move looks useful in sight:
    the search goes on, by a count of positions, before the hint says none is left."""
    game = Game.deal(parse_code("FC1-D1N-AAAAAAE"))
    move = hint(game)
    assert move is not None and game.check(move) is None
