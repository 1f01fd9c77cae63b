"""Two copies of the game on one folder, each playing games in every mode, daily deals included
(issue 32):

    python tools/two_copies.py [--rounds N] [--keep FOLDER]     two processes, then the counts

It prints the counts as JSON, then "exact" when the statistics count every game once.

Each copy is a process with its own ``Store`` on the folder and plays as the tables do, through
``Session``: opens a mode (resuming its saved game or not, or the day's daily deal), plays a
few moves with a save after each, then gives the game up for a new deal, wins it, or puts it
aside (to the title), where the other copy may find it. Every game a copy's store ends with a
result is written down with its token (the save's; a game never saved gets a name of its own),
so the run can say how many games were played: the distinct ones ended, whichever copy ended
them. The statistics must count exactly those, once each, per mode and per daily day.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solitaire.core.daily import daily_modes  # noqa: E402
from solitaire.core.rules import REGISTRY  # noqa: E402
from solitaire.play.session import Session  # noqa: E402
from solitaire.store import Store  # noqa: E402

DAY = date(2026, 12, 2)


class LoggingStore(Store):
    """A store that writes down each game it ends with a result, by its token."""

    def __init__(self, folder: Path, log: Path, name: str) -> None:
        super().__init__(folder)
        self.log, self.name, self.untokened = log, name, 0

    def end_game(self, slot, outcome, daily=None):  # type: ignore[no-untyped-def]
        if outcome is not None:
            token = self._owned.get(slot)
            if token is None:
                self.untokened += 1
                token = f"{self.name}-unsaved-{self.untokened}"
            with self.log.open("a") as out:
                out.write(json.dumps({"slot": slot, "token": token, "daily": daily is not None}) + "\n")
        super().end_game(slot, outcome, daily)


def modes() -> list[tuple[str, int, str]]:
    return [(game, draw, scoring) for game in REGISTRY.ids()
            for draw in REGISTRY.get(game).draws for scoring in REGISTRY.get(game).scorings]


def play(folder: Path, name: str, rounds: int, seed: int) -> None:
    """One copy: ``rounds`` times through every mode, in an order of its own."""
    rng = random.Random(seed)
    store = LoggingStore(folder, folder / f"ended-{name}.jsonl", name)
    dailies = set(daily_modes())
    session: Session | None = None
    for _ in range(rounds):
        order = modes()
        rng.shuffle(order)
        for game_id, draw, scoring in order:
            if session is not None:
                session.put_aside()  # the table closes: its game waits as the mode's saved game
            daily = DAY if (game_id, draw) in dailies and scoring == "standard" and rng.random() < 0.5 else None
            session = Session.open(store, game_id, draw, scoring, resume=rng.random() < 0.5, daily=daily)
            for _ in range(rng.randint(1, 4)):
                moves = session.game.legal_moves()
                if not moves:
                    break
                session.game.apply(rng.choice(moves))
                session.played()
                session.tick(1.0)
                session.save()
            end = rng.random()
            if end < 0.35:
                session.new_deal(winnable=False)  # the game in play given up, counted lost
            elif end < 0.5:
                session.record_win()  # as a win counts it (the moves played do not win it: ...
                session.new_deal(winnable=False)  # ... so it is not left to be saved again)
    if session is not None:
        session.put_aside()
    assert store.flush()


def counts(folder: Path) -> dict[str, object]:
    """What the copies ended and what the statistics say, mode by mode."""
    ended: dict[str, set[str]] = {}
    daily: dict[str, set[str]] = {}
    calls = 0
    for log in folder.glob("ended-*.jsonl"):
        for line in log.read_text().splitlines():
            entry = json.loads(line)
            calls += 1
            ended.setdefault(entry["slot"], set()).add(entry["token"])
            if entry["daily"]:
                daily.setdefault(entry["slot"], set()).add(entry["token"])
    store = Store(folder)
    played = {key: record.played for key, record in store.all_stats().items()}
    days = store.daily_results().get(DAY.isoformat(), {})
    tokens = json.loads((folder / "stats.json").read_text())["ended"]
    return {
        "games": sum(len(tokens) for tokens in ended.values()),
        "ended_calls": calls,
        "played": played,
        "expected": {slot: len(tokens) for slot, tokens in ended.items()},
        "daily_games": {slot: result.games for slot, result in days.items()},
        "daily_expected": {slot: len(tokens) for slot, tokens in daily.items()},
        "tokens_twice": sum(n - 1 for tokens in tokens.values() for n in Counter(tokens).values()),
    }


def run(folder: Path, rounds: int) -> dict[str, object]:
    """Two processes on ``folder`` at once, then the counts."""
    copies = [subprocess.Popen([sys.executable, __file__, "--copy", str(folder), name, str(rounds), str(seed)])
              for seed, name in enumerate("AB")]
    assert [copy.wait(timeout=600) for copy in copies] == [0, 0]
    return counts(folder)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/two_copies.py", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="times each copy goes through every mode")
    parser.add_argument("--keep", type=Path, help="play in this (new) folder and keep it, for a look")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="solitaire-two-copies-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        result = run(folder, args.rounds)
    print(json.dumps(result, indent=1, sort_keys=True))
    exact = result["played"] == result["expected"] and result["daily_games"] == result["daily_expected"]
    print("exact" if exact and not result["tokens_twice"] else "NOT exact")
    return 0 if exact else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--copy"]:
        play(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(main(sys.argv[1:]))
