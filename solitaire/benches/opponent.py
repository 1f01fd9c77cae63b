"""``python game.py bench --opponent``: the computer player's figures, printed beside their targets.

A benchmark, not a test. Each strength plays N Duel deals alone, at its pace on a simulated race
clock (each decision takes PACE race seconds, End included), through ``core.duel.Race``. The
deals are drawn from ``--seed`` (``deals_for``: N deal numbers out of every Duel code, never
deals 1…N, which a player could be tuned on). Per strength: mean cards home, the share cleared
(52 home within 4:00), the mean race time played before its game ended (End, all home or 0:00),
and **gave up**: the share of races where it pressed End while a line of moves was left that
sends a card home or turns a card, in the time left at its pace (judged after the fact with every
card known: ``escape.search`` on the real game), and the same counting lines that take a card back
from a foundation too, any number of them (so do the player's own). Each player
keeps its plan across its decisions (``player.decide_plan``), as the Duel's side does. Head to
head compares the totals deal by deal for every pair: the players never see each other (DU-1: each plays its own copy),
so a two-player race's totals are exactly those of each alone (a test checks it). A tie is two
equal totals. Two processes, one per core, like the solver's bench.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import random
import time
from dataclasses import dataclass
from itertools import combinations

from solitaire.core.codes import DEAL_LIMIT, GameCode
from solitaire.core.duel import ENDED, Race
from solitaire.core.game import Game
from solitaire.solver.player import END, PACE, Strength, Undo, decide_plan, moves_within, pace_of, remembers, seen
from solitaire.solver.opponent.escape import search

DEFAULT_DEALS = 200
DEFAULT_SEED = 1
"""The seed the players were tuned on; figures worth quoting come from other seeds."""
TARGETS = {"gave_up": 0.0, "hard_beats_easy": 0.85, "hard_loses_to_easy": 0.03, "hard_beats_medium": 0.70,
           "medium_beats_easy": 0.70, "hard_cleared": 0.40}
CHECK_LIMIT = 2_000_000
"""Positions the after-the-fact check may look at (it has never come near; past it, "gave up")."""
WIDE_LIMIT = 300_000
"""The same for the strict check (cards back from home, any number): one End of seed 777 took it
past 2.6 GB and half an hour of a loaded core. Past it, "gave up" too: the figure errs against
the player, never for it."""


@dataclass(frozen=True)
class Played:
    """One player's end of a race."""

    total: int
    home: int
    won: bool
    decisions: int
    seconds: float  # wall time spent deciding
    slowest: float  # the longest decision, in seconds
    played: float = 0.0  # race seconds until the player's game ended (End, all home, 0:00)
    ended_with: float | None = None  # seconds left when the player pressed End; None: did not
    gave_up: bool = False  # End while a line to a card home or turned fitted in the time left
    gave_up_wide: bool = False  # the same, lines that take a card back from home counted too


def deals_for(seed: int, count: int) -> list[int]:
    """``count`` different Duel deal numbers drawn from ``seed``: the same on every machine."""
    return random.Random(seed).sample(range(DEAL_LIMIT), count)


def gave_up(game: Game, seconds_left: float | None, pace: float, from_home: bool = False) -> bool:
    """Pressing End in ``game`` gives something up: with every card known, a line of moves sends
    a card home or turns one, and at ``pace`` a move it ends before 0:00 (None: no clock): its last
    move due at 0:00 exactly never lands (the race is over then, ``Race.over``), so that End gives
    nothing up. ``from_home``: lines that take a card back from a foundation count too (the strict
    check). Lines longer than the clock lets end are not looked at (``moves_within``), which lets
    the search prove that none lands in time (``stuck.Floors``) where it could not list them all."""
    within = None if seconds_left is None else moves_within(seconds_left, pace)
    way = search(game.clone(), True, WIDE_LIMIT if from_home else CHECK_LIMIT, from_home, max_moves=within)
    if seconds_left is None:
        return way.found is not False
    return way.found is None or (bool(way.found) and way.moves * pace < seconds_left)


def race(code: GameCode, strengths: list[Strength], seed: int = 0) -> list[Played]:
    """A race on ``code`` between players of ``strengths``, each deciding at its pace on a
    simulated clock: the next decision due is always the earliest one. A decision's moment is
    known once it is made (an undo after an undo is a key press, ``pace_of``), so each open
    player's next decision is made ahead (the games are apart: DU-1) and the earliest played."""
    contest = Race(code, players=len(strengths))
    count = len(strengths)
    asked = [0.0] * count  # race time each player's current decision was asked at
    decisions = [0] * count
    thinking = [0.0] * count
    slowest = [0.0] * count
    gave = [False] * count
    wide = [False] * count
    plans: list[tuple] = [()] * count  # each player's plan, kept across its decisions
    last: list[object] = [None] * count  # each player's last decision played
    pending: list[tuple | None] = [None] * count  # (decision, due) made ahead
    while not contest.over:
        open_players = [p for p in range(count) if not contest.finished(p)]
        for p in open_players:
            if pending[p] is None:
                game, left = contest.games[p], contest.limit - asked[p]
                started = time.perf_counter()
                decision, plans[p] = decide_plan(seen(game, left, remember=remembers(strengths[p], left)),
                                                 strengths[p], seed, plans[p])
                spent = time.perf_counter() - started
                thinking[p] += spent
                slowest[p] = max(slowest[p], spent)
                decisions[p] += 1
                pending[p] = (decision, asked[p] + pace_of(strengths[p], decision, last[p]))
        player = min(open_players, key=lambda p: (pending[p][1], p))  # type: ignore[index]
        decision, due = pending[player]  # type: ignore[misc]
        pending[player], last[player] = None, decision
        game = contest.games[player]
        if decision is END:
            left, pace = contest.limit - asked[player], PACE[strengths[player]]
            gave[player] = gave_up(game, left, pace)
            wide[player] = gave[player] or gave_up(game, left, pace, from_home=True)
        contest.tick(due - contest.elapsed)
        if contest.over:
            gave[player] = wide[player] = False  # 0:00 came first: the End never happened
            break
        if decision is END:
            contest.end(player)
        elif isinstance(decision, Undo):
            contest.undo(player)
        else:
            contest.apply(player, decision)
        asked[player] = contest.elapsed
    return [_played(contest, p, decisions[p], thinking[p], slowest[p], gave[p], wide[p]) for p in range(count)]


def _played(contest: Race, player: int, decisions: int, thinking: float, slowest: float, gave: bool,
            wide: bool) -> Played:
    at = contest.finished_at[player]
    played = contest.limit if at is None else at
    ended = contest.ended_how(player) == ENDED and at is not None
    ended_with = contest.limit - at if ended and at is not None else None
    return Played(contest.total(player), contest.home(player), contest.games[player].won, decisions,
                  thinking, slowest, played, ended_with, gave and ended, wide and ended)


def _race_one(job: tuple[int, str]) -> Played:
    number, strength = job
    return race(GameCode("duel", 3, "standard", number), [Strength(strength)])[0]


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def head_to_head(a: list[Played], b: list[Played]) -> dict:
    """Deal by deal: how often ``a``'s total beats ``b``'s, ties apart."""
    won = sum(x.total > y.total for x, y in zip(a, b))
    tied = sum(x.total == y.total for x, y in zip(a, b))
    return {"won": _share(won, len(a)), "tied": _share(tied, len(a)), "lost": _share(len(a) - won - tied, len(a))}


def strength_figures(strength: Strength, races: list[Played]) -> dict:
    """One strength's figures from its races."""
    deals = len(races)
    decisions = sum(r.decisions for r in races)
    return {
        "pace": PACE[strength],
        "mean_total": sum(r.total for r in races) / deals,
        "mean_home": sum(r.home for r in races) / deals,
        "cleared": _share(sum(r.won for r in races), deals),
        "mean_seconds_played": sum(r.played for r in races) / deals,
        "ended": _share(sum(r.ended_with is not None for r in races), deals),
        "gave_up": _share(sum(r.gave_up for r in races), deals),
        "gave_up_wide": _share(sum(r.gave_up_wide for r in races), deals),
        "ms_per_decision": 1000 * sum(r.seconds for r in races) / max(1, decisions),
        "slowest_decision_ms": 1000 * max(r.slowest for r in races),
    }


def _target(strength: Strength) -> str:
    return "   target: >= 40%" if strength is Strength.HARD else ""


def run_opponent_bench(deals: int = DEFAULT_DEALS, as_json: bool = False, workers: int = 2,
                       seed: int = DEFAULT_SEED) -> dict:
    """Print the figures (and, with ``as_json``, one JSON object last); return that object."""
    numbers = deals_for(seed, deals)
    began = time.perf_counter()
    print(f"opponent bench: {deals} Duel deals drawn from seed {seed} (DU2-D3N-…, e.g. "
          f"{GameCode('duel', 3, 'standard', numbers[0])}) a strength, each at its pace on a simulated "
          f"4:00 clock; {workers} processes", flush=True)
    report: dict = {"deals": deals, "seed": seed, "targets": TARGETS, "strengths": {}, "head_to_head": {}}
    played: dict[Strength, list[Played]] = {}
    with mp.get_context("spawn").Pool(workers) as pool:
        for strength in Strength:
            started = time.perf_counter()
            played[strength] = pool.map(_race_one, [(n, strength.value) for n in numbers], chunksize=1)
            figures = strength_figures(strength, played[strength])
            report["strengths"][strength.value] = figures
            print(f"{strength.value:6} ({PACE[strength]} s a move): mean cards home {figures['mean_home']:4.1f}, "
                  f"cleared {100 * figures['cleared']:5.1f}%{_target(strength)}, mean total {figures['mean_total']:6.0f}, "
                  f"mean race played {figures['mean_seconds_played']:5.1f} s, pressed End {100 * figures['ended']:4.1f}%, "
                  f"gave up {100 * figures['gave_up']:4.1f}% (target 0; {100 * figures['gave_up_wide']:.1f}% counting lines "
                  f"through a card taken back from home); {figures['ms_per_decision']:.1f} ms a decision "
                  f"(slowest {figures['slowest_decision_ms']:.0f} ms); wall {time.perf_counter() - started:.0f} s",
                  flush=True)
    targets = {("hard", "easy"): " target: won >= 85%, lost <= 3%", ("hard", "medium"): " target: won >= 70%",
               ("medium", "easy"): " target: won >= 70%"}
    for a, b in combinations(Strength, 2):
        a, b = (b, a) if list(Strength).index(a) < list(Strength).index(b) else (a, b)
        result = head_to_head(played[a], played[b])
        report["head_to_head"][f"{a.value}_vs_{b.value}"] = result
        print(f"head to head, same deals: {a.value} beats {b.value} in {100 * result['won']:5.1f}%, "
              f"tied {100 * result['tied']:4.1f}%, lost {100 * result['lost']:4.1f}%  "
              f"{targets[(a.value, b.value)]}", flush=True)
    report["wall_seconds"] = time.perf_counter() - began
    print(f"wall time {report['wall_seconds']:.0f} s", flush=True)
    if as_json:
        print(json.dumps(report), flush=True)
    return report
