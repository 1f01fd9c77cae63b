"""DU-12: in the Duel a card's trip home scores once a race. A card taken back from a foundation
(C-7, free as K-6 says) scores nothing when it goes home again, so no card can be sent back and
forth for points; undo and redo (DU-3, C-12), saves and positions written as JSON keep it exact.
Klondike keeps K-6 as its seed says: every trip home scores there."""

from __future__ import annotations

import json

import pytest

from solitaire.core import Game, parse_code
from solitaire.core.duel import Race
from solitaire.core.errors import BadDeal
from solitaire.core.position import game_from_json
from solitaire.core.save import load_save, save_data
from tests.farming import CODE, farm_line

LINE, BACK, HOME = farm_line()


def race_before_the_first_trip_home() -> Race:
    """Deal 1, played up to the move that first sends the farmed card home (the waste's top, +15)."""
    assert (LINE[-1], BACK, HOME) == ("w>f1", "f1>t3", "t3>f1")  # the card this deal farms
    race = Race(CODE, players=1)
    for text in LINE[:-1]:
        race.play(0, text)
    return race


def test_DU12_a_card_sent_back_and_forth_five_times_scores_its_trip_home_once():
    race = race_before_the_first_trip_home()
    game = race.games[0]
    before = game.score
    race.play(0, LINE[-1])
    assert game.score == before + 15  # K-6: waste to foundation
    for _ in range(5):
        race.play(0, BACK)
        race.play(0, HOME)
        assert game.score == before + 15  # not +10 a trip home: 50 more on today's main
    assert race.total(0) == before + 15 and race.breakdown(0).points.score == game.score
    assert race.breakdown(0).points.foundation == 15


def test_DU12_DU3_undoing_a_trip_home_again_changes_nothing_undoing_the_first_takes_its_points_back():
    race = race_before_the_first_trip_home()
    game = race.games[0]
    before = game.score
    race.play(0, LINE[-1])
    for text in (BACK, HOME, BACK, HOME):
        race.play(0, text)
    for _ in range(4):
        assert race.undo(0) and game.score == before + 15  # the trips again scored nothing: nothing to take back
    assert race.undo(0) and game.score == before  # the first trip home undone: its 15 taken back
    assert race.breakdown(0).points.taken_back == -15
    for _ in range(5):
        assert race.redo(0) is not None and game.score == before + 15  # C-12: redone, scored as played
    race.play(0, BACK)
    race.play(0, HOME)
    assert game.score == before + 15 and race.breakdown(0).points.score == game.score


def test_DU12_C12_after_undo_and_redo_the_game_is_the_game_of_its_line_played_afresh():
    race = race_before_the_first_trip_home()
    game = race.games[0]
    for text in (LINE[-1], BACK, HOME, BACK, "u", "u", "u", "r", "r", "u", "r", "r"):
        race.play(0, text)
    fresh = Game.deal(CODE)
    for move in [record.move for record in game.history]:
        fresh.apply(move)
    assert fresh.to_json() | {"moves": 0} == game.to_json() | {"moves": 0}
    assert fresh.trips_home == game.trips_home
    race.play(0, HOME)  # home again: the card had been home, so it scores nothing
    fresh.play_text(HOME)
    assert fresh.score == game.score and fresh.trips_home == game.trips_home


def test_DU12_a_saved_duel_game_remembers_the_cards_that_have_been_home():
    game = Game.deal(CODE)
    start = game.to_json()
    for text in LINE + [BACK]:
        game.play_text(text)
    score = game.score
    assert game.to_json()["been_home"] == ["AC"] and "been_home" not in start  # listed only when there are
    loaded, _, _ = load_save(json.loads(json.dumps(save_data(game, start, 12.0))))
    from_position = game_from_json(json.loads(json.dumps(game.to_json())))
    for copy in (loaded, from_position):
        copy.play_text(HOME)
        assert copy.score == score  # home again: nothing; on today's main +10
        copy.play_text(BACK)
        assert copy.to_json()["been_home"] == ["AC"]


def test_DU12_a_position_without_the_list_counts_the_cards_on_its_foundations_as_home_once():
    game = Game.deal(CODE)
    for text in LINE:
        game.play_text(text)
    data = game.to_json()
    assert "been_home" not in data  # none taken back: the list is left out, as in a deal file before DU-12
    copy = game_from_json(data)
    copy.play_text(BACK)
    copy.play_text(HOME)
    assert copy.score == game.score


def test_DU12_K6_YU6_klondike_pays_every_trip_home_as_its_seed_says():
    """The choice written in RULES.md: only the Duel, where the score decides a winner, scores a
    trip home once; Klondike (K-6) and the other single-player games keep their seeds' points."""
    game = Game.deal(parse_code("KL1-D3N-AAAAAAB"))
    assert game.trips_home is None
    for text in LINE:
        game.play_text(text)
    score = game.score
    for _ in range(3):
        game.play_text(BACK)
        assert "been_home" not in game.to_json()
        game.play_text(HOME)
    assert game.score == score + 30


def test_DU12_a_position_naming_a_card_that_cannot_have_come_back_from_home_is_refused():
    data = Game.deal(CODE).to_json()
    data["been_home"] = ["KH"]  # face down in column 6 at the deal
    with pytest.raises(BadDeal, match=r"^'been_home': KH is no face-up column card"):
        game_from_json(data)
    data["been_home"] = "AC"
    with pytest.raises(BadDeal, match=r"^'been_home' must be a list of cards$"):
        game_from_json(data)


def test_DU12_a_clone_counts_its_own_trips_home():
    """Searches play on clones: a trip home on one leaves the game it was copied from alone."""
    game = Game.deal(CODE)
    for text in LINE + [BACK]:
        game.play_text(text)
    copy = game.clone()
    copy.play_text(HOME)
    assert game.trips_home != copy.trips_home and game.to_json()["been_home"] == ["AC"]
    assert game.clone().trips_home == game.trips_home and game.clone().trips_home is not game.trips_home
