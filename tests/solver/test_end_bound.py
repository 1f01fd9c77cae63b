"""Issue 31: the End searches (``opponent.lines`` for the player, ``escape.search`` for the bench's
strict check) prove quickly that no line lands before 0:00 where every line that gains a card
must first take many back from home (``stuck.short``), and the bound never cuts a line the
unbounded search finds within the same number of moves."""

from __future__ import annotations

import random

from solitaire.benches.opponent import gave_up
from solitaire.core.cards import DECK, RANK, SUIT
from solitaire.core.game import Game
from solitaire.core.rules import ruleset
from solitaire.solver.opponent import escape, lines
from solitaire.solver.player import PACE, END, Strength, decide_plan, moves_within, seen
from tests.positions import build

SPADES, HEARTS = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def far_from_a_gain():
    """Seed 777's End of deal 5159003636 (Easy, Medium; 48 s left): the Ace of diamonds lies
    under the 4 and the 2 in the waste, and the 2 can leave only onto a black 3 back from home,
    which needs a red 4 back from under the nine hearts above it: twenty cards back before one
    comes home, so no net gain fits in the 23 moves 48 s leave at 2 s a move (the tests give it
    30 s, 14 moves, to stay quick)."""
    return build("duel", tableau=["", "", "KC QD JC TD 9C 8D 7C 6D 5C", "", "", "",
                                  "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D"],
                 waste="AD 4D 2D", foundations=[SPADES, HEARTS, "", "AC 2C 3C"])


def test_DU4_both_searches_prove_that_no_gain_lands_before_0_00_without_listing_every_line():
    """Both ran past their caps here (the player's past 1.5 million positions), so the bench
    counted the End as "gave up" though nothing could come home in time."""
    game, within = far_from_a_gain(), moves_within(30.0, PACE[Strength.EASY])
    assert within == 14
    assert lines.search(game, True, 3_000, 52, within).found is False
    assert escape.search(game.clone(), True, 3_000, True, 52, within).found is False
    assert lines.search(game, True, 3_000, 52, None).found is None  # unbounded: past the cap


def test_DU4_the_player_ends_there_and_the_check_agrees():
    game = far_from_a_gain()
    for strength in (Strength.EASY, Strength.MEDIUM):  # the two whose End it was
        assert decide_plan(seen(game, 30.0), strength)[0] is END
    assert not gave_up(game, 30.0, PACE[Strength.EASY], from_home=True)


def endgame(seed: int, lowest: int = 6, places: int = 9) -> Game:
    """Every card face up, most of them home (each foundation up to a rank of at least
    ``lowest``): the rest left in the columns (any order) and the talon (the last ``places`` − 7
    of ``places`` a card is dealt to at random), so the unbounded search with cards back from
    home ends."""
    rng = random.Random(seed)
    game = Game(ruleset("duel"), 3, "standard")
    tops = [rng.randrange(lowest, 14) for _ in range(4)]
    for suit in range(4):
        game.foundations[suit] = [c for c in DECK if SUIT[c] == suit and RANK[c] <= tops[suit]]
    rest = [c for c in DECK if RANK[c] > tops[SUIT[c]]]
    rng.shuffle(rest)
    for c in rest:
        place = rng.randrange(places)
        if place < 7:
            game.tableau[place].append(c)
        else:
            game.stock.append(c)
    game.waste, game.stock = game.stock[:len(game.stock) // 2], game.stock[len(game.stock) // 2:]
    return game


BLOCKED = (176, 2081, 2209, 2440, 2813, 3093, 3465)
"""Seeds of ``endgame`` positions where no line leaves home alone: every way on takes 1 or 2
cards back (5 to 10 moves), or (2813) none exists."""


def test_the_bound_never_cuts_a_line_the_unbounded_search_finds_in_as_many_moves():
    """Lines within the bound are looked through fewest-moves-first (``short``): a shortest line
    is found, the same length as breadth first finds, or none when there is none."""
    backs = set()
    for seed in BLOCKED:
        game = endgame(seed)
        assert lines.search(game, True, 30_000, 0).found is False
        full = lines.search(game, True, 30_000, 52)
        assert full.found is not None
        backs.add(sum(move.src.kind == "f" for move in full.line))
        for within in ((full.moves - 1, full.moves, full.moves + 2) if full.found else (6,)):
            fits = bool(full.found) and full.moves <= within
            ours = lines.search(game, True, 30_000, 52, within)
            check = escape.search(game.clone(), True, 30_000, True, 52, within)
            assert (ours.found, ours.moves) == ((True, full.moves) if fits else (False, 0))
            assert (check.found, check.moves) == ((True, full.moves) if fits else (False, 0))
            if fits:  # a shortest line too (not always the same one): legal, and it gains a card
                for line in (ours.line, check.line):
                    board = game.clone()
                    for move in line:
                        assert board.check(move) is None
                        board.apply(move)
                    assert sum(map(len, board.foundations)) > sum(map(len, game.foundations))
    assert backs == {0, 1, 2}


def test_a_deep_line_through_cards_back_is_found_fewest_moves_first_within_a_cap_breadth_first_runs_past():
    """Seed 31337's deal 2240603416 (Medium, 81 moves left): a 26-move line through 11 cards back
    from home, past the player's 400,000 positions breadth first (End; the strict "gave up"),
    found in 20,589 fewest moves first. Here the same in small: 15 moves, 4 cards back."""
    game = endgame(1607)
    ours = lines.search(game, True, 2_000, 52, 60)
    check = escape.search(game.clone(), True, 2_000, True, 52, 60)
    assert (ours.found, ours.moves, check.found, check.moves) == (True, 15, True, 15)
    assert ours.positions < 2_000 and check.positions < 2_000
    assert lines.search(game, True, 30_000, 52, 60).positions < 2_000 < lines.search(game, True, 30_000, 52).positions
