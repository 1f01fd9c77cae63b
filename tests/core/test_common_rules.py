"""Rules common to every game (C-1 … C-10), checked on each game that has them."""

import pytest

from solitaire.core import FOUNDATION, TABLEAU, WASTE, Move, Pile, card_name, parse_card
from solitaire.core.cards import RANK, RED
from solitaire.core.predicates import alternate_colours_down as builds_on

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731 - columns numbered from 1 as in the notation
F = lambda i: Pile(FOUNDATION, i - 1)  # noqa: E731
W = Pile(WASTE)
ALL = ["klondike", "double", "thoughtful", "duel"]


def test_C1_ranks_run_ace_low_to_king_and_suit_colours():
    assert [RANK[parse_card(t)[0]] for t in "AS 2S TS JS QS KS".split()] == [1, 2, 10, 11, 12, 13]
    assert [RED[parse_card(t + "H")[0]] for t in "A"] == [True]
    assert [RED[parse_card("7" + s)[0]] for s in "SHDC"] == [False, True, True, False]
    assert card_name(parse_card("QD")[0]) == "queen of diamonds"


@pytest.mark.parametrize("game_id", ALL)
def test_C2_tableau_builds_down_in_alternating_colours(table, game_id):
    g = table(game_id, tableau=["8S", "8C", "7S", "8H", "7H", "6C"])
    assert g.check(Move(T(5), T(1))) is None  # 7♥ on 8♠
    assert g.check(Move(T(5), T(2))) is None  # 7♥ on 8♣
    same_colour = g.check(Move(T(6), T(3)))  # 6♣ on 7♠
    wrong_rank = g.check(Move(T(6), T(4)))  # 6♣ on 8♥
    assert same_colour.rule == "C-2" and wrong_rank.rule == "C-2"
    # Each says why: the colour, or the rank (issue 11: it used to say only what).
    assert str(same_colour) == ("C-2: a card goes on a card of the other colour, red on black or "
                                "black on red: a 6 of clubs cannot go on a 7 of spades")
    assert wrong_rank.text == "a card goes on a card exactly one rank higher: a 6 of clubs cannot go on an 8 of hearts"
    assert builds_on(parse_card("6C")[0], parse_card("7H")[0])


@pytest.mark.parametrize("game_id", ALL)
def test_C3_empty_column_takes_only_a_king(table, game_id):
    g = table(game_id, tableau=["", "qs 5h QD", "ks KH QC", "3c JC"], waste="KS")
    rule = "DU-6" if game_id == "duel" else "C-3"  # the Duel's page has its own rule
    refusal = g.check(Move(T(2), T(1)))
    assert refusal.rule == rule and "Queen".lower() in refusal.text
    assert g.check(Move(T(4), T(1))).rule == rule  # not even to uncover a hidden card
    assert g.check(Move(W, T(1))) is None
    assert g.check(Move(T(3), T(1), 2)) is None  # a King with its run


@pytest.mark.parametrize("game_id", ALL)
def test_C4_foundations_build_up_in_suit_one_card_at_a_time(table, game_id):
    g = table(game_id, tableau=["2H", "3S 2S", "3H 2C"], waste="AS", foundations=[])
    assert g.check(Move(T(1), F(1))).rule in ("C-4", "DS-3", "TF-3")  # a 2 cannot start a foundation
    g.apply(g.resolve(_req("w>f")))
    spade_pile = next(i for i, p in enumerate(g.foundations) if p)
    assert g.check(Move(T(2), Pile(FOUNDATION, spade_pile))) is None
    assert g.check(Move(T(3), Pile(FOUNDATION, spade_pile))).rule in ("C-4", "DS-3", "TF-3")  # 2♣ on A♠
    assert g.check(Move(T(2), Pile(FOUNDATION, spade_pile), 2)).rule == "C-4"


@pytest.mark.parametrize("game_id", ALL)
def test_C5_only_the_top_waste_card_plays(table, game_id):
    g = table(game_id, tableau=["9C", ""], waste="8H 2D")
    assert g.check(Move(W, T(1))).rule == "C-2"  # the 2♦ is on top; the 8♥ under it cannot play
    assert g.check(Move(W, T(1), 2)).rule == "C-5"


@pytest.mark.parametrize("game_id", ["klondike", "double", "duel"])
def test_C6_uncovered_face_down_card_turns_face_up(table, game_id):
    g = table(game_id, tableau=["9C", "as 5c 8H"])
    g.apply(Move(T(2), T(1)))
    assert g.hidden[1] == 1 and g.to_json()["tableau"][1] == ["as", "5C"]


@pytest.mark.parametrize("game_id", ALL)
def test_C7_foundation_top_card_may_return_to_a_column(table, game_id):
    g = table(game_id, tableau=["9C"], foundations=[])
    hearts = next(i for i in range(len(g.foundations)) if g.rules.foundation_suit(i) in (None, 1))
    g.foundations[hearts] = [parse_card(t)[0] for t in "AH 2H 3H 4H 5H 6H 7H 8H".split()]
    score = g.score
    g.apply(Move(Pile(FOUNDATION, hearts), T(1)))
    assert g.tableau[0][-1] == parse_card("8H")[0] and g.score == score
    assert g.check(Move(Pile(FOUNDATION, hearts), T(1), 2)).rule == "C-7"  # cards under it: no
    assert g.check(Move(Pile(FOUNDATION, hearts), F(2 if hearts == 0 else 1))).rule == "C-7"


@pytest.mark.parametrize("game_id", ALL)
def test_C8_nothing_moves_to_the_foundations_by_itself(table, game_id):
    g = table(game_id, tableau=["AS", "KD"], stock="2H", foundations=[])
    g.apply(g.resolve(_req("s")))
    assert all(not p for p in g.foundations)  # the Aces stay until the player moves them
    assert g.auto_complete_next() is None  # a card still hidden? no, the waste is not empty


def test_C8_only_klondike_and_duel_auto_complete(table):
    for game_id, expected in [("klondike", True), ("duel", True), ("double", False), ("thoughtful", False)]:
        g = table(game_id, tableau=["AS"], foundations=[])
        assert g.auto_complete_ready() is expected


@pytest.mark.parametrize("game_id", ALL)
def test_C9_undo_restores_score_and_keeps_move_counter(table, game_id):
    g = table(game_id, tableau=["9C", "as 8H"], waste="7C", foundations=[])
    g.apply(Move(T(2), T(1)))  # flips A♠: +5
    g.apply(Move(W, T(1)))  # waste to column: +5 (Vegas: 0)
    before_moves = g.moves
    assert g.score > 0
    g.undo()
    g.undo()
    assert g.score == 0 and g.moves == before_moves == 2
    assert g.to_json()["tableau"][1] == ["as", "8H"]
    assert not g.undo()


@pytest.mark.parametrize("game_id", ["klondike", "double", "thoughtful", "duel"])
def test_C10_standard_score_never_goes_below_zero(table, game_id):
    draw = 3
    g = table(game_id, waste="2C 3C 4C", draw=draw)
    g.score = 15
    g.recycles = 99  # past any free recycles
    g.apply(g.resolve(_req("s")))
    assert g.score == 0


def test_C10_vegas_has_no_floor(table):
    g = table("double", scoring="vegas")
    assert g.score == -104 and g.score_text == "-$104"


def _req(text):
    from solitaire.core import parse_request

    return parse_request(text)
