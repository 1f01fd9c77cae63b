"""The play scene's side of the solver: hints and the "can it still be won" status line.

Questions go to the app's one solver worker process (never the frame thread) and answers are
picked up by ``poll`` once a frame. A hint goes first: asking for one cancels a status search in
flight, which is asked again once the hint is answered. Any change of the game makes pending
answers stale (``forget``). A status the short search cannot decide keeps being searched in the
background (issue 17), "Checking…" meanwhile, until it is known, a minute has gone, or the next
move asks about another position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solitaire.core import Game, Move
from solitaire.solver.messages import BACKGROUND, Answer, HintAnswer, WinnabilityAnswer

if TYPE_CHECKING:
    from solitaire.solver.worker import SolverWorker

HINT_BUDGET = 0.08  # seconds of search in the worker, as `bench --solver` measures hints
STATUS_BUDGET = 2.0  # seconds to decide whether a position can still be won
BACKGROUND_BUDGET = 60.0  # seconds of background search when those did not decide it


class Advisor:
    def __init__(self, solver: SolverWorker) -> None:
        self.solver = solver  # the app's one worker: asking starts its process
        self.hint_ticket: int | None = None
        self.hint_waited = 0.0  # seconds the pending hint has been waited for
        self.status: str | None = None  # "winnable", "not winnable", "unknown", "checking" or None
        self.status_ticket: int | None = None
        self.status_state: dict | None = None  # the position the status is asked about
        self.status_background = False  # the pending status question is the background one
        self.status_at_start = False  # the pending status question is about the deal itself
        self.deal_game: Game | None = None  # the game the deal's verdict below is about
        self.deal_known = False  # that deal's verdict from its first position is known:
        self.deal_lost = False  # it cannot be won at all
        self.deal_ticket: int | None = None  # the pending question about its first position

    @property
    def busy(self) -> bool:
        return (self.hint_ticket is not None or self.status_ticket is not None
                or self.deal_ticket is not None)

    def ask_hint(self, game: Game) -> None:
        self.solver.cancel()
        self.status_ticket = None
        self.hint_ticket = self.solver.submit("hint", game.to_json(), HINT_BUDGET)
        self.hint_waited = 0.0

    def ask_status(self, game: Game, enabled: bool) -> None:
        """Issue 5's status line, only where nothing is hidden (Thoughtful, or a Klondike whose
        cards have all been seen); None when off or not applicable.
        """
        from solitaire.solver.api import has_hidden_cards

        self.status_ticket = self.deal_ticket = None
        if game is not self.deal_game:  # another deal: the last one's verdict does not apply
            self.deal_game, self.deal_known, self.deal_lost = game, False, False
        if not enabled or game.won or has_hidden_cards(game):
            self.status = None
            return
        if self.hint_ticket is None:
            self.solver.cancel()
        self.status = "checking"
        self.status_at_start = game.moves == 0
        self.status_state = game.to_json()
        self.status_background = False
        self.status_ticket = self.solver.submit("winnability", self.status_state, STATUS_BUDGET)

    def _keep_checking(self) -> None:
        """The short search did not decide: search on in the background ("Checking…" stays)."""
        self.status_background = True
        self.status_ticket = self.solver.submit(BACKGROUND, self.status_state, BACKGROUND_BUDGET)

    @property
    def status_key(self) -> str | None:
        """The words for the status: a deal lost from its first position "cannot be won", not
        "no longer" (issue 11); later positions of it, undo included, say the same.
        """
        if self.status is None:
            return None
        if self.status == "not winnable" and self.deal_lost:
            return "status.deal_not_winnable"
        return f"status.{self.status.replace(' ', '_')}"

    def _learn_deal(self, verdict: str, at_start: bool) -> None:
        """What a verdict says of the deal itself. A position that can be won means the deal
        could; a lost position later in the game (a game resumed with Continue, say) says
        nothing of the deal, so its first position is asked about.
        """
        if self.deal_known or verdict == "unknown":
            return
        if verdict == "winnable" or at_start:
            self.deal_known, self.deal_lost = True, verdict == "not winnable"
        elif self.deal_game is not None and self.deal_game.code is not None:
            first = Game.deal(self.deal_game.code)
            self.deal_ticket = self.solver.submit("winnability", first.to_json(), STATUS_BUDGET)

    def forget(self) -> None:
        """The game changed: pending answers are stale."""
        self.hint_ticket = None
        self.solver.cancel()

    def poll(self, dt: float) -> list[Move | None]:
        """Collect answers; returns the hints answered since the last call (None: no useful
        move). The status is updated in place.
        """
        if not self.busy:
            return []
        if self.hint_ticket is not None:
            self.hint_waited += dt
        hints: list[Move | None] = []
        for answer in self.solver.poll():
            ticket = answer.ticket
            if ticket == self.status_ticket:
                self.status_ticket = None
                verdict = _verdict(answer)
                if verdict == "unknown" and isinstance(answer, WinnabilityAnswer) and not self.status_background:
                    self._keep_checking()
                    continue
                self.status = verdict
                self._learn_deal(self.status, at_start=self.status_at_start)
            elif ticket == self.deal_ticket:
                self.deal_ticket = None
                self._learn_deal(_verdict(answer), at_start=True)
            elif ticket == self.hint_ticket:
                self.hint_ticket = None
                hints.append(answer.move if isinstance(answer, HintAnswer) else None)
        return hints


def _verdict(answer: Answer) -> str:
    """A winnability answer's verdict; an error answer says nothing: "unknown"."""
    return answer.verdict if isinstance(answer, WinnabilityAnswer) else "unknown"
