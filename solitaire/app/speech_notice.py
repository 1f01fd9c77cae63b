"""The one notice the speech gives on screen (issue 36): "no speech output is available", shown
over whatever screen is open, at the bottom centre (where a table's toasts go), for a few seconds, and never in the way: it takes no
input and the game plays on under it (a Duel's clock keeps running; a dialog would stop the
player for nothing they can change now).

The speech learns it has no engine on its own thread; ``post`` puts the line on pygame's event
queue (safe from any thread, and it wakes a game waiting idle on that queue); the loop hands
each event to ``Overlay.take`` first, then draws the overlay over the scenes while it shows.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from solitaire.app import ui

if TYPE_CHECKING:
    from solitaire.app.text import Text

log = logging.getLogger(__name__)

NOTICE = pygame.event.custom_type()

#: How long the notice shows, and the fade at its end (seconds).
SHOWN = 8.0
FADE = 0.6


def post(text: str) -> None:
    """From any thread: show ``text`` on screen (nothing when there is no window yet)."""
    try:
        pygame.event.post(pygame.event.Event(NOTICE, text=text))
    except pygame.error:
        log.debug("no window to show %r on", text)


class Overlay:
    """The notice over the scenes: a line in a calm panel at the bottom centre, then gone."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0

    @property
    def showing(self) -> bool:
        return self.left > 0

    def take(self, event: pygame.event.Event) -> bool:
        """The event was the notice's own (the scenes never see it)."""
        if event.type != NOTICE:
            return False
        self.text, self.left = event.text, SHOWN
        return True

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def draw(self, surface: pygame.Surface, text: Text) -> None:
        """Draw the notice (``text``: the App's ``Text``, which shapes Arabic and orders a
        mixed line)."""
        if not self.showing:
            return
        w, h = surface.get_size()
        size = max(14, min(22, h // 34))
        lines = text.wrap_even(self.text, size, int(w * 0.7))
        images = [text.render(line, size, ui.INK) for line in lines]
        ui.toast_box(surface, images, size, min(1.0, self.left / FADE), border=ui.GOLD)
