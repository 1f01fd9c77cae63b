"""The one-pile search (Golf, GO-3) against a search that tries every legal move of the rules
core, on small random positions: its pruning (positions met with fewer stock cards turned,
cards nothing can lead to, the matching of ranks) must never call a won position lost."""

from __future__ import annotations

import random

from solitaire.core import Game, ruleset
from solitaire.core.cards import RANK
from solitaire.solver.api import solve
from solitaire.solver.kinds import search_kind
from solitaire.solver.one_pile import OnePileSearch


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


def test_GO3_a_position_the_stuck_card_or_the_blocks_proof_calls_lost_is_lost():
    """The two proofs alone, on small positions, against every legal move: a card nothing left can come just before (its column's lower
    cards, its column's higher cards but the one on it, the top while it is covered), and
    blocks of ranks that cannot each have their own top or stock card next to them."""
    rng = random.Random(3434)
    fired = {"stuck": 0, "blocks": 0, "won": 0}
    for _ in range(120):
        game = small_golf(rng)
        search = OnePileSearch(game)
        count, cards_of, held = search._dead_ends()
        demand = [0] * 15
        for column in game.tableau:
            for card in column:
                demand[RANK[card]] += 1
        heights, _, top = search.start
        code = sum(height << index * search.bits for index, height in enumerate(heights))
        cards = [card for ranked in cards_of for card in ranked]
        stuck = OnePileSearch._stuck(count, cards, held, code, (1 << search.bits) - 1, top)
        blocks = OnePileSearch._unjoined(demand, count)
        won = every_move_wins(game.clone(), set())
        assert not (won and (stuck or blocks)), (game.to_json(), stuck, blocks)
        fired["stuck"] += stuck
        fired["blocks"] += blocks
        fired["won"] += won
    assert fired["stuck"] >= 20 and fired["blocks"] >= 15 and fired["won"] >= 8, fired


def small_tripeaks(rng: random.Random) -> Game:
    """A TriPeaks position with few cards: places emptied from the bottom row up (a place only
    once every place on it is empty, TP-2), the rest face down where covered, a short stock."""
    rules = ruleset("tripeaks")
    game = Game(rules, 1, "standard")
    deck = list(range(52))
    rng.shuffle(deck)
    gone: set[int] = set()
    keep = rng.randint(4, 9)
    while len(rules.columns) - len(gone) > keep:
        gone.add(rng.choice([pile for pile in range(len(rules.columns))
                             if pile not in gone and all(above in gone for above in rules.covered_by[pile])]))
    for pile in range(len(rules.columns)):
        if pile not in gone:
            game.tableau[pile] = [deck.pop()]
    game.hidden = [int(bool(cards) and rules.is_covered(game.tableau, pile)) for pile, cards in enumerate(game.tableau)]
    game.foundations[0].append(deck.pop())
    game.stock = [deck.pop() for _ in range(rng.randint(6, 16))]
    return game


def test_TP3_the_search_and_every_legal_move_agree_on_small_tripeaks_positions():
    """Piles lying on others (TP-2) and the ring of ranks (TP-3): the matching round the ring
    and the covered places must never call a won position lost, nor a lost one won."""
    rng = random.Random(3403)
    tally = {"won": 0, "lost": 0}
    for _ in range(50):
        game = small_tripeaks(rng)
        assert search_kind(game) == "one_pile"
        theirs = "won" if every_move_wins(game.clone(), set()) else "lost"
        ours = solve(game, 10.0)
        assert ours.result == theirs, (game.to_json(), ours.result)
        tally[theirs] += 1
    assert tally["won"] >= 10 and tally["lost"] >= 10, tally


def test_TP3_the_ring_matching_refuses_exactly_what_a_full_matching_refuses():
    """``_unmatched_round`` against a matching that tries every way: each column card given a
    card of a rank next to its own (the King next to the Ace), each card given once."""
    rng = random.Random(34)

    def feasible(demand: list[int], supply: list[int]) -> bool:
        needs = [rank for rank in range(1, 14) for _ in range(demand[rank])]
        left = supply[:]

        def give(i: int) -> bool:
            if i == len(needs):
                return True
            for giver in ((needs[i] - 2) % 13 + 1, needs[i] % 13 + 1):
                if left[giver]:
                    left[giver] -= 1
                    if give(i + 1):
                        return True
                    left[giver] += 1
            return False

        return give(0)

    refused = 0
    for _ in range(400):
        demand = [0] + [rng.choice((0, 0, 1, 2)) for _ in range(13)] + [0]
        supply = [0] + [demand[rank] + rng.choice((-1, 0, 1, 1)) for rank in range(1, 14)] + [0]
        supply = [max(0, count) for count in supply]
        assert OnePileSearch._unmatched_round(demand, supply) == (not feasible(demand, supply)), (demand, supply)
        refused += not feasible(demand, supply)
    assert 50 <= refused <= 350, refused
