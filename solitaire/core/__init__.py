"""The rules core: pure Python, never imports pygame (a test enforces it)."""

from .cards import card_name, card_text, parse_card
from .codes import GameCode, parse_code
from .errors import BadCode, BadDeal, IllegalMove, Refusal
from .game import Game
from .moves import CELL, DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile, Request, parse_request
from .rules import REGISTRY, Ruleset, Scoring, ruleset

__all__ = [
    "BadCode", "BadDeal", "CELL", "DRAW", "FOUNDATION", "Game", "GameCode", "IllegalMove",
    "Move", "Pile", "REGISTRY", "Refusal", "Request", "Ruleset", "STOCK", "Scoring", "TABLEAU", "WASTE",
    "card_name", "card_text", "parse_card", "parse_code", "parse_request", "ruleset",
]
