"""Start the game: build the App (display, audio, text, strings), push the first scene, loop.

The lead registers the game's scenes in :data:`solitaire.app.scene.SCENES` (see
:func:`register_scenes`); a scene name missing from the registry is simply not offered.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, fields
from typing import Any

log = logging.getLogger(__name__)

#: The settings the shell reads, with the same defaults as the store's ``Settings``.
DEFAULT_SETTINGS: dict[str, Any] = {
    "one_tap": True,
    "double_click": True,
    "interactive_rules": True,
    "show_time": True,
    "show_moves": True,
    "sound": True,
    "volume": 0.7,
    "card_back": "blue",
    "fullscreen": False,
    "language": "en",
}


@dataclass
class Options:
    """What the command line can ask of a run."""

    fullscreen: bool = False
    lang: str | None = None
    smoke: bool = False
    frames: int = 120
    screenshot: str | None = None
    scene: str | None = None
    code: str | None = None
    size: tuple[int, int] | None = None


def register_scenes() -> None:
    """Fill the scene registry with the shell's own scenes (names already taken are kept)."""
    from solitaire.app.scene import SCENES
    from solitaire.scenes.settings import SettingsScene
    from solitaire.scenes.title import TitleScene

    SCENES.setdefault("title", TitleScene)
    SCENES.setdefault("settings", SettingsScene)


def run(options: Options | None = None, *, settings: dict[str, Any] | None = None,
        **overrides: Any) -> int:
    """Play (or, with ``smoke``, draw ``frames`` frames headless); returns the exit code.

    ``run(smoke=True, frames=5, screenshot="out.png")`` is the same as passing an
    :class:`Options`; ``settings`` is the player's settings dict (defaults filled in).
    """
    opts = options or Options()
    known = {f.name for f in fields(Options)}
    for name, value in overrides.items():
        if name not in known:
            raise TypeError(f"unknown option {name!r}")
        setattr(opts, name, value)
    if opts.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from solitaire import i18n
    from solitaire.app.audio import Audio
    from solitaire.app.display import Display
    from solitaire.app.loop import Loop
    from solitaire.app.scene import App
    from solitaire.app.text import Text

    register_scenes()
    merged = dict(DEFAULT_SETTINGS)
    merged.update(settings or {})
    if opts.lang:
        merged["language"] = opts.lang
    i18n.set_language(str(merged["language"]))
    fullscreen = opts.fullscreen or bool(merged.get("fullscreen"))

    pygame.display.init()
    pygame.font.init()
    try:
        display = Display(opts.size, fullscreen=fullscreen, title=i18n.t("app.title"))
        merged["fullscreen"] = display.fullscreen
        audio = Audio(volume=float(merged["volume"]), muted=not merged["sound"])
        app = App(display, audio, Text(), merged, i18n.t)
        app.card_backs = _card_backs()
        pygame.key.set_repeat(400, 35)
        first, kwargs = _first_scene(app, opts)
        scene = app.make(first, **kwargs)
        if scene.overlay and first != "title":
            app.open("title")  # an overlay asked for on its own is shown over the title
        app.stack.push(scene)
        app.stack.on_resize(display.size)
        loop = Loop(fixed_frame_time=1 / 60 if opts.smoke else None)
        frames = loop.run(app, max_frames=opts.frames if opts.smoke else None,
                          screenshot=opts.screenshot)
        log.debug("%d frames, %d idle waits", frames, loop.stats.idle_waits)
        app.stack.clear()
    finally:
        # Not pygame.quit(): fonts cached by the view (lru_cache) must stay valid if run() is
        # called again in the same process, as the tests do.
        pygame.mixer.quit()
        pygame.display.quit()
    return 0


def _first_scene(app: Any, opts: Options) -> tuple[str, dict[str, Any]]:
    if opts.code and app.can_open("play"):
        return "play", {"code": opts.code}
    if opts.code:
        log.warning("no play scene yet; ignoring --code %s", opts.code)
    name = opts.scene or "title"
    if not app.can_open(name):
        raise SystemExit(f"unknown scene {name!r}; registered: {', '.join(sorted(app.scenes))}")
    return name, {}


def _card_backs() -> list[tuple[str, str]]:
    from solitaire.i18n import t
    from solitaire.view.cardart import CardArt

    return [(name, t(f"card_back.{name}")) for name in CardArt.BACKS]
