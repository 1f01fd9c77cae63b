"""An online race heard (issue 36), against a real duel server on 127.0.0.1: Ann's race screen with
speech on, Bob a client of the library. The speech log must hold the count and Go, the time the
race has, Bob's cards home as his ace goes up, and the server's verdict as the results open:
both sides' totals and the rating change; in English and Arabic."""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.app.speech import DISPLAY_MARKS, Speech
from solitaire.core import FOUNDATION, Game, GameCode
from solitaire.core.duel import notation, race_mode
from solitaire.core.targets import legal_moves
from solitaire.play import spoken
from solitaire.scenes.duel.online_results import OnlineResultsScene
from solitaire.scenes.duel.panel import rival_figures
from tests.scenes import test_online_race
from tests.scenes.online_frames import frames
from tests.scenes.test_online_race import ann_races_bob

pygame.init()


def ace_deal():
    """A Duel deal with an ace to put home at once: the first move of the opponent's progress."""
    game_id, draw, scoring = race_mode()
    for seed in range(1, 500):
        code = GameCode(game_id, draw, scoring, seed)
        move = next((m for m in legal_moves(Game.deal(code)) if m.dst.kind == FOUNDATION), None)
        if move is not None:
            return code, move
    raise AssertionError("no deal with an ace home at once")


def heard(text: str) -> str:
    """A line as the speech says it: no marks of display order, a dot between parts a pause."""
    return " ".join(text.translate(DISPLAY_MARKS).split()).replace(" · ", i18n.t("list.separator"))


@pytest.fixture(params=["en", "ar"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_an_online_race_is_heard_from_the_count_to_the_verdict(app, tmp_path, monkeypatch, lang):
    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    monkeypatch.setattr(test_online_race, "turning_deal", ace_deal)
    with ann_races_bob(app, tmp_path, monkeypatch, race_seconds=30) as (scene, theirs, move, _):
        while not theirs.ready:
            theirs.update(wait=0.02)
        theirs.play(notation(move))  # Bob's ace goes home
        frames(app, lambda: rival_figures(scene.duel)[1] == 1)  # his cards home, as the panel shows
        scene.ask_end()
        app.stack.top.confirm()  # Ann ends ("End your game?" said, with what it earns); then Bob
        theirs.end()
        frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene) and app.stack.top.result is not None)
        results = app.stack.top
        app.speech.wait()
    said = log.read_text(encoding="utf-8").splitlines()
    assert all(line.startswith(f"{lang}\t") for line in said)
    said = [line.split("\t", 1)[1] for line in said]
    bob = "Bob" + i18n.t("list.separator") + ("Silver" if lang == "en" else "فضي")  # his name and tier
    go = said.index(heard(i18n.t("speech.duel.go")))
    assert said[go - 2].startswith(heard(i18n.t("speech.duel", name=bob))) and said[go - 1] == "1"  # the count's end
    assert said[go + 1] == heard(spoken.counted("speech.duel.seconds", 30))
    assert said[go + 2] == heard(spoken.counted("speech.duel.rival", 1, name=bob))  # his ace home
    assert said[go + 3].startswith(heard(i18n.t("duel.end_title")))
    verdict = said[-1]  # the server's verdict, said as the results opened
    texts = [heard(text) for text in results.spoken_texts()]
    assert verdict.startswith(spoken.joined([heard(results.title), texts[0], texts[1]]))
    assert all(text in verdict for text in texts if text)
    assert "10 (10 + 0" in texts[1]  # Bob's total: his ace home (+10) as the server counted it


def test_a_leaver_hears_the_wait_then_the_verdict_when_it_comes(app, tmp_path, monkeypatch):
    """Left before the race was decided: the results screen says both totals so far and that the
    result comes here; the server's verdict is said when it arrives, as the screen shows it."""
    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    monkeypatch.setattr(test_online_race, "turning_deal", ace_deal)
    with ann_races_bob(app, tmp_path, monkeypatch, race_seconds=30) as (scene, theirs, move, _):
        while not theirs.ready:
            theirs.update(wait=0.02)
        theirs.play(notation(move))
        frames(app, lambda: rival_figures(scene.duel)[1] == 1)
        scene.ask_leave()
        app.stack.top.answer_yes()
        results = app.stack.top
        assert isinstance(results, OnlineResultsScene) and results.pending
        app.speech.wait()
        waiting = log.read_text(encoding="utf-8").splitlines()[-1]
        assert waiting.startswith("en\t" + spoken.joined([heard(results.title), "You left: your game ended with 0",
                                                          "Bob, Silver: 10 now, at most "]))
        theirs.end()
        frames(app, lambda: results.result is not None)
        app.speech.wait()
    verdict = log.read_text(encoding="utf-8").splitlines()[-1]
    assert verdict.startswith("en\tYour opponent won. You: 0 (0 + 0 bonus), 0 home. Bob, Silver: 10 (10 + 0 bonus)")
