"""What a player sees of a position, and nothing more: the no-peek view the computer plays from.

``seen(game)`` keeps the face-up cards, the waste (every waste card was face up when drawn, so a
player remembers it), the foundations, the counters, and the stock once it has been recycled
(every card in it then went through the waste, in an order recycling does not change). Every
face-down column card, and the stock before its first recycle, is *unknown*: the view fills
those places with the unknown cards in sorted order, so that the view's game is a legal position
the rules core can move (legal moves never depend on face-down cards) while its hidden places
hold no information at all. The deal's code is dropped too (it would re-deal the whole table).
Two games that differ only in their hidden cards have equal views, so any decision taken from a
view cannot peek, by construction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...core.game import Game
from ...core.position import game_from_json


@dataclass(frozen=True)
class Seen:
    """A position as a player sees it.

    ``game`` is the masked position (hidden places filled with the sorted unknown cards);
    ``unknown`` the cards not seen, sorted (a multiset for two decks); ``stock_known`` whether the
    stock's order is known (after a recycle); ``seconds_left`` the race clock, None without one.
    """

    game: Game
    unknown: tuple[int, ...]
    stock_known: bool
    seconds_left: float | None = None

    @property
    def position_key(self) -> str:
        """A text naming what the player sees of the cards, the clock apart (for seeding)."""
        return f"{self.game.to_json()}|{self.unknown}|{self.stock_known}"

    @property
    def key(self) -> str:
        """A text naming the view exactly: equal views, equal keys (for tests)."""
        return f"{self.position_key}|{self.seconds_left}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seen) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def hidden_places(self) -> list[tuple[str, int, int]]:
        """The places holding unknown cards: ("t", column, index) bottom up, then ("s", 0, index)."""
        places = [("t", column, index) for column, count in enumerate(self.game.hidden) for index in range(count)]
        if not self.stock_known:
            places += [("s", 0, index) for index in range(len(self.game.stock))]
        return places

    def to_json(self) -> dict:
        """Plain data for the worker's queue."""
        return {"game": self.game.to_json(), "unknown": list(self.unknown),
                "stock_known": self.stock_known, "seconds_left": self.seconds_left}

    @classmethod
    def from_json(cls, data: dict) -> Seen:
        seconds = data.get("seconds_left")
        return cls(game_from_json(data["game"]), tuple(int(c) for c in data["unknown"]),
                   bool(data["stock_known"]), None if seconds is None else float(seconds))


def stock_known(game: Game) -> bool:
    """The stock's cards and order are known: nothing is hidden in the game (Thoughtful), or the
    stock has been recycled at least once (all of it came back from the waste)."""
    return game.rules.stock_in_sight or game.recycles > 0 or not game.stock


def seen(game: Game, seconds_left: float | None = None) -> Seen:
    """The view of ``game`` a player has (see the module's docstring)."""
    masked = game.clone()
    masked.code = None
    known_stock = stock_known(game)
    hidden_cards = [c for column, count in enumerate(game.hidden) for c in game.tableau[column][:count]]
    if not known_stock:
        hidden_cards += game.stock
    unknown = sorted(hidden_cards)
    fill = iter(unknown)
    for column, count in enumerate(masked.hidden):
        for index in range(count):
            masked.tableau[column][index] = next(fill)
    if not known_stock:
        masked.stock = [next(fill) for _ in masked.stock]
    return Seen(masked, tuple(unknown), known_stock, seconds_left)


def determinise(view: Seen, order: list[int]) -> Game:
    """A full position consistent with ``view``: its hidden places filled with ``order`` (a
    permutation of ``view.unknown``), for searches that imagine what the hidden cards are."""
    if Counter(order) != Counter(view.unknown):
        raise ValueError("a determinisation must place exactly the unknown cards")
    game = view.game.clone()
    fill = iter(order)
    for column, count in enumerate(game.hidden):
        for index in range(count):
            game.tableau[column][index] = next(fill)
    if not view.stock_known:
        game.stock = [next(fill) for _ in game.stock]
    return game
