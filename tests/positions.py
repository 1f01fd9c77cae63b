"""Builders for hand-made positions: ``table("klondike", tableau=["ks QH", "7C"], ...)``.

A column is written bottom to top; lower-case cards are face down. Stock and waste are written
bottom to top too (the last stock card is drawn next, the last waste card is playable). Cards not
placed anywhere are simply absent: rule tests look at a few cards, not at whole decks.
"""

from __future__ import annotations

from solitaire.core import Game, parse_card, ruleset


def cards(text: str) -> list[int]:
    return [parse_card(word)[0] for word in text.split()]


def build(game_id: str, tableau: list[str] | None = None, stock: str = "", waste: str = "",
          foundations: list[str] | None = None, draw: int | None = None, scoring: str = "standard") -> Game:
    rules = ruleset(game_id)
    game = Game(rules, draw or rules.default_draw, scoring)
    for index, column in enumerate(tableau or []):
        words = column.split()
        game.tableau[index] = [parse_card(w)[0] for w in words]
        game.hidden[index] = sum(1 for w in words if not parse_card(w)[1])
    game.stock = cards(stock)
    game.waste = cards(waste)
    for index, pile in enumerate(foundations or []):
        game.foundations[index] = cards(pile)
    return game

