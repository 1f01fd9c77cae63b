"""Cards as small ints, and their text notation.

A card is ``suit * 13 + (rank - 1)``: 0 is the Ace of spades, 51 the King of clubs. Two decks
use the same 52 values twice. Ints keep piles cheap to copy and compare, which the solver and
the undo history rely on; the lookup tables below make colour and rank tests one index each.
"""

from __future__ import annotations

SUITS = "SHDC"  # spades, hearts, diamonds, clubs: also the fixed foundation order (DS-3, TF-3)
RANKS = "A23456789TJQK"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUIT_SYMBOLS = "♠♥♦♣"

ACE, KING = 1, 13
DECK = tuple(range(52))

RED_SUITS = frozenset({1, 2})  # hearts and diamonds (C-1)

RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in DECK)
SUIT: tuple[int, ...] = tuple(c // 13 for c in DECK)
RED: tuple[bool, ...] = tuple(SUIT[c] in RED_SUITS for c in DECK)  # C-1


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def card_text(c: int, face_up: bool = True) -> str:
    """Two-character notation, ``TD`` for the ten of diamonds; lower case when face down."""
    text = RANKS[RANK[c] - 1] + SUITS[SUIT[c]]
    return text if face_up else text.lower()


def card_name(c: int) -> str:
    """Plain English, for refusal messages: "6 of clubs"."""
    return f"{RANK_NAMES[RANK[c] - 1]} of {SUIT_NAMES[SUIT[c]]}"


def a_card(c: int) -> str:
    """"a 6 of clubs", "an 8 of hearts", "an ace of spades": for refusal sentences."""
    name = card_name(c)
    return ("an " if name[0] in "a8" else "a ") + name


def parse_card(text: str) -> tuple[int, bool]:
    """Read ``TD``, ``10d``, ``as`` … into (card, face_up). Upper case means face up.

    Raises ValueError with a sentence naming what is wrong.
    """
    if not isinstance(text, str):
        raise ValueError(f"a card must be written as text like 'TD', not {text!r}")
    body = text.strip()
    if len(body) == 3 and body[:2] == "10":
        body = ("T" if body[2].isupper() else "t") + body[2]
    if len(body) != 2:
        raise ValueError(f"{text!r} is not a card (expected a rank A23456789TJQK and a suit SHDC)")
    rank_char, suit_char = body[0], body[1]
    rank_index = RANKS.find(rank_char.upper())
    suit_index = SUITS.find(suit_char.upper())
    if rank_index < 0 or suit_index < 0:
        raise ValueError(f"{text!r} is not a card (expected a rank A23456789TJQK and a suit SHDC)")
    if rank_char.isupper() != suit_char.isupper() and rank_char.isalpha():
        raise ValueError(f"{text!r} mixes cases: write a face-up card in upper case, face-down in lower")
    face_up = suit_char.isupper()
    return card(rank_index + 1, suit_index), face_up
