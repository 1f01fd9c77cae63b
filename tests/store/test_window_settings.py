"""The window's settings are read before the rest of the store (issue 33 item 9): the same values
the store reads, for a good file, a hand-edited one, a damaged one and a newer version's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.store import Store
from solitaire.store.settings import WINDOW_SETTINGS, window_settings

ROOT = Path(__file__).resolve().parents[2]


def _as_the_store_reads(folder: Path) -> dict[str, object]:
    settings = Store(folder).settings
    return {name: getattr(settings, name) for name in WINDOW_SETTINGS}


@pytest.mark.parametrize("document", [
    None,  # no file yet
    {"version": 1, "window_size": [1500, 900], "fullscreen": True, "language": "ar", "high_contrast": True},
    {"version": 1, "window_size": [10, 10], "fullscreen": "yes", "language": "xx", "card_back": "red"},
    {"version": 1, "window_size": [1400, 800], "language": "ar", "draw": {"klondike": 3}},
])
def test_the_window_settings_are_what_the_store_reads(tmp_path, document):
    if document is not None:
        (tmp_path / "settings.json").write_text(json.dumps(document), encoding="utf-8")
    assert window_settings(tmp_path) == _as_the_store_reads(tmp_path)


@pytest.mark.parametrize("text", ["{not json", '{"version": 99, "window_size": [1500, 900], "language": "ar"}', "[]"])
def test_a_damaged_or_newer_file_opens_the_window_with_the_defaults_the_store_uses(tmp_path, text):
    (tmp_path / "settings.json").write_text(text, encoding="utf-8")
    first = window_settings(tmp_path)
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == text  # read, never set aside here
    assert first == {"window_size": None, "fullscreen": False, "language": None, "high_contrast": False}
    assert first == _as_the_store_reads(tmp_path)


def test_reading_the_window_settings_loads_neither_the_rules_nor_the_rest_of_the_store():
    probe = ("import sys; from solitaire.store.settings import window_settings; window_settings(); "
             "print(' '.join(sorted(m for m in sys.modules if m.startswith('solitaire'))))")
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                            timeout=60).stdout.split()
    assert "solitaire.store.settings" in loaded
    assert not {"solitaire.core.rules", "solitaire.core.duel", "solitaire.store.store", "solitaire.store.stats"} & set(loaded)
