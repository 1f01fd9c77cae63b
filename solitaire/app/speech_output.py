"""The player's screen reader or speech engine, through Prism (``prismatoid`` on PyPI): NVDA,
JAWS, SAPI and OneCore on Windows, VoiceOver and AVSpeech on macOS, Orca and
speech-dispatcher on Linux, behind one interface. Used on the speech thread only
(``speech.Speech``): connecting to speech-dispatcher can take seconds, or hang.

A screen reader that runs is preferred (Prism's best backend); its voice and language are the
player's own. A plain speech engine (speech-dispatcher, SAPI, ...) is asked for a voice of the
interface's language where it lists voices, so Arabic is read by an Arabic voice.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from solitaire import i18n
from solitaire.app import speech_notice
from solitaire.app.speech import Speech

log = logging.getLogger(__name__)

#: Prism's backends that are screen readers (the others are speech engines): one of them
#: running turns speech on by itself.
SCREEN_READERS = ("NVDA", "JAWS", "ORCA", "VOICE_OVER", "ZDSR", "ZOOM_TEXT", "BOY_PC_READER",
                  "PC_TALKER", "SENSE_READER", "SYSTEM_ACCESS", "WINDOW_EYES", "SPIEL",
                  "ANDROID_SCREEN_READER")


class PrismOutput:
    """Speech through Prism's best backend."""

    def __init__(self) -> None:
        self.reason = ""
        self.backend: Any = None
        self.context: Any = None
        self.reader = False
        self.language = ""

    def start(self) -> bool:
        try:
            import prism
        except ImportError as error:
            return self._fail("speech.reason.no_library", error)
        try:
            self.context = prism.Context()
            self.reader = self._find_screen_reader(prism)
        except (prism.PrismError, RuntimeError, ValueError) as error:
            return self._fail(unanswered_key(), error)
        return True

    def connect(self) -> bool:
        import prism

        if self.backend is None:
            try:
                self.backend = self.context.acquire_best()
            except (prism.PrismError, RuntimeError, ValueError) as error:
                return self._fail(unanswered_key(), error)
        log.debug("speech through %s", self.backend.name)
        return True

    def _fail(self, key: str, error: BaseException) -> bool:
        """No speech: ``reason`` in the player's words (``key``, said in the language of the
        moment); Prism's own words ("Invalid or unsupported backend") kept for the log."""
        log.warning("no speech output; Prism said: %s", str(error) or type(error).__name__)
        self.reason = i18n.t(key)
        return False

    def _find_screen_reader(self, prism: Any) -> bool:
        """A screen reader's backend, made only if that reader runs (Prism refuses it else)."""
        for name in SCREEN_READERS:
            backend_id = getattr(prism.BackendId, name, None)
            if backend_id is None or not self.context.exists(backend_id):
                continue
            try:
                self.backend = self.context.create(backend_id)
                return True
            except (prism.PrismError, RuntimeError, ValueError):
                continue
        return False

    def screen_reader(self) -> bool:
        return self.reader

    def close(self) -> None:
        """The backend and Prism's context let go (the speech thread's last act)."""
        self.backend = self.context = None

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        if language != self.language:
            self.language = language
            if not self.reader:
                self._choose_voice(language)
        self.backend.speak(text, interrupt)

    def _choose_voice(self, language: str) -> None:
        """The first voice of ``language`` the engine lists, if it lists any."""
        features = self.backend.features
        if not (features.supports_count_voices and features.supports_set_voice):
            return
        try:
            for index in range(self.backend.voices_count):
                if self.backend.get_voice_language(index).lower().startswith(language):
                    self.backend.voice = index
                    return
        except Exception:  # an engine that lists voices but refuses one: its own voice stays
            log.debug("no %s voice set", language, exc_info=True)


def unanswered_key(platform: str | None = None) -> str:
    """The words for "no backend answered": on Linux, the engine Prism needs there named."""
    return "speech.reason.linux" if (platform or sys.platform).startswith("linux") else "speech.reason.other"


def start_speech(chosen: bool | None, forced: bool = False, engine: bool = True) -> Speech:
    """The game's speech: on if ``forced`` (``--speak``) or ``chosen`` (the setting), else on
    only when a screen reader runs (``chosen`` None); speaking through Prism. Without ``engine``
    (a ``--smoke`` run, which no one hears) Prism is not asked: only the log is written.
    With no speech available that is said once, on the terminal and on screen."""
    return Speech(PrismOutput() if engine or forced else None, on=True if forced else chosen, warn=tell)


def tell(text: str) -> None:
    """The one line "no speech output is available": on stderr, and over the screen a while."""
    print(text, file=sys.stderr)
    speech_notice.post(text)
