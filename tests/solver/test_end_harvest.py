"""Issue 31, DU-4 (the seed: End "on reaching a dead end and being unable to score more points"):
at a dead end the computer, at every strength, first plays the points that are left (a waste card
to a column, K-6's +5, the stock clicked to bring it up) when they pay more than DU-5's bonus they
cost at its pace, then presses End; never a card out of home, and End stays at a dead end."""

from __future__ import annotations

from solitaire.benches.opponent import gave_up
from solitaire.core import DRAW, parse_code
from solitaire.core.bonus import finishing_bonus
from solitaire.core.duel import Race
from solitaire.solver.opponent.harvest import harvest
from solitaire.solver.player import END, PACE, Strength, decide, decide_plan, seen
from tests.positions import build

# DU2-D3N-EFROUMZ (seed 11's deal 1303098497) as Easy played it to its dead end at 2:02 of race
# time, 9 cards home, the stock recycled three times: before this change it pressed End here.
EASY_LINE = ("t7>t5 t7>t3 t4>t5 t5:3>t4 t4:4>t2 t2:5>t6 t5>t2 s w>t2 t7>t2 t6:6>t7 s s w>t5 s w>f1 "
             "t2:4>t1 w>t2 t7:7>t2 s s w>t3 w>t7 s s s s s w>f2 t4>f2 t4>t1 t7:2>t4 s s s s s s w>f1 s "
             "w>t4 s w>f1 w>t4 t5:2>t4 t6>t5 t5:2>t7 w>t2 t7:3>t2 t3>t1 t3>f2 t3>f1 s s t1:7>t6 w>t1 w>t5 "
             "w>f1 t3>t5 t6:4>t3 t6>f1")


def at_easy_dead_end() -> Race:
    contest = Race(parse_code("DU2-D3N-EFROUMZ"), players=1)
    for text in EASY_LINE.split():
        contest.tick(PACE[Strength.EASY])
        contest.play(0, text)
    return contest


def played_to_end(contest: Race, strength: Strength) -> list[str]:
    """The computer's decisions from here, each at its pace on the race clock, through its End."""
    plan: tuple = ()
    played = []
    while True:
        decision, plan = decide_plan(seen(contest.games[0], contest.seconds_left), strength, 0, plan)
        contest.tick(PACE[strength])
        if decision is END:
            contest.end(0)
            return played
        played.append(str(decision))
        contest.apply(0, decision)


def test_DU4_at_a_real_dead_end_the_points_left_are_played_before_End():
    """Three clicks bring the 7 of hearts up, the 6 of spades' group moves aside to show the 8 of
    spades, and the 7 goes onto it: +5 for 5 moves of Easy's 10 s, which cost 3 of the bonus."""
    contest = at_easy_dead_end()
    game, left = contest.games[0], contest.seconds_left
    assert (game.score, sum(map(len, game.foundations)), left) == (255, 9, 118.0)
    end_now = game.score + finishing_bonus(game, left - PACE[Strength.EASY])
    assert end_now == 289  # what End here paid before
    assert not gave_up(game, left, PACE[Strength.EASY])  # a dead end: no card home or turned
    assert decide(seen(game, left), Strength.EASY) == DRAW  # before: END
    assert played_to_end(contest, Strength.EASY) == ["s", "s", "s", "t3:5>t6", "w>t3"]
    assert contest.total(0) == 291 > end_now
    assert not gave_up(contest.games[0], contest.seconds_left + PACE[Strength.EASY], PACE[Strength.EASY])


def test_DU4_the_points_left_are_not_played_when_the_bonus_they_cost_is_more():
    """The same dead end at other paces: 5 moves of Medium's 1.4 s cost 2 points of bonus for 5;
    of 3 s, 5 (no gain: End, as the seed says, when no more points can be scored); of 4 s, 6."""
    game = at_easy_dead_end().games[0]
    assert len(harvest(seen(game, 118.0), PACE[Strength.MEDIUM])) == 5
    assert harvest(seen(game, 118.0), 3.0) == ()
    assert harvest(seen(game, 118.0), 4.0) == ()


def many_home(spades: str = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"):
    """A dead end (the Queens of hearts and diamonds and the Jack of clubs are nowhere: neither
    King, nor the Queen of clubs, can go home), the Queen of clubs on the waste to put on a King."""
    return build("duel", tableau=["KD", "KH"], waste="QC",
                 foundations=[spades, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
                              "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"])


def test_DU4_with_45_home_a_move_for_5_points_costs_more_bonus_than_it_scores():
    """45 home: 7.5 points of bonus a second; one move at Hard's 0.8 s costs 7 (a whole second of
    the clock shown), Easy's 2 s 15: End at once. With 33 home (4 a second) Hard's move pays 1."""
    game = many_home()
    assert not gave_up(game, 200.0, PACE[Strength.HARD])
    for strength in Strength:
        assert decide(seen(game, 200.0), strength) is END
    fewer = many_home("AS")
    assert sum(map(len, fewer.foundations)) == 33
    assert str(decide(seen(fewer, 200.0), Strength.HARD)) == "w>t1"
    assert decide(seen(fewer, 200.0), Strength.EASY) is END  # 2 s: 8 points of bonus for 5


def test_DU4_no_card_comes_out_of_home_for_the_points_left():
    """The 5 of spades could come down onto the 6 of hearts and take the 4 of hearts from the waste
    (+5), but it would stay out of home (the bonus counts cards home, and a card a line could send
    home again is an End that gives something up): End."""
    game = build("duel", tableau=["6H"], waste="4H", foundations=["AS 2S 3S 4S 5S"])
    assert not gave_up(game, 200.0, PACE[Strength.EASY], from_home=True)
    assert harvest(seen(game, 200.0), PACE[Strength.EASY]) == ()
    for strength in Strength:
        assert decide_plan(seen(game, 200.0), strength)[0] is END


def test_the_points_left_are_for_a_race_clock_only():
    """Without a clock there is no bonus to weigh: the policy's move stands (the Hint, Klondike's
    computer), and End (no useful move) is not a harvest's to delay."""
    game = many_home()
    assert str(decide(seen(game), Strength.HARD)) == "w>t1"
    assert harvest(seen(at_easy_dead_end().games[0]), PACE[Strength.EASY]) == ()
