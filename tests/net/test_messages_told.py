"""Every reason the network layer can give the player (an i18n key written in solitaire/net/)
has its sentence in English and Arabic (issue 15: the player is told why)."""

from __future__ import annotations

import re
from pathlib import Path

from solitaire.i18n.ar import STRINGS as AR
from solitaire.i18n.en import STRINGS as EN
from solitaire.net.messages import REFUSALS

NET = Path(__file__).resolve().parents[2] / "solitaire" / "net"


def keys_in_the_code() -> set[str]:
    found = set()
    for path in NET.rglob("*.py"):
        found |= set(re.findall(r'"(net\.[a-z_]+(?:\.[a-z_]+)?)"', path.read_text("utf-8")))
    found |= {f"net.fail.{reason}" for reason in REFUSALS}  # the link builds these from the refusal
    for path in NET.rglob("*.py"):  # a bad code's reasons: BadDuelCode("letter", …) is net.code.letter
        found |= {f"net.code.{key}" for key in re.findall(r'BadDuelCode\(\s*"([a-z_]+)"', path.read_text("utf-8"))}
    return found


def test_the_code_gives_reasons():
    assert {"net.gone", "net.lost.refused_move", "net.error.silent", "net.code.mistyped"} <= keys_in_the_code()


def test_every_reason_is_told_in_both_languages():
    missing = sorted(k for k in keys_in_the_code() if k not in EN or k not in AR)
    assert missing == []
