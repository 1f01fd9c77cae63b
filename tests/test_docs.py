"""README.md and docs/*.md point only at files inside the repository: a fresh clone (or a
download of the project alone) must never send a reader to a folder it does not have.

Checked: every relative Markdown link or image, and every path written as inline code that
starts with ``./``, ``../`` or one of the repository's own folders (``solitaire/core/rng.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OWN_FOLDERS = ("solitaire", "assets", "levels", "tests", "tools", "docs", ".ci")

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _links(text: str) -> list[str]:
    return [target for target in LINK.findall(text) + REFERENCE.findall(text)
            if not URL.match(target) and not target.startswith("#")]


def _code_paths(text: str) -> list[str]:
    spans = CODE_SPAN.findall(FENCE.sub("", text))
    return [span for span in spans if " " not in span and "/" in span
            and (span.startswith(("./", "../")) or span.split("/")[0] in OWN_FOLDERS)]


def _targets(document: Path) -> list[tuple[str, Path]]:
    """What the document points at, each with the folder it is read from: a link from the
    document's own folder (as GitHub reads it), a path in code from the repository's root
    unless it starts with ``./`` or ``../``.
    """
    text = document.read_text(encoding="utf-8")
    links = [(target, document.parent) for target in _links(text)]
    paths = [(path, document.parent if path.startswith(".") else ROOT) for path in _code_paths(text)]
    return links + paths


def _resolves_inside(target: str, base: Path) -> bool:
    path = target.split("#")[0]
    if not path:
        return True
    matches = list(base.glob(path)) if "*" in path else [base / path]
    return bool(matches) and all(m.exists() and m.resolve().is_relative_to(ROOT) for m in matches)


def test_the_rules_are_in_the_repository_and_linked_from_the_readme():
    assert (ROOT / "docs" / "RULES.md").is_file()
    assert "docs/RULES.md" in _links((ROOT / "README.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_relative_link_and_path_resolves_inside_the_repository(document: Path):
    wrong = [target for target, base in _targets(document) if not _resolves_inside(target, base)]
    assert wrong == [], f"{document.name} points outside the repository or at nothing: {wrong}"


def _readme_command(after: str) -> str:
    """The first indented command line after the paragraph ``after`` in the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index(after):]
    return next(line.strip() for line in block.splitlines() if line.startswith("    "))


def test_ci_runs_the_readme_test_command_exactly():
    command = _readme_command("Run the tests:")
    assert "requirements-dev.txt" in command and "pytest" in command
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_playing_installs_only_what_playing_needs():
    """PyInstaller and pytest belong to the build and the tests, not to a player's set-up."""
    command = _readme_command("Play:")
    assert "-r requirements.txt" in command and command.endswith("game.py")
    play = (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
    assert "pygame-ce==" in play and "pyinstaller" not in play and "pytest" not in play
    build = (ROOT / "requirements-build.txt").read_text(encoding="utf-8").lower()
    assert "pyinstaller==" in build and "requirements-build.txt" in _readme_command("## Building one executable")
