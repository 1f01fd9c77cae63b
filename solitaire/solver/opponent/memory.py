"""What a player remembers of its own game: every card it has seen, even one an undo has turned
face down again, and the moves it made (DU-3: a racer may undo without limit).

A card is seen when it lies face up: turned in a column, drawn from the stock, or on the waste
or a foundation. A face-down column card never moves and a stock card drawn and taken back goes
back to its place in the stock, so a card once seen is known where an undo puts it: a person who
turned the 7 of clubs in the third column and undid the move knows it lies there. ``recall``
replays the game's own log (its moves and undos, from its deal) and collects what lay face up
after each step, nothing else: two games with the same log whose never-seen cards differ are
remembered alike. It also keeps the moves from the deal to now (the line a player could redo)
and the lines to the positions it undid from (``Past.ends``): the computer undoes only at a dead
end or on its way back to one, so the best of them (``Past.floor``) is a dead end it can reach
again move for move (the hidden cards do not change) and End at.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...core.errors import IllegalMove
from ...core.game import Game
from ...core.moves import Move, Pile
from ...core.position import game_from_json

Place = tuple[str, int, int]
"""A hidden place: ("t", column, index) bottom up, or ("s", 0, index) of the stock."""


def face_down(game: Game) -> set[int]:
    """The cards no one sees in ``game`` now: face-down column cards, and the stock before its
    first recycle."""
    cards = {c for column, count in enumerate(game.hidden) for c in game.tableau[column][:count]}
    if not (game.rules.stock_in_sight or game.recycles > 0):
        cards.update(game.stock)
    return cards


def home(game: Game) -> int:
    """Cards on the foundations."""
    return sum(map(len, game.foundations))


def standing(game: Game) -> tuple[int, int]:
    """How far a position has got: cards home, then points (the best position is the highest)."""
    return home(game), game.score


@dataclass(frozen=True)
class Past:
    """A player's game as it remembers it.

    ``start`` is the deal with every card the player has seen in its place and the others (the
    ``blind`` places) filled with the unseen cards in sorted order, as ``view.seen`` fills a
    position; ``line`` the moves from the deal to now (undone ones left out), ``ends`` the moves
    from the deal to each position a run of undos started from (in order), and ``tries`` how
    many runs of undos the game has had, ``fresh`` whether its last step showed a card never
    seen before.
    """

    start: Game
    blind: tuple[Place, ...]
    line: tuple[Move, ...]
    ends: tuple[tuple[Move, ...], ...]
    tries: int
    fresh: bool = False

    def to_json(self) -> dict:
        return {"start": self.start.to_json(), "blind": [list(p) for p in self.blind],
                "line": [move_data(m) for m in self.line],
                "ends": [[move_data(m) for m in end] for end in self.ends],
                "tries": self.tries, "fresh": self.fresh}

    @classmethod
    def from_json(cls, data: dict) -> Past:
        return cls(game_from_json(data["start"]), tuple((str(k), int(a), int(b)) for k, a, b in data["blind"]),
                   tuple(move_of(m) for m in data["line"]),
                   tuple(tuple(move_of(m) for m in end) for end in data["ends"]),
                   int(data["tries"]), bool(data.get("fresh", False)))

    def floor(self, from_here: bool = False) -> tuple[tuple[Move, ...], Game]:
        """The line to the floor and that position (as the player knows it): of the positions
        it undid from, the one with the most cards home, then the most points (the first of
        equals); before any undo, where it stands. The computer undoes at a dead end (its first
        retry's start, a dead end it leaves for a better one) or on its way back to the floor (from
        a position below it), so the floor is a dead end: the same cards with less time left have
        no line either (``retry``). ``from_here``: the floor it would have once it undid from where
        it stands (this position one of those it undid from). The position returned is shared:
        read it, never play on it."""
        reached = list(self._ends_reached)
        if from_here or not reached:
            here = played(self.start, self.line)
            reached.append((standing(here), self.line, here))
        _, line, game = max(reached, key=lambda entry: entry[0])  # the first of equals
        return line, game

    @cached_property
    def _ends_reached(self) -> tuple[tuple[tuple[int, int], tuple[Move, ...], Game], ...]:
        """Each position it undid from: its standing, its line and the position, replayed once
        (a decision asks for the floor several times)."""
        return tuple((standing(game), end, game) for end in self.ends
                     for game in (played(self.start, end),))


def move_data(move: Move) -> list:
    """A move as plain data, ``[src, dst, count]`` (a question's plan, a remembered line)."""
    return [list(move.src), list(move.dst), move.count]


def move_of(data: list) -> Move:
    src, dst, count = data
    return Move(Pile(str(src[0]), int(src[1])), Pile(str(dst[0]), int(dst[1])), int(count))


def played(start: Game, line: tuple[Move, ...]) -> Game:
    """``start`` with ``line`` played on a copy."""
    game = start.clone()
    for move in line:
        game.apply(move)
    return game


@dataclass(frozen=True)
class Recalled:
    """What ``recall`` found: the cards ever seen, and the lines."""

    seen: frozenset[int]
    line: tuple[Move, ...]
    ends: tuple[tuple[Move, ...], ...]
    tries: int
    deal: Game
    fresh: bool = False


def recall(game: Game, deal: Game | None = None) -> Recalled | None:
    """Replay ``game``'s log from ``deal`` (by default its code's deal) and remember what lay face
    up after each step; None when it cannot be replayed (no code, two decks, a log that does
    not lead to ``game``: a position set up by hand). Before any undo nothing was seen that is
    not face up now and the line is the log: no replay."""
    if game.rules.decks != 1 or (deal is None and game.code is None):
        return None
    start = Game.deal(game.code) if deal is None else deal.clone()
    if None not in game.log:
        if not _same_hidden(start, game):
            return None
        return Recalled(frozenset(in_sight(game)), tuple(game.log), (), 0, start)
    replay = start.clone()
    seen = in_sight(replay)
    line: list[Move] = []
    ends: list[tuple[Move, ...]] = []
    tries, undoing, fresh = 0, False, False
    try:
        for entry in game.log:
            if entry is None:
                if not undoing:
                    ends.append(tuple(line))
                if not replay.undo():
                    return None
                line.pop()
                tries += not undoing
            else:
                replay.apply(entry)
                line.append(entry)
            undoing = entry is None
            shown = in_sight(replay)
            fresh = not shown <= seen
            seen |= shown
    except IllegalMove:
        return None
    if _piles(replay) != _piles(game):
        return None
    return Recalled(frozenset(seen), tuple(line), tuple(ends), tries, start, fresh)


def in_sight(game: Game) -> set[int]:
    """The cards a player sees in ``game`` now: all but those ``face_down``."""
    cards = {c for column in game.tableau for c in column} | set(game.stock) | set(game.waste)
    return (cards | {c for pile in game.foundations for c in pile}) - face_down(game)


def _same_hidden(start: Game, game: Game) -> bool:
    """``game``'s hidden cards are where ``start`` dealt them (it can have come from that deal)."""
    if any(game.tableau[c][:n] != start.tableau[c][:n] for c, n in enumerate(game.hidden)):
        return False
    return bool(game.recycles) or game.stock == start.stock[:len(game.stock)]


def _piles(game: Game) -> tuple:
    return (game.tableau, game.hidden, game.stock, game.waste, game.foundations, game.recycles, game.score)


def blind_start(recalled: Recalled) -> tuple[Game, tuple[Place, ...]]:
    """The deal as the player knows it (see ``Past.start``) and its blind places."""
    start = recalled.deal.clone()
    start.code = None
    places = [p for p in hidden_places(start, not start.rules.stock_in_sight) if card_at(start, p) not in recalled.seen]
    fill = iter(sorted(card_at(start, p) for p in places))
    for place in places:
        put_card(start, place, next(fill))
    return start, tuple(places)


def hidden_places(game: Game, stock_too: bool) -> list[Place]:
    """The face-down column places bottom up, then (``stock_too``) the stock's."""
    places: list[Place] = [("t", column, index) for column, count in enumerate(game.hidden) for index in range(count)]
    return places + [("s", 0, index) for index in range(len(game.stock))] if stock_too else places


def card_at(game: Game, place: Place) -> int:
    kind, column, index = place
    return game.tableau[column][index] if kind == "t" else game.stock[index]


def put_card(game: Game, place: Place, card: int) -> None:
    kind, column, index = place
    if kind == "t":
        game.tableau[column][index] = card
    else:
        game.stock[index] = card


def fill(start: Game, blind: tuple[Place, ...], order: list[int]) -> Game:
    """``start`` with its blind places holding ``order`` (a sample of the unseen cards)."""
    game = start.clone()
    for place, card in zip(blind, order, strict=True):
        put_card(game, place, card)
    return game
