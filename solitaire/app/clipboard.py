"""The system clipboard, as SDL keeps it: pygame-ce's ``scrap.put_text`` and ``scrap.get_text``
(SDL_SetClipboardText / SDL_GetClipboardText; checked with pygame-ce 2.5.8 between two programs
under X). The older ``scrap.put`` / ``scrap.get`` with their MIME types are deprecated there.

With no clipboard to use (no video driver that has one, e.g. the dummy one) copying says so
and pasting gives nothing, never an error.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False if there is none to use."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("clipboard unavailable: %s", error)
        return False
    return True


def paste() -> str:
    """The clipboard's text ("" when it holds none, or there is no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("clipboard unavailable: %s", error)
        return ""
