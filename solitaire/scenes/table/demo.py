"""Menu → Demo (C-13): the computer plays the game on the table on from where it stands.

Where every card is known (Thoughtful, or a Klondike with every card face up and the stock
used up: ``has_hidden_cards``) the solver is asked once for a winning line, and the demo plays
it; elsewhere, and where the solver finds no win, each move is the no-peek computer player's
(Hard, ``solver.player``: it sees only what a player sees), asked about the position the last
move left. Both think in the solver's worker process, never on the frame thread.

Each move is played through the table as the player's are (checked by the core, animated at
the chosen animation speed), the next once the cards have landed and a short pause has passed.
The demo stops at the win, when the computer sees no useful move (or comes back to a position
it has already played through: going round the stock with nothing to play), or at any key or
click, which gives the table back. Its first move hands the game over (``Session.hand_to_demo``):
the game is no longer the player's to win.
"""

from __future__ import annotations

import json
from typing import Protocol

from solitaire.app.scene import App
from solitaire.core import Game, IllegalMove, Move, parse_request
from solitaire.solver.messages import DecisionAnswer, ErrorAnswer, SolveAnswer

SOLVE_BUDGET = 10.0  # seconds the solver may search for the demo's winning line
PAUSE_SECONDS = 0.3  # between a move's landing and the next, at normal animation speed
THINKING_AFTER = 0.4  # the banner says "thinking" once an answer has been waited for this long
STRENGTH = "hard"  # the computer player's strength (``solver.player.Strength``), loaded when a demo asks


def position_key(game: Game) -> str:
    """The cards where they lie (not the score or the counters): a position played through twice
    means the demo is going round in circles."""
    state = game.to_json()
    return json.dumps([state["tableau"], state["stock"], state["waste"], state["foundations"]])


class DemoTable(Protocol):
    """The table a demo plays on (the play scene), as the demo needs it."""

    app: App

    @property
    def game(self) -> Game:
        """The game the demo plays on."""

    @property
    def speed(self) -> float:
        """The animation speed: the pause between moves follows it."""

    @property
    def settled(self) -> bool:
        """No card is flying and auto-complete is not playing: the next move may go."""

    def play(self, move: Move) -> bool:
        """Play ``move`` as the player's are played; True if it was."""

    def say(self, text: str, note: str = "") -> None:
        """A passing sentence over the table."""

    def hand_to_demo(self) -> None:
        """The demo's first move: the game is no longer the player's to win (C-13)."""

    def demo_stopped(self) -> None:
        """The table is the player's again."""


class Demo:
    """The demo of one play scene: off until ``start``; ``update`` once a frame while it runs."""

    def __init__(self, table: DemoTable) -> None:
        self.table = table
        self.running = False
        self.line: list[str] = []  # the solver's winning line still to play, in notation
        self.held: Move | None = None  # the computer player's move, waiting for its turn
        self.question: tuple[str, dict, float] | None = None  # asked of the worker: kind, state, budget
        self.ticket: int | None = None
        self.solver_asked = False  # this demo has asked the solver for a line once already
        self.wait = 0.0  # seconds before the next move
        self.waited = 0.0  # seconds the pending answer has been waited for
        self.positions: set[str] = set()

    @property
    def thinking(self) -> bool:
        """An answer has been waited for long enough to say so."""
        return self.ticket is not None and self.waited > THINKING_AFTER

    def start(self) -> None:
        """The computer plays on from here (nothing to do on a won game)."""
        if self.running or self.table.game.won:
            return
        self.running = True
        self.line, self.held, self.question, self.ticket = [], None, None, None
        self.solver_asked = False
        self.wait = 0.0
        self.positions = {position_key(self.table.game)}

    def stop(self, note: str | None = None) -> None:
        """The table is the player's again (``note``: an i18n key saying why the demo stopped)."""
        if not self.running:
            return
        self.running = False
        if self.ticket is not None:
            self.table.app.services.solver.forget(self.ticket)
        self.ticket = self.question = self.held = None
        self.line = []
        if note is not None:
            self.table.say(self.table.app.t(note))
        self.table.demo_stopped()

    def update(self, dt: float) -> None:
        if not self.running:
            return
        table = self.table
        if table.game.won:
            self.stop()
            return
        self._listen(dt)
        if not self.running:
            return
        if not table.settled:
            self.wait = PAUSE_SECONDS / table.speed  # the pause runs from the landing
            return
        self.wait -= dt
        if self.wait > 0:
            return
        move = self._next_move()
        if move is not None:
            self._play(move)
        elif self.ticket is None:
            self._ask()

    def _next_move(self) -> Move | None:
        """The held decision, else the line's next move; a line the core refuses is dropped."""
        if self.held is not None:
            move, self.held = self.held, None
            return move
        if self.line:
            try:
                return self.table.game.resolve(parse_request(self.line.pop(0)))
            except (IllegalMove, ValueError):
                self.line = []
        return None

    def _ask(self) -> None:
        """The solver's line where every card is known (once a demo), else the player's move."""
        from solitaire.solver.api import has_hidden_cards  # the player's search: when a demo first asks
        from solitaire.solver.player import Strength, decide_question, seen

        game = self.table.game
        if not self.solver_asked and not has_hidden_cards(game):
            self.solver_asked = True
            self.question = ("solve", game.to_json(), SOLVE_BUDGET)
        else:
            self.question = ("decide", decide_question(seen(game), Strength(STRENGTH), 0), 0.0)
        self._submit()

    def _submit(self) -> None:
        assert self.question is not None
        kind, state, budget = self.question
        self.ticket = self.table.app.services.solver.submit(kind, state, budget, keep=True)
        self.waited = 0.0

    def _listen(self, dt: float) -> None:
        """Take the worker's answer if it is in; a question cancelled by another user of the
        worker is asked again."""
        if self.ticket is None:
            return
        worker = self.table.app.services.solver
        if not worker.asked(self.ticket):
            self._submit()
            return
        self.waited += dt
        answer = worker.take(self.ticket)
        if answer is None:
            return
        self.ticket = self.question = None
        if isinstance(answer, ErrorAnswer):
            self.stop("demo.failed")
        elif isinstance(answer, SolveAnswer):
            self.line = list(answer.moves) if answer.result == "won" else []
            if not self.line:
                self._ask()  # no win found: the player plays on
        elif isinstance(answer, DecisionAnswer):
            if answer.move is None:
                self.stop("demo.no_move")
            else:
                self.held = answer.move

    def _play(self, move: Move) -> None:
        table = self.table
        table.hand_to_demo()
        if not table.play(move):
            self.stop("demo.failed")
            return
        key = position_key(table.game)
        if key in self.positions:
            self.stop("demo.no_move")
            return
        self.positions.add(key)
        self.wait = PAUSE_SECONDS / table.speed
        if not self.line:
            self._ask()  # thinks while the cards fly
