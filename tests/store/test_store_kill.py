"""Kill a writer with SIGKILL at random instants: the file must always be whole, old or new.

A child Python process (started with subprocess) forks one writer per round; the writer
rewrites a saved game in a tight loop, alternating between two contents of very different sizes
(so a torn write would show as a mix or a truncation), until the test kills it with SIGKILL
after a random delay. Forking from a warm child instead of starting Python each round keeps
200+ kills within a few seconds. After every kill the file must parse and equal one of the two
contents. At most the one temporary file in flight may remain; opening a Store leaves it while it
is young (it could be another copy's write in flight) and sweeps it once it is old.

The end of a game (count the result, delete the save) is killed the same way: whatever the
instant, a game is either counted or still resumable, never both.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.store import Store, read_json
from solitaire.store.atomic import STALE_TEMP_SECONDS, TEMP_SUFFIX
from store_helpers import make_game, validate_game

KILLS = 250
END_KILLS = 150
SLOT = "klondike-d1-standard"
REPO = Path(__file__).resolve().parents[2]

FORKER = """
import json, os, sys
from pathlib import Path
from solitaire.store.atomic import write_json_atomic
path = Path(sys.argv[1])
contents = json.loads(Path(sys.argv[2]).read_text())
for _ in sys.stdin:
    pid = os.fork()
    if pid == 0:
        write_json_atomic(path, contents[0])
        os.write(1, f"{os.getpid()}\\n".encode())
        n = 0
        while True:
            n += 1
            write_json_atomic(path, contents[n % 2])
    _, status = os.waitpid(pid, 0)
    print(os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1, flush=True)
"""


def age_out(paths: list[Path]) -> None:
    """Make files look older than any write in flight could be."""
    old = time.time() - STALE_TEMP_SECONDS - 1
    for path in paths:
        os.utime(path, (old, old))


def contents() -> list[dict[str, object]]:
    small = {"version": 1, "slot": SLOT, "game": make_game(1)}
    big = {"version": 1, "slot": SLOT, "game": make_game(2) | {"undo": [f"t{i % 7}f" for i in range(20_000)]}}
    return [small, big]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL and fork are POSIX")
def test_sigkill_at_random_instants_leaves_a_whole_file(tmp_path: Path) -> None:
    rng = random.Random(1129)
    saves = tmp_path / "saves"
    saves.mkdir()
    known = contents()
    spec = tmp_path / "contents.json"
    spec.write_text(json.dumps(known))
    target = saves / f"{SLOT}.json"
    forker = subprocess.Popen([sys.executable, "-c", FORKER, str(target), str(spec)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert forker.stdin is not None and forker.stdout is not None
    temps_seen = 0
    try:
        for _ in range(KILLS):
            forker.stdin.write("go\n")
            forker.stdin.flush()
            writer = int(forker.stdout.readline())
            time.sleep(rng.uniform(0, 0.01))
            os.kill(writer, signal.SIGKILL)
            assert forker.stdout.readline() == f"{signal.SIGKILL.value}\n", "the writer was not killed"
            assert read_json(target) in known
            temps = list(saves.glob(f".*{TEMP_SUFFIX}"))
            assert len(temps) <= 1, temps
            temps_seen += len(temps)
            store = Store(tmp_path)
            assert store.load_game(SLOT, validate_game) in [document["game"] for document in known]
            assert store.notices == []
            assert list(saves.glob(f".*{TEMP_SUFFIX}")) == temps, "a young temp file was swept"
            age_out(temps)
            Store(tmp_path)
            assert [path.name for path in saves.iterdir()] == [target.name]
    finally:
        forker.stdin.close()
        forker.wait(timeout=10)
    print(f"{KILLS} kills, {temps_seen} landed inside a write")


STALLER = """
import os, sys, time
from pathlib import Path
from solitaire.store.atomic import write_json_atomic
path = Path(sys.argv[1])
write_json_atomic(path, {"version": 1, "which": "old"})
def stall(*args):
    print("stalled", flush=True)
    time.sleep(60)
os.replace = stall
write_json_atomic(path, {"version": 1, "which": "new"})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_sigkill_between_the_temp_file_and_the_rename(tmp_path: Path) -> None:
    """The worst instant, made certain: the new file is complete on disk but not yet renamed.

    How often the random kills above land inside a write depends on the file system's speed;
    this case does not.
    """
    target = tmp_path / "settings.json"
    writer = subprocess.Popen([sys.executable, "-c", STALLER, str(target)], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert writer.stdout is not None and writer.stdout.readline() == "stalled\n"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    assert read_json(target) == {"version": 1, "which": "old"}
    [temp] = tmp_path.glob(f".*{TEMP_SUFFIX}")
    assert read_json(temp) == {"version": 1, "which": "new"}
    age_out([temp])
    store = Store(tmp_path)
    assert store.notices == [] and sorted(path.name for path in tmp_path.iterdir()) == [".lock", target.name]


PLAYER = """
import os, sys
from pathlib import Path
from solitaire.store import Outcome, Store
from store_helpers import make_game, validate_game
home, slot = Path(sys.argv[1]), sys.argv[2]
def data(index, moves):
    return make_game(index) | {"code": f"G{index:07d}", "moves": moves}
for _ in sys.stdin:
    pid = os.fork()
    if pid == 0:
        store = Store(home)
        os.write(1, f"{os.getpid()}\\n".encode())
        while True:
            loaded = store.load_game(slot, validate_game)
            index = int(loaded["code"][1:]) if loaded else store.stats(slot).played + 1
            for moves in range(1, 4):
                store.save_game(slot, data(index, moves))
                os.write(1, b"saved\\n")
            store.end_game(slot, Outcome(index % 3 == 0, index, 10.0, 3))
            os.write(1, b"ended\\n")
    _, status = os.waitpid(pid, 0)
    print(os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1, flush=True)
"""


def game_index(game: dict[str, object] | None) -> int | None:
    return None if game is None else int(str(game["code"])[1:])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL and fork are POSIX")
def test_sigkill_while_games_end_never_counts_a_game_twice(tmp_path: Path) -> None:
    """Issue 12: ending a game took two writes, and a kill between them counted it twice.

    A player resumes the saved game if there is one, else deals the next, makes three moves
    (three saves) and ends it, again and again, killed at random instants. After every kill the
    saved game, if one can be resumed, is the game after the last one counted: never one that
    is counted already.
    """
    rng = random.Random(1212)
    saves = tmp_path / "saves"
    player = subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path), SLOT], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)])))
    assert player.stdin is not None and player.stdout is not None
    counted, ended, left_behind = 0, 0, 0
    try:
        for _ in range(END_KILLS):
            player.stdin.write("go\n")
            player.stdin.flush()
            writer = int(player.stdout.readline())
            steps = [player.stdout.readline() for _ in range(rng.randrange(8))]
            time.sleep(rng.uniform(0, 0.004))
            os.kill(writer, signal.SIGKILL)
            while (line := player.stdout.readline()) in ("saved\n", "ended\n"):
                steps.append(line)
            assert line == f"{signal.SIGKILL.value}\n", "the writer was not killed"
            ended += steps.count("ended\n")
            left_behind += counted_save_on_disk(tmp_path)
            store = Store(tmp_path)
            played = store.stats(SLOT).played
            resumable = game_index(store.load_game(SLOT, validate_game))
            assert resumable in (None, played + 1), f"game {resumable} is resumable but {played} are counted"
            assert played >= ended, "a game that was ended is not counted"
            assert played >= counted and store.notices == []
            counted = played
            assert counted_save_on_disk(tmp_path) == 0
            age_out(list(saves.glob(f".*{TEMP_SUFFIX}")) + list(tmp_path.glob(f".*{TEMP_SUFFIX}")))
    finally:
        player.stdin.close()
        player.wait(timeout=10)
    print(f"{END_KILLS} kills while ending games: {counted} games counted, each once ({ended} seen ended); "
          f"{left_behind} kills fell between counting a game and deleting its save")


def counted_save_on_disk(home: Path) -> int:
    """1 if the save on disk belongs to a game whose result is already counted (left by a kill)."""
    try:
        save = read_json(home / "saves" / f"{SLOT}.json")
        ended = read_json(home / "stats.json")["ended"].get(SLOT, [])  # type: ignore[index]
    except FileNotFoundError:
        return 0
    return int(save["token"] in ended)  # type: ignore[index]


ENDER = """
import os, sys, time
from pathlib import Path
from solitaire.store import Outcome, Store
from store_helpers import make_game
store = Store(Path(sys.argv[1]))
store.save_game(sys.argv[2], make_game(1))
def stall(*args, **kwargs):
    print("stalled", flush=True)
    time.sleep(60)
Path.unlink = stall
store.end_game(sys.argv[2], Outcome(True, 100, 60.0, 90))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_sigkill_between_counting_a_game_and_deleting_its_save(tmp_path: Path) -> None:
    """The worst instant of ending a game, made certain: counted, and its save still on disk."""
    ender = subprocess.Popen([sys.executable, "-c", ENDER, str(tmp_path), SLOT], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)])))
    assert ender.stdout is not None and ender.stdout.readline() == "stalled\n"
    ender.send_signal(signal.SIGKILL)
    ender.wait()
    ender.stdout.close()
    assert counted_save_on_disk(tmp_path) == 1
    store = Store(tmp_path)
    assert store.stats(SLOT).played == 1 and store.stats(SLOT).won == 1
    assert store.continue_slot() is None and store.load_game(SLOT, validate_game) is None
    assert not (tmp_path / "saves" / f"{SLOT}.json").exists() and store.notices == []
    assert Store(tmp_path).stats(SLOT).played == 1
