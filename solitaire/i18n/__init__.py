"""Interface strings: ``t(key, **params)`` looks a key up in the current language.

A missing key (or a language without a table) falls back to English, and a key missing from
English too comes back as the key itself, so a gap shows on screen instead of crashing the game.
Other languages register a table with :func:`register`; a module ``solitaire.i18n.<code>`` with a
``STRINGS`` dict is found on first use.
"""

from __future__ import annotations

import importlib
import logging
import string
import unicodedata
from collections.abc import Callable

from solitaire.i18n.en import STRINGS as _EN

log = logging.getLogger(__name__)

RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur"})

_tables: dict[str, dict[str, str]] = {"en": _EN}
_current = "en"


def register(code: str, table: dict[str, str]) -> None:
    """Add (or replace) the string table of a language."""
    _tables[code] = table


def _table(code: str) -> dict[str, str] | None:
    if code not in _tables:
        try:
            module = importlib.import_module(f"solitaire.i18n.{code}")
        except ImportError:
            return None
        _tables[code] = dict(getattr(module, "STRINGS", {}))
    return _tables[code]


def set_language(code: str) -> bool:
    """Switch the interface language; an unknown code keeps English and returns False."""
    global _current
    if _table(code) is None:
        log.debug("no string table for language %r; using English", code)
        _current = "en"
        return False
    _current = code
    return True


def system_language(locales: list[dict[str, str | None]] | None) -> str:
    """The interface language for the system's preferred locales (most preferred first, as
    ``pygame.system.get_pref_locales`` gives them): the first whose language has a string
    table, else English.
    """
    for locale in locales or ():
        code = (locale.get("language") or "").lower()
        if code.isascii() and code.isalpha() and _table(code) is not None:
            return code
    return "en"


def language() -> str:
    return _current


def is_rtl() -> bool:
    """True when the current language reads right to left (the layout mirrors)."""
    return _current in RTL_LANGUAGES


class _Lenient(dict):
    """Leaves an unknown ``{name}`` in place rather than raising in the middle of a frame."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


_formatter = string.Formatter()


def t(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` params filled in."""
    table = _tables.get(_current, _EN)
    template = table.get(key)
    if template is None:
        template = _EN.get(key, key)
    if not params:
        return template
    if is_rtl():
        params = {name: _closed(value) for name, value in params.items()}
    return _formatter.vformat(template, (), _Lenient(params))


RLM = "\u200f"  # RIGHT-TO-LEFT MARK: an invisible right-to-left letter


def _closed(value: object) -> object:
    """A value with left-to-right letters in a right-to-left sentence (a player's Latin name,
    a game code), followed by a RIGHT-TO-LEFT MARK: else the numbers and brackets after it join
    its left-to-right run ("نقاط Ann: 0 (0 + 0 مكافأة)" read "نقاط 0 + 0) 0 :Ann مكافأة)")."""
    if isinstance(value, str) and any(unicodedata.bidirectional(ch) == "L" for ch in value):
        return value + RLM
    return value


def card_label(card: int) -> str:
    """A card as the client's pages write it beside words in any language: ``6♣``, ``K♥``."""
    from solitaire.core.cards import RANK, SUIT, SUIT_SYMBOLS

    rank = RANK[card]
    text = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return text + SUIT_SYMBOLS[SUIT[card]]


def refusal_text(refusal: object, card_words: Callable[[int], str] | None = None) -> str:
    """A refused move in the current language: English comes from the rules core itself; other
    languages translate by the refusal's reason key (``refusal.<reason>``), cards as ``6♣``
    (or as ``card_words`` says them: speech), games by their menu names.
    """
    from solitaire.core.cards import SUIT_SYMBOLS
    from solitaire.core.errors import CardParam, GameParam, SuitParam

    table = _tables.get(_current, _EN)
    template = table.get(f"refusal.{refusal.reason}") if _current != "en" else None  # type: ignore[attr-defined]
    if template is None:
        return refusal.text  # type: ignore[attr-defined]
    params: dict[str, object] = {}
    for name, value in refusal.params:  # type: ignore[attr-defined]
        if isinstance(value, CardParam):
            value = card_label(value) if card_words is None else card_words(value)
        elif isinstance(value, SuitParam):
            value = SUIT_SYMBOLS[value]
        elif isinstance(value, GameParam):
            value = t(f"menu.{value.id}")
        params[name] = value
    return _formatter.vformat(template, (), _Lenient(params))


LRM = "\u200e"


def mode_words(key: str) -> str:
    """A mode key (``double-d1-vegas``) as the player reads it: "Double Solitaire · Draw 1 ·
    Vegas"; the key itself for a mode this version does not play (a newer version's game).
    """
    from solitaire.core.modes import parse_mode_key
    from solitaire.core.rules import REGISTRY

    try:
        game, draw, scoring = parse_mode_key(key)
        rules = REGISTRY.get(game)
    except (KeyError, ValueError):
        return key
    counts_suits = rules.draw == "suits" and draw in rules.draws and len(rules.draw_names) == len(rules.draws)
    mode = t(f"new_game.draw_{rules.draw_names[rules.draws.index(draw)]}") if counts_suits else t("settings.draw_n", n=draw)
    words = t("mode.of_game", game=t(f"menu.{game}"), mode=mode)
    if len(rules.scorings) > 1:
        words = t("mode.with_scoring", mode=words, scoring=t(f"scoring.{scoring}"))
    return words


def notice_text(notice: object) -> str:
    """A store notice (``solitaire.store.Notice``) in the current language.

    Its file and folder names read left to right in every language: in a right-to-left
    sentence a path's leading ``/`` would otherwise take the sentence's direction and show at
    the wrong end, so each is held between two left-to-right marks. Its ``modes`` (mode keys,
    comma-separated) are named in words.
    """
    fields = {}
    for name, value in notice.fields.items():  # type: ignore[attr-defined]
        if name == "modes":
            value = t("list.separator").join(mode_words(key) for key in str(value).split(", "))
        elif is_rtl():
            value = f"{LRM}{value}{LRM}"
        fields[name] = value
    return t(notice.key, **fields)  # type: ignore[attr-defined]
