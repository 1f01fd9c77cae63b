"""No speech available (issue 36): the game says so once, on the terminal and on screen (a calm
line at the bottom, over whatever is open, gone after a few seconds), and plays on: the table still
takes its keys under it, and the speech log still gets every line."""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.app import speech_notice
from solitaire.app.loop import Loop
from solitaire.app.speech import Speech
from solitaire.app.speech_output import tell
from solitaire.core import parse_code
from solitaire.play import spoken

CODE = "KL1-D1N-AAAAAAB"


class NoEngine:
    """A speech library that cannot be loaded (the executable without Prism's library, say)."""

    reason = "no engine here"

    def start(self) -> bool:
        return False

    def connect(self) -> bool:
        raise AssertionError("never connected: it did not start")

    def screen_reader(self) -> bool:
        return False

    def speak(self, text: str, language: str, interrupt: bool) -> None:
        raise AssertionError("nothing is spoken without an engine")

    def close(self) -> None:
        pass


def frames(app, n: int) -> None:
    """``n`` frames of the real loop (its events, the overlay, the drawing), no waiting."""
    Loop(fixed_frame_time=1 / 60).run(app, max_frames=n)


def bottom_band(app) -> pygame.Surface:
    w, h = app.display.size
    return app.display.surface.subsurface(pygame.Rect(w // 4, h - 90, w // 2, 90)).copy()


@pytest.mark.parametrize("lang, start", [("en", "No speech output is available (no engine here"),
                                         ("ar", "لا يتوفر نطق (no engine here")])
def test_no_speech_is_said_once_on_screen_and_the_game_plays_on(make_app, tmp_path, capsys, lang, start):
    app = make_app(lang=lang)
    words = i18n.t("speech.unavailable", reason=NoEngine.reason)
    assert words.startswith(start)
    log = tmp_path / "speech.log"
    pygame.event.clear()
    app.speech = Speech(NoEngine(), log_path=str(log), on=True, warn=tell)
    app.open("title")
    play = app.open("play", code=parse_code(CODE))
    assert app.speech._ready.wait(5)  # the speech thread has found no engine (and said so)
    frames(app, 2)
    shown = bottom_band(app)
    app.stack.draw(app.display.surface, 1.0)  # the same screen without the notice
    without = bottom_band(app)

    assert capsys.readouterr().err == words + "\n"  # once on the terminal
    assert app.overlay.showing and app.overlay.text == words  # and on screen
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(without, "RGB")  # the loop drew it
    assert app.stack.top is play  # no dialog: nothing to dismiss

    # the game plays on under it: S goes to the stock, and the line is logged as ever
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    frames(app, 2)
    app.speech.wait()
    stock = spoken.sentence([i18n.t("speech.place", pile=i18n.t("speech.stock"), what=spoken.counted("speech.cards", 24))])
    assert log.read_text(encoding="utf-8").splitlines()[-1] == f"{lang}\t{stock}"

    app.overlay.update(speech_notice.SHOWN)  # a few seconds later it is gone, and never comes back
    assert not app.overlay.showing
    frames(app, 2)
    assert not app.overlay.showing and capsys.readouterr().err == ""
    app.speech.close()


def test_the_notice_is_the_overlays_own_event():
    """The line comes from the speech thread as an event the scenes never see."""
    overlay = speech_notice.Overlay()
    assert not overlay.take(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s))
    assert overlay.take(pygame.event.Event(speech_notice.NOTICE, text="No speech"))
    assert overlay.showing and overlay.text == "No speech"
