"""A one-line text field for game codes, with the clipboard's paste and copy."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

import pygame

from solitaire.app import clipboard
from solitaire.app.text import paragraph_rtl
from solitaire.app.ui.paint import ERROR, INK, INK_DIM, SECONDARY_EDGE, Look, font_px, hairline, rounded_rect
from solitaire.app.ui.widgets import Widget

CODE_CHARS = frozenset(string.ascii_letters + string.digits + "-")


class TextInput(Widget):
    """A one-line field (a game code): filtered characters, Enter submits, an error line below.

    The caret does not blink, so a focused field costs no frames while idle.
    """

    def __init__(self, on_submit: Callable[[str], Any], *, placeholder: str = "",
                 allowed: frozenset[str] = CODE_CHARS, max_length: int = 32,
                 uppercase: bool = True, on_change: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        self.on_submit = on_submit
        self.on_change = on_change
        self.placeholder = placeholder
        self.allowed = allowed
        self.max_length = max_length
        self.uppercase = uppercase
        self.value = ""
        self.caret = 0
        self.error = ""

    def spoken(self) -> str:
        """The text typed, else what the field asks for; an error below it after."""
        return "; ".join(part for part in (self.value or self.placeholder, self.error) if part)

    def set_value(self, value: str) -> None:
        self.value = ""
        self.caret = 0
        self.insert(value)

    def insert(self, typed: str) -> None:
        chars = [c for c in typed if c in self.allowed]
        if self.uppercase:
            chars = [c.upper() for c in chars]
        room = self.max_length - len(self.value)
        piece = "".join(chars)[:max(0, room)]
        if piece:
            self._edit(self.value[:self.caret] + piece + self.value[self.caret:],
                       self.caret + len(piece))

    def _edit(self, value: str, caret: int) -> None:
        self.value = value
        self.caret = caret
        self.error = ""
        if self.on_change:
            self.on_change(value)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.caret = len(self.value)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_submit(self.value)
        elif key == pygame.K_BACKSPACE and self.caret > 0:
            self._edit(self.value[:self.caret - 1] + self.value[self.caret:], self.caret - 1)
        elif key == pygame.K_DELETE and self.caret < len(self.value):
            self._edit(self.value[:self.caret] + self.value[self.caret + 1:], self.caret)
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.value), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.value)
        elif key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.insert(clipboard.paste().strip())  # a copied line brings its spaces and newline
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            pass
        else:
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so no shortcut fires.
            return bool(event.unicode and event.unicode.isprintable())
        return True

    def radius(self) -> int:
        return max(4, self.rect.h // 5)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        edge = Look.focus()[0] if self.focused else (ERROR if self.error else SECONDARY_EDGE)
        surface.blit(rounded_rect(rect.size, self.radius(), (0, 0, 0, 110), None, edge,
                                  (2 if self.focused else 1) * hairline(rect.h)), rect.topleft)
        pad = max(8, rect.h // 4)
        px = font_px(rect, 0.45)
        font = self.text.font(px)
        shown = self.value or self.placeholder
        img = self.text.render(shown, px, INK if self.value else INK_DIM)
        from_right = paragraph_rtl(shown)  # an Arabic name or hint reads from the right; a code
        x = rect.right - pad - img.get_width() if from_right else rect.x + pad  # or a Latin name from the left
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-pad, 0))
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        if self.focused:
            caret_x = self._caret_x(x, px) if self.value else (rect.right - pad if from_right else x)
            top = rect.centery - font.get_height() // 2
            pygame.draw.line(surface, INK, (caret_x, top + 2), (caret_x, top + font.get_height() - 2),
                             max(1, px // 14))
        surface.set_clip(clip)
        if self.error:
            err = self.text.render(self.error, font_px(rect, 0.34), ERROR)
            pos = err.get_rect(topleft=(rect.x + 2, rect.bottom + max(4, rect.h // 8)))
            if self.rtl:
                pos.right = rect.right - 2
            surface.blit(err, pos)


    def _caret_x(self, x: int, px: int) -> int:
        """The caret's x for text drawn from ``x``: between the letters it stands between, and
        at either end of the text a little clear of it (an Arabic letter's ink reaches its edge,
        where the caret would read as a stroke of the letter)."""
        offset = self.text.caret_x(self.value, self.caret, px)
        if self.value and offset in (0, self.text.width(self.value, px)):
            offset += max(2, px // 8) * (1 if offset else -1)
        return x + offset

