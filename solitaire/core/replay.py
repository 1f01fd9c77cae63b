"""One move in ``replay`` notation played through the rules, for every reader of that notation:
the ``replay`` tool, and a network rival's moves in a Duel (issue 15), which are checked by our
own rules exactly as a move typed on the command line is.
"""

from __future__ import annotations

from .errors import IllegalMove, Refusal
from .game import Game
from .moves import parse_request


def play_text(game: Game, text: str) -> None:
    """Apply one move written in notation; IllegalMove or ValueError says why not."""
    request = parse_request(text)
    if request.action == "undo":
        if not game.undo():
            raise IllegalMove(game.undo_refusal())
    elif request.action == "auto":
        if not game.auto_complete_ready():
            raise IllegalMove(_auto_refusal(game))
        while (move := game.auto_complete_next()) is not None:
            game.apply(move)
    else:
        game.apply(game.resolve(request))


def _auto_refusal(game: Game) -> Refusal:
    if not game.rules.auto_complete:
        return game.refuse("no_auto_complete", game=game.rules)
    if game.won:
        return game.refuse("already_won")
    return game.refuse("auto_not_ready")
