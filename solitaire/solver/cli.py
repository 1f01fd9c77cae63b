"""``solve (CODE | --deal FILE) [--budget SECONDS]``: the search result as JSON.

Prints ``{"result": "won"|"lost"|"unknown", "moves": [...], "nodes": N, "seconds": S}``. A deal
with face-down cards is analysed with every card known, as KPatience's solver does. Bad input:
one line on stderr and exit 2, never a traceback.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Sequence

from ..core.args import EXIT_OK, ToolParser, UsageError, add_position_args, bad_input, load_position
from ..core import BadCode, BadDeal
from ..core.quote import shown
from .api import solve

DEFAULT_BUDGET = 10.0


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"--budget must be a number of seconds, not {shown(text)}") from None
    if not math.isfinite(value) or value <= 0 or value > 86400:
        raise UsageError(f"--budget must be between 0 and 86400 seconds, not {shown(text)}")
    return value


def run_solve(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] == "solve":
        args = args[1:]
    parser = ToolParser(prog="game.py solve", description="Decide whether a deal can be won.")
    add_position_args(parser)
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET), metavar="SECONDS")
    try:
        options = parser.parse_args(args)
        budget = _budget(options.budget)
        game = load_position(options.code, options.deal)
        result = solve(game, budget)
    except (UsageError, BadCode, BadDeal) as error:
        return bad_input(error)
    json.dump(result.to_json(), sys.stdout)
    sys.stdout.write("\n")
    return EXIT_OK
