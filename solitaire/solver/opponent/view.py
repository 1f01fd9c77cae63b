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

A player remembers (``memory``): a card it saw that an undo turned face down again (DU-3) is
known where it lies, a *remembered* place of the view, and the stock is known once every card in
it has been seen, whether or not a recycle has been kept. Only cards that lay face up at some
step of the game's own log count; the unknown cards are the ones never seen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...core.game import Game
from ...core.position import game_from_json
from .memory import Past, Place, blind_start, card_at, hidden_places, put_card, recall


@dataclass(frozen=True)
class Seen:
    """A position as a player sees it.

    ``game`` is the masked position (hidden places filled with the sorted unknown cards);
    ``unknown`` the cards not seen, sorted (a multiset for two decks); ``stock_known`` whether the
    stock's order is known (after a recycle, or every card of it seen); ``seconds_left`` the race
    clock, None without one; ``remembered`` the hidden places whose cards the player saw before an
    undo (they hold those cards); ``past`` what it remembers of its game (``memory.Past``), when
    the asker wants it (a racer that may undo).
    """

    game: Game
    unknown: tuple[int, ...]
    stock_known: bool
    seconds_left: float | None = None
    remembered: tuple[Place, ...] = ()
    past: Past | None = None

    @property
    def position_key(self) -> str:
        """A text naming what the player sees of the cards, the clock apart (for seeding)."""
        key = f"{self.game.to_json()}|{self.unknown}|{self.stock_known}"
        return f"{key}|{self.remembered}" if self.remembered else key

    @property
    def key(self) -> str:
        """A text naming the view exactly: equal views, equal keys (for tests)."""
        past = "" if self.past is None else f"|{self.past.to_json()}"
        return f"{self.position_key}|{self.seconds_left}{past}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seen) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def hidden_places(self) -> list[tuple[str, int, int]]:
        """The places holding unknown cards: ("t", column, index) bottom up, then ("s", 0, index)."""
        places = hidden_places(self.game, not self.stock_known)
        if self.remembered:
            kept = set(self.remembered)
            places = [place for place in places if place not in kept]
        return places

    def to_json(self) -> dict:
        """Plain data for the worker's queue."""
        data = {"game": self.game.to_json(), "unknown": list(self.unknown),
                "stock_known": self.stock_known, "seconds_left": self.seconds_left}
        if self.remembered:
            data["remembered"] = [list(place) for place in self.remembered]
        if self.past is not None:
            data["past"] = self.past.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict) -> Seen:
        seconds = data.get("seconds_left")
        remembered = tuple((str(k), int(a), int(b)) for k, a, b in data.get("remembered", ()))
        past = Past.from_json(data["past"]) if "past" in data else None
        return cls(game_from_json(data["game"]), tuple(int(c) for c in data["unknown"]),
                   bool(data["stock_known"]), None if seconds is None else float(seconds), remembered, past)


def stock_known(game: Game) -> bool:
    """The stock's cards and order are known: nothing is hidden in the game (Thoughtful), or the
    stock has been recycled at least once (all of it came back from the waste)."""
    return game.rules.stock_in_sight or game.recycles > 0 or not game.stock


def seen(game: Game, seconds_left: float | None = None, remember: bool = False, deal: Game | None = None) -> Seen:
    """The view of ``game`` a player has (see the module's docstring). ``remember``: with its
    ``past`` (``memory.recall``: the game's log replayed from ``deal``, by default its code's);
    after an undo the cards it saw are remembered whether or not ``remember`` is asked."""
    recalled = recall(game, deal) if remember or None in game.log else None
    masked = game.clone()
    masked.code = None
    known = set() if recalled is None else recalled.seen  # before any undo no hidden card was seen
    known_stock = stock_known(game) or all(c in known for c in game.stock)
    places = hidden_places(game, not known_stock)
    remembered = tuple(place for place in places if card_at(game, place) in known)
    kept = set(remembered)
    blind = [place for place in places if place not in kept]
    unknown = sorted(card_at(game, place) for place in blind)
    fill = iter(unknown)
    for place in blind:
        put_card(masked, place, next(fill))
    past = None
    if remember and recalled is not None:
        start, start_blind = blind_start(recalled)
        past = Past(start, start_blind, recalled.line, recalled.ends, recalled.tries, recalled.fresh)
    return Seen(masked, tuple(unknown), known_stock, seconds_left, remembered, past)


def determinise(view: Seen, order: list[int]) -> Game:
    """A full position consistent with ``view``: its hidden places filled with ``order`` (a
    permutation of ``view.unknown``), for searches that imagine what the hidden cards are."""
    if Counter(order) != Counter(view.unknown):
        raise ValueError("a determinisation must place exactly the unknown cards")
    game = view.game.clone()
    for place, card in zip(view.hidden_places(), order, strict=True):
        put_card(game, place, card)
    return game
