"""Game codes (G-1, G-3): ``DS1-D1N-AAAAAAB`` names a game, its rules version, draw count,
scoring and deal number, and reproduces the deal exactly. A game that numbers its deals as
Microsoft's FreeCell does also takes ``FC1-MS-11982``: that deal, as Microsoft dealt it (FC-6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import BadCode
from .quote import clip

if TYPE_CHECKING:
    from .rules import Ruleset

DEAL_LETTERS = 7
DEAL_LIMIT = 26**DEAL_LETTERS
SCORINGS = {"N": "standard", "V": "vegas"}
SCORING_LETTERS = {name: letter for letter, name in SCORINGS.items()}

_SHAPE = re.compile(r"^(..)(.)-(.)(.)(.)-(.*)$")
_MS_SHAPE = re.compile(r"^(..)(.)-MS-(.*)$")


@dataclass(frozen=True)
class GameCode:
    game: str  # a game's id in the registry (rules.REGISTRY)
    draw: int
    scoring: str  # "standard" or "vegas"
    deal: int
    ms: bool = False  # a Microsoft FreeCell deal number (FC-6), not this game's own shuffle

    def __str__(self) -> str:
        from .rules import ruleset  # the letters are the game's own, from its level file

        rules = ruleset(self.game)
        if self.ms:
            return f"{rules.code}{rules.version}-MS-{self.deal}"
        return f"{rules.code}{rules.version}-D{self.draw}{SCORING_LETTERS[self.scoring]}-{deal_letters(self.deal)}"


def deal_letters(number: int) -> str:
    """Base 26 in letters, A = 0, seven of them: 1 -> ``AAAAAAB``."""
    if not 0 <= number < DEAL_LIMIT:
        raise BadCode(f"G-1: deal number {number} is outside 0…{DEAL_LIMIT - 1}")
    letters = []
    for _ in range(DEAL_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def parse_code(text: object) -> GameCode:
    """Read a game code, or raise BadCode naming the part that is wrong (G-3).

    Letters may be typed in lower case; surrounding spaces are ignored.
    """
    if not isinstance(text, str):
        raise BadCode("G-3: a game code is text like 'KL1-D1N-AAAAAAB'")
    raw = text.strip().upper()
    quoted = clip(text)
    ms_shape = _MS_SHAPE.match(raw)
    if ms_shape:
        return _ms_code(text, raw, *ms_shape.groups())
    shape = _SHAPE.match(raw)
    if not shape:
        raise BadCode(f"G-3: '{quoted}' is not a game code (expected the form KL1-D1N-AAAAAAB)")
    game_letters, version, d, draw_char, scoring_char, deal = shape.groups()
    rules = _game_of(text, raw, game_letters, version)
    if d != "D" or not (draw_char.isascii() and draw_char.isdigit()):  # "²" passes isdigit() alone
        raise BadCode(f"G-3: '{quoted}': the draw part must be D and a digit, like D1")
    draw = int(draw_char)
    if draw not in rules.draws:
        offered = ", ".join(str(n) for n in rules.draws)
        raise BadCode(f"G-3: '{quoted}': {rules.name} has no draw {draw} (it offers draw {offered})")
    if scoring_char not in SCORINGS:
        raise BadCode(f"G-3: '{quoted}': unknown scoring '{scoring_char}' (N standard, V Vegas)")
    scoring = SCORINGS[scoring_char]
    if scoring not in rules.scorings:
        raise BadCode(f"G-3: '{quoted}': {rules.name} has no {scoring} scoring")
    if len(deal) != DEAL_LETTERS or not all("A" <= ch <= "Z" for ch in deal):
        raise BadCode(f"G-3: '{quoted}': the deal number must be {DEAL_LETTERS} letters A–Z")
    number = 0
    for ch in deal:
        number = number * 26 + ord(ch) - ord("A")
    return GameCode(rules.id, draw, scoring, number)


def _game_of(text: str, raw: str, game_letters: str, version: str) -> Ruleset:
    """The game the code's letters name, at its own rules version (each game's in its level
    file): an older version is answered with today's code for the same deal (G-4)."""
    from .rules import REGISTRY  # rules load the level files; codes stay importable without them

    rules = REGISTRY.by_code(game_letters)
    if rules is None:
        known = ", ".join(REGISTRY.codes()[:-1]) + " or " + REGISTRY.codes()[-1]
        raise BadCode(f"G-3: '{clip(text)}': unknown game '{game_letters}' (expected {known})")
    if version != str(rules.version):
        raise BadCode(_version_refusal(text, rules.code, rules.name, version, rules.version, raw))
    return rules


def _version_refusal(text: str, letters: str, name: str, version: str, current: int, raw: str) -> str:
    """G-4: an older rules version's code names the same deal (the shuffle never changes, G-2),
    scored by rules since changed: the answer gives today's code for it; any other digit is
    unknown."""
    if version.isascii() and version.isdigit() and 1 <= int(version) < current:
        today = f"{letters}{current}{raw[len(letters) + 1:]}"
        return (f"G-4: '{clip(text)}' is a {name} code of rules version {version}, whose scoring has changed; "
                f"the same deal under today's rules (version {current}) is {today}")
    return f"G-3: '{clip(text)}': unknown rules version '{version}' ({name} plays version {current})"


def _ms_code(text: str, raw: str, game_letters: str, version: str, number: str) -> GameCode:
    """``FC1-MS-11982``: Microsoft's deal of that number, in its game's first draw and scoring."""
    rules = _game_of(text, raw, game_letters, version)
    if not rules.ms_deals:
        raise BadCode(f"G-3: '{clip(text)}': {rules.name} has no Microsoft deal numbers")
    digits = len(str(rules.ms_deals))  # before int(): 5,000 digits are beyond int()'s limit
    if not (number.isascii() and number.isdigit()) or len(number) > digits or not 1 <= int(number) <= rules.ms_deals:
        raise BadCode(f"G-3: '{clip(text)}': a Microsoft deal number is 1 to {rules.ms_deals}")
    return GameCode(rules.id, rules.default_draw, rules.scorings[0], int(number), ms=True)
