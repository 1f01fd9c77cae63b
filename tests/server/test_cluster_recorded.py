"""Recorded runs on several server processes (issue 25 items 3 and 8), each test with its own
``nats-server`` on 127.0.0.1: a player racing a recorded run on a process that is killed or
stopped mid-race comes back to the other process and the run goes on there, from where it was,
to the same end."""

from __future__ import annotations

import time

import pytest

from tests.server.cluster_helpers import Balancer, two_processes
from tests.server.helpers import Raw, met_in_a_room

RUN_MOVES = 5  # Ann's moves in the race replayed later, a second apart


def record_a_run(url: str) -> dict:
    """Ann and Bob race on ``url``; Ann draws from the stock ``RUN_MOVES`` times, a second
    apart, and both press End: Ann's line of the result (the run Cleo races later)."""
    ann, bob = met_in_a_room(url, ("Ann", "Bob"))
    time.sleep(0.4)
    for n in range(1, RUN_MOVES + 1):
        ann.say({"type": "move", "n": n, "move": "s"})
        assert ann.hear_type("ok")["n"] == n
        time.sleep(1.0)
    ann.say({"type": "end"})
    bob.say({"type": "end"})
    line = ann.hear_type("result")["you"]
    ann.close()
    bob.close()
    return line


def rival_moves(raw: Raw, moves: int, timeout: float = 15.0) -> dict:
    """Cleo's view of the recorded run until it has made ``moves`` moves."""
    while True:
        message = raw.hear_type("rival", timeout)
        if message["moves"] >= moves:
            return message


@pytest.mark.parametrize("how", ["killed", "stopped"])
def test_a_recorded_run_goes_on_on_the_other_process_when_its_process_goes(tmp_path, how):
    key = "c" * 40
    with two_processes(tmp_path / "data", "--race-seconds", "12", "--count-seconds", "0.3") as (first, second):
        balancer = Balancer([first.port, second.port])
        try:
            played = record_a_run(first.url)
            cleo = Raw(first.url)
            cleo.hello("Cleo", key)
            cleo.say({"type": "recorded"})
            matched = cleo.hear_type("matched")
            assert matched["opponent"]["recorded"] is True and matched["opponent"]["name"] == "Ann"
            time.sleep(0.4)
            cleo.say({"type": "move", "n": 1, "move": "s"})
            cleo.hear_type("ok")
            rival_moves(cleo, 2)
            if how == "killed":
                first.kill()
            else:
                first.process.terminate()
                assert first.process.wait(15) == 0
            again = Raw(balancer.url)  # the first refuses now: the second takes it
            again.hello("Cleo", key)
            seated = again.hear_type("matched")
            assert seated["duel"] == matched["duel"] and seated["opponent"]["recorded"] is True
            assert seated["moves"] == 1  # her move, kept
            assert rival_moves(again, RUN_MOVES)["moves"] == RUN_MOVES  # the run goes on, to its end
            again.say({"type": "end"})
            result = again.hear_type("result")
        finally:
            balancer.close()
    assert result["why"] == "recorded" and result["opponent"] == played
    assert result["rating"]["before"] == result["rating"]["after"]
