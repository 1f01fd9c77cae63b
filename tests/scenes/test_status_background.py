"""A status that keeps thinking (issue 17): when the short search cannot say whether the position
can still be won, the worker searches on in the background ("Checking…" meanwhile), the status
shows its answer when it comes, and the next move cancels it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solitaire.core import DRAW, Game, parse_code
from solitaire.play.advisor import BACKGROUND_BUDGET, STATUS_BUDGET, Advisor
from solitaire.solver.messages import BACKGROUND, WinnabilityAnswer

DEAL = "TF1-D3N-AAAAAEA"  # a hard deal: 2 s of search do not decide it


class HandWorker:
    """A solver worker whose answers the test gives by hand, recording what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str, float]] = []  # (ticket, kind, budget), still pending
        self.kinds: list[tuple[str, float]] = []  # every question asked, in order
        self.answers: list[WinnabilityAnswer] = []
        self.cancels = 0

    def submit(self, kind: str, state_json: dict, budget: float) -> int:
        ticket = len(self.kinds) + 1
        self.asked.append((ticket, kind, budget))
        self.kinds.append((kind, budget))
        return ticket

    def answer(self, verdict: str) -> int:
        """Answer the oldest pending question with ``verdict``; its ticket."""
        ticket = self.asked.pop(0)[0]
        self.answers.append(WinnabilityAnswer(ticket, verdict))
        return ticket

    def poll(self) -> list[WinnabilityAnswer]:
        out, self.answers = self.answers, []
        return out

    def cancel(self) -> None:
        self.cancels += 1
        self.asked.clear()
        self.answers.clear()

    def shutdown(self) -> None:
        self.asked.clear()



def test_an_undecided_status_is_searched_on_in_the_background_and_its_answer_shown():
    worker = HandWorker()
    advisor = Advisor(worker)
    advisor.ask_status(Game.deal(parse_code(DEAL)), True)
    worker.answer("unknown")
    advisor.poll(0.0)
    assert worker.kinds == [("winnability", STATUS_BUDGET), (BACKGROUND, BACKGROUND_BUDGET)]
    assert advisor.status == "checking" and advisor.status_key == "status.checking" and advisor.busy
    worker.answer("winnable")
    advisor.poll(0.0)
    assert advisor.status == "winnable" and not advisor.busy


def test_a_background_search_that_does_not_decide_says_unknown_and_stops_there():
    worker = HandWorker()
    advisor = Advisor(worker)
    advisor.ask_status(Game.deal(parse_code(DEAL)), True)
    worker.answer("unknown")
    advisor.poll(0.0)
    worker.answer("unknown")
    advisor.poll(0.0)
    assert advisor.status == "unknown" and not advisor.busy and len(worker.kinds) == 2


def test_the_next_move_cancels_the_background_search_and_its_late_answer_is_not_shown():
    worker = HandWorker()
    advisor = Advisor(worker)
    game = Game.deal(parse_code(DEAL))
    advisor.ask_status(game, True)
    worker.answer("unknown")
    advisor.poll(0.0)
    background = worker.asked[0][0]
    game.apply(DRAW)
    cancels = worker.cancels
    advisor.ask_status(game, True)
    assert worker.cancels == cancels + 1 and [kind for _, kind, _ in worker.asked] == ["winnability"]
    worker.answers.append(WinnabilityAnswer(background, "not winnable"))  # a late answer
    advisor.poll(0.0)
    assert advisor.status == "checking"
    worker.answer("winnable")
    advisor.poll(0.0)
    assert advisor.status == "winnable"


@pytest.fixture
def worker() -> HandWorker:
    return HandWorker()


@pytest.fixture
def services(services, worker):
    """The app's solver is the hand worker."""
    return replace(services, solver=worker)


def test_the_play_scene_says_checking_during_the_background_search_then_its_answer(app, driver, worker):
    app.open("play", code=DEAL)
    scene = driver.scene
    worker.answer("unknown")
    driver.settle(0.05)
    assert worker.kinds[-1] == (BACKGROUND, BACKGROUND_BUDGET)
    assert app.t(scene.hints.advisor.status_key) == "Checking…"
    driver.draw()
    worker.answer("not winnable")
    driver.settle(0.05)
    assert scene.hints.advisor.status == "not winnable"
    assert app.t(scene.hints.advisor.status_key) == "This deal cannot be won"
    driver.draw()
