"""The game's licence and the notices of the works it uses or its executable carries.

Kept as data in ``assets/licenses/``: ``notices.toml`` lists each work (name, authors, licence,
the file of its licence text), and ``Solitaire.txt`` is the game's own licence (the top-level
LICENSE, which a test keeps identical to it: assets/ is what a bundle and a pip install carry).
Read by the About page and ``game.py --licenses``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from solitaire import __version__
from solitaire.app.resources import asset_path

OWN_LICENCE = "MIT"


@dataclass(frozen=True)
class Work:
    name: str
    by: str
    licence: str  # an SPDX expression where there is one
    file: str  # the licence text, relative to assets/licenses/
    source: str  # where that text was taken from
    carried: tuple[str, ...]  # the executable's files that are this work (fnmatch patterns)


def works() -> list[Work]:
    """Every work listed, in the file's order."""
    import tomllib  # the About page's and --licenses' (the game's start does without)

    with open(asset_path("licenses", "notices.toml"), "rb") as file:
        data = tomllib.load(file)
    return [Work(entry["name"], entry["by"], entry["licence"], entry["file"], entry["source"],
                 tuple(entry["carried"])) for entry in data["work"]]


def licence_text(work: Work) -> str:
    return asset_path("licenses", work.file).read_text(encoding="utf-8")


def own_licence_text() -> str:
    return asset_path("licenses", "Solitaire.txt").read_text(encoding="utf-8")


def licenses_report() -> str:
    """What ``--licenses`` prints: the game's licence, then each work's name, authors, licence
    and licence text."""
    rule = "=" * 72
    parts = [f"{rule}\nSolitaire {__version__}: {OWN_LICENCE}\n{rule}\n\n{own_licence_text()}"]
    for work in works():
        parts.append(f"{rule}\n{work.name}: {work.licence}\nby {work.by}\n{rule}\n\n{licence_text(work)}")
    return "\n".join(parts)


def version_line() -> str:
    """What ``--version`` prints."""
    return f"Solitaire {__version__}"


class PrintLicenses(argparse.Action):
    """``--licenses``: print :func:`licenses_report` and stop, as argparse's ``--version`` does."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        if hasattr(sys.stdout, "reconfigure"):  # a Windows console or pipe: names with accents
            sys.stdout.reconfigure(errors="replace")
        sys.stdout.write(licenses_report())
        parser.exit()


def add_notice_options(parser: argparse.ArgumentParser) -> None:
    """The game's ``--version`` and ``--licenses``."""
    parser.add_argument("--version", action="version", version=version_line())
    parser.add_argument("--licenses", action=PrintLicenses, help="print the licences of the game and what it uses")
