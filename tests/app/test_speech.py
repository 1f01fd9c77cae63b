"""The speech service (issue 36): lines go to the engine on its own thread and to the log, one a
line with its language first; off says nothing; left to a screen reader, it speaks only if one
runs; a focused widget says itself, and its new value when it changes."""

from __future__ import annotations

import threading

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.speech import Speech
from solitaire.app.text import Text


class Engine:
    """An engine that records what it is asked to say; ``reader``: a screen reader runs."""

    reason = ""

    def __init__(self, reader: bool = False, gate: threading.Event | None = None) -> None:
        self.reader = reader
        self.gate = gate
        self.said: list[tuple[str, str, bool]] = []
        self.done = threading.Event()
        self.connected = False
        self.closed = False

    def start(self) -> bool:
        if self.gate is not None:
            self.gate.wait()  # a speech server slow to answer
        return True

    def screen_reader(self) -> bool:
        return self.reader

    def connect(self) -> bool:
        self.connected = True
        return True

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        self.said.append((language, text, interrupt))
        if text == "last":
            self.done.set()

    def close(self) -> None:
        self.closed = True


def test_lines_go_to_the_engine_and_the_log_with_their_language(tmp_path):
    engine, log = Engine(), tmp_path / "log"
    speech = Speech(engine, log_path=str(log), on=True)
    speech.say("Column 3,\u200f 7 of hearts")
    i18n.set_language("ar")
    speech.say("العمود 3", queue=True)
    i18n.set_language("en")
    speech.say("last", queue=True)
    speech.wait()
    assert engine.done.wait(5)
    speech.close()
    assert engine.said == [("en", "Column 3, 7 of hearts", True), ("ar", "العمود 3", False), ("en", "last", False)]
    assert log.read_text(encoding="utf-8") == "en\tColumn 3, 7 of hearts\nar\tالعمود 3\nen\tlast\n"


def test_a_slow_engine_never_keeps_the_caller_waiting(tmp_path):
    gate = threading.Event()
    speech = Speech(Engine(gate=gate), log_path=str(tmp_path / "log"), on=True)
    speech.say("Stock, 24 cards")  # the engine is still connecting: this returns at once
    speech.wait()  # and the log does not wait for the engine either
    assert (tmp_path / "log").read_text(encoding="utf-8") == "en\tStock, 24 cards\n"
    gate.set()
    speech.close()


def test_the_game_ends_only_after_an_engine_still_connecting_has_let_go(tmp_path):
    """Regression: closing waited 2 s, and a speech-dispatcher slow to start (just spawned, on a
    loaded machine) was still connecting when Python ended: the process crashed in its client."""
    gate = threading.Event()
    engine = Engine(gate=gate)
    speech = Speech(engine, log_path=str(tmp_path / "log"), on=True)
    speech.say("Solitaire")
    threading.Timer(2.3, gate.set).start()
    speech.close()
    assert engine.closed


def test_off_says_nothing_and_repeat_says_the_last_line_again(tmp_path):
    log = tmp_path / "log"
    speech = Speech(log_path=str(log), on=False)
    speech.say("Column 1, empty")
    speech.set_on(True)
    speech.say("Column 2, empty")
    speech.repeat()
    speech.wait()
    speech.close()
    assert log.read_text(encoding="utf-8") == "en\tColumn 2, empty\nen\tColumn 2, empty\n"


def test_left_to_a_screen_reader_it_speaks_only_when_one_runs(tmp_path):
    for reader in (True, False):
        engine, log = Engine(reader=reader), tmp_path / f"log-{reader}"
        speech = Speech(engine, log_path=str(log), on=None)
        speech.say("last")
        speech.wait()
        speech.close()
        assert speech.on is reader and engine.connected is reader  # no speech server started for no one
        assert (log.read_text(encoding="utf-8") if log.exists() else "") == ("en\tlast\n" if reader else "")


def test_a_focused_widget_says_itself_and_its_new_value(tmp_path):
    pygame.font.init()
    log = tmp_path / "log"
    speech = Speech(log_path=str(log), on=True)
    group = ui.WidgetGroup(Text())
    sound = group.add(ui.Toggle("Sound", True, lambda value: None))
    speed = group.add(ui.SegmentedChoice([(1, "Slow"), (2, "Normal")], 1, lambda value: None))
    speed.name = "Animation speed"
    group.focus(sound)
    sound.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    group.focus(speed)
    speed.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    speech.wait()
    speech.close()
    assert log.read_text(encoding="utf-8").splitlines() == [
        "en\tSound: on", "en\tSound: off", "en\tAnimation speed: Slow", "en\tAnimation speed: Normal"]


class Unreachable(Engine):
    """A speech library that loads, and a speech server that cannot be reached."""

    reason = "speech-dispatcher is not answering"

    def connect(self) -> bool:
        self.connected = True
        return False


def test_a_speech_server_out_of_reach_is_said_once_and_the_log_goes_on(tmp_path):
    """Issue 36: no speech is said once (on the terminal and, through ``warn``, on screen) when
    the first line finds no server; the next lines are not tried again, and all are logged."""
    told: list[str] = []
    engine, log = Unreachable(), tmp_path / "log"
    speech = Speech(engine, log_path=str(log), on=True, warn=told.append)
    for line in ("Stock, 24 cards", "Waste, empty", "Column 1, 7 of hearts"):
        speech.say(line, queue=True)
    speech.wait()
    speech.close()
    assert told == [i18n.t("speech.unavailable", reason=Unreachable.reason)]
    assert engine.said == [] and len(log.read_text(encoding="utf-8").splitlines()) == 3
