"""How a game on a table ends: auto-complete's steps (K-9) and the win's card cascade.

Auto-complete starts by itself once every card is face up with stock and waste empty, and plays
one card home every ``AUTO_STEP_SECONDS``; a win, once the last cards have landed, plays the
cascade, and the win panel opens when it ends or is clicked away.
"""

from __future__ import annotations

import pygame

from solitaire.scenes.table.interface import Table
from solitaire.view.celebrate import Cascade

AUTO_STEP_SECONDS = 0.11


class Finish:
    """The ending of the game on ``table``: auto-complete's clock and the win's cascade."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.auto_timer: float | None = None  # seconds to the next auto-complete step
        self.cascade: Cascade | None = None
        self.won_shown = False  # the win has had its cascade (or was won before it opened)

    def reset(self) -> None:
        """Another game on the table: nothing of the last one's ending is left."""
        self.auto_timer = None
        self.cascade = None
        self.won_shown = False

    def opened(self) -> None:
        """The table opens: a game won before (a saved win, a position set up won) has had its
        celebration."""
        self.won_shown = self.table.game.won

    def after_move(self) -> None:
        """K-9: auto-complete starts by itself when the game is ready for it, and stops at
        the win."""
        game = self.table.game
        if game.won:
            self.auto_timer = None
        elif game.auto_complete_ready() and self.auto_timer is None:
            self.auto_timer = AUTO_STEP_SECONDS * 2
            self.table.app.speech.say(self.table.app.t("speech.auto"), queue=True)

    def after_undo(self) -> None:
        """A move taken back: auto-complete waits for the next move to start again."""
        self.auto_timer = None

    def resized(self) -> None:
        """The window changed size: a cascade laid out for the old one ends as a click ends it,
        with the win panel."""
        if self.cascade is not None:
            self.skip()

    @property
    def auto_completing(self) -> bool:
        """Auto-complete is playing the cards home, a step at a time."""
        return self.auto_timer is not None

    @property
    def busy(self) -> bool:
        game = self.table.game
        return self.auto_timer is not None or self.cascade is not None or (game.won and not self.won_shown)

    def update(self, dt: float) -> None:
        table, game = self.table, self.table.game
        if self.auto_timer is not None:
            self.auto_timer -= dt
            if self.auto_timer <= 0:
                move = game.auto_complete_next()
                self.auto_timer = None if move is None else AUTO_STEP_SECONDS
                if move is not None:
                    table.play(move)
        if game.won and not self.won_shown and not table.view.in_motion():
            self.won_shown = True
            if table.celebrate_win:
                if table.app.settings.reduced_motion:  # no cascade: the still win panel at once
                    self.skip()
                    return
                self.cascade = Cascade(table.art, table.layout, game, table.app.display.size)
        if self.cascade is not None:
            self.cascade.update(dt)
            if self.cascade.finished:
                self.skip()

    def skip(self) -> None:
        """The cascade is over (or clicked away): the win panel."""
        self.cascade = None
        if self.table.app.can_open("win"):
            self.table.app.open("win", play=self.table)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or a key during the cascade skips it; True if it did."""
        if self.cascade is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.skip()
            return True
        return False
