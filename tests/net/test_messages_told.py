"""Every reason the network duel can give the player (an i18n key written in solitaire/net/ or
its waiting screen, ``scenes/duel/net_lobby.py``) has its sentence in English and Arabic (issue 15:
the player is told why)."""

from __future__ import annotations

import re
from pathlib import Path

from solitaire.i18n.ar import STRINGS as AR
from solitaire.i18n.en import STRINGS as EN

PACKAGE = Path(__file__).resolve().parents[2] / "solitaire"
SOURCES = [*sorted((PACKAGE / "net").rglob("*.py")), PACKAGE / "scenes" / "duel" / "net_lobby.py"]


def keys_in_the_code() -> set[str]:
    found = set()
    for path in SOURCES:
        text = path.read_text("utf-8")
        found |= set(re.findall(r'"(net\.[a-z_]+(?:\.[a-z_]+)?)"', text))
        # a bad code's reasons: BadDuelCode("letter", …) is net.code.letter
        found |= {f"net.code.{key}" for key in re.findall(r'BadDuelCode\(\s*"([a-z_]+)"', text)}
    return found


def test_the_code_gives_reasons():
    assert {"net.code.mistyped", "net.code.room", "net.join.no_room", "net.error.unreachable"} <= keys_in_the_code()


def test_every_reason_is_told_in_both_languages():
    missing = sorted(k for k in keys_in_the_code() if k not in EN or k not in AR)
    assert missing == []
