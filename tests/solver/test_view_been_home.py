"""DU-12 in the computer player's view: the worker gets the position as JSON (``Seen.to_json``),
and its playouts must score a card taken back from home as the race will (nothing going home
again), or it would think a return trip pays."""

from __future__ import annotations

import json

from solitaire.core import Game
from solitaire.solver.opponent.view import Seen, seen
from tests.farming import CODE, farm_line


def test_DU12_the_workers_copy_of_the_view_knows_which_cards_have_been_home():
    line, back, home = farm_line()
    game = Game.deal(CODE)
    for text in line + [back]:
        game.play_text(text)
    view = Seen.from_json(json.loads(json.dumps(seen(game, 200.0).to_json())))
    assert view.game.trips_home == game.trips_home
    score = view.game.score
    view.game.play_text(home)
    assert view.game.score == score
