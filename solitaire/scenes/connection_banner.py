"""The banner over a network duel whose connection dropped (issue 22): who cannot be heard and
the seconds left for a comeback, counting down, in red at the foot of the table, where no card
lies under it, in the size of the table's other messages — not a grey line in the opponent's
panel. At 0 the rival is gone for good and the panel says it left. Drawing only: it reads the
Duel scene.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from solitaire.app import ui
from solitaire.scenes.table.hud import button_bar_height

if TYPE_CHECKING:
    from solitaire.scenes.duel import DuelScene

FILL = (150, 45, 40, 235)  # the red of "not winnable": something is wrong
EDGE = (255, 190, 170, 160)


def seconds_left(scene: DuelScene) -> int | None:
    """Whole seconds the dropped rival has left to come back, or None when nothing dropped."""
    if scene.rival_side.comeback_until is None or scene.result is not None:
        return None
    return max(0, math.ceil(scene.rival_side.comeback_until - scene.race.elapsed))


def draw(surface: pygame.Surface, scene: DuelScene) -> None:
    left = seconds_left(scene)
    if left is None:
        return
    w, h = surface.get_size()
    size = max(16, int(button_bar_height(surface.get_size()) * 0.42))
    line = scene.app.t("net.gone.banner", name=scene.rival.name, seconds=left)
    text = scene.app.text
    size = text.fit_size(line, size, int(w * 0.9) - 2 * size, True)
    image = text.render(line, size, ui.INK, True)
    box = pygame.Rect(0, 0, image.get_width() + 2 * size, image.get_height() + size)
    box.midbottom = (w // 2, h - size)
    surface.blit(ui.rounded_rect(box.size, size // 2, FILL, None, EDGE, ui.hairline(box.h * 2)), box.topleft)
    surface.blit(image, image.get_rect(center=box.center))
