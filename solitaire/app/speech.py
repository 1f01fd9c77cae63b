"""The game's voice for a player who hears it (issue 36): lines said by the screens go to the
player's screen reader or speech engine on a thread of their own, so the frame thread never
waits on speech (a speech server that is slow to answer, or hangs, costs the game nothing).

``Speech`` is what the screens see: ``say`` a line (it interrupts what is being said, as a
screen reader does when the focus moves; ``queue=True`` waits its turn, as the lines of the
table's reading do), ``repeat`` the last one. Every line said is also appended to the file
``SOLITAIRE_SPEECH_LOG`` names, one a line with its language first (``en\\tColumn 3, ...``), so
tests and players can read what was heard without a speech engine.

Whether it speaks: the setting "Speak for a screen reader" (``Settings.speak``: None until the
player chooses, and then on only when the library reports a screen reader running), or
``--speak``. The engine (``speech_output``) is made on the speech thread; where none can be
made, the game says so once on stderr and plays on.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
from collections.abc import Callable
from typing import Protocol

from solitaire import i18n

log = logging.getLogger(__name__)

LOG_VARIABLE = "SOLITAIRE_SPEECH_LOG"

#: Marks that order a mixed line on screen (``i18n``'s LRM and RLM, isolates): nothing to say.
DISPLAY_MARKS = dict.fromkeys(map(ord, "\u200e\u200f\u2066\u2067\u2068\u2069"))


class Output(Protocol):
    """A speech engine, used on the speech thread only."""

    def start(self) -> bool:
        """Load the library and look for a screen reader; False when there is no speech library
        (``reason`` says why)."""

    def connect(self) -> bool:
        """Ready to speak (the screen reader, else the best speech engine, connected to only
        now: a player who never hears the game starts no speech server); False with ``reason``."""

    reason: str

    def screen_reader(self) -> bool:
        """A screen reader is running (the setting's default follows it)."""

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        """Say ``text``, an Arabic voice for ``ar`` where one is installed."""

    def close(self) -> None:
        """Let the engine go."""


_current: Speech | None = None


CLOSE_WAIT = 10.0  # seconds the game waits at its end for the speech thread (see ``Speech.close``)


def current() -> Speech | None:
    """The App's speech (the widgets speak their focus through it), None before an App is made."""
    return _current


class Speech:
    """Lines to say, spoken on the speech thread; on while ``on`` is (see the module's doc)."""

    def __init__(self, output: Output | None = None, log_path: str | None = None, *,
                 on: bool | None = False, warn: Callable[[str], None] | None = None) -> None:
        """``on``: True or False as the player (or ``--speak``) chose; None: on only if the
        output reports a screen reader running. ``log_path``: the speech log (None: the
        environment's ``SOLITAIRE_SPEECH_LOG``, if set). The log has a thread of its own, so
        an engine that hangs on connecting keeps no line from it."""
        global _current
        self.output = output
        self.log_path = log_path if log_path is not None else os.environ.get(LOG_VARIABLE) or None
        self.chosen = on
        self.on = bool(on)
        self.last = ""
        self.warn = warn or (lambda text: print(text, file=sys.stderr))
        self._ready = threading.Event()  # the engine has said whether it speaks
        self._spoken: queue.Queue[tuple[str, str, bool] | None] = queue.Queue()
        self._logged: queue.Queue[tuple[str, str, bool] | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        if output is None:
            self._ready.set()
        else:
            self._threads.append(threading.Thread(target=self._speak_lines, name="speech", daemon=True))
        if self.log_path is not None:
            self._threads.append(threading.Thread(target=self._log_lines, name="speech-log", daemon=True))
        for thread in self._threads:
            thread.start()
        _current = self

    @property
    def wanted(self) -> bool:
        """Lines may be spoken: on, or still waiting to hear whether a screen reader runs."""
        return self.on or (self.chosen is None and not self._ready.is_set())

    def set_on(self, on: bool | None) -> None:
        """The player chose (the setting, or ``--speak``); None: not chosen, nothing changes."""
        if on is not None:
            self.chosen = on
            self.on = on

    def say(self, text: str, *, queue: bool = False) -> None:
        """Say ``text`` now (what was being said stops), or after what is queued (``queue``)."""
        text = " ".join(text.translate(DISPLAY_MARKS).split())  # no-break spaces too
        text = text.replace(" · ", i18n.t("list.separator"))  # a dot between two parts: a pause
        if not text or not self.wanted:
            return
        self.last = text
        item = (i18n.language(), text, not queue)
        if self.output is not None:
            self._spoken.put(item)
        if self.log_path is not None:
            self._logged.put(item)

    def say_lines(self, lines: list[str]) -> None:
        """Several lines, the first interrupting, the rest each in its turn."""
        for index, line in enumerate(lines):
            self.say(line, queue=index > 0)

    def repeat(self) -> None:
        """The last line said, again."""
        if self.last:
            self.say(self.last)

    def wait(self) -> None:
        """Until every line said so far is in the log (tests; the end of a run)."""
        self._logged.join()

    def close(self) -> None:
        """The threads end after the lines already said (an engine that hangs past
        ``CLOSE_WAIT`` is left, a daemon thread, to end with the game). The wait is long because
        the game must not end while the speech thread is still inside the engine's native code:
        speech-dispatcher's client, still connecting to a server it has just spawned, crashed the
        process as Python ended (5 of 20 quick runs with a 2 s wait, 0 of 20 with a longer one)."""
        self._spoken.put(None)
        self._logged.put(None)
        for thread in self._threads:
            thread.join(timeout=CLOSE_WAIT)
        self._threads = []

    # -- the speech thread and the log's ----------------------------------------------------
    def _speak_lines(self) -> None:
        output, connected = self._start(), False
        while True:
            item = self._spoken.get()
            if item is None:
                if output is not None:
                    output.close()
                return
            if output is not None and self.on and not connected:
                connected = output.connect()
                if not connected:
                    self.warn(i18n.t("speech.unavailable", reason=output.reason))
                    output = None
            if output is not None and self.on:
                try:
                    output.speak(item[1], item[0], item[2])
                except Exception:
                    log.debug("a line could not be spoken", exc_info=True)

    def _start(self) -> Output | None:
        """The engine connected (None: no speech, said once); speech turned on if it was left
        to a screen reader and one runs."""
        assert self.output is not None
        try:
            if not self.output.start():
                self.warn(i18n.t("speech.unavailable", reason=self.output.reason))
                return None
            if self.chosen is None and self.output.screen_reader():
                self.on = True
            return self.output
        except Exception as error:  # a broken engine must not take the game down
            log.debug("speech output failed", exc_info=True)
            self.warn(i18n.t("speech.unavailable", reason=str(error) or type(error).__name__))
            return None
        finally:
            self._ready.set()

    def _log_lines(self) -> None:
        while True:
            item = self._logged.get()
            if item is None:
                self._logged.task_done()
                return
            if self.chosen is not None or self._ready.wait() and self.on:  # left to a screen reader: only if one runs
                self._write(*item)
            self._logged.task_done()

    def _write(self, language: str, text: str, interrupt: bool) -> None:
        try:
            with open(self.log_path or "", "a", encoding="utf-8") as file:
                file.write(f"{language}\t{' '.join(text.split())}\n")
        except OSError:
            log.debug("the speech log %s could not be written", self.log_path, exc_info=True)
