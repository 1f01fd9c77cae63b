"""A game in progress as JSON: its starting position and every action since, replayed on load.

Replaying through the rules is what makes a save trustworthy: the undo history, score, move
counter and recycle count come back exactly as they were (the history is rebuilt, not stored),
and a save that was edited into an impossible game fails the same checks as a bad deal file.

The moves redo can still play (C-12) are kept beside the log, first to redo first: the log
alone cannot tell a redo from a new move, which would have emptied the list. The field is
optional both ways: a save written before redo loads with nothing to redo, and a version that
does not know redo reads this one and ignores it (so the format number stays). A redo list with a
move that cannot be played is dropped alone (issue 32: the whole game was set aside for it): the
game is its log, checked; the redo list only what the player might have played again.
"""

from __future__ import annotations

from .errors import BadDeal, IllegalMove, NewerSave
from .game import Game
from .moves import Move, parse_request
from .position import game_from_json

FORMAT = 1
UNDO = "u"
MAX_LOG = 200_000


def save_data(game: Game, start: dict, elapsed: float) -> dict:
    """``start`` is ``to_json()`` of the position the game began from (its deal)."""
    return {
        "format": FORMAT,
        "start": start,
        "log": log_texts(game),
        "redo": [str(move) for move in reversed(game.undone)],
        "elapsed": round(elapsed, 3),
    }


def log_texts(game: Game) -> list[str]:
    """Every action of ``game`` since its deal as text (``u`` for an undo): what ``play_log``
    plays again."""
    return [UNDO if move is None else str(move) for move in game.log]


def load_save(data: object, repairs: list[str] | None = None) -> tuple[Game, dict, float]:
    """The game, its start position and elapsed seconds; BadDeal names what is wrong. A redo
    list that cannot be played is dropped, and why is added to ``repairs``."""
    if isinstance(data, dict) and type(data.get("format")) is int and data["format"] > FORMAT:
        raise NewerSave(f"a saved game in format {data['format']}, newer than this version's {FORMAT}")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadDeal(f"a saved game must be an object with format {FORMAT}")
    start, log, elapsed = data.get("start"), data.get("log"), data.get("elapsed", 0)
    if not isinstance(log, list) or len(log) > MAX_LOG or not all(isinstance(x, str) for x in log):
        raise BadDeal("a saved game's 'log' must be a list of moves")
    if type(elapsed) not in (int, float) or not 0 <= elapsed < 10**8:
        raise BadDeal("a saved game's 'elapsed' must be a number of seconds")
    game = game_from_json(start)
    start = game.to_json()
    play_log(game, log)
    try:
        game.undone = _redo_moves(game, data.get("redo", []))
    except BadDeal as error:
        game.undone = []
        if repairs is not None:
            repairs.append(str(error))
    return game, start, float(elapsed)


def play_log(game: Game, log: list[str]) -> Game:
    """Play a game's log (its moves as text, ``u`` for an undo) on ``game``, each checked by the
    rules as it was when played: a saved game and a daily result sent to the server (DD-5) are
    both rebuilt so. BadDeal names the first move that cannot be played."""
    for number, text in enumerate(log, start=1):
        try:
            if text == UNDO:
                if not game.undo():
                    raise BadDeal(f"saved move {number}: nothing to undo")
                continue
            request = parse_request(text)
            game.apply(game.resolve(request))
        except (IllegalMove, ValueError) as error:
            raise BadDeal(f"saved move {number} \"{text}\": {error}") from None
    return game


def _redo_moves(game: Game, texts: object) -> list[Move]:
    """The saved redo list as ``Game.undone`` (next to redo last), each move checked in turn on a
    copy of the game, as redo will play them."""
    if not isinstance(texts, list) or len(texts) > MAX_LOG or not all(isinstance(x, str) for x in texts):
        raise BadDeal("a saved game's 'redo' must be a list of moves")
    copy, moves = game.clone(), []
    for number, text in enumerate(texts, start=1):
        try:
            move = copy.resolve(parse_request(text))
            copy.apply(move)
        except (IllegalMove, ValueError) as error:
            raise BadDeal(f"saved redo move {number} \"{text}\": {error}") from None
        moves.append(move)
    return moves[::-1]
