"""Players' names, cleaned by the server before anyone else sees them (issue 25 item 4).

A name keeps letters, marks, digits, punctuation, symbols and plain spaces: control characters,
format characters (the bidi overrides and isolates, zero-width joiners and spaces, the BOM),
private-use and unassigned code points go, runs of spaces become one, ``#`` is kept for telling
names apart, and at most ``MAX_NAME`` characters stay. A name that copies a computer opponent's
label ("Computer · Hard", "الحاسوب · صعب") would pass a person off as the computer, or the
computer as a person: it becomes ``FALLBACK``. Two players of one name are told apart by a
number, "Sara", "Sara#2", "Sara#3" (``numbered``).

Two names are one name when they look alike: compared by their **confusable skeleton** (Unicode
UTS #39, section 4: each character replaced by its prototype from Unicode's ``confusables.txt``,
shipped in ``assets/unicode/``, between two NFD normalisations), case folded. So a Cyrillic
"Аlice", a Greek "Αlice" and "AIice" with a capital I are all "Alice" and are numbered after it
("Alice#2", in the first holder's spelling).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from ..core.shipped import shipped_root

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
    """The form two names are compared in: "sara", "SARA" and "ЅАRА" (Cyrillic) are one name.
    The skeleton is taken before and after case folding, so a capital's look-alike and a small
    letter's both meet (the prototypes are mostly Latin capitals or small letters)."""
    return skeleton(skeleton(unicodedata.normalize("NFKC", name)).casefold()).casefold()


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character mapped to its prototype, NFD."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


@cache
def prototypes() -> dict[str, str]:
    """``confusables.txt`` read once: each confusable character and its prototype."""
    table: dict[str, str] = {}
    with open(confusables_file(), encoding="utf-8-sig") as lines:
        for line in lines:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) >= 2 and fields[0].strip():
                table[chr(int(fields[0], 16))] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def confusables_file() -> Path:
    """``assets/unicode/confusables.txt``, wherever the shipped files are (``core.shipped``)."""
    return shipped_root() / "assets" / "unicode" / "confusables.txt"


def numbered(name: str, taken: int) -> str:
    """The name told apart from ``taken`` players of the same name: "Sara", then "Sara#2"."""
    if taken == 0:
        return name
    suffix = f"#{taken + 1}"
    return name[: MAX_NAME - len(suffix)].rstrip() + suffix
