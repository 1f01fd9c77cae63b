"""Scenes on a stack, and the App context every scene receives.

Lifecycle of a scene (each call made by :class:`SceneStack`):

* ``enter()``   — pushed (or put in by ``replace``): build widgets, start entrance tweens.
* ``pause()``   — another scene was pushed on top; it stops getting ``update`` and events.
* ``resume()``  — the scene above was popped; it is on top again.
* ``exit()``    — popped or replaced: cancel work, release resources.

While on top a scene gets ``handle(event)`` for each input event, ``update(dt)`` for each fixed
logic step (and once with the whole span after an idle wait, see :mod:`solitaire.app.loop`), and
``draw(surface, alpha)`` once per displayed frame, ``alpha`` being how far (0..1) the display is
between the last logic step and the next. ``on_resize(size)`` reaches every scene on the stack.
When the interface language changes, ``relocalised()`` asks every scene on the stack for itself
in the new language: a fresh one made as it was (the default) or itself, relabelled.

A scene with ``overlay = True`` (a pause menu, the settings dialog) is drawn over the scenes below
it, which stay paused: a covered scene gets ``covered_update(dt)`` instead of ``update``, which
does nothing unless something must go on under the cover all the same (a network duel's moves),
and ``covered_wake()`` says how soon it needs that frame when nothing on screen moves. ``wants_frames()`` says whether anything on screen is moving; when it is
False the loop sleeps on the event queue until an event or ``next_wake()`` seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from solitaire.app.events import Events
from solitaire.app.memory import give_back
from solitaire.app.speech import Speech
from solitaire.app.speech_notice import Overlay
from solitaire.app.ui import TEXT_SCALES, Look
from solitaire.app.tween import Tweener
from solitaire.core.rules import REGISTRY

if TYPE_CHECKING:
    from solitaire.app.audio import Audio
    from solitaire.app.display import Display
    from solitaire.app.services import Services
    from solitaire.app.text import Text
    from solitaire.store import Settings

log = logging.getLogger(__name__)


class Scene:
    """Base scene: every hook does nothing, so a scene overrides only what it needs."""

    overlay: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.tweens = Tweener()
        #: The registry name and arguments the scene was made with (set by ``App.make``).
        self.recipe: tuple[str, dict[str, Any]] | None = None

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""
        self.tweens.cancel_all()

    def pause(self) -> None:
        """Covered by a pushed scene."""

    def resume(self) -> None:
        """On top again."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance logic by ``dt`` seconds; the base class runs the scene's tweens."""
        self.tweens.update(dt)

    def covered_update(self, dt: float) -> None:
        """Another scene is over this one: what must go on under it all the same (a network
        peer is never kept waiting). Nothing by default: a covered scene is paused."""

    def covered_wake(self) -> float | None:
        """Covered: seconds until ``covered_update`` needs a frame though nothing on screen
        moves (a socket to read); None: it needs none."""
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Paint the scene; overlays paint over what the scenes below drew."""

    def draw_veil(self, surface: pygame.Surface) -> None:
        """An overlay covered by another: only the dimming it lays over the scenes below, so
        that one dialog shows at a time (issue 33). Nothing by default."""

    def wants_frames(self) -> bool:
        """True while something moves (tweens, a drag): the loop keeps drawing."""
        return self.tweens.active

    def next_wake(self) -> float | None:
        """When idle, seconds until the scene needs a frame anyway (a clock), or None."""
        return None

    def wake_area(self) -> pygame.Rect | None:
        """The part of the screen a ``next_wake`` frame changes (a clock), so only it is sent to
        the display; None: the whole screen.
        """
        return None

    def on_resize(self, size: tuple[int, int]) -> None:
        """The drawing surface changed size; recompute the layout."""

    def relocalised(self) -> Scene:
        """This scene in the interface's new language. By default a fresh one, made from the
        same registry name and arguments (every string it shows is looked up again); a scene
        with state of its own to keep (the game in play) relabels itself and returns itself.
        """
        if self.recipe is None:
            log.debug("%s was not made by App.make: kept in its old language", type(self).__name__)
            return self
        name, kwargs = self.recipe
        return self.app.make(name, **kwargs)


class SceneStack:
    """Push, pop and replace scenes, calling the lifecycle hooks in order."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.exits = 0  # scenes exited so far: ``App.tidy`` gives memory back after a change

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        self.exits += 1
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def swap(self, old: Scene, new: Scene) -> Scene:
        """Put ``new`` where ``old`` stands, whatever is over it (a notice over a waiting screen
        stays over the duel that follows it): ``old`` exited, ``new`` entered, and paused when
        covered."""
        self.rebuild(lambda scene: new if scene is old else scene)
        return new

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the one below is neither paused nor resumed)."""
        if self._scenes:
            self._scenes.pop().exit()
            self.exits += 1
        self._scenes.append(scene)
        scene.enter()
        return scene

    def rebuild(self, build: Callable[[Scene], Scene]) -> None:
        """Swap every scene, bottom to top, for ``build(scene)`` in the same place: a new scene
        is entered (and paused at once when covered), the one it replaces exited.
        """
        top = len(self._scenes) - 1
        for index, old in enumerate(list(self._scenes)):
            new = build(old)
            if new is old:
                continue
            self._scenes[index] = new
            old.exit()
            new.enter()
            if index < top:
                new.pause()

    def clear(self) -> None:
        while self._scenes:
            self._scenes.pop().exit()
            self.exits += 1

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame: the top one and, under overlays, those below."""
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].overlay:
            start -= 1
        return self._scenes[max(start, 0):]

    def handle(self, event: pygame.event.Event) -> None:
        if self._scenes:
            self._scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)
        for scene in self._scenes[:-1]:  # a copy: a covered scene may change the stack
            if scene in self._scenes[:-1]:
                scene.covered_update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Every visible scene; an overlay with another over it draws only its veil."""
        scenes = self.visible()
        for scene in scenes:
            if scene.overlay and scene is not scenes[-1]:
                scene.draw_veil(surface)
            else:
                scene.draw(surface, alpha)

    def wants_frames(self) -> bool:
        return bool(self._scenes) and self._scenes[-1].wants_frames()

    def next_wake(self) -> float | None:
        """The soonest a scene needs a frame: the top one's clock, or a covered one's socket."""
        wakes = [scene.covered_wake() for scene in self._scenes[:-1]]
        wakes.append(self._scenes[-1].next_wake() if self._scenes else None)
        return min((wake for wake in wakes if wake is not None), default=None)

    def wake_area(self) -> pygame.Rect | None:
        visible = self.visible()
        return visible[0].wake_area() if len(visible) == 1 else None

    def on_resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.on_resize(size)


SceneFactory = Callable[..., Scene]

#: Scene name -> factory called as ``factory(app, **kwargs)``. Filled by
#: :func:`solitaire.main.register_scenes`; ``App.open`` and the title menu look names up here.
SCENES: dict[str, SceneFactory] = {}


class App:
    """What every scene can reach: display, audio, text, strings, settings, the services (the
    store, the solver: :class:`~solitaire.app.services.Services`, given at construction) and
    the stack.

    ``settings`` is the store's typed, frozen ``Settings`` (handed in by the composition root):
    read them as attributes, change them with :meth:`change_settings`, so a default is decided
    in one place only.

    Hooks the game wires in (all optional, so the shell runs on its own):

    * ``settings_listeners`` — callables run with the settings after every change
      (the store saves them there).
    * ``card_backs`` — the ids of the card backs the settings dialog offers (it labels them
      ``card_back.<id>`` in the current language).
    """

    def __init__(self, display: Display, audio: Audio, text: Text, settings: Settings,
                 translate: Callable[..., str], services: Services,
                 scenes: dict[str, SceneFactory] | None = None, speech: Speech | None = None) -> None:
        self.display = display
        self.audio = audio
        self.text = text
        self.settings = settings
        self.t = translate
        self.services = services
        self.scenes = SCENES if scenes is None else scenes
        self.stack = SceneStack()
        self.running = True
        self.settings_listeners: list[Callable[[Any], None]] = []
        #: What happened at the table, reported by the scenes; the audio listens (wired by main).
        self.events = Events()
        self.card_backs: list[str] = []
        self.speech = speech if speech is not None else Speech()  # issue 36: silent unless turned on
        self.overlay = Overlay()  # the speech's one notice on screen, over every scene
        self._tidied: tuple[int, tuple[int, int]] = (0, display.size)
        #: The player's last input was a key press: a dialog opened now shows its focus at once.
        self.keyboard_input = False
        Look.high_contrast = settings.high_contrast
        Look.text_scale = TEXT_SCALES[settings.text_size]

    # -- navigation -------------------------------------------------------------------------
    def can_open(self, name: str) -> bool:
        return name in self.scenes

    def make(self, name: str, **kwargs: Any) -> Scene:
        scene = self.scenes[name](self, **kwargs)
        scene.recipe = (name, kwargs)
        return scene

    def open(self, name: str, **kwargs: Any) -> Scene:
        """Push the registered scene ``name`` (over the current one)."""
        return self.stack.push(self.make(name, **kwargs))

    def switch(self, name: str, **kwargs: Any) -> Scene:
        """Replace the top scene with the registered scene ``name``."""
        return self.stack.replace(self.make(name, **kwargs))

    def back(self) -> None:
        """Close the top scene; closing the last one quits."""
        self.stack.pop()
        if not len(self.stack):
            self.quit()

    def game_scene(self, game_id: str | None = None) -> str | None:
        """The scene that starts a game: the window its level file names (``[game] window``,
        the Duel's 'new_duel') if there is one, else 'new_game' (choose options) if there is
        one, else 'play'."""
        for name in (self._window_of(game_id), "new_game", "play"):
            if name in self.scenes:
                return name
        return None

    @staticmethod
    def _window_of(game_id: str | None) -> str:
        return REGISTRY.get(game_id).window if game_id in REGISTRY else ""

    def can_start_game(self, game_id: str) -> bool:
        return self.game_scene(game_id) is not None

    def start_game(self, game_id: str, **kwargs: Any) -> Scene | None:
        name = self.game_scene(game_id)
        if name is None:
            log.debug("no scene registered to start %s", game_id)
            return None
        if name == self._window_of(game_id):
            return self.open(name, **kwargs)
        return self.open(name, game_id=game_id, **kwargs)

    def quit(self) -> None:
        self.running = False

    def tidy(self) -> None:
        """Going idle: memory given back (``app.memory``) if a scene closed or the window resized."""
        if self._tidied != (state := (self.stack.exits, self.display.size)):
            self._tidied = state
            give_back()

    # -- settings ---------------------------------------------------------------------------
    def change_settings(self, **changes: Any) -> None:
        """Change some settings (checked: a bad value raises ValueError), apply them, tell listeners."""
        self.settings = self.settings.updated(**changes)
        self.on_settings_changed()

    def on_settings_changed(self) -> None:
        """Apply the settings the shell owns (sound, volume, full screen, the widgets' look),
        then tell listeners."""
        s = self.settings
        Look.high_contrast = s.high_contrast
        if TEXT_SCALES[s.text_size] != Look.text_scale:  # every scene lays itself out again
            Look.text_scale = TEXT_SCALES[s.text_size]
            self.stack.on_resize(self.display.size)
        self.audio.set_volume(s.volume)
        self.audio.set_muted(not s.sound)
        self.speech.set_on(s.speak)
        if s.fullscreen != self.display.fullscreen:
            self.toggle_fullscreen()
        for listener in list(self.settings_listeners):
            listener(s)

    def relocalise(self) -> None:
        """The interface language changed (``t`` answers in the new one): every scene on the
        stack is rebuilt in it where it stands, so the player stays where they were, the game
        in play untouched (issue 11).
        """
        pygame.display.set_caption(self.t("app.title"))
        self.stack.rebuild(lambda scene: scene.relocalised())

    def toggle_fullscreen(self) -> None:
        size = self.display.toggle_fullscreen()
        self.settings = self.settings.updated(fullscreen=self.display.fullscreen)
        self.stack.on_resize(size)

    # -- events -----------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Global keys and window events first, then the top scene."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.keyboard_input = event.type == pygame.KEYDOWN
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            for listener in list(self.settings_listeners):
                listener(self.settings)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = self.display.handle_resize()
            if size is not None:
                self.stack.on_resize(size)
        else:
            self.stack.handle(event)
