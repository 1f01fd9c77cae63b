"""The banner over a network duel whose connection dropped (issue 22): who cannot be heard and
the seconds left for a comeback, counting down, in red at the foot of the table, where no card
lies under it, in the size of the table's other messages — not a grey line in the opponent's
panel. At 0 the rival is gone for good and the panel says it left. An online race whose own
connection to the server dropped says it is reconnecting in the same banner, in its place
(``line``): one notice for one drop, the rival's panel saying only the rival's state.
Drawing only: it reads the duel.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.play.duel import Duel
from solitaire.play.online import OnlineRace
from solitaire.scenes.table.hud import button_bar_height

FILL = (150, 45, 40, 235)  # the red of "not winnable": something is wrong
EDGE = (255, 190, 170, 160)


def seconds_left(duel: Duel) -> int | None:
    """Whole seconds the dropped rival has left to come back, or None when nothing dropped."""
    if duel.rival_side.comeback_until is None or duel.result is not None:
        return None
    return max(0, math.ceil(duel.rival_side.comeback_until - duel.race.elapsed))


def line(app: Any, duel: Duel) -> str | None:
    """What the banner says, or None when nothing dropped: our own connection to the server
    being made again (an online race: nothing of the rival can be heard meanwhile, so a rival's
    drop told before is not said over it), else a dropped rival's comeback window. One banner:
    the rival's panel never says our own connection's state."""
    own = duel.reconnecting() if isinstance(duel, OnlineRace) else None
    if own is not None:
        return app.t("online.reconnecting", seconds=own)
    left = seconds_left(duel)
    return None if left is None else app.t("net.gone.banner", name=duel.rival.name, seconds=left)


def draw(surface: pygame.Surface, app: App, duel: Duel) -> None:
    said = line(app, duel)
    if said is not None:
        draw_line(surface, app, said)


def draw_line(surface: pygame.Surface, app: Any, line: str) -> None:
    """The red banner at the foot of the table, saying ``line``."""
    w, h = surface.get_size()
    size = max(16, int(button_bar_height(surface.get_size()) * 0.42))
    text = app.text
    size = text.fit_size(line, size, int(w * 0.9) - 2 * size, True)
    image = text.render(line, size, ui.INK, True)
    box = pygame.Rect(0, 0, image.get_width() + 2 * size, image.get_height() + size)
    box.midbottom = (w // 2, h - size)
    surface.blit(ui.rounded_rect(box.size, size // 2, FILL, None, EDGE, ui.hairline(box.h * 2)), box.topleft)
    surface.blit(image, image.get_rect(center=box.center))
