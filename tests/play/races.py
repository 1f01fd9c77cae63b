"""Duels played to their result with no display (issue 24): against the computer, against a
scripted rival, between two network peers and between two online players through a real duel
server. Each returns what a test checks; ``tests/play/test_headless.py`` also runs them in a
process that must never import pygame. Every wait is a bounded loop, never a timed assertion."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from pathlib import Path

from solitaire import i18n
from solitaire.core import DRAW, FOUNDATION, Game, Move, parse_code
from solitaire.core.duel import DuelResult
from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.play.computer import ComputerRival, computer_player
from solitaire.play.duel import Duel, new_race
from solitaire.play.online import OnlineRace
from solitaire.play.race_clock import thinking_until
from solitaire.solver.worker import SolverWorker
from solitaire.store import Store
from tests.play.scripted_rival import ScriptedRival
from tests.server.helpers import QUICK, running_server

CODE = parse_code("DU2-D3N-AAAAAAB")
STEP = 1 / 60


def run(duel: Duel, seconds: float, step: float = STEP) -> None:
    for _ in range(round(seconds / step)):
        duel.step(step)


def started(duel: Duel) -> Duel:
    """The 3-2-1 count played out: race time 0."""
    run(duel, 3.0 + STEP)
    assert duel.started
    return duel


def greedy(game: Game) -> Move:
    """A foundation move if there is one, else the first legal move (the stock when nothing
    else goes): points come quickly, and the same ones every run."""
    moves = game.legal_moves()
    home = [m for m in moves if m.dst.kind == FOUNDATION]
    return home[0] if home else (DRAW if DRAW in moves else moves[0])


def wandering(game: Game, rng: random.Random) -> Move:
    """A foundation move if there is one, else any legal move: points come quickly, and the
    line wanders (recycles and all) as a player's might, never stuck drawing for an Ace."""
    moves = game.legal_moves()
    home = [m for m in moves if m.dst.kind == FOUNDATION]
    return home[0] if home else rng.choice(moves)


def scripted_duel(store: object = None) -> Duel:
    """Against a rival whose every move is known (it draws three times, then presses End at
    0:20): we play the greedy line, a move every half second, and press End at 0:15; the race
    is over once both have ended."""
    rival = ScriptedRival([(1.0, "s"), (2.0, "s"), (3.0, "s")], name="Script", end_at=20.0)
    duel = started(Duel(new_race(CODE), rival, store=store))
    for _ in range(30):
        duel.play(greedy(duel.game))
        run(duel, 0.5)
    duel.end()
    run(duel, 6.0)
    return duel


def computer_duel(seconds: float = 30.0, limit: float = 120.0, solver: SolverWorker | None = None,
                  store: Store | None = None) -> Duel:
    """Hard against the computer playing our side (Medium), on the simulated clock (``fast``)
    of a ``seconds`` race, to its result (``store``: counted there). Both think in ``solver``;
    without one, in a worker of their own, shut down after."""
    worker = solver if solver is not None else SolverWorker()
    try:
        race = new_race(CODE, seconds)
        duel = Duel(race, ComputerRival(worker, i18n.t, "hard", True, race.limit),
                    autoplayer=computer_player(worker, "medium", True, race.limit), fast=True, store=store)
        finish(duel, limit)
        return duel
    finally:
        if solver is None:
            worker.shutdown()


def finish(duel: Duel, limit: float = 120.0, step: float = STEP) -> DuelResult:
    """Frames of ``step`` seconds until the duel's result, letting a computer side's worker
    think between them."""
    deadline = time.monotonic() + limit  # a guard against a hang, not a measurement
    while duel.result is None and time.monotonic() < deadline:
        duel.step(step)
        if thinking_until(duel.race, duel.rival, duel.autoplayer) is not None:
            time.sleep(0.002)  # the worker thinks: let it
    assert duel.result is not None, "the duel never ended"
    return duel.result


def online_duel(folder: Path) -> tuple[OnlineRace, OnlineRace]:
    """Two players through a real duel server (in this process, on 127.0.0.1): each plays the
    greedy line on its mirror, a move every quarter second once the server has answered the
    last (well under its 20 messages a second), until the server's result."""
    with running_server(folder, replace(QUICK, race_seconds=4)) as (url, _):
        clients = [OnlineClient(url, new_key(), name) for name in ("Ann", "Bob")]
        for client in clients:
            client.start()
            wait_for(client, Welcome)
            client.find()
        races = [OnlineRace(OnlineDuel(client, wait_for(client, Matched)), "opponent") for client in clients]
        deadline = time.monotonic() + 30  # a guard against a hang, not a measurement
        frame = 0
        while any(race.result is None for race in races) and time.monotonic() < deadline:
            frame += 1
            for race in races:
                race.step(0.02)
                if frame % 12 == 0 and race.started and race.refusal(move := greedy(race.game)) is None:
                    race.play(move)
            time.sleep(0.02)
        for client in clients:
            client.close()
    return races[0], races[1]


def wait_for(client: OnlineClient, kind: type, seconds: float = 10.0) -> object:
    """The client's next message of ``kind`` (others skipped), within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = client.wait(0.1)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__} from the server")
