"""Kill a writer with SIGKILL at random instants: the file must always be whole, old or new.

A child Python process (started with subprocess) forks one writer per round; the writer
rewrites a saved game in a tight loop, alternating between two contents of very different sizes
(so a torn write would show as a mix or a truncation), until the test kills it with SIGKILL
after a random delay. Forking from a warm child instead of starting Python each round keeps
200+ kills within a few seconds. After every kill the file must parse and equal one of the two
contents; at most the one temporary file in flight may remain, and opening a Store sweeps it.
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
from solitaire.store.atomic import TEMP_SUFFIX
from store_helpers import make_game, validate_game

KILLS = 250
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
            assert store.messages == []
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
    store = Store(tmp_path)
    assert store.messages == [] and [path.name for path in tmp_path.iterdir()] == [target.name]
