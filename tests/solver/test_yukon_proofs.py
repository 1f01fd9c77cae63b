"""Yukon's loss proof (issue 34, ``HomeProof.never_home``): a card's going home is an event of its
own, needing the next lower card of its suit home, not merely led somewhere. Checked on a deal
the proof now calls lost before any move, and against a reference that tries every legal move,
which must catch a proof that forgets a way out.
"""

from __future__ import annotations

import random

from solitaire.core import Game, parse_card, parse_code, ruleset
from solitaire.core.cards import card
from solitaire.solver import home_columns, home_proof
from solitaire.solver.api import solve
from solitaire.solver.position import _OPPOSITE
from solitaire.solver.search import Search
from tests.solver.test_reference import Reference, random_position


def test_YU2_a_suit_whose_ace_can_never_come_home_is_lost_at_the_first_position():
    # Issue 34, tuning seed 11: the Ace of diamonds lies on the 4 and under the 3 of spades,
    # which leads only onto that 4 or the 4 of hearts (face down under the 2 of diamonds, which
    # needs its Ace home first). The Ace can lead onto a black 2, carrying the 3 of spades, so
    # "every lower card must have led" let it through and the search took 23,320 positions;
    # "the Ace must have gone home" does not
    game = Game.deal(parse_code("YU1-D1N-WYYGFBL"))
    assert Search(game).never_home(Search(game).start)
    result = solve(game, 60.0, node_limit=1_000)
    assert result.result == "lost" and result.nodes == 1


def _wrongly_lost(seed: int, count: int, left: tuple[int, int] = (24, 44)) -> tuple[int, int]:
    """Of ``count`` crowded random Yukon positions with ``left`` cards off the foundations: how
    many the proof calls lost, and how many of those the reference (every legal move, no proof)
    wins; stops at the first such win."""
    rng = random.Random(seed)
    proven = won = 0
    for _ in range(count):
        game = random_position(rng, "yukon", left=left, crowded=True)
        search = Search(game)
        if search.never_home(search.start):
            proven += 1
            if Reference(game).run(30.0, node_limit=2_000).result == "won":
                won += 1
                break
    return proven, won


def test_YU2_the_proof_calls_lost_only_positions_the_reference_does_not_win():
    proven, won = _wrongly_lost(2, 150)
    assert proven >= 5 and won == 0, (proven, won)


def test_YU2_a_proof_that_forgets_one_of_the_two_cards_a_card_goes_on_is_caught(monkeypatch):
    # the same check, with each card taking only the first of its two places (C-2): the
    # reference wins a position this wrong proof calls lost (``_TAKERS``: the suits each suit's
    # cards go on, ``_ACCEPTS``: the cards a card home may come back onto)
    first = [sum(1 << 14 * s for s in range(4) if _OPPOSITE[s][0] == a) for a in range(4)]
    monkeypatch.setattr(home_proof, "_TAKERS", tuple(first))
    monkeypatch.setattr(home_proof, "_ACCEPTS", [places[:1] for places in home_proof._ACCEPTS])
    monkeypatch.setattr(home_columns, "_ACCEPTS", home_proof._ACCEPTS)  # (a column's twins' places)
    proven, won = _wrongly_lost(2, 150)
    assert won == 1, (proven, won)


def _position(found: tuple[int, int, int, int], *columns: str) -> Game:
    """A Yukon position: each suit home up to a rank (spades, hearts, diamonds, clubs), and the
    columns bottom to top, a face-down card in brackets (face-down cards lie under face-up)."""
    game = Game(ruleset("yukon"), 1, "standard")
    for index, text in enumerate(columns):
        words = text.split()
        game.tableau[index] = [parse_card(word.strip("()"))[0] for word in words]
        game.hidden[index] = sum(word.startswith("(") for word in words)
    for suit, rank in enumerate(found):
        game.foundations[suit] = [card(r, suit) for r in range(1, rank + 1)]
    game.stock, game.waste = [], []
    return game


def test_C7_a_card_home_is_a_place_to_land_only_once_it_can_come_back():
    # Issue 34: the 6 of hearts is face down under the 8, whose places (the black 9s) are both
    # home under the 10 to King of their suits. A King comes back into an empty column, but a
    # black Queen then needs a red King uncovered: the King of hearts lies under the 6 itself,
    # the King of diamonds under the 7 of hearts, which needs a black 8 back, under the 9s. The
    # proof took a card home for a place always free (C-7) and let the 8 lead
    game = _position((13, 5, 11, 13), "", "", "(KH) (6H) 8H", "(JH) 9H QH", "(QD) KD 7H", "", "TH")
    search = Search(game)
    assert search.never_home(search.start)
    assert Reference(game).run(30.0, node_limit=2_000).result == "lost"


def _comebacks_wrongly_lost(seed: int, count: int) -> tuple[int, int]:
    """``_wrongly_lost`` on late positions, 8 to 20 cards left, where the cards home are most of
    the places to land."""
    return _wrongly_lost(seed, count, left=(8, 20))


def test_C7_the_proof_with_cards_coming_back_calls_lost_only_what_the_reference_does_not_win():
    proven, won = _comebacks_wrongly_lost(5, 1_200)
    assert proven >= 5 and won == 0, (proven, won)


def test_C7_a_proof_where_a_card_home_comes_back_only_if_it_can_at_once_is_caught(monkeypatch):
    # the same check, with every card home that cannot come back now taken to never come back
    real = home_proof._comebacks

    def never(found, on, bottoms, empty_now, ways_of):
        stuck = real(found, on, bottoms, empty_now, ways_of)
        ways_of[:] = [(c, [way | home_proof._BIT[c] for way in ways]) for c, ways in ways_of]
        return stuck

    monkeypatch.setattr(home_proof, "_comebacks", never)
    proven, won = _comebacks_wrongly_lost(5, 1_200)
    assert won == 1, (proven, won)
