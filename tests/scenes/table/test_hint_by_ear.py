"""A hint heard (issue 36): H on a table asks the solver's worker (its own process, as in the
game), and the move it answers is said in words once it comes: "Hint: ace of clubs to
foundation 1", the cards named, never the glyphs; in English and Arabic."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from solitaire import i18n
from solitaire.app.speech import Speech
from solitaire.core import parse_code
from solitaire.core.targets import legal_moves
from solitaire.play import spoken
from tests.scenes.conftest import Driver

@pytest.mark.parametrize("lang, code", [("en", "KL1-D1N-AAAAAAB"), ("ar", "FC1-D1N-AAAAAAB")])
def test_the_hint_key_asks_the_worker_and_the_hint_is_said(make_app, tmp_path, lang, code):
    app = make_app(lang=lang, status_line=False)  # the hint the worker's only question
    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    driver = Driver(app)
    play = app.open("play", code=parse_code(code))
    driver.settle(0.3)
    driver.key(pygame.K_h)
    deadline = time.monotonic() + 60  # the worker's process starts on the first question
    while play.hints.move is None and time.monotonic() < deadline:
        driver.settle(0.05)
        time.sleep(0.01)
    move = play.hints.move
    assert move is not None and move in legal_moves(play.game)
    worker = app.services.solver._process
    assert worker is not None and worker.is_alive() and worker.pid != os.getpid()  # another process
    app.speech.wait()
    said = log.read_text(encoding="utf-8").splitlines()
    hint = " ".join(spoken.hint_words(play.game, move).split())
    assert said[-1] == f"{lang}\t{hint}"
    assert hint.startswith("Hint: " if lang == "en" else i18n.t("speech.hint", move="").rstrip()[:4])
    assert not any(glyph in said[-1] for glyph in "♠♥♦♣")  # the cards in words


class Silent:
    """A solver worker still thinking: it takes questions and answers none."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, kind, state_json, budget, keep=False) -> int:
        self.asked += 1
        return self.asked

    def poll(self) -> list:
        return []

    def cancel(self) -> None:
        pass

    def forget(self, ticket) -> None:
        pass

    def shutdown(self) -> None:
        pass


def test_a_slow_hint_says_thinking_once_while_it_shows_it_as_long_as_it_takes(make_app, tmp_path):
    """"Thinking…" was said again each time its toast ran out, every few seconds of a long search."""
    from dataclasses import replace

    from solitaire.app.services import Services
    from solitaire.scenes.table.hints import THINKING
    from solitaire.store import Store

    app = make_app(services=replace(Services.around(Store()), solver=Silent()), status_line=False)
    app.speech = Speech(log_path=str(tmp_path / "speech.log"), on=True)
    driver = Driver(app)
    play = app.open("play", code=parse_code("KL1-D1N-AAAAAAB"))
    driver.key(pygame.K_h)
    driver.settle(12.0, step=1 / 30)
    assert play.hud.toast is not None and play.hud.toast.kind == THINKING  # still shown
    app.speech.wait()
    said = (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines()
    assert said.count("en\tThinking…") == 1
