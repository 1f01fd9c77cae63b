"""Issue 31, the computer's End (DU-4): a quick proof that no line ever turns a card or brings one
home (``opponent.stuck``), and the cards that must come out of the foundations before any line
gains one (``stuck.floors``), a lower bound on a line's length. Both are asked by the player's
End search (``lines.search``) and by the bench's strict check (``escape.search``); both must
only ever cut what the complete search would not find."""

from __future__ import annotations

import json
import random
from pathlib import Path

from solitaire.benches.opponent import WIDE_LIMIT, gave_up
from solitaire.core.cards import DECK, RANK, SUIT
from solitaire.core.game import Game
from solitaire.core.rules import ruleset
from solitaire.solver.opponent import escape, lines
from solitaire.solver.opponent.stuck import floors, stuck
from solitaire.solver.player import END, PACE, Strength, decide_plan, moves_within, seen
from tests.positions import build
from tests.solver.test_end_bound import endgame, far_from_a_gain


def _home(game: Game) -> int:
    return sum(map(len, game.foundations))


def _played(game: Game, line) -> Game:
    board = game.clone()
    for move in line:
        assert board.check(move) is None
        board.apply(move)
    return board


def test_DU4_seed_777_medium_finds_the_43_move_line_through_20_cards_back():
    """Seed 777's deal 5159003636, Medium, 104 s left (75 moves at 1.4 s): the spade and heart
    ladders must come out of their foundations (19 cards at least, ``floors``) before 3 of clubs
    can carry the 2 of diamonds off the Ace. Both searches ran past their caps (400,000 and
    300,000 positions) and the bench counted Medium's End as "gave up"; the player now finds the
    line and sets out on it (main pressed End there; given 61 s, where the 43 moves just fit, it
    found them, slowly)."""
    game = far_from_a_gain()
    assert moves_within(105.6, PACE[Strength.MEDIUM]) == 75
    assert floors(game, 37) == [(3, 4, 0, 3), (5, 3, 0, 2)]  # 19 cards back either way
    decision, plan = decide_plan(seen(game, 105.6), Strength.MEDIUM)
    line = (decision, *plan)
    assert len(line) == 43 and sum(move.src.kind == "f" for move in line) >= 19
    assert _home(_played(game, line)) == _home(game) + 1


def test_DU4_seed_777_both_searches_prove_there_no_shorter_line_in_a_few_thousand_positions(monkeypatch):
    """The strict check's search finds the same 43 moves within its cap (in 26,988 positions, as the
    player's, but seconds on a ``Game``); here, quicker, both prove there is none shorter."""
    game = far_from_a_gain()
    monkeypatch.setattr(lines, "QUICK", 0)
    assert lines.search(game, True, 3_000, 52, 41).found is False
    assert escape.search(game.clone(), True, 3_000, True, 52, 40).found is False


def five_face_down() -> Game:
    """Seed 31337's End of deal 5578631788 (Easy with 78 s left, Medium with 128 s): the cards over
    the five face-down ones can never leave (the 9 of spades needs a red 10: the 10 of hearts waits
    in the stock behind the 6 of hearts, which needs the 7 of clubs' place, and the 10 of diamonds
    lies under the 9 of clubs, which needs that 10 of hearts), and no suit's next card can ever
    come home; every card back from the foundations only moves the same dead cards about."""
    game = build("duel", tableau=["KH QS JH TC 9H 8S", "KC QD JS TD 9C 8H 7C", "KD", "jc 9S", "8C 7H 6C 5H 4C",
                                  "ks 7s qc 3c JD TS", ""],
                 stock="QH 5C TH 6H 4H",
                 foundations=["AS 2S 3S 4S 5S 6S", "AH 2H 3H", "AD 2D 3D 4D 5D 6D 7D 8D 9D", "AC 2C"])
    game.recycles = 4  # the stock has been through the waste: the player knows it
    return game


def test_DU4_seed_31337_five_cards_face_down_is_proven_a_dead_end_at_once():
    """The full search is a dead end in 6.5 million positions: both caps ran out, the player thought
    24 s before it pressed End and the bench counted it "gave up". Proven in one position now."""
    game = five_face_down()
    assert stuck(game, True)
    view = seen(game, 78.0)
    assert view.game.tableau != game.tableau and stuck(view.game, view.stock_known)  # no peeking either way
    for strength in (Strength.EASY, Strength.MEDIUM):
        within = moves_within(78.0, PACE[strength])
        assert lines.search(game, True, 3_000, 52, within).found is False
        assert lines.search(view.game, True, 3_000, 0).found is False
        assert escape.search(game.clone(), True, 3_000, True, 52, within).positions == 1
    assert decide_plan(view, Strength.EASY)[0] is END
    assert not gave_up(game, 78.0, PACE[Strength.EASY], from_home=True)
    assert WIDE_LIMIT == 300_000


def _with_face_down(seed: int) -> Game:
    """A small position with cards face down: foundations to random heights, a few of the other
    cards dealt to the columns (some of each face down) and the talon, the rest left out (a card
    left out can never move, as if face down for good)."""
    rng = random.Random(seed)
    game = Game(ruleset("duel"), 3, "standard")
    tops = [rng.randrange(0, 12) for _ in range(4)]
    for suit in range(4):
        game.foundations[suit] = [c for c in DECK if SUIT[c] == suit and RANK[c] <= tops[suit]]
    rest = [c for c in DECK if RANK[c] > tops[SUIT[c]]]
    rng.shuffle(rest)
    for c in rest[:rng.randrange(8, 20)]:
        place = rng.randrange(9)
        if place < 7:
            game.tableau[place].append(c)
        else:
            game.stock.append(c)
    for column, cards in enumerate(game.tableau):
        if len(cards) > 1 and rng.random() < 0.5:
            game.hidden[column] = rng.randrange(1, len(cards))
    cut = rng.randrange(len(game.stock) + 1)
    game.waste, game.stock = game.stock[:cut], game.stock[cut:]
    return game


def test_DU4_the_proof_never_calls_a_position_stuck_where_the_complete_search_finds_a_line():
    """On 400 small positions the complete search (cards back from home, any number) runs to its
    end; wherever ``stuck`` says no line exists, it found none. Leaving out a rule of the proof
    (cards out of a foundation as targets, an emptied column, a talon card brought up by another
    one leaving) makes this fail."""
    proven = dead = 0
    for seed in range(400):
        game = _with_face_down(seed)
        full = lines.search(game, True, 20_000, 52)
        assert full.found is not None
        if stuck(game, True):
            assert full.found is False, seed
            proven += 1
        dead += full.found is False
    assert proven >= 50 and dead - proven <= 5  # it proves most dead ends, not just a few


RECORDED = Path(__file__).with_name("end_positions.json")
"""194 positions with cards face down where the computer asked its End question in seed 31337's
races (Easy and Medium, main before this proof) and a line of ``line`` moves was found."""


def test_DU4_the_proof_never_calls_a_recorded_position_with_a_line_stuck():
    """Real positions, where runs are built and a card can first lead a group away, then go home
    once the card on it leaves (seed 31337's 3 of clubs under the 2 of hearts: missing that made
    the proof wrong on 4 of these); every one has a line, so none is stuck."""
    records = json.loads(RECORDED.read_text("utf-8"))
    assert len(records) == 194
    for record in records:
        game = build("duel", tableau=record["tableau"], stock=record["stock"], waste=record["waste"],
                     foundations=record["foundations"])
        assert record["line"] > 0 and not stuck(game, record["stock_known"]), record


THROUGH_HOME = (2539, 2671, 236, 1496, 1988, 2598, 2412, 671, 1864, 2990, 2318, 2157, 1129, 2159, 31, 853, 387,
                533, 1995, 1733, 1597, 734, 153, 2620, 2843, 502)
"""Seeds of ``endgame`` positions (of 3,000) where every line that gains a card takes 1 to 4
cards back from home first (4 to 14 moves): the quickest of the 41 such."""


def test_DU4_the_floors_never_cut_a_line_the_unbounded_search_finds_in_as_many_moves(monkeypatch):
    """With ``floors`` (the cards that must come out first, each back home too) the bounded searches
    find a line of the unbounded one's length, and none when allowed one move fewer. Counting the
    cards above a floor already reached (the foundations' lowest on the way), or a floor one rank
    too low, or one card too many, makes this fail."""
    monkeypatch.setattr(lines, "QUICK", 0)  # the floors from the first position on, not after 2,000
    backs = set()
    for index, seed in enumerate(THROUGH_HOME):
        game = endgame(seed, lowest=2, places=8)
        full = lines.search(game, True, 30_000, 52)
        assert full.found and lines.search(game, True, 30_000, 0).found is False
        backs.add(sum(move.src.kind == "f" for move in full.line))
        for within in (full.moves - 1, full.moves):
            fits = full.moves <= within
            ours = lines.search(game, True, 30_000, 52, within)
            assert (ours.found, ours.moves) == ((True, full.moves) if fits else (False, 0)), seed
            if fits:
                assert _home(_played(game, ours.line)) == _home(game) + 1
            if index % 6 == 0:  # the check plays a Game a move, slower: a sixth of them
                check = escape.search(game.clone(), True, 30_000, True, 52, within)
                assert (check.found, check.moves) == ((True, full.moves) if fits else (False, 0)), seed
    assert backs == {1, 2, 3, 4}
