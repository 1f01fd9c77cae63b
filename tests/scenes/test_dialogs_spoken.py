"""Every dialog says its title and its buttons as it opens (issue 36), in the order they read on
screen, then where the focus is; the title screen and Settings too. Each is started the way
``--scene`` starts it, with speech on and the speech log read back."""

from __future__ import annotations

import pytest

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import SCENES
from solitaire.main import AFTER_ONLINE_WAIT, register_scenes, run
from solitaire.scenes.menus.confirm import DialogScene

register_scenes()
#: Each dialog ``--scene`` opens (the online results need the server's match: started alone, the
#: wait screen opens instead).
DIALOGS = sorted(name for name, factory in SCENES.items()
                 if issubclass(factory.load(), DialogScene) and name not in AFTER_ONLINE_WAIT)
assert len(DIALOGS) >= 15  # every dialog of the game (a registry that hid them would skip this test)


def opened(tmp_path, monkeypatch, name: str, lang: str = "en"):
    """The scenes ``--scene name`` opens, and the lines said meanwhile."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    log = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(log))
    scenes = []
    monkeypatch.setattr("solitaire.app.loop.Loop.run", lambda self, app, **_: scenes.extend(app.stack.scenes) or 0)
    assert run(smoke=True, scene=name, lang=lang, settings={"speak": True}) == 0
    i18n.set_language(lang)  # run() left it so; the scenes' labels are read in it below
    return scenes, log.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("name", DIALOGS)
def test_every_dialog_says_its_title_and_buttons(tmp_path, monkeypatch, name):
    scenes, said = opened(tmp_path, monkeypatch, name)
    dialog = next(scene for scene in scenes if type(scene) is SCENES[name].load())
    buttons = [w for w in dialog.group.focus_order() if isinstance(w, ui.Button) and w not in dialog.said_apart()]
    buttons.sort(key=lambda w: (w.rect.y, w.rect.x))
    listed = "Buttons: " + ", ".join(b.label for b in buttons) if buttons else ""
    line = next((line for line in said if line.startswith("en\t" + dialog.title) and listed in line), said)
    assert line in said, (dialog.title, listed)
    focused = dialog.group.focused
    assert focused is None or line.endswith(focused.spoken())


def test_the_title_screen_says_its_name_and_buttons(tmp_path, monkeypatch):
    _, said = opened(tmp_path, monkeypatch, "title")
    assert said[0].startswith("en\tSolitaire. Arrows and Enter to choose")
    assert "Buttons: Klondike, " in said[0] and said[0].endswith(", Settings, About, Quit")  # no Continue: none waits


def test_settings_say_their_title_page_and_first_setting(tmp_path, monkeypatch):
    scenes, said = opened(tmp_path, monkeypatch, "settings", "ar")
    settings = scenes[-1]
    assert said[-1] == "ar\t" + "الإعدادات. " + settings.pages.spoken() + ". " + settings.group.focused.spoken()
    assert said[-1].endswith(": مفعّل") or said[-1].endswith(": معطّل")


def test_statistics_say_another_games_figures_after_its_name(app, tmp_path):
    import pygame

    from solitaire.app.speech import Speech

    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    stats = app.open("statistics")
    stats.group.focus(stats.games, visible=True)
    stats.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.speech.wait()
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[-2:] == ["en\t" + stats.games.spoken(), "en\t" + ". ".join(stats.spoken_texts())]
    assert said[-1].startswith("en\tPlayed 0. Won 0. ")


def test_an_online_wait_says_its_room_letter_by_letter_and_why_it_failed(app, tmp_path):
    import socket

    from solitaire.app.speech import Speech
    from solitaire.net.online_messages import RoomMade
    from solitaire.scenes.duel.online_lobby import OnlineLobbyScene
    from tests.scenes.online_frames import frames

    log = tmp_path / "speech.log"
    app.speech = Speech(log_path=str(log), on=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"ws://127.0.0.1:{probe.getsockname()[1]}"  # nothing listens there
    lobby = OnlineLobbyScene(app, mode="room", url=url)
    app.stack.push(lobby)
    lobby.hear(RoomMade("K7QXM"))
    app.speech.wait()
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "en\t" + app.t("online.room.give") + " K 7 Q X M"
    frames(app, lambda: lobby.problem)
    app.speech.wait()
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "en\t" + app.t("online.error.unreachable", url=url)
