"""One solver worker, given to the App (issue 24 item 3): the status line, the hints, the Demo
and the Duel's computer all ask the worker of the app's services; none makes its own."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

THOUGHTFUL = "TF1-D3N-AAAAAAB"  # every card face up: the status is asked, and the Demo asks for a line


class RecordingWorker:
    """A worker that records the kinds of question it is asked and never answers."""

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.started = False

    def start(self) -> None:
        self.started = True

    def submit(self, kind: str, state_json: dict, budget: float, keep: bool = False) -> int:
        self.kinds.append(kind)
        return len(self.kinds)

    def asked(self, ticket: int) -> bool:
        return True

    def take(self, ticket: int) -> None:
        return None

    def poll(self) -> list:
        return []

    def cancel(self) -> None: ...

    def forget(self, ticket: int) -> None: ...

    def retries_of(self, ticket: int) -> int:
        return 0

    def shutdown(self) -> None: ...


@pytest.fixture
def worker() -> RecordingWorker:
    return RecordingWorker()


@pytest.fixture
def services(services, worker):
    return replace(services, solver=worker)


def test_the_status_the_hints_and_the_demo_ask_the_apps_worker(app, driver, worker):
    play = app.open("play", code=THOUGHTFUL)
    driver.settle(3)  # the deal lands
    assert worker.kinds == ["winnability"]
    driver.key(pygame.K_h)
    assert worker.kinds[-1] == "hint"
    play.start_demo()
    driver.settle(1)
    assert worker.kinds[-1] == "solve"


def test_the_duels_computer_thinks_in_the_apps_worker(app, driver, worker):
    app.open("title")
    app.open("duel", code="DU2-D3N-AAAAAAB", opponent="computer:easy", fast=True)
    assert worker.started  # during the 3-2-1 count, not in the race's first frame
    driver.settle(5)
    assert "decide" in worker.kinds
