"""Issue 31: the computer presses End only at a dead end of what it can know (DU-4), or when the
next card home or turned cannot come before 0:00; the search that says so, and the after-the-fact
check of ``bench --opponent`` ("gave up"), both ways."""

from __future__ import annotations

from solitaire.benches.opponent import gave_up, race
from solitaire.core import DRAW, Move, Pile, parse_code
from solitaire.core.duel import Race
from solitaire.core.moves import TABLEAU
from solitaire.solver.opponent.escape import search
from solitaire.solver.opponent.harvest import harvest
from solitaire.solver.opponent.lines import way_out
from solitaire.solver.player import END, PACE, Strength, decide, decide_plan, seen
from tests.positions import build

# Draw 3, the stock known (recycled once): the Ace of clubs never tops the waste while the talon
# keeps its 14 cards; the Jack of spades onto the Queen of hearts (then the Ten of diamonds onto
# it) shifts the groups of three, and a later pass brings the Ace up: 16 moves.
DEEP = dict(tableau=["ks QH"], stock="", waste="2D 3D 4D 5D 6D 7D 8D 9D TD AC 4S JS 5S 6S", draw=3)


def deep():
    game = build("duel", **DEEP)
    game.recycles = 1
    return game


def test_DU4_a_way_out_more_than_eight_moves_deep_is_found_and_followed_home():
    """The search before End once looked 8 moves deep: cycling a talon takes more."""
    game = deep()
    first = way_out(seen(game))
    assert first.found and first.moves == 16
    for _ in range(first.moves):
        way = way_out(seen(game))
        game.apply(way.move)
    assert sum(map(len, game.foundations)) == 1


def test_DU4_a_dead_end_is_every_line_tried():
    game = build("duel", tableau=["ks QH", "8s 9D"], stock="", waste="")
    assert search(game, True).found is False
    assert decide(seen(game, 200.0), Strength.HARD) is END


def test_a_stock_not_yet_seen_is_a_way_out_in_itself():
    game = build("duel", tableau=["ks QH"], stock="8D 9D TD")
    way = way_out(seen(game))
    assert way.found and way.move == DRAW and way.moves == 1


def test_gave_up_is_true_where_a_line_is_left_and_false_at_a_dead_end():
    assert gave_up(deep(), 200.0, PACE[Strength.EASY])
    assert gave_up(deep(), None, PACE[Strength.EASY])
    assert not gave_up(build("duel", tableau=["ks QH", "8s 9D"]), 200.0, PACE[Strength.EASY])


def test_gave_up_is_false_when_the_line_cannot_end_before_0_00():
    moves = search(deep(), True).moves
    assert not gave_up(deep(), moves * PACE[Strength.EASY] - 0.1, PACE[Strength.EASY])
    assert gave_up(deep(), moves * PACE[Strength.EASY] + 0.1, PACE[Strength.EASY])


def test_a_line_whose_last_move_is_due_at_0_00_exactly_gives_nothing_up():
    """Issue 31: the strict check counted an End as gave up when the line's last move fell due at
    0:00 exactly (``<=``); the race is over then and the move never lands (``Race.over``), so the
    time left could not change the result: End was right, and the player now presses it."""
    contest = Race(parse_code("DU2-D3N-AAAAAAG"))
    contest.tick(contest.limit - PACE[Strength.EASY])
    assert contest.playing(0)
    contest.tick(PACE[Strength.EASY])  # the next decision's moment: 0:00
    assert contest.over and not contest.playing(0)
    moves = search(deep(), True).moves
    pace = PACE[Strength.EASY]  # 2.0: whole seconds, so the moment is exact
    assert not gave_up(deep(), moves * pace, pace)
    assert stops(deep(), moves * pace, Strength.EASY)
    assert decide(seen(deep(), moves * pace + 0.01), Strength.EASY) != END


def test_DU4_every_strength_ends_only_when_the_next_card_cannot_come_before_0_00():
    moves = search(deep(), True).moves
    for strength in Strength:
        pace = PACE[strength]
        assert decide(seen(deep(), moves * pace + 0.05), strength) != END
        assert stops(deep(), moves * pace - 0.05, strength)


def stops(game, seconds: float, strength: Strength) -> bool:
    """The player gives up on the next card home: End, or first the points left before 0:00
    (``harvest``: the Jack of spades onto the Queen of hearts, the Ten of diamonds onto it, +10), a
    line that sends none home."""
    decision, points = decide(seen(game, seconds), strength), harvest(seen(game, seconds), PACE[strength])
    if not points:
        return decision is END
    for move in points:
        game.apply(move)
    return decision == points[0] and sum(map(len, game.foundations)) == 0 and game.score == 10


def test_easy_plays_the_deals_it_ended_with_cards_still_to_go_home_to_52():
    """Issue 31: on DU2-D3N-OAJBPDG Easy pressed End at 42 home with 0:48 left, on
    DU2-D3N-AAAAAAG at 41, every card face up (the next card home alone was weighed against the
    bonus ending banked). Now it plays on, and clears both."""
    for code in ("DU2-D3N-OAJBPDG", "DU2-D3N-AAAAAAG"):
        easy = race(parse_code(code), [Strength.EASY])[0]
        assert (easy.won, easy.home, easy.gave_up) == (True, 52, False)


def test_the_wider_check_counts_a_line_through_a_card_taken_back_from_home():
    """The 5 of hearts comes back from home onto the 6 of spades, the 4 of spades onto it, and
    the Queen under it turns: only the wider check sees it."""
    game = build("duel", tableau=["ks 6S", "qs 4S"], foundations=["AH 2H 3H 4H 5H"])
    assert search(game.clone(), True).found is False and not gave_up(game, 200.0, 0.8)
    assert gave_up(game, 200.0, 0.8, from_home=True)


def from_home_position():
    return build("duel", tableau=["ks 6S", "qs 4S"], foundations=["AH 2H 3H 4H 5H"])


def played_to_end(game, strength: Strength) -> list[str]:
    """The moves the computer plays on ``game``, keeping its plan, until it presses End."""
    plan: tuple = ()
    played = []
    while True:
        decision, plan = decide_plan(seen(game, 200.0), strength, 0, plan)
        if decision is END:
            return played
        played.append(str(decision))
        game.apply(decision)


def test_DU4_every_strength_takes_a_card_back_from_home_when_that_is_the_only_way_on_and_follows_it():
    """Issue 31: a player asked afresh each move sends a card taken back from home straight home
    again, so it pressed End here with the Queen of spades still to turn (the bench's strict
    "gave up"). Keeping its plan, it plays the 5 of hearts back, the 4 of spades onto it, and the
    Queen turns; at the dead end after that, End."""
    for strength in Strength:
        game = from_home_position()
        assert decide(seen(game, 200.0), strength) is END  # no plan kept: never from home
        assert played_to_end(game, strength) == ["f1>t1", "t2>t1"]
        assert game.hidden[1] == 0 and not gave_up(game, 200.0, PACE[strength], from_home=True)


def test_a_plan_is_followed_only_while_its_next_move_is_legal():
    game = from_home_position()
    stale = (Move(Pile(TABLEAU, 3), Pile(TABLEAU, 0), 1),)  # an empty column: nothing to move
    decision, plan = decide_plan(seen(game, 200.0), Strength.HARD, 0, stale)
    assert str(decision) == "f1>t1" and len(plan) == 1


def test_the_line_found_is_whole_and_plays_to_its_end():
    way = search(deep(), True)
    assert way.line[0] == way.move and len(way.line) == way.moves == 16
    game = deep()
    for move in way.line:
        assert game.check(move) is None
        game.apply(move)
    assert sum(map(len, game.foundations)) == 1

