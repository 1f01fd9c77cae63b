"""What the Yukon loss proof's arguments are checked against (test_yukon_twins.py,
test_yukon_twins_split.py): random positions that only one argument calls lost, handed to the
reference that tries every legal move; and every position of won deals' winning lines, which no
sound argument may call lost. ``switch`` names the ``HomeProof`` setting that turns the argument off.
"""

from __future__ import annotations

import random

from solitaire.core import Game, parse_code
from solitaire.core.codes import GameCode
from solitaire.solver.search import Search, to_core_moves
from tests.solver.test_reference import Reference, random_position


def called_lost_only_by(switch: str, seed: int, count: int) -> tuple[int, int, int]:
    """Of ``count`` crowded random Yukon positions with 24 to 44 cards left: how many only the
    argument ``switch`` turns off calls lost, how many of those the reference (every legal move,
    no proof) proves lost, and how many it wins (it stops at the first)."""
    rng = random.Random(seed)
    alone = lost = won = 0
    for _ in range(count):
        game = random_position(rng, "yukon", left=(24, 44), crowded=True)
        search = Search(game)
        if not search.never_home(search.start):
            continue
        search = Search(game)
        setattr(search, switch, False)
        if search.never_home(search.start):
            continue
        alone += 1
        result = Reference(game).run(30.0, node_limit=5_000).result
        lost += result == "lost"
        if result == "won":
            won += 1
            break
    return alone, lost, won


def won_line_positions(switch: str, deals: int, positions: int) -> list[Game]:
    """Every position of the winning lines the search finds with ``switch`` off, for the first
    ``deals`` Yukon deals it wins within ``positions``."""
    games = []
    number = 0
    while deals:
        number += 1
        game = Game.deal(parse_code(str(GameCode("yukon", 1, "standard", number))))
        search = Search(game)
        setattr(search, switch, False)
        outcome = search.run(60.0, node_limit=positions)
        if outcome.result != "won":
            continue
        deals -= 1
        games.append(game.clone())
        for move in to_core_moves(game, outcome.actions):
            game.apply(move)
            games.append(game.clone())
    return games


def called_lost(games: list[Game]) -> int:
    """How many of ``games`` the proof calls lost at once."""
    count = 0
    for game in games:
        search = Search(game)
        count += search.never_home(search.start)
    return count
