"""One strength's race on one Duel deal, decision by decision, through ``bench --opponent``'s path.

    python tools/duel_trace.py DU2-D3N-KOMMHTT [--strength hard] [--no-retry] [--weigh] [--quiet]
    python tools/duel_trace.py --seed 2718 --deals 200 [--only KOMMHTT,BGIOVHC] [--no-retry]

With a code: the race ``solitaire.benches.opponent.race`` plays (the same clock, pace and plan
kept across decisions), each decision printed as it is made: the clock left, cards home, the
score, the decision and how many steps of plan it leaves; ``--weigh`` prints Hard's retry
weighing too (each sample's line found or not, cut short or not, its route total, and what it
set out on). Last, the race total. ``--no-retry``: Hard never undoes (``retry.go_back`` answers
None), so it presses End at its first dead end: what a retry risked.

With ``--seed``: the deals ``bench --opponent`` draws from that seed (or those of ``--only``),
Easy's and Hard's totals deal by deal (Hard with ``--no-retry`` as well when asked), and the
deals Hard loses or ties to Easy. A tool for issue 31 (the fair Duel), not a test.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solitaire.benches import opponent as bench  # noqa: E402
from solitaire.core import parse_code  # noqa: E402
from solitaire.core.codes import GameCode  # noqa: E402
from solitaire.solver import player  # noqa: E402
from solitaire.solver.opponent import retry  # noqa: E402
from solitaire.solver.opponent.memory import home  # noqa: E402
from solitaire.solver.player import END, Strength, Undo  # noqa: E402


def no_retry() -> None:
    """Hard presses End at its first dead end: it never undoes."""
    player.go_back = lambda *args, **kwargs: None


def traced(weigh: bool) -> None:
    """Print every decision the bench's race asks for (and, ``weigh``, the retry's weighing)."""
    decide = bench.decide_plan

    def decide_plan(view, strength, seed=0, plan=()):
        decision, rest = decide(view, strength, seed, plan)
        left = view.seconds_left or 0.0
        text = "END" if decision is END else "undo" if isinstance(decision, Undo) else str(decision)
        tries = view.past.tries if view.past is not None else 0
        print(f"{240 - left:6.1f}s left {left:6.1f}  home {home(view.game):2}  score {view.game.score:4}  "
              f"tries {tries}  {text:14} plan {len(rest)}", flush=True)
        return decision, rest

    bench.decide_plan = decide_plan
    if not weigh:
        return
    latest, cut, total, back = retry.latest_win, retry.cut_short, retry._route_total, retry.go_back

    def latest_win(deal, own):
        line = latest(deal, own)
        print("      sample: " + ("no line" if line is None else
                                  f"line of {len(line)}, keeps {retry.common(own, line)} of {len(own)}"))
        return line

    def cut_short(*args, **kwargs):
        answer = cut(*args, **kwargs)
        if answer:
            print("      cut short: counts as the floor")
        return answer

    def route_total(*args):
        value = total(*args)
        print(f"      route total {value:.0f}")
        return value

    def go_back(view, pace, rng, may_retry=True):
        stop, way = retry._stopping(view, pace)
        print(f"    weighing at {view.seconds_left:.1f} s left: stop pays {stop:.0f}"
              f"{' (back to the floor)' if way else ''}; may retry {may_retry}")
        steps = back(view, pace, rng, may_retry)
        if steps is None:
            print("    -> End")
        else:
            undos = sum(isinstance(s, Undo) for s in steps)
            print(f"    -> {undos} undos, then {len(steps) - undos} moves")
        return steps

    retry.latest_win, retry.cut_short, retry._route_total = latest_win, cut_short, route_total
    player.go_back = go_back


def duel_code(text: str) -> GameCode:
    """A Duel code written whole, or by its last part alone (KOMMHTT)."""
    return parse_code(text if "-" in text else f"DU2-D3N-{text}")


def numbered(number: int) -> GameCode:
    """The Duel deal ``bench.deals_for`` names by ``number``."""
    return GameCode("duel", 3, "standard", number)


def _one(job: tuple[int, str, bool]) -> tuple[int, str, bool, int, int, bool]:
    number, strength, plain = job
    if plain:
        no_retry()
    played = bench.race(numbered(number), [Strength(strength)])[0]
    return number, strength, plain, played.total, played.home, played.won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("code", nargs="?")
    parser.add_argument("--strength", default="hard")
    parser.add_argument("--no-retry", action="store_true")
    parser.add_argument("--weigh", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--only", default="")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.seed is None:
        if args.no_retry:
            no_retry()
        if not args.quiet:
            traced(args.weigh)
        played = bench.race(duel_code(args.code), [Strength(args.strength)])[0]
        print(f"total {played.total}  home {played.home}  won {played.won}  race played {played.played:.1f} s  "
              f"ended with {played.ended_with}")
        return
    numbers = bench.deals_for(args.seed, args.deals)
    if args.only:
        wanted = {w.strip().upper() for w in args.only.split(",")}
        numbers = [n for n in numbers if str(numbered(n)).split("-")[-1] in wanted]
    jobs = [(n, "easy", False) for n in numbers] + [(n, "hard", False) for n in numbers]
    if args.no_retry:
        jobs += [(n, "hard", True) for n in numbers]
    with mp.get_context("spawn").Pool(args.workers) as pool:
        results = pool.map(_one, jobs, chunksize=1)
    table = {(n, s, p): (t, h, w) for n, s, p, t, h, w in results}
    lost = tied = won = cleared = 0
    for n in numbers:
        easy, hard = table[(n, "easy", False)], table[(n, "hard", False)]
        plain = table.get((n, "hard", True))
        mark = "LOST" if hard[0] < easy[0] else "tied" if hard[0] == easy[0] else ""
        lost += hard[0] < easy[0]
        tied += hard[0] == easy[0]
        won += hard[0] > easy[0]
        cleared += hard[2]
        extra = "" if plain is None else f"  hard-no-retry {plain[0]:5} ({plain[1]:2} home)"
        print(f"{numbered(n)}  easy {easy[0]:5} ({easy[1]:2} home)  "
              f"hard {hard[0]:5} ({hard[1]:2} home){extra}  {mark}", flush=True)
    print(f"seed {args.seed}, {len(numbers)} deals: hard beats easy {won}, tied {tied}, lost {lost}; "
          f"hard cleared {cleared}")


if __name__ == "__main__":
    main()
