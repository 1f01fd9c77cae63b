"""Why something was refused, in a form both people and programs can use."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_NAMES, a_card, card_name

# The English sentence of every reason a move can be refused: first the rule that stops it, in
# the player's words, then what it stops. ``{card}`` names a card ("6 of clubs"), ``{card:a}``
# with its article ("a 6 of clubs"); the interface translates by the same keys
# (``refusal.<reason>`` in solitaire/i18n), so a sentence is never parsed. The rule's id is not
# part of the sentence: it travels beside it (``Refusal.rule``).
REASONS: dict[str, str] = {
    "no_pile": "there is no pile {pile} in {game}",
    "same_pile": "the cards are already on that pile: a move takes them to another one",
    "not_to_talon": "cards never go back to the stock or the waste: they go to a column or a foundation",
    "one_at_a_time": "a foundation takes one card at a time, never a group",
    "waste_empty": "the waste is empty: click the stock to turn cards onto it",
    "waste_top_only": "only the top card of the waste can be played: the card under it comes free once it has gone",
    "foundation_empty": "foundation {number} is empty: there is no card to take back",
    "foundation_top_only": "only the top card of a foundation can be taken back, one card at a time",
    "foundation_to_column_only": "a card taken back from a foundation can only go onto a column",
    "nothing_to_draw": "there is nothing left to draw: the stock and the waste are both empty",
    "vegas_one_pass": "in Vegas scoring you go through the stock only once: the waste is never turned back",
    "passes_used": "this game goes through the stock {limit} times at most: the waste is not turned back again",
    "column_empty": "column {number} is empty: there is no card to move",
    "column_too_short": "column {number} does not have that many cards: it holds {count}",
    "face_down": "a face-down card cannot be moved: it turns face up once the cards on it have gone",
    "covered": "the card of pile {number} is covered: a card can be played once no card lies on it",
    "not_in_order": "the cards on the {card} are not in order: a group moves together only when each card is one rank lower than the card under it and of the other colour",
    "wrong_suit_slot": "each suit has its own foundations: this one takes only {suit}, not the {card}",
    "ace_first": "a foundation starts with an Ace, so it cannot take the {card} first",
    "foundation_suit": "a foundation keeps to one suit, so the {card} cannot go on the {target}",
    "foundation_rank": "a foundation goes up one rank at a time, so the {card} cannot go on the {target}",
    "not_next_rank": "a card goes home one rank above or below the top card, whatever its suit: the {card} cannot go on the {target}",
    "no_building": "no card goes onto a column: cards only leave the columns",
    "stock_used_up": "the stock is used up: it is gone through only once",
    "king_only": "an empty column takes only a King, alone or with the cards on it, so not the {card}",
    "not_on": "a card goes on a card one rank higher and of the other colour: {card:a} cannot go on {target:a}",
    "not_on_rank": "a card goes on a card exactly one rank higher: {card:a} cannot go on {target:a}",
    "not_on_colour": "a card goes on a card of the other colour, red on black or black on red: {card:a} cannot go on {target:a}",
    "no_foundation": "no foundation takes the {card} yet: a foundation takes the next card of its suit, from the Ace up",
    "no_place": "the {card} fits nowhere now: neither a foundation nor a column takes it",
    "no_column": "no column takes the {card} now: it needs a card one rank higher of the other colour, or an empty column if it is a King",
    "nothing_to_undo": "there is no move to undo: the cards are as they were dealt",
    "undo_limit": "undo reaches back only {limit} moves, and you have taken all of them back",
    "nothing_to_redo": "there is no move to redo: only a move taken back by undo can be played again, until another move is made",
    "no_auto_complete": "{game} never plays a card by itself: every card goes home by your own move",
    "already_won": "the game is won: every card is already on a foundation",
    "auto_not_ready": "auto-complete starts once every column card is face up and the stock and the waste are empty",
    "not_on_same_colour": "a card goes on a card one rank higher and of the same colour: {card:a} cannot go on {target:a}",
    "not_same_suit_run": "the cards on the {card} are not one run of one suit: a group moves together only when each card is one rank lower than the card under it and of the same suit",
    "no_stock": "{game} has no stock: every card is dealt at the start",
    "no_rows_left": "the stock is empty: every row has been dealt",
    "deal_on_empty": "a row is dealt only when no column is empty: put a card in column {number} first",
    "cell_full": "free cell {number} already holds a card: a free cell holds one card",
    "cell_empty": "free cell {number} is empty: there is no card to move",
    "cell_one_card": "a free cell holds one card: a group never goes into one or comes out of one",
    "no_free_cell": "every free cell holds a card: there is no free cell left",
    "run_too_long": "only {limit} cards can move together now: one more than the free cells, doubled for each empty column",
    "suits_leave_alone": "no card is put on a foundation by hand: a whole suit from the King down to the Ace leaves the table by itself",
    "foundation_final": "in {game} a card on a foundation stays there: it never comes back to the table",
    "pair_needed": "only a King leaves by itself: the {card} leaves with a card whose rank makes 13 with it (an Ace counts 1, a Jack 11, a Queen 12)",
    "pair_not_thirteen": "two cards leave together only when their ranks make 13 (an Ace counts 1, a Jack 11, a Queen 12): the {card} and the {target} make {total}",
    "pair_one_card": "a pair is two cards, one from each pile: a group never moves",
    "stock_empty_pair": "the stock is empty: there is no card on it to pair with",
    "race_over": "the race is over: no more moves can be played",
    "race_ended": "you have ended your game: it cannot be played on",
    "race_waiting": "the card your last move turned is on its way from the server: play on once it shows",
}

# The rule behind each reason, as a topic: every game names its own rule for a topic in the
# ``[rule_ids]`` table of its levels file (Thoughtful's tap rule is TF-6, Double's DS-8), and the
# rules common to all games (C-*) are the default (rules.COMMON_RULE_IDS). A refusal therefore
# always cites a rule of the game being played, never one inferred from another game's shape.
TOPICS: dict[str, tuple[str, ...]] = {
    "layout": ("no_pile",),
    "build": ("same_pile", "not_on", "not_on_rank", "not_on_colour", "not_on_same_colour", "no_building"),
    "empty_column": ("king_only",),
    "foundation": ("one_at_a_time", "ace_first", "foundation_suit", "foundation_rank", "no_foundation", "not_next_rank"),
    "talon": ("not_to_talon", "waste_empty", "waste_top_only"),
    "foundation_back": ("foundation_empty", "foundation_top_only", "foundation_to_column_only", "foundation_final"),
    "stock": ("nothing_to_draw", "vegas_one_pass", "passes_used", "no_stock", "no_rows_left", "deal_on_empty",
              "stock_used_up"),
    "runs": ("column_empty", "column_too_short", "face_down", "not_in_order", "not_same_suit_run"),
    "covered": ("covered",),
    "cells": ("cell_full", "cell_empty", "cell_one_card", "no_free_cell"),
    "run_size": ("run_too_long",),
    "whole_suits": ("suits_leave_alone",),
    "foundation_slot": ("wrong_suit_slot",),
    "tap": ("no_place", "no_column"),
    "undo": ("nothing_to_undo", "undo_limit"),
    "redo": ("nothing_to_redo",),
    "auto": ("no_auto_complete", "already_won", "auto_not_ready"),
    "pairs": ("pair_needed", "pair_not_thirteen", "pair_one_card", "stock_empty_pair"),
    "race": ("race_over", "race_waiting"),
    "race_end": ("race_ended",),
}
TOPIC_OF: dict[str, str] = {reason: topic for topic, reasons in TOPICS.items() for reason in reasons}


class CardParam(int):
    """A card given to a refusal sentence: ``{card}`` names it, ``{card:a}`` adds the article."""

    def __format__(self, spec: str) -> str:
        return a_card(self) if spec == "a" else card_name(self)


class SuitParam(int):
    def __format__(self, spec: str) -> str:
        return SUIT_NAMES[self]


class GameParam(str):
    """A game given to a refusal sentence: its English name, carrying the game's id so that a
    translation can name it in its own language.
    """

    id: str

    def __new__(cls, game_id: str, name: str) -> GameParam:
        param = super().__new__(cls, name)
        param.id = game_id
        return param

    def __reduce__(self) -> tuple:
        return GameParam, (self.id, str(self))


@dataclass(frozen=True)
class Refusal:
    """A refused move: the rule id from RULES.md, a reason key and its details.

    ``text`` is the English sentence the "interactive rules" message shows (TF-7); ``rule`` lets
    a test find the rule and ``reason`` with ``params`` lets a translation table say it again.
    """

    rule: str
    reason: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def text(self) -> str:
        return REASONS[self.reason].format(**dict(self.params))

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def refusal(rule: str, reason: str, **params: object) -> Refusal:
    """``refusal("C-2", "not_on", card=c, target=top)``: card and target are card ints, suit a
    suit index, game the game's ``Ruleset``.
    """
    typed = {}
    for name, value in params.items():
        if name in ("card", "target"):
            value = CardParam(value)
        elif name == "suit":
            value = SuitParam(value)
        elif name == "game":
            value = GameParam(value.id, value.name)
        typed[name] = value
    return Refusal(rule, reason, tuple(typed.items()))


class IllegalMove(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


class BadCode(ValueError):
    """A game code that does not parse or names something its game does not have (G-3)."""


class BadDeal(ValueError):
    """A deal file or saved position that cannot be a position of its game."""


class NewerSave(BadDeal):
    """A saved game in a format a newer version of the game writes: not damage, but not ours to
    read or overwrite either."""
