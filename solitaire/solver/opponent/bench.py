"""``python game.py bench --opponent``: the computer player's figures, printed beside their targets.

A benchmark, not a test. Each strength plays N Duel deals (DU2-D3N-…, deals 1…N) alone, at its
pace on a simulated race clock (each decision takes PACE race seconds, End included), through
``core.duel.Race``: mean total, mean cards home, the share cleared (52 home within 4:00) and
the mean race time it played before its game ended (End, all home, or 0:00). Each strength
also plays the same deals with no clock, no peeking, to a win or to End: the deals it clears
then are the ones where pressing End early in the race (with more than 2:00 left) gave a
cleared deal away (``early_end_on_clearable``, target 0). Head to head compares the totals
deal by deal: the players never see each other (DU-1: each plays its own copy), so a
two-player race's totals are exactly those of each alone (a test checks it). Hard's no-clock
win rate is set beside the published 35% (Bjarnason, Fern & Tadepalli 2009, Klondike draw 3),
with where its time goes (a profile of the first deals). Two processes, one per core, like the
solver's bench.
"""

from __future__ import annotations

import cProfile
import json
import multiprocessing as mp
import pstats
import time
from dataclasses import dataclass

from ...core.codes import GameCode
from ...core.duel import ENDED, Race
from ...core.game import Game
from ..player import END, PACE, Strength, decide, seen

DEFAULT_DEALS = 200
MOVE_LIMIT = 2000  # a no-clock game stops here if it has not ended (no policy goes round for ever)
TARGETS = {"head_to_head": 0.70, "hard_cleared": 0.35, "hard_no_clock": 0.35, "early_end_on_clearable": 0.0}
EARLY = 120.0  # an End with more than this many seconds left is early
PROFILE_DEALS = 3
# The parts of Hard's thinking the profile reports, by the function that does each.
PARTS = (("playouts' moves (Easy's policy)", "priorities.py", "easy_move"),
         ("  of which the legal move lists", "targets.py", "legal_moves"),
         ("  of which the talon look-ahead", "priorities.py", "clicks_to_play"),
         ("  of which foundation safety", "priorities.py", "is_safe"),
         ("moves applied in playouts", "game.py", "apply"),
         ("positions copied", "game.py", "clone"),
         ("samples dealt", "view.py", "determinise"))


@dataclass(frozen=True)
class Played:
    """One player's end of a race (or of a game without a clock)."""

    total: int
    home: int
    won: bool
    decisions: int
    seconds: float  # wall time spent deciding
    slowest: float  # the longest decision, in seconds
    played: float = 0.0  # race seconds until the player's game ended (End, all home, 0:00)
    ended_with: float | None = None  # seconds left when the player pressed End; None: did not


def race(code: GameCode, strengths: list[Strength], seed: int = 0) -> list[Played]:
    """A race on ``code`` between players of ``strengths``, each deciding at its pace on a
    simulated clock: the next decision due is always the earliest one."""
    contest = Race(code, players=len(strengths))
    asked = [0.0] * len(strengths)  # race time each player's current decision was asked at
    decisions = [0] * len(strengths)
    thinking = [0.0] * len(strengths)
    slowest = [0.0] * len(strengths)
    while not contest.over:
        open_players = [p for p in range(len(strengths)) if not contest.finished(p)]
        player = min(open_players, key=lambda p: (asked[p] + PACE[strengths[p]], p))
        game = contest.games[player]
        started = time.perf_counter()
        decision = decide(seen(game, contest.limit - asked[player]), strengths[player], seed)
        spent = time.perf_counter() - started
        thinking[player] += spent
        slowest[player] = max(slowest[player], spent)
        decisions[player] += 1
        contest.tick(asked[player] + PACE[strengths[player]] - contest.elapsed)
        if contest.over:
            break
        if decision is END:
            contest.end(player)
        else:
            contest.apply(player, decision)
        asked[player] = contest.elapsed
    return [_played(contest, p, decisions[p], thinking[p], slowest[p]) for p in range(len(strengths))]


def _played(contest: Race, player: int, decisions: int, thinking: float, slowest: float) -> Played:
    at = contest.finished_at[player]
    played = contest.limit if at is None else at
    ended_with = contest.limit - at if contest.ended_how(player) == ENDED and at is not None else None
    return Played(contest.total(player), contest.home(player), contest.games[player].won, decisions,
                  thinking, slowest, played, ended_with)


def no_clock(code: GameCode, strength: Strength, seed: int = 0) -> Played:
    """A game played to a win or to End, with no clock."""
    game = Game.deal(code)
    decisions, thinking, slowest = 0, 0.0, 0.0
    while decisions < MOVE_LIMIT:
        started = time.perf_counter()
        decision = decide(seen(game), strength, seed)
        spent = time.perf_counter() - started
        thinking, slowest, decisions = thinking + spent, max(slowest, spent), decisions + 1
        if decision is END:
            break
        game.apply(decision)
    return Played(game.score, sum(map(len, game.foundations)), game.won, decisions, thinking, slowest)


def _race_one(job: tuple[int, str]) -> Played:
    number, strength = job
    return race(GameCode("duel", 3, "standard", number), [Strength(strength)])[0]


def _no_clock_one(job: tuple[int, str]) -> Played:
    number, strength = job
    return no_clock(GameCode("duel", 3, "standard", number), Strength(strength))


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def head_to_head(a: list[Played], b: list[Played]) -> dict:
    """Deal by deal: how often ``a``'s total beats ``b``'s, ties apart."""
    won = sum(x.total > y.total for x, y in zip(a, b))
    tied = sum(x.total == y.total for x, y in zip(a, b))
    return {"won": _share(won, len(a)), "tied": _share(tied, len(a)), "lost": _share(len(a) - won - tied, len(a))}


def where_time_goes(deals: int) -> dict[str, float]:
    """Shares of Hard's no-clock thinking spent in each of PARTS, over the first ``deals`` deals."""
    profile = cProfile.Profile()
    profile.enable()
    for number in range(1, deals + 1):
        _no_clock_one((number, Strength.HARD.value))
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())  # every function's own time
    shares = {}
    for label, filename, function in PARTS:
        spent = sum(row[3] for (path, _, name), row in stats.items() if path.endswith(filename) and name == function)
        shares[label] = _share(spent, total) if total else 0.0
    return shares


def strength_figures(strength: Strength, races: list[Played], free: list[Played]) -> dict:
    """One strength's figures from its races and its no-clock games on the same deals."""
    deals = len(races)
    decisions = sum(r.decisions for r in races)
    clearable = [r for r, f in zip(races, free) if f.won]
    early = [r for r in clearable if r.ended_with is not None and r.ended_with > EARLY]
    return {
        "pace": PACE[strength],
        "mean_total": sum(r.total for r in races) / deals,
        "mean_home": sum(r.home for r in races) / deals,
        "cleared": _share(sum(r.won for r in races), deals),
        "mean_seconds_played": sum(r.played for r in races) / deals,
        "ended_early": _share(sum(r.ended_with is not None and r.ended_with > EARLY for r in races), deals),
        "cleared_no_clock": _share(len(clearable), deals),
        "early_end_on_clearable": _share(len(early), len(clearable)),
        "ms_per_decision": 1000 * sum(r.seconds for r in races) / max(1, decisions),
        "slowest_decision_ms": 1000 * max(r.slowest for r in races),
    }


def run_opponent_bench(deals: int = DEFAULT_DEALS, as_json: bool = False, workers: int = 2) -> dict:
    """Print the figures (and, with ``as_json``, one JSON object last); return that object."""
    print(f"opponent bench: {deals} Duel deals (DU2-D3N-…, deals 1…{deals}) a strength, each at its pace "
          f"on a simulated 4:00 clock, and again with no clock; {workers} processes", flush=True)
    report: dict = {"deals": deals, "targets": TARGETS, "strengths": {}, "head_to_head": {}}
    played: dict[Strength, list[Played]] = {}
    free: dict[Strength, list[Played]] = {}
    with mp.get_context("spawn").Pool(workers) as pool:
        for strength in Strength:
            started = time.perf_counter()
            jobs = [(n, strength.value) for n in range(1, deals + 1)]
            played[strength] = pool.map(_race_one, jobs, chunksize=1)
            free[strength] = pool.map(_no_clock_one, jobs, chunksize=1)
            figures = strength_figures(strength, played[strength], free[strength])
            report["strengths"][strength.value] = figures
            print(f"{strength.value:6} ({PACE[strength]} s a move): mean total {figures['mean_total']:7.1f}, "
                  f"mean cards home {figures['mean_home']:4.1f}, cleared {100 * figures['cleared']:5.1f}%"
                  f"{'   target: >= 35%' if strength is Strength.HARD else ''}, "
                  f"mean race played {figures['mean_seconds_played']:5.1f} s, ended with > 2:00 left "
                  f"{100 * figures['ended_early']:4.1f}%; no clock: cleared {100 * figures['cleared_no_clock']:5.1f}%, "
                  f"of which ended early in the race {100 * figures['early_end_on_clearable']:4.1f}% (target 0); "
                  f"{figures['ms_per_decision']:.1f} ms a decision (slowest {figures['slowest_decision_ms']:.0f} ms); "
                  f"wall {time.perf_counter() - started:.0f} s", flush=True)
        for a, b in ((Strength.HARD, Strength.MEDIUM), (Strength.MEDIUM, Strength.EASY)):
            result = head_to_head(played[a], played[b])
            report["head_to_head"][f"{a.value}_vs_{b.value}"] = result
            print(f"head to head, same deals: {a.value} beats {b.value} in {100 * result['won']:5.1f}% "
                  f"(tied {100 * result['tied']:.1f}%, lost {100 * result['lost']:.1f}%)   target: >= 70%", flush=True)
    rows = free[Strength.HARD]
    decisions = sum(r.decisions for r in rows)
    hard = {
        "won": _share(sum(r.won for r in rows), deals),
        "mean_home": sum(r.home for r in rows) / deals,
        "ms_per_decision": 1000 * sum(r.seconds for r in rows) / max(1, decisions),
        "slowest_decision_ms": 1000 * max(r.slowest for r in rows),
        "decisions_per_deal": decisions / deals,
        "seconds_per_deal": sum(r.seconds for r in rows) / deals,
    }
    print(f"hard, no clock, no peeking, the same deals (Klondike draw 3): won {100 * hard['won']:5.1f}% of {deals} deals "
          f"(mean cards home {hard['mean_home']:.1f})   target: >= 35%; "
          f"{hard['ms_per_decision']:.1f} ms a decision (slowest {hard['slowest_decision_ms']:.0f} ms), "
          f"{hard['decisions_per_deal']:.0f} decisions and {hard['seconds_per_deal']:.1f} s a deal", flush=True)
    hard["time_shares"] = where_time_goes(min(PROFILE_DEALS, deals))
    print("  where hard's time goes (profile of its first deals): " + ", ".join(
        f"{label} {100 * share:.0f}%" for label, share in hard["time_shares"].items()), flush=True)
    report["hard_no_clock"] = hard
    if as_json:
        print(json.dumps(report), flush=True)
    return report
