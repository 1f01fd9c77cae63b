"""The play scene as the dialogs over it see it: the menus are handed the scene when they
open (``app.open("menu", play=scene)``) and ask it only this, so they never import the table.
"""

from __future__ import annotations

from typing import Protocol

from solitaire.core import Game
from solitaire.scenes.session import Session


class PlayTable(Protocol):
    """The play scene as the dialogs over it see it (the game menu, new game, game code, the
    win panel, these questions): its game and session, and what they may ask of it."""

    @property
    def game(self) -> Game:
        """The game on the table."""

    @property
    def session(self) -> Session:
        """The game being played: restart, a new mode or code, what is at stake."""

    @property
    def elapsed(self) -> float:
        """The game's clock, in seconds."""

    def new_deal(self) -> None:
        """Another deal in the same mode."""

    def start_demo(self) -> None:
        """The computer plays the game on (C-13)."""

    def open_menu(self) -> None:
        """The game menu over the table."""
