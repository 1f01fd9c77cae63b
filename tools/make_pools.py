"""Make ``levels/pools/<mode key>.json`` (``klondike-d1-standard``): verified-winnable deal codes for the
"winnable deals only" option of the New Game dialog.

How: deal numbers are taken in a fixed pseudo-random order (number = i * 2654435761 mod 26^7,
i = 1, 2, …); each deal is solved with ``solitaire.solver.api.solve`` under the budget below,
and kept only when the search finds a win AND its line, replayed move by move with the rules
core, ends with the game won. Deals the search calls lost or cannot decide are skipped. For
Klondike, Double Solitaire and the Duel the search knows the face-down cards, so "winnable"
means winnable with all cards known; the header of each file says so.

A mode with no file has no pool, and the New Game window does not offer "winnable deals only"
there (``solitaire.core.pools.has_pool``). Double Solitaire's one-pass Vegas is such a mode:
on 2026-12-01 the solver decided none of 24 draw-1 deals (20 at 2 s, 4 at 20 s) and, of 16
draw-3 deals (10 at 2 s, 6 at 10 s), proved 3 lost and left the rest unknown.

    python tools/make_pools.py [--count 60] [--budget 2] [--only klondike-d1-standard]
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing as mp
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solitaire.core import Game, parse_code  # noqa: E402
from solitaire.core.codes import DEAL_LIMIT, GameCode  # noqa: E402
from solitaire.core.modes import mode_key  # noqa: E402
from solitaire.core.rules import REGISTRY, ruleset  # noqa: E402
from solitaire.solver.api import VERSION, solve  # noqa: E402

MODES = REGISTRY.modes()  # every game's every draw and scoring, from levels/*.toml


def deal_number(i: int) -> int:
    return (i * 2654435761) % DEAL_LIMIT


def check(job: tuple[str, float]) -> tuple[str, bool]:
    code, budget = job
    game = Game.deal(parse_code(code))
    result = solve(game, budget)  # replays every won line itself; raises SolverBug otherwise
    if result.result != "won":
        return code, False
    replay = Game.deal(parse_code(code))
    from solitaire.entry.cli import play_text

    for text in result.moves:
        play_text(replay, text)
    return code, replay.won


def make_pool(game: str, draw: int, scoring: str, count: int, budget: float, pool: mp.pool.Pool,
              max_tries: int) -> dict:
    """Up to ``count`` verified codes, trying at most ``max_tries`` deals (a mode where the solver
    rarely finds wins, Double Solitaire's one-pass Vegas, must not run forever).
    """
    codes: list[str] = []
    tried = 0
    i = 1
    while len(codes) < count and tried < max_tries:
        batch = [(str(GameCode(game, draw, scoring, deal_number(i + k))), budget) for k in range(count)]
        i += count
        for code, ok in pool.imap(check, batch):
            tried += 1
            if ok and len(codes) < count:
                codes.append(code)
    rules = ruleset(game)
    hidden = rules.deals_face_down or not rules.stock_in_sight
    return {
        "header": {
            "game": game, "draw": draw, "scoring": scoring,
            "made_by": "tools/make_pools.py",
            "solver_version": VERSION,
            "budget_seconds": budget,
            "date": datetime.date.today().isoformat(),
            "deals_tried": tried,
            "how": "deal numbers i*2654435761 mod 26^7 for i = 1, 2, ...; kept when the solver "
                   "found a win and its line replayed with the rules core ends won",
            "winnable_means": "winnable with all cards known (face-down cards and stock order)"
            if hidden else f"winnable (nothing is hidden in {rules.name})",
        },
        "codes": codes,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--only", default=None, help="one mode, e.g. klondike-d1-standard")
    parser.add_argument("--max-tries", type=int, default=400, help="deals tried at most per mode")
    options = parser.parse_args(argv)
    out_dir = ROOT / "levels" / "pools"
    out_dir.mkdir(parents=True, exist_ok=True)
    with mp.get_context("spawn").Pool(2) as pool:
        for game, draw, scoring in MODES:
            name = mode_key(game, draw, scoring)
            if options.only and options.only != name:
                continue
            data = make_pool(game, draw, scoring, options.count, options.budget, pool, options.max_tries)
            if not data["codes"]:
                print(f"{name}: no winnable deal found in {data['header']['deals_tried']} tries; no pool written")
                continue
            path = out_dir / f"{name}.json"
            temp = path.with_suffix(".tmp")
            temp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            os.replace(temp, path)
            print(f"{name}: {len(data['codes'])} codes from {data['header']['deals_tried']} deals", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
