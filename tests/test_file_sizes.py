"""No file in solitaire/ over 400 lines (issue 13, item 6): a file that grows past that is doing
more than one job and is split by job, as game.py was into table, checks, targets and game.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "solitaire"
LIMIT = 400


def too_long(root: Path, limit: int = LIMIT) -> list[str]:
    """The Python files under ``root`` longer than ``limit`` lines, with their lengths."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text("utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(root.parent)}: {lines} lines")
    return found


def test_the_check_counts_lines(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * (LIMIT + 1), "utf-8")
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * LIMIT, "utf-8")
    assert too_long(tmp_path / "pkg") == [f"pkg/long.py: {LIMIT + 1} lines"]


def test_no_file_in_the_package_is_over_400_lines():
    assert too_long(PACKAGE) == []
