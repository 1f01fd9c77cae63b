"""The solver's help on a table: a hint shown for a while, and the status line kept current.

Questions go through the advisor to the solver's worker; this part keeps what the player sees
of the answers: the hinted move (glowing for ``HINT_SECONDS``), "Thinking…" while a hint is
slow, "No useful move" when there is none.
"""

from __future__ import annotations

from typing import Any

from solitaire.core import Game, Move
from solitaire.play import spoken
from solitaire.play.advisor import Advisor
from solitaire.scenes.table.hud import Hud

HINT_SECONDS = 2.4
THINKING_AFTER = 0.3  # say "Thinking…" if a hint takes longer than this
THINKING = "thinking"  # the kind of the toast said while a hint is slow


class Hints:
    def __init__(self, app: Any, hud: Hud) -> None:
        self.app = app
        self.hud = hud
        self.advisor = Advisor(app.services.solver)
        self.hint: tuple[Move, float] | None = None  # the hinted move and its seconds left
        self.thought: int | None = None  # the hint's question "Thinking…" was said for

    @property
    def move(self) -> Move | None:
        """The hinted move, while it glows."""
        return self.hint[0] if self.hint is not None else None

    def hide(self) -> None:
        """The hint's glow goes (the player has taken cards in hand)."""
        self.hint = None

    def forget(self) -> None:
        """The game changed: the hint on screen and any pending answer are stale."""
        self.hint = None
        self.advisor.forget()

    def silence(self) -> None:
        """No hint, no answer pending and no status line until one is asked for again (the
        demo's moves are not the player's to be advised on)."""
        self.forget()
        self.advisor.status = None

    def ask_hint(self, game: Game) -> None:
        """Ask the solver's worker for a hint (none for a won game); the answer arrives in
        ``update``."""
        if game.won:
            return
        self.hint = None
        self.advisor.ask_hint(game)

    def ask_status(self, game: Game) -> None:
        self.advisor.ask_status(game, self.app.settings.status_line)

    def update(self, dt: float, game: Game) -> None:
        """Pick up the worker's answers; the hint's glow fades out in time."""
        for move in self.advisor.poll(dt):
            self.hud.withdraw(THINKING)
            if move is None:
                self.hud.say(self.app.t("play.no_hint"))
            else:
                self.hint = (move, HINT_SECONDS)
                if self.app.speech.wanted:
                    self.app.speech.say(spoken.hint_words(game, move))
            if self.advisor.status == "checking":
                self.ask_status(game)
        ticket = self.advisor.hint_ticket
        if ticket is not None and self.advisor.hint_waited > THINKING_AFTER and self.hud.toast is None:
            # shown again while the hint takes long; said once (it was said again each time)
            self.hud.say(self.app.t("play.thinking"), kind=THINKING, heard=self.thought == ticket)
            self.thought = ticket
        if self.hint is not None:
            move, left = self.hint
            self.hint = (move, left - dt) if left - dt > 0 else None

    @property
    def busy(self) -> bool:
        return self.hint is not None or self.advisor.busy
