"""A player's own table in an online duel, as the server lets them see it (issue 25).

The server holds the deal; the game never learns its code nor a face-down card. What it gets is
the table's face-up cards (``visible_table``, the server's side) and, after each move, the cards
that move turned up (``Ok.shown``). ``Mirror`` keeps a core ``Game`` of that: every place whose
card is unknown (a face-down column card; the stock before its first recycle, which nobody has
seen yet) holds one of the unknown cards, in sorted order, exactly as the computer player's
no-peek view does (``solver.opponent.view``): legal moves never depend on face-down cards, so the
core plays this game as it plays the real one, and its hidden places say nothing.

A move that turns nothing up is played at once; one that turns a card (a column uncovered, a
draw) leaves ``awaiting`` set until the server's answer names the cards, and no other move may
be played meanwhile (``ready``). A refused move's answer carries the table as the server has
it, and the mirror is set to it.
"""

from __future__ import annotations

from collections import Counter

from ..core import Game, parse_card, ruleset
from ..core.cards import card_text

Place = tuple[str, int, int]  # ("t", column, index), ("w", 0, index) or ("s", 0, index): column, waste, stock


def stock_seen(game: Game) -> bool:
    """Every stock card has been through the waste (a recycle happened): it may be shown."""
    return game.recycles > 0 or not game.stock


def visible_table(game: Game) -> dict:
    """What a player may see of ``game``: face-up cards, and how many cards lie face down. No
    code, and no card that has not been turned up."""
    return {
        "game": game.rules.id, "draw": game.draw, "scoring": game.scoring.name,
        "columns": [[hidden, [card_text(c) for c in cards[hidden:]]]
                    for cards, hidden in zip(game.tableau, game.hidden)],
        "stock": [card_text(c) for c in game.stock] if stock_seen(game) else len(game.stock),
        "waste": [card_text(c) for c in game.waste],
        "foundations": [[card_text(c) for c in pile] for pile in game.foundations],
        "score": game.score, "moves": game.moves, "recycles": game.recycles,
    } | ({"been_home": [card_text(c) for c in game.been_home()]} if game.been_home() else {})  # DU-12


def masked_game(table: dict) -> Game:
    """The core game of a ``visible_table``, its unknown places filled (ValueError if the table
    is not one: the server's message was not what it should be)."""
    try:
        rules = ruleset(table["game"])
        game = Game(rules, table["draw"], table["scoring"])
        for index, (hidden, up) in enumerate(table["columns"]):
            game.tableau[index] = [-1] * hidden + [parse_card(t)[0] for t in up]
            game.hidden[index] = hidden
        stock = table["stock"]
        game.stock = [-1] * stock if isinstance(stock, int) else [parse_card(t)[0] for t in stock]
        game.waste = [parse_card(t)[0] for t in table["waste"]]
        game.foundations = [[parse_card(t)[0] for t in pile] for pile in table["foundations"]]
        game.score, game.moves, game.recycles = int(table["score"]), int(table["moves"]), int(table["recycles"])
        game.count_trips_home([parse_card(t)[0] for t in table.get("been_home", [])])  # DU-12 (older servers: none)
    except (KeyError, TypeError, IndexError, ValueError) as error:
        raise ValueError(f"not a table: {error}") from None
    refill(game, unknown_stock=isinstance(stock, int))
    return game


def refill(game: Game, unknown_stock: bool) -> None:
    """Put the unknown cards, sorted, in the unknown places (after a reveal or an undo, which
    can leave a stale card there): the hidden places then hold exactly the cards not seen."""
    places = [(column, index) for column, count in enumerate(game.hidden) for index in range(count)]
    seen = Counter(c for column, count in enumerate(game.hidden) for c in game.tableau[column][count:])
    seen.update(game.waste)
    seen.update(c for pile in game.foundations for c in pile)
    if not unknown_stock:
        seen.update(game.stock)
    unknown = sorted((Counter(list(range(52)) * game.rules.decks) - seen).elements())
    slots = len(places) + (len(game.stock) if unknown_stock else 0)
    if len(unknown) != slots:
        raise ValueError(f"{len(unknown)} unknown cards for {slots} unknown places")
    fill = iter(unknown)
    for column, index in places:
        game.tableau[column][index] = next(fill)
    if unknown_stock:
        game.stock[:] = [next(fill) for _ in game.stock]  # in place, as every pile of a table is changed


class Mirror:
    """The player's table in an online duel (see the module's docstring)."""

    def __init__(self, table: dict) -> None:
        self.game = masked_game(table)
        self.awaiting: list[Place] = []  # places whose cards the server's next Ok names

    @property
    def ready(self) -> bool:
        """A move may be played: no turned card is still unknown."""
        return not self.awaiting

    @property
    def unknown_stock(self) -> bool:
        return not stock_seen(self.game)

    def unknown_places(self) -> list[Place]:
        """Every place whose card is a stand-in, to be drawn face down: the face-down column
        cards, a stock nobody has seen, and the cards a move turned that the server has not
        named yet (``awaiting``)."""
        game = self.game
        places: list[Place] = [("t", column, index) for column, count in enumerate(game.hidden)
                               for index in range(count)]
        if self.unknown_stock:
            places += [("s", 0, index) for index in range(len(game.stock))]
        return places + self.awaiting

    def play(self, text: str) -> None:
        """Play one move (replay notation) on the mirror: IllegalMove or ValueError when the core
        refuses it (then nothing changed). The cards it turns are awaited (``awaiting``)."""
        if not self.ready:
            raise ValueError("a card this table turned is not known yet: wait for the server's answer")
        game = self.game
        unknown_stock, hidden, waste = self.unknown_stock, list(game.hidden), len(game.waste)
        game.play_text(text)
        self.awaiting = [("t", column, after) for column, (before, after) in enumerate(zip(hidden, game.hidden))
                         if after < before]
        if unknown_stock and len(game.waste) > waste:  # drawn from a stock nobody has seen
            self.awaiting += [("w", 0, index) for index in range(waste, len(game.waste))]
        if not self.awaiting:  # an undo may have put back a stale card where an unknown one lies
            refill(game, self.unknown_stock)

    def shown(self, cards: list) -> None:
        """The server's Ok: the cards the last move turned, in the awaited places (ValueError
        when they do not fit: the server and the game disagree)."""
        if len(cards) != len(self.awaiting):
            raise ValueError(f"{len(cards)} cards shown for {len(self.awaiting)} turned places")
        game = self.game
        for (kind, pile, index), text in zip(self.awaiting, cards):
            card = parse_card(text)[0]
            (game.tableau[pile] if kind == "t" else game.waste)[index] = card
        self.awaiting = []
        refill(game, self.unknown_stock)

    def reset(self, table: dict) -> None:
        """The server's table (a refused move's answer): the mirror becomes it, history and all
        forgotten."""
        self.game = masked_game(table)
        self.awaiting = []
