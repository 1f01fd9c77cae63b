"""Issue 31: Hard at a dead end with time left undoes (DU-3) and plays again knowing every card it
has seen; a card seen stays known after an undo turns it face down again, and nothing it has not
seen is ever read; the best dead end it undid from is a floor it can always go back to."""

from __future__ import annotations

import random

from solitaire.core import DRAW, Game, parse_code
from solitaire.core.duel import Race
from solitaire.solver.messages import DecisionAnswer, decode, encode
from solitaire.solver.opponent.memory import card_at, face_down, home, put_card, recall
from solitaire.solver.opponent import retry
from solitaire.solver.opponent.retry import UNDO, UNDO_PACE, Undo, back_to_floor, route_seconds
from solitaire.solver.player import END, PACE, Seen, Strength, decide, decide_plan, pace_of, remembers, seen

CODE = "DU2-D3N-AAAAAAB"


def turn_one(game: Game) -> int:
    """Play moves of the deal until one turns a column card; the card it turned."""
    for _ in range(200):
        hidden = list(game.hidden)
        move = next(m for m in game.legal_moves() if m != DRAW) if any(
            m != DRAW for m in game.legal_moves()) else DRAW
        game.apply(move)
        for column, (before, after) in enumerate(zip(hidden, game.hidden)):
            if after < before:
                return game.tableau[column][after]
    raise AssertionError("no card turned")


def test_DU3_a_card_turned_then_undone_is_remembered_where_it_lies():
    game = Game.deal(parse_code(CODE))
    card = turn_one(game)
    assert card not in seen(game).unknown
    game.undo()
    view = seen(game)
    assert card not in view.unknown and len(view.unknown) == len(face_down(game)) - 1
    place = next(p for p in view.remembered)
    assert card_at(view.game, place) == card == card_at(game, place)


def test_DU3_the_stock_stays_known_after_its_recycle_is_undone():
    game = Game.deal(parse_code(CODE))
    while game.stock:
        game.apply(DRAW)
    game.apply(DRAW)  # the recycle: every stock card has been seen
    assert seen(game).stock_known
    for _ in range(9):
        game.undo()
    assert game.recycles == 0 and len(game.stock) == 24
    view = seen(game)
    assert view.stock_known and not set(view.unknown) & set(game.stock)
    assert view.game.stock == game.stock


def shuffled_blind(game: Game, rng: random.Random) -> tuple[Game, Game]:
    """The same game played from a deal whose never-seen cards lie elsewhere: its deal and itself."""
    recalled = recall(game)
    assert recalled is not None
    deal = recalled.deal.clone()
    places = [("t", c, i) for c, n in enumerate(deal.hidden) for i in range(n)]
    places += [("s", 0, i) for i in range(len(deal.stock))]
    blind = [p for p in places if card_at(deal, p) not in recalled.seen]
    cards = [card_at(deal, p) for p in blind]
    rng.shuffle(cards)
    for place, card in zip(blind, cards):
        put_card(deal, place, card)
    other = deal.clone()
    for entry in game.log:
        other.undo() if entry is None else other.apply(entry)
    return deal, other


def test_the_player_cannot_peek_with_a_memory_hidden_cards_never_seen_change_nothing():
    game = Game.deal(parse_code(CODE))
    turn_one(game)
    for _ in range(6):
        game.apply(DRAW)
    for _ in range(4):
        game.undo()
    mine = seen(game, 150.0, remember=True)
    assert mine.remembered and mine.past is not None and mine.past.tries == 1
    for seed in range(2):
        deal, other = shuffled_blind(game, random.Random(seed))
        assert other.all_cards() != game.all_cards()
        theirs = seen(other, 150.0, remember=True, deal=deal)
        assert theirs == mine
        assert decide_plan(theirs, Strength.HARD, 7) == decide_plan(mine, Strength.HARD, 7)


def test_the_view_with_its_past_goes_to_the_worker_and_back():
    game = Game.deal(parse_code(CODE))
    turn_one(game)
    game.undo()
    view = seen(game, 100.0, remember=True)
    assert Seen.from_json(view.to_json()) == view
    answer = DecisionAnswer(3, None, (UNDO, DRAW), undo=True)
    assert decode(encode(answer)) == answer


def test_an_undo_after_an_undo_is_a_key_press_and_only_hard_on_a_clock_remembers():
    assert pace_of(Strength.HARD, UNDO, UNDO) == UNDO_PACE < PACE[Strength.HARD] == pace_of(Strength.HARD, UNDO, DRAW)
    assert remembers(Strength.HARD, 10.0) and not remembers(Strength.HARD, None)
    assert not remembers(Strength.MEDIUM, 10.0) and not remembers(Strength.EASY, 10.0)


def play(race: Race, seconds_from: float, plan: tuple = (), last: object = None) -> tuple[Race, list]:
    """Hard plays the race's first side on from its clock (as ``bench --opponent``'s race does);
    its decisions, in order."""
    decisions = []
    asked = seconds_from
    while not race.over and not race.finished(0):
        left = race.limit - asked
        decision, plan = decide_plan(seen(race.games[0], left, remember=True), Strength.HARD, 0, plan)
        race.tick(asked + pace_of(Strength.HARD, decision, last) - race.elapsed)
        if race.over:
            break
        decisions.append(decision)
        if decision is END:
            race.end(0)
        elif isinstance(decision, Undo):
            race.undo(0)
        else:
            race.apply(0, decision)
        asked, last = race.elapsed, decision
    return race, decisions


def test_the_floor_hard_goes_back_to_its_best_line_when_the_clock_says_it_must():
    """A line with two cards home, taken back and replaced by one with fewer: with 20 s left
    Hard undoes to where the lines part and plays the old line again, and ends no worse."""
    race = Race(parse_code("DU2-D3N-AAAAAAF"))
    game = race.games[0]
    best = None
    for _ in range(300):
        if home(game) >= 2:
            best = home(game)
            break
        race.apply(0, decide(seen(game), Strength.EASY))
    assert best is not None
    while home(game) >= best:
        race.undo(0)
    race.apply(0, DRAW)  # a different line, with fewer cards home
    route, _ = back_to_floor(seen(game, 100.0, remember=True))
    left = route_seconds(route, PACE[Strength.HARD]) + 1.0  # the way back only just fits
    race.tick(race.limit - left)
    race, decisions = play(race, race.elapsed)
    assert decisions[:len(route)] == list(route) and isinstance(decisions[0], Undo)
    assert home(race.games[0]) == best


DEAD_END = ("DU2-D3N-HDBGUNA", "t6>t7 t2>t1 s w>f1 w>t7 t4>t7 t4>t5 t4>f2 w>t4 t2>t4 t4:3>t3 t6>t2 t6>t4 t6>t2 "
            "t6>f1 s s s s w>t5 w>t6 s s w>t4 s t1:2>t5 t6:2>t7 w>t1 w>t5 t7:6>t1 t5:6>t7 t5>t1 t3:4>t1")
"""Hard's race on a deal of seed 11 (``bench --opponent --seed 11``) up to its dead end, 26.4 s in
with 3 cards home and 8 cards never seen, where main's Hard pressed End with 3:33 left."""


def test_DU3_hard_at_an_early_dead_end_undoes_and_ends_with_more_cards_home():
    code, line = DEAD_END
    race = Race(parse_code(code))
    last = None
    for text in line.split():
        race.tick(PACE[Strength.HARD])
        race.play(0, text)
        last = race.games[0].log[-1]
    first = home(race.games[0])
    assert decide_plan(seen(race.games[0], race.limit - race.elapsed), Strength.HARD)[0] is END  # main's End
    race, decisions = play(race, race.elapsed, (), last)
    assert isinstance(decisions[0], Undo)
    assert first == 3 and home(race.games[0]) >= first + 5


CUT_SHORT = ("DU2-D3N-EFROUMZ", (
        "t7>t5 t7>t3 t4>t5 t5:3>t4 t4:4>t2 t2:5>t6 t5>t2 s w>t2 t7>t2 t6:6>t7 s s w>t5 s w>f1 "
        "t2:4>t1 s s w>t3 s s s s s w>t2 t7:7>t2 s s s s s s s w>f2 t4>f2 t4>t1 t7>t4 s s s s s "
        "s s w>f1 s w>t4 s s s s s s w>t2 w>t4 t7>t2 s s t7>t5 w>t7 s s w>t4 t5:3>t4 t6>t5 "
        "t5:2>t2 s s w>f1 t3>t1 t3>f2 t3>f1 s s t1:7>t6 w>t1 w>t5 w>f1 t3>t5 t6:4>t3 t6>f1"))
"""Hard's race on a deal of seed 11 up to its dead end with 9 cards home and 2:54 left. Every
sample's winning line undoes nearly to the deal and takes 2:17: below 9 cards home longer than
the way back to them leaves, so the floor's guard would take Hard back at the last moment. Main's
Hard undid here anyway and ended at 0:00 with 200 points, where End paid 252."""


def test_DU3_hard_does_not_retry_a_line_the_floors_guard_would_cut_short(monkeypatch):
    """Lines searched from the deal only (as before Hard kept its own first moves: there every
    sample's line keeps 9 cards home within the time, ``test_hard_retry``)."""
    monkeypatch.setattr(retry, "latest_win", lambda deal, own: retry._win(deal))
    code, line = CUT_SHORT
    race = Race(parse_code(code))
    for text in line.split():
        race.tick(PACE[Strength.HARD])
        race.play(0, text)
    assert home(race.games[0]) == 9
    assert decide_plan(seen(race.games[0], 174.4, remember=True), Strength.HARD)[0] is END


CUT_ON_THE_WAY = ("DU2-D3N-HLFEAPW", (
        "t3>f1 t6>t5 t6>t4 t3>t1 s s w>t7 s s w>t4 t3>t4 t6>t3 s s s w>f2 s s s s w>f3 s s w>t1 t6>t1 "
        "w>t6 t6:2>t1 s w>t1 w>t4 s s s s w>f3 s s w>t4 s s s s w>f4 t7>f4 t2>f4 t4:6>t2 t4>t6 t7>t4 "
        "t7>t1 t7>f1 t4>f1 t4>t2 s t6:2>t7 w>t6 w>t2 t5:2>t6 s s w>t4 s w>t5 w>f1 t7>f1 t4>f1 u u u u u u "
        "u u u u u u u u t2:2>t7 t4>t7 s s s w>t4 s s s w>t3 t2:5>t3 w>t2 w>t7 w>t2 t5>t2 t1:8>t5 s s s "
        "w>t1 t2:2>t1 t5:9>t2 w>t5 w>f1 t6>f1 t7:3>t6 t4>f1 t3>f1 t7:2>t3 t5>f1 w>t7 s s w>f1 u u u u u u "
        "u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u u "
        "u u u u u u u u s s s s s w>f3 s s s s s s s w>f4 t7>f4 t2>f4 t4:4>t2 s s w>t2 t4>t2 t4>t2 t7>t2 "
        "t4>t6 w>t4 t5:2>t4 t5>t1 t5>t3 t5>t4"))
"""Hard's race on a deal of seed 4242 (``bench --opponent --seed 4242``) with 1:53.8 left, in its
second retry: a card it had not seen has just shown, 7 cards home against its floor's 15. Before 1.7.2
Hard set out on the next stretch of a winning line of its samples that stays below 15 cards home
longer than the way back leaves; the floor's guard took it back 74 s later and it ended at 0:00
with no bonus, 275 points (Easy: 319). Going back at once ends at about 1:00 left."""


def test_DU3_after_a_retry_hard_goes_back_when_every_line_left_would_be_cut_short():
    """``forward`` weighs a sample's line as ``go_back`` does: a line the floor's guard would take
    back before it gets past the floor is no line, and with none left the retry has failed."""
    code, log = CUT_ON_THE_WAY
    race = Race(parse_code(code))
    for text in log.split():
        race.undo(0) if text == "u" else race.play(0, text)
    game = race.games[0]
    assert home(game) == 7
    view = seen(game, 113.8, remember=True)
    assert view.past is not None and view.past.fresh and home(view.past.floor()[1]) == 15
    decision, plan = decide_plan(view, Strength.HARD)
    route, _ = back_to_floor(view)
    assert isinstance(decision, Undo) and (decision, *plan) == route
