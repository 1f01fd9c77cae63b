"""Solitaire: ``python game.py`` plays; ``deal``, ``replay``, ``solve`` and ``bench`` are tools."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("deal", "replay"):
        from solitaire.cli import run

        return run(argv)
    print("The game window arrives with the next issue; the tools are: deal, replay.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
