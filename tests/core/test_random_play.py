"""Random legal play with undos mixed in, checking invariants after every move.

Per game, 20,000 random actions over many deals: every card of the game's deck present as
often as the deck has it (twice in Double Solitaire, Spider's suits over again), FreeCell's
cells and Spider's rows and suits played too, the standard score never below 0, every undo restoring the exact previous
state, and undoing back to the deal's start giving the initial state JSON byte for byte. The
move counter is left out of that comparison: C-9 says it never goes back.
"""

import json
import random
from collections import Counter

import pytest

from solitaire.core import Game, GameCode

ACTIONS_PER_GAME = 20_000


def snapshot(game: Game) -> str:
    state = game.to_json()
    del state["moves"]
    return json.dumps(state, sort_keys=True)


@pytest.mark.parametrize(
    "game_id, draw, scoring",
    [("klondike", 3, "standard"), ("double", 1, "standard"), ("double", 3, "vegas"),
     ("thoughtful", 1, "standard"), ("duel", 3, "standard"), ("klondike", 1, "standard"),
     ("freecell", 1, "standard"), ("spider", 1, "standard"), ("spider", 4, "standard")],
)
def test_random_play_keeps_every_invariant(game_id, draw, scoring):
    rng = random.Random(f"{game_id}-{draw}-{scoring}")
    done = 0
    deal = 0
    while done < ACTIONS_PER_GAME:
        game = Game.deal(GameCode(game_id, draw, scoring, deal))
        deal += 1
        expected = Counter(game.rules.deck(draw))
        start = snapshot(game)
        limit = game.rules.undo_limit or 10**9
        episode = rng.randrange(20, min(limit, 400))
        states = [start]
        moves_seen = game.moves
        for _ in range(episode):
            legal = game.legal_moves()
            if legal and (rng.random() > 0.15 or not game.can_undo):
                move = rng.choice(legal)
                assert game.check(move) is None
                game.apply(move)
                states.append(snapshot(game))
            elif game.undo():
                states.pop()
                assert snapshot(game) == states[-1]
            assert game.moves >= moves_seen
            moves_seen = game.moves
            assert Counter(game.all_cards()) == expected
            if game.scoring.floor is not None:
                assert game.score >= 0
            done += 1
        while game.undo():
            states.pop()
        assert snapshot(game) == start and len(states) == 1


@pytest.mark.parametrize("game_id, draw, scoring", [("klondike", 3, "standard"), ("double", 1, "vegas"),
                                                     ("thoughtful", 3, "standard"), ("duel", 3, "standard")])
def test_save_round_trip_of_random_mid_game_states(game_id, draw, scoring):
    """Issue 4: 1,000 random mid-game states (250 per game here) come back identical from a
    save, and the next 50 random moves and undos behave identically on both.
    """
    from solitaire.core.save import load_save, save_data

    rng = random.Random(f"save-{game_id}")
    for deal in range(250):
        game = Game.deal(GameCode(game_id, draw, scoring, 1000 + deal))
        start = game.to_json()
        for _ in range(rng.randrange(0, 120)):
            _random_action(game, rng)
        data = json.loads(json.dumps(save_data(game, start, 12.5)))
        loaded, loaded_start, elapsed = load_save(data)
        assert loaded.to_json() == game.to_json() and loaded_start == start and elapsed == 12.5
        assert len(loaded.history) == len(game.history)
        twin = random.Random(deal)
        other = random.Random(deal)
        for _ in range(50):
            _random_action(game, twin)
            _random_action(loaded, other)
            assert loaded.to_json() == game.to_json()


def _random_action(game: Game, rng: random.Random) -> None:
    """A random move, undo or redo (C-12: a save keeps what redo can still play)."""
    legal = game.legal_moves()
    roll = rng.random()
    if roll < 0.1 and game.can_redo:
        game.redo()
    elif legal and (roll > 0.25 or not game.can_undo):
        game.apply(rng.choice(legal))
    else:
        game.undo()
