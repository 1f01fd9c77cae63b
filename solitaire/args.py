"""Command-line parsing whose mistakes read like every other bad input: one line, exit 2.

argparse prints its whole usage before the error; the player (or a script reading stderr)
needs only the line that says what is wrong. ``--help`` still prints the full usage.
"""

from __future__ import annotations

import argparse
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")
