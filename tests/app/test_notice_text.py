"""Store notices in Arabic: a path's leading slash stays with the path (issue 12 screenshots)."""

from __future__ import annotations

from solitaire import i18n
from solitaire.app.text import _levels
from solitaire.store import Notice


def test_a_path_in_an_arabic_notice_reads_left_to_right_slash_first() -> None:
    notice = Notice("cannot_save_read_only", {"folder": "/home/player/.local/share/Solitaire"})
    i18n.set_language("ar")
    try:
        sentence = i18n.notice_text(notice)
    finally:
        i18n.set_language("en")
    start = sentence.index("/home")
    levels = _levels(sentence, True)
    path = range(start, start + len("/home/player/.local/share/Solitaire"))
    assert len({levels[i] for i in path}) == 1 and levels[start] % 2 == 0, "the path is not one left-to-right run"
    assert i18n.notice_text(notice) == i18n.t(notice.key, **notice.fields)  # English needs no marks
