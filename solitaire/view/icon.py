"""The window's icon: a card with a red heart on the felt, drawn at start-up in well under a
millisecond. The window manager shows it in the title bar and the task switcher (pygame's own
snake icon was shown before), and SDL then does not load pygame's icon file, which cost the
start ~4 ms of imports and a file read before the window opened (issue 33 item 9)."""

from __future__ import annotations

import pygame

from solitaire.view.palette import CARD_BORDER, CARD_IVORY, FELT_CENTRE, INK_RED

SIZE = 64


def window_icon() -> pygame.Surface:
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_CENTRE, icon.get_rect(), border_radius=12)
    card = pygame.Rect(0, 0, 40, 54).move(12, 5)
    pygame.draw.rect(icon, CARD_IVORY, card, border_radius=6)
    pygame.draw.rect(icon, CARD_BORDER, card, width=2, border_radius=6)
    # the heart: two lobes and the point below them
    x, y = card.centerx, card.centery - 4
    pygame.draw.circle(icon, INK_RED, (x - 7, y), 8)
    pygame.draw.circle(icon, INK_RED, (x + 7, y), 8)
    pygame.draw.polygon(icon, INK_RED, [(x - 15, y + 2), (x + 15, y + 2), (x, y + 20)])
    return icon
