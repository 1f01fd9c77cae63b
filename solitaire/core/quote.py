"""How an error line shows the bad value it is about: enough of it to find it, never all of it.

A deal file holding a string of 900 KB, or a code or a move of 100 KB, once gave an error line
just as long (issue 23). Every message that repeats what the player gave goes through ``clip``.
"""

from __future__ import annotations

QUOTE_LIMIT = 60
"""Characters of a bad value an error line shows at most (an ellipsis marks the cut)."""


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as an error line quotes it: whole up to ``limit`` characters, else its start
    and an ellipsis, ``limit`` characters in all; a control character (a new line, a tab, an
    escape) written as its escape (``\\n``), so the line stays one line and the terminal's own."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_words(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A message someone else wrote around the player's words (argparse's "invalid choice:
    'xxxx'", "unrecognized arguments: ..."): each word clipped (with room for the punctuation
    after a value ``shown`` has clipped already), and the line four words' worth."""
    return clip(" ".join(clip(word, limit + 8) for word in text.split(" ")), 4 * limit)


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Any value read from outside (a deal file's field, a command-line word) as Python writes
    it (``repr``: quotes, escapes, so an odd or empty value is visible), clipped."""
    return clip(repr(value), limit)
