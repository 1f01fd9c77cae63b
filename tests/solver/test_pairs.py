"""The pairs search (Pyramid, PY-3) against a search that tries every legal move of the rules
core, on small random positions: its shortcuts (stock clicks folded into the moves, a set of
cards searched again only from a better stock pointer, the relaxation with the talon at hand, a
card with no partner left) must never call a won position lost, nor a lost one won."""

from __future__ import annotations

import random

from solitaire.core import Game, ruleset
from solitaire.solver.api import solve
from solitaire.solver.kinds import search_kind


def every_move_wins(game: Game, seen: set) -> bool:
    """Whether some line of legal moves of the core clears the pyramid (PY-5)."""
    if game.won:
        return True
    key = (tuple(map(tuple, game.tableau)), tuple(game.waste), tuple(game.stock), game.recycles)
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


def small_pyramid(rng: random.Random) -> Game:
    """The pyramid's two lower rows with some places emptied, a talon of 2 to 6 cards (most of
    them partners of pyramid cards, so that about half the positions are won) split between
    the stock and the waste, and one turn back of the waste left or none."""
    game = Game(ruleset("pyramid"), 1, "standard")
    deck = list(range(52))
    rng.shuffle(deck)
    talon = []
    for place in range(15, 28):
        if rng.random() < 0.6:
            card = deck.pop()
            game.tableau[place].append(card)
            partner = next((c for c in deck if c % 13 + card % 13 == 11), None)
            if partner is not None and rng.random() < 0.9:
                deck.remove(partner)
                talon.append(partner)
    talon += [deck.pop() for _ in range(rng.randint(0, 2))]
    rng.shuffle(talon)
    talon = talon[:6]
    split = rng.randint(0, min(3, len(talon)))
    game.waste, game.stock = talon[:split], talon[split:]
    game.recycles = rng.randint(1, 2)
    return game


def test_PY3_the_search_and_every_legal_move_agree_on_small_pyramid_positions():
    rng = random.Random(34)
    tally = {"won": 0, "lost": 0}
    for _ in range(40):
        game = small_pyramid(rng)
        assert search_kind(game) == "pairs"
        theirs = "won" if every_move_wins(game.clone(), set()) else "lost"
        ours = solve(game, 10.0)  # a "won" line is replayed by the core inside solve
        assert ours.result == theirs, (game.to_json(), ours.result)
        tally[theirs] += 1
    assert tally["won"] >= 8 and tally["lost"] >= 8, tally
