"""Why something was refused, in a form both people and programs can use."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_NAMES, a_card, card_name

# The English sentence of every reason a move can be refused. ``{card}`` names a card ("6 of
# clubs"), ``{card:a}`` with its article ("a 6 of clubs"); the interface translates by the same
# keys (``refusal.<reason>`` in solitaire/i18n), so a sentence is never parsed.
REASONS: dict[str, str] = {
    "no_pile": "there is no pile {pile} in {game}",
    "same_pile": "a card must move to another pile",
    "not_to_talon": "cards go to a column or a foundation, never back to the stock or the waste",
    "one_at_a_time": "cards go to a foundation one at a time",
    "waste_empty": "the waste is empty",
    "waste_top_only": "only the top card of the waste can be played",
    "foundation_empty": "foundation {number} is empty",
    "foundation_top_only": "only the top card of a foundation can be taken back",
    "foundation_to_column_only": "a foundation card can only go back to a column",
    "nothing_to_draw": "the stock and the waste are both empty",
    "vegas_one_pass": "in Vegas scoring the waste is never turned back: one pass only",
    "column_empty": "column {number} is empty",
    "column_too_short": "column {number} has only {count} cards",
    "face_down": "a face-down card cannot be moved",
    "not_in_order": "the {card} and the cards on it are not in order (each one rank lower, colours alternating)",
    "wrong_suit_slot": "the {card} cannot go on the {suit} foundation",
    "ace_first": "a foundation starts with an Ace, not the {card}",
    "foundation_suit": "the {card} cannot go on the {target}: a foundation keeps one suit",
    "foundation_rank": "the {card} cannot go on the {target}: foundations go up one rank at a time",
    "king_only": "an empty column takes only a King, not the {card}",
    "not_on": "{card:a} cannot go on {target:a}",
    "no_foundation": "no foundation takes the {card} now",
    "no_place": "no place takes the {card} now",
    "nothing_to_undo": "there is no move to undo",
    "no_auto_complete": "{game} has no auto-complete",
    "already_won": "the game is already won",
    "auto_not_ready": "auto-complete needs every column card face up and the stock and waste empty",
    "race_over": "the race is over",
    "race_ended": "you have ended your game",
}


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
