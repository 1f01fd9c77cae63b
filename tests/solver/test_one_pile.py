"""The one-pile search (Golf, GO-3) against a search that tries every legal move of the rules
core, on small random positions: its pruning (positions met with fewer stock cards turned,
cards nothing can lead to, the matching of ranks) must never call a won position lost."""

from __future__ import annotations

import random

from solitaire.core import Game, ruleset
from solitaire.solver.api import solve
from solitaire.solver.kinds import search_kind


def every_move_wins(game: Game, seen: set) -> bool:
    """Whether some line of legal moves of the core clears the columns (GO-5)."""
    if game.won:
        return True
    key = (tuple(map(tuple, game.tableau)), len(game.stock), game.foundations[0][-1])
    if key in seen:
        return False
    seen.add(key)
    for move in game.legal_moves():
        game.apply(move)
        won = every_move_wins(game, seen)
        game.undo()
        if won:
            return True
    return False


def small_golf(rng: random.Random) -> Game:
    """Seven columns of up to three cards, a stock of 4 to 12 and a card on the pile."""
    game = Game(ruleset("golf"), 1, "standard")
    deck = list(range(52))
    rng.shuffle(deck)
    for column in game.tableau:
        column.extend(deck.pop() for _ in range(rng.randint(0, 3)))
    game.foundations[0].append(deck.pop())
    game.stock = [deck.pop() for _ in range(rng.randint(4, 12))]
    return game


def test_GO3_the_search_and_every_legal_move_agree_on_small_golf_positions():
    rng = random.Random(34)
    tally = {"won": 0, "lost": 0}
    for _ in range(120):
        game = small_golf(rng)
        assert search_kind(game) == "one_pile"
        theirs = "won" if every_move_wins(game.clone(), set()) else "lost"
        ours = solve(game, 10.0)
        assert ours.result == theirs, (game.to_json(), ours.result)
        tally[theirs] += 1
    assert tally["won"] >= 15 and tally["lost"] >= 60, tally
