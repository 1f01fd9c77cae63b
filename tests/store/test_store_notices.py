"""Every notice the store can give is said in every language, with exactly its fields."""

from __future__ import annotations

import string

import pytest

from solitaire.i18n import ar, en
from solitaire.store.notices import KINDS, Notice


@pytest.mark.parametrize("table", [en.STRINGS, ar.STRINGS], ids=["en", "ar"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_notice_has_a_sentence_with_its_fields(table: dict[str, str], kind: str) -> None:
    sentence = table[Notice(kind, {name: "x" for name in KINDS[kind]}).key]
    assert {name for _, name, _, _ in string.Formatter().parse(sentence) if name} == set(KINDS[kind])


def test_a_notice_of_an_unknown_kind_or_with_wrong_fields_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        Notice("disk_on_fire")
    with pytest.raises(ValueError):
        Notice("save_damaged", {"name": "x"})
