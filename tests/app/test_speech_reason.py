"""No speech engine answering (issue 36): the player reads why in words they understand, in their
language (on Linux: is speech-dispatcher installed?), not Prism's own "Invalid or unsupported
backend", which is kept for the log."""

from __future__ import annotations

import logging
import sys
import types

import pytest

from solitaire import i18n
from solitaire.app.speech import Speech
from solitaire.app.speech_output import PrismOutput, unanswered_key

RAW = "Invalid or unsupported backend"


class PrismError(Exception):
    pass


class NoBackend:
    """Prism's context on a machine where no screen reader runs and speech-dispatcher is absent."""

    def exists(self, backend_id) -> bool:
        return False

    def acquire_best(self):
        raise PrismError(RAW)


@pytest.fixture
def prism(monkeypatch):
    module = types.SimpleNamespace(PrismError=PrismError, Context=NoBackend,
                                   BackendId=types.SimpleNamespace(NVDA=1, ORCA=2))
    monkeypatch.setitem(sys.modules, "prism", module)
    return module


@pytest.fixture(params=["en", "ar"])
def language(request):
    assert i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_an_unanswered_backend_is_said_in_the_players_words_and_logged_raw(prism, language, monkeypatch, caplog):
    monkeypatch.setattr(sys, "platform", "linux")
    told: list[str] = []
    speech = Speech(PrismOutput(), on=True, warn=told.append)
    with caplog.at_level(logging.WARNING, logger="solitaire.app.speech_output"):
        speech.say("Stock, 24 cards")
        speech.wait()
        speech.close()
    words = {"en": "no speech engine answered: is speech-dispatcher installed?",
             "ar": "لم يُجب أي محرك نطق: هل speech-dispatcher مثبت؟"}[language]
    assert told == [i18n.t("speech.unavailable", reason=words)]
    assert RAW not in told[0] and RAW in caplog.text


def test_the_words_name_speech_dispatcher_only_on_linux():
    assert unanswered_key("linux") == "speech.reason.linux"
    assert unanswered_key("win32") == unanswered_key("darwin") == "speech.reason.other"
    assert "speech-dispatcher" not in i18n.t("speech.reason.other")


def test_a_missing_speech_library_is_said_in_words(monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "prism", None)  # import prism: ImportError
    output = PrismOutput()
    with caplog.at_level(logging.WARNING, logger="solitaire.app.speech_output"):
        assert not output.start()
    assert output.reason == i18n.t("speech.reason.no_library") == "the speech library is not installed"
    assert "prism" in caplog.text
