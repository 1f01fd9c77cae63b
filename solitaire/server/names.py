"""Players' names, cleaned by the server before anyone else sees them (issue 25 item 4).

A name keeps letters, marks, digits, punctuation, symbols and plain spaces: control characters,
format characters (the bidi overrides and isolates, zero-width joiners and spaces, the BOM),
private-use and unassigned code points go, runs of spaces become one, ``#`` is kept for telling
names apart, and at most ``MAX_NAME`` characters stay. A name that copies a computer opponent's
label ("Computer · Hard", "الحاسوب · صعب") would pass a person off as the computer, or the
computer as a person: it becomes ``FALLBACK``. Two players of one name are told apart by a
number, "Sara", "Sara#2", "Sara#3" (``numbered``).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 20
FALLBACK = "Player"
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
#: The words of the computer opponent's label in the game's languages (i18n ``duel.computer``;
#: a test checks every label of every language is caught), folded.
COMPUTER_WORDS = ("computer", "الحاسوب", "حاسوب", "الكمبيوتر", "كمبيوتر")


def clean_name(text: str) -> str:
    """The name as others will see it (before ``numbered``): see the module's docstring."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text)
                   if unicodedata.category(ch) not in DROPPED_CATEGORIES and ch != "#")
    name = " ".join(kept.split())[:MAX_NAME].strip()
    if not name or copies_computer(name):
        return FALLBACK
    return name


def copies_computer(name: str) -> bool:
    """The name reads as the computer opponent's label: it holds the word for "computer"
    (letters only, so "C o m p u t e r" and "COMPUTER·hard" are caught too)."""
    letters = "".join(ch for ch in unicodedata.normalize("NFKC", name).casefold() if ch.isalpha())
    return any(word in letters for word in COMPUTER_WORDS)


def fold(name: str) -> str:
    """The form two names are compared in: "sara" and "SARA" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


def numbered(name: str, taken: int) -> str:
    """The name told apart from ``taken`` players of the same name: "Sara", then "Sara#2"."""
    if taken == 0:
        return name
    suffix = f"#{taken + 1}"
    return name[: MAX_NAME - len(suffix)].rstrip() + suffix
