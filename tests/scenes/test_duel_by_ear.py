"""A Duel by ear (issue 36): raced to its results with speech on and the speech log read back —
the 3-2-1 count and Go, the time the race has, the opponent's cards home each time they change,
moves played by keys, the last ten seconds one by one, End's question with what ending would
earn, and the results with both sides; in Arabic, the same in Arabic. The opponent is the
computer's stand-in whose moves are known (``ScriptedRival``), so the lines can be checked.
"""

from __future__ import annotations

import pygame
import pytest

from solitaire.app.speech import Speech
from solitaire.play.spoken_duel import DuelWords
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_drawing import settle
from tests.scenes.test_duel_keyboard import CODE, Keys

RIVAL_MOVES = [(2.0, "t6>f1"), (3.0, "t6>f2")]  # the deal's line: an ace home, then another


def heard(app, path) -> list[str]:
    app.speech.wait()
    return path.read_text(encoding="utf-8").splitlines()


def duel_by_ear(make_app, tmp_path, lang: str, seconds: float):
    app = make_app((1280, 720), lang)
    path = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(path), on=True)
    app.open("title")
    duel = app.open("duel", rival=ScriptedRival(RIVAL_MOVES, name="Computer · Easy"), code=CODE, seconds=seconds)
    return app, duel, path


def test_a_duel_is_heard_from_its_count_to_its_results(make_app, tmp_path):
    app, duel, path = duel_by_ear(make_app, tmp_path, "en", 14)
    settle(app, 5.0)  # the deal lands, the count runs out, the race starts
    assert duel.duel.started and duel.duel.race.home(1) == 0
    count = [line for line in heard(app, path) if line.split("\t")[1] in ("3", "2", "1", "Go!")]
    assert count == ["en\t3", "en\t2", "en\t1", "en\tGo!"]
    assert any(line.startswith("en\tDuel against Computer, Easy. Stock, 24 cards. Arrows move") for line in heard(app, path))
    assert "en\t14 seconds left" in heard(app, path)
    keys = Keys(app)
    keys.press(pygame.K_SPACE, seen=False)  # a draw: said by what it drew
    assert heard(app, path)[-1].startswith("en\tDrew ")
    settle(app, 3.0)
    said = heard(app, path)
    assert said.count("en\tComputer, Easy: 1 card home") == 1 and "en\tComputer, Easy: 2 cards home" in said
    settle(app, 4.0)
    assert [line for line in heard(app, path) if line[3:].isdigit()][-4:] == ["en\t10", "en\t9", "en\t8", "en\t7"]
    keys.tab_to(duel.end_button)
    keys.press(pygame.K_RETURN)  # End: its question, what ending earns, the buttons, the focus
    question = heard(app, path)[-1]
    assert question.startswith("en\tEnd your game? Time bonus if you end now ")
    assert "Total 0. That does not beat your opponent's" in question
    assert question.endswith("Buttons: Keep playing, End now. Keep playing")
    keys.press(pygame.K_RIGHT)
    assert heard(app, path)[-1] == "en\tEnd now"
    keys.press(pygame.K_RETURN)
    settle(app, 8.0)  # the opponent races on to the end of its time (the clock said), then the results
    results = heard(app, path)[-1]
    assert results.startswith("en\tYour opponent won. ") and "Computer, Easy: " in results
    assert "Deal DU2-D3N-QZBMUPP" in results and "Buttons: Rematch, New duel, Title" in results


def test_the_last_ten_seconds_are_said_one_by_one_and_time_is_up(make_app, tmp_path):
    app, duel, path = duel_by_ear(make_app, tmp_path, "en", 12)
    settle(app, 5.0 + 13)
    said = [line[3:] for line in heard(app, path)]
    race = said[said.index("12 seconds left") + 1:]
    assert [line for line in race if line.isdigit()] == [str(n) for n in range(10, 0, -1)]  # not 12, 11
    assert said[-1].startswith(("Your opponent won", "You won", "A tie"))
    assert duel.duel.result is not None


def test_arabic_duel_lines_are_in_arabic(make_app, tmp_path):
    app, duel, path = duel_by_ear(make_app, tmp_path, "ar", 130)
    settle(app, 9.0)
    said = heard(app, path)
    assert "ar\tانطلق!" in said and "ar\tبقيت 130 ثانية" in said
    assert "ar\tComputer، Easy: ورقتان في الأساسات" in said  # the dot between: an Arabic comma


def test_each_minute_is_said_once_as_the_clock_passes_it():
    words = DuelWords("Ann")
    lines = words.step(True, 0, 240, False, 0)
    lines += [line for t in range(239, 100, -1) for line in words.step(True, 0, t - 0.5, False, 0)]
    assert lines == ["Go!", "4 minutes left", "3 minutes left", "2 minutes left"]
    assert words.step(True, 0, 118.2, False, 3) == ["Ann: 3 cards home"]
    assert words.step(True, 0, 59.5, True, 3) == []  # the race is over: the clock says nothing


@pytest.mark.parametrize("left,said", [(61, []), (60, ["1 minute left"]), (59.5, ["1 minute left"]), (10, ["10"]), (0.5, ["1"])])
def test_the_clock_lines_near_the_end(left, said):
    words = DuelWords("Ann")
    words.step(True, 0, 62, False, 0)
    assert words.step(True, 0, left, False, 0) == said
