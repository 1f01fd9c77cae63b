"""The notices (issue 37 items 1 and 3): the works the game uses, each with its licence's text
in assets/licenses/, and ``--licenses``, which prints them all after the game's own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from solitaire import __version__
from solitaire.app import notices

ROOT = Path(__file__).resolve().parents[2]


def test_every_work_has_its_licence_text_and_the_ones_the_game_names_are_there():
    works = notices.works()
    for work in works:
        assert work.by and work.licence and work.source, work.name
        assert len(notices.licence_text(work).strip()) > 100, work.name
    names = " ".join(work.name for work in works)
    for needed in ("pygame-ce", "SDL 2", "DejaVu", "websockets", "openskill", "PyTweening", "Python", "PyInstaller"):
        assert needed in names
    listed = {(ROOT / "assets" / "licenses" / work.file).resolve() for work in works}
    kept = set((ROOT / "assets" / "licenses").glob("*.txt")) - {ROOT / "assets" / "licenses" / "Solitaire.txt"}
    assert kept <= listed  # no text left over that no work names


def test_the_games_licence_is_the_top_level_license():
    assert notices.own_licence_text() == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert notices.own_licence_text().startswith("MIT License\n")


def test_licenses_prints_the_games_licence_then_every_works():
    done = subprocess.run([sys.executable, str(ROOT / "game.py"), "--licenses"], capture_output=True,
                          encoding="utf-8", timeout=60)
    assert done.returncode == 0 and done.stdout == notices.licenses_report(), done.stderr
    assert done.stdout.startswith("=" * 72 + f"\nSolitaire {__version__}: MIT\n")
    for work in notices.works():
        assert f"\n{work.name}: {work.licence}\nby {work.by}\n" in done.stdout
        assert notices.licence_text(work) in done.stdout
