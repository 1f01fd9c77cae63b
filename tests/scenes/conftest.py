"""A real App on the dummy video driver, and helpers that drive a scene with posted events."""

from __future__ import annotations

import pygame
import pytest

from solitaire import i18n
from solitaire.app.audio import Audio
from solitaire.app.display import Display
from solitaire.main import DEFAULT_SETTINGS, register_scenes
from solitaire.app.scene import SCENES, App
from solitaire.app.services import Services
from solitaire.app.text import Text
from solitaire.store import Store


@pytest.fixture
def services(tmp_path):
    """What the ``app`` fixture's App is given: a store in a scratch folder and a solver worker
    (its process, if a test starts one, is stopped after). A test module that needs others
    overrides this fixture, e.g. ``replace(services, store=None)`` to keep nothing on disk."""
    given = Services.around(Store(tmp_path / "home"))
    yield given
    given.solver.shutdown()


@pytest.fixture
def app(services):
    pygame.display.init()
    pygame.font.init()
    register_scenes()
    i18n.set_language("en")
    display = Display((1280, 800))
    application = App(display, Audio(muted=True), Text(), DEFAULT_SETTINGS, i18n.t, services, dict(SCENES))
    yield application
    application.stack.clear()
    pygame.display.quit()


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """``make(size, lang, services=None, **settings)``: the real game's App and scenes on the
    dummy driver, in ``lang`` (its table mirrored for Arabic) with those settings and services (by
    default a store in a scratch folder and a solver worker); every one made is cleared after."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    made: list[App] = []

    def make(size=(1280, 720), lang="en", services: Services | None = None, **settings) -> App:
        pygame.display.init()
        pygame.font.init()
        register_scenes()
        i18n.set_language(lang)
        text = Text()
        text.base_rtl = i18n.is_rtl()
        application = App(Display(size), Audio(muted=True), text,
                          DEFAULT_SETTINGS.updated(language=lang, **settings), i18n.t,
                          services or Services.around(Store()), dict(SCENES))
        made.append(application)
        return application

    yield make
    for application in made:
        application.stack.clear()
        application.services.solver.shutdown()
    i18n.set_language("en")
    pygame.display.quit()


class Driver:
    """Posts mouse and key events to the top scene and advances time by hand."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.stack.top

    def settle(self, seconds: float = 3.0, step: float = 1 / 120) -> None:
        for _ in range(int(seconds / step)):
            self.app.stack.update(step)

    def down(self, pos) -> None:
        self.app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def up(self, pos) -> None:
        self.app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def move(self, pos) -> None:
        self.app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))

    def click(self, pos) -> None:
        self.down(pos)
        self.up(pos)
        self.settle(0.05)

    def drag(self, start, end, steps: int = 8) -> None:
        self.down(start)
        for i in range(1, steps + 1):
            self.move((start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
        self.up(end)

    def key(self, key: int, mod: int = 0) -> None:
        self.app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))

    def draw(self) -> pygame.Surface:
        surface = self.app.display.surface
        self.app.stack.draw(surface, 1.0)
        return surface


@pytest.fixture
def driver(app):
    return Driver(app)
