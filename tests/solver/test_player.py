"""Issue 14's computer player: it sees only what a player sees (the no-peek test), Easy's
priorities, End when nothing useful is left (DU-4) or the clock is nearly out."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from solitaire.core import DRAW, Game, Move, Pile, parse_code
from solitaire.core.moves import FOUNDATION, TABLEAU, WASTE
from solitaire.solver.opponent.escape import search
from solitaire.solver.opponent.priorities import clicks_to_play
from solitaire.solver.opponent.view import determinise
from solitaire.solver.player import END, PACE, Seen, Strength, decide, seen
from tests.positions import build


def played(code: str, moves: int, seed: int = 1) -> Game:
    """A mid-game position: ``moves`` moves of Easy with a few random ones mixed in."""
    game = Game.deal(parse_code(code))
    rng = random.Random(seed)
    for _ in range(moves):
        decision = decide(seen(game), Strength.EASY) if rng.random() < 0.8 else rng.choice(game.legal_moves())
        if decision is END:
            break
        game.apply(decision)
    return game


def shuffle_hidden(game: Game, rng: random.Random) -> Game:
    """The same position as a player sees it, with its face-down cards and unseen stock dealt anew."""
    view = seen(game)
    order = list(view.unknown)
    rng.shuffle(order)
    other = determinise(view, order)
    other.code = game.code
    return other


POSITIONS = [("DU2-D3N-AAAAAAB", 0), ("DU2-D3N-AAAAAAC", 12), ("DU2-D3N-AAAAABF", 30),
             ("KL1-D3N-AAAAACA", 20), ("KL1-D1N-AAAAADD", 45), ("DS1-D1N-AAAAAAF", 25)]


@pytest.mark.parametrize("strength", list(Strength))
@pytest.mark.parametrize("code, moves", POSITIONS)
def test_the_player_cannot_peek_changing_hidden_cards_never_changes_its_decision(strength, code, moves):
    game = played(code, moves)
    rng = random.Random(moves)
    decision = decide(seen(game, 150.0), strength, seed=7)
    for _ in range(3):
        other = shuffle_hidden(game, rng)
        assert other.all_cards() != game.all_cards() or not seen(game).unknown
        assert seen(other, 150.0) == seen(game, 150.0)
        assert decide(seen(other, 150.0), strength, seed=7) == decision


def test_the_view_masks_face_down_cards_and_the_unseen_stock_and_drops_the_code():
    game = Game.deal(parse_code("DU2-D3N-AAAAAAB"))
    view = seen(game)
    assert view.game.code is None
    assert len(view.unknown) == 21 + 24 and not view.stock_known
    assert view.unknown == tuple(sorted(game.stock + [c for col, n in enumerate(game.hidden)
                                                      for c in game.tableau[col][:n]]))
    assert [col[-1] for col in view.game.tableau] == [col[-1] for col in game.tableau]


def test_the_stock_is_known_once_it_has_been_recycled():
    game = Game.deal(parse_code("DU2-D3N-AAAAAAB"))
    for _ in range(7):
        game.apply(DRAW)  # 24 cards, three at a time
    assert not seen(game).stock_known
    game.apply(DRAW)
    assert not game.stock and seen(game).stock_known  # nothing left to hide
    game.apply(DRAW)  # DU-2: the recycle turns the waste back and deals
    view = seen(game)
    assert view.stock_known and view.game.stock == game.stock and len(view.unknown) == 21


def test_a_view_crosses_to_the_worker_as_plain_data():
    view = seen(played("DU2-D3N-AAAAAAC", 12), 99.5)
    assert Seen.from_json(view.to_json()) == view


def test_easy_sends_a_safe_card_home_first():
    game = build("duel", tableau=["ks QH", "9c AS", "5d 6C"], stock="2d", waste="TH")
    assert decide(seen(game), Strength.EASY) == Move(Pile(TABLEAU, 1), Pile(FOUNDATION, 0), 1)


def test_easy_turns_the_deepest_face_down_card_it_can():
    game = build("duel", tableau=["2c 8d 7H", "9c 6S", "3s 4c 5h 8S"], stock="2d")
    assert decide(seen(game), Strength.EASY) == Move(Pile(TABLEAU, 0), Pile(TABLEAU, 2), 1)


def test_easy_plays_the_waste_before_clicking_the_stock():
    game = build("duel", tableau=["ks 9H"], stock="2d 3d", waste="8C")
    assert decide(seen(game), Strength.EASY) == Move(Pile(WASTE), Pile(TABLEAU, 0), 1)


def test_the_talon_is_judged_exactly_once_its_order_is_known():
    # Draw 3, the stock known: 4C (playable on 5H) tops the second group of three after the
    # recycle; in the middle of a group of three it never surfaces, and End is pressed.
    game = build("duel", tableau=["ks 5H"], stock="", waste="JS QD 3s 2d 9d 4C", draw=3)
    game.recycles = 1
    assert clicks_to_play(game, stock_known=True) == 2
    stuck = build("duel", tableau=["ks 5H"], stock="", waste="2d 4C 9d", draw=3)
    stuck.recycles = 1
    assert clicks_to_play(stuck, stock_known=True) is None
    assert decide(seen(stuck), Strength.EASY) is END


def test_nothing_useful_left_means_end():
    game = build("duel", tableau=["ks QH", "8s 9D"], stock="", waste="")
    assert decide(seen(game, 120.0), Strength.EASY) is END
    assert decide(seen(game), Strength.EASY) is END  # no clock: "no useful move"


@pytest.mark.parametrize("code", ["DU2-D3N-AAAAAAB", "DU2-D3N-AAAAAAD", "KL1-D1N-AAAAAAH"])
def test_easy_plays_a_deal_to_its_end_without_going_round_in_circles(code):
    game = Game.deal(parse_code(code))
    for _ in range(1000):
        decision = decide(seen(game), Strength.EASY)
        if decision is END:
            break
        game.apply(decision)
    assert decision is END
    assert game.won or not [m for m in game.legal_moves() if m.dst.kind == FOUNDATION and m.src.kind != WASTE]


@pytest.mark.parametrize("strength", list(Strength))
def test_the_same_position_and_seed_give_the_same_decision(strength):
    view = seen(played("DU2-D3N-AAAAAAG", 15), 180.0)
    assert decide(view, strength, seed=4) == decide(Seen.from_json(view.to_json()), strength, seed=4)


@pytest.mark.parametrize("strength", list(Strength))
def test_DU4_it_plays_on_while_the_next_card_comes_before_0_00_whatever_the_bonus_ending_banks(strength):
    """27 cards home, the next that fit two clicks away, six moves a card so far. With 18 s left
    every strength used to End (the next card at that pace came too late to pay for the bonus
    ending banked: issue 22's rule); issue 31: End only when the time left cannot change the
    result, so it plays on, and ends only when the two clicks and the card cannot land before 0:00
    (a move due at 0:00 exactly comes too late: the race is over then)."""
    found = ["AS 2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C 7C 8C"]
    game = build("duel", tableau=["KS QH JS TH", "KC QD JC TD", "KH QS", "KD QC", "JH TS", "JD TC 9D"],
                 foundations=found, stock="6H 7D 9H 8H 8D 7H", draw=3)
    game.recycles = 1  # the stock's order is known: 8H tops the first click, 6H the second
    game.moves = 27 * 6
    assert decide(seen(game, 18.0), strength) == DRAW
    assert decide(seen(game, 200.0), strength) == DRAW
    assert search(game, True).moves == 3  # two clicks, then the card home
    assert decide(seen(game, 3 * PACE[strength] + 0.1), strength) == DRAW
    assert decide(seen(game, 3 * PACE[strength]), strength) is END  # the card would land at 0:00: too late


def test_hard_with_no_clock_wins_a_deal_that_easy_loses():
    code = parse_code("KL1-D3N-AAAAAAO")
    results = {}
    for strength in (Strength.EASY, Strength.HARD):
        game = Game.deal(code)
        for _ in range(600):
            decision = decide(seen(game), strength)
            if decision is END:
                break
            game.apply(decision)
        results[strength] = game.won
    assert results == {Strength.EASY: False, Strength.HARD: True}


@pytest.mark.parametrize("code, moves", [("KL1-D3N-AAAAACA", 20), ("DS1-D1N-AAAAAAF", 25), ("KL1-D1N-AAAAADD", 45)])
def test_the_hint_is_the_no_peek_players_move(code, moves):
    """Issue 14: Klondike's and Double Solitaire's Hint is the computer player's, blind to hidden cards."""
    from solitaire.solver.api import hint
    from solitaire.solver.player import hint_move

    game = played(code, moves)
    move = hint(game)
    assert move == hint_move(seen(game)) and (move is None or game.check(move) is None)
    assert hint(shuffle_hidden(game, random.Random(3))) == move


def test_medium_never_clicks_round_the_talon_for_ever():
    """Its look-ahead once preferred another pass of the talon to putting the King it was
    waiting for into the empty column, pass after pass (DU2-D3N-AAAAAAF, 130 clicks to 0:00)."""
    game = Game.deal(parse_code("DU2-D3N-AAAAAAF"))
    for _ in range(1000):
        decision = decide(seen(game), Strength.MEDIUM)
        if decision is END:
            break
        game.apply(decision)
    assert decision is END and game.recycles < 10


@pytest.mark.parametrize("code", ["DU2-D3N-AAAAAAC", "DU2-D3N-OAJBPDG"])
def test_hard_turns_the_whole_stock_over_before_it_plays_a_card_of_it(code):
    """Issue 31: without a clock Hard opens as a careful person does in draw 3: one pass through
    the stock shows every talon card, so from then on only the face-down column cards are unknown
    to it (on a race clock it plays Medium's opening: ``test_hard_anchored``)."""
    game = Game.deal(parse_code(code))
    decisions = []
    while not seen(game).stock_known:
        decision = decide(seen(game), Strength.HARD)
        decisions.append(decision)
        game.apply(decision)
    assert decisions == [DRAW] * 8 and not game.stock and len(game.waste) == 24
    assert seen(game).stock_known


def test_hard_opens_with_the_pass_only_where_it_costs_nothing():
    from solitaire.solver.player import _opening_pass

    draw3 = Game.deal(parse_code("DU2-D3N-OAJBPDG"))
    assert _opening_pass(seen(draw3))
    draw1 = build("klondike", tableau=["ks QH"], stock="8D 9D TD", draw=1)
    assert not _opening_pass(seen(draw1))  # draw 1: every card comes up in turn anyway
    no_pass_left = build("duel", tableau=["ks QH"], stock="8D 9D TD")
    no_pass_left.scoring = replace(no_pass_left.scoring, max_recycles=0)
    assert not _opening_pass(seen(no_pass_left))  # a pass with no recycle after it buries the waste
