"""The other side of a Duel: the ``Rival`` protocol every rival keeps (the computer, a network
peer, an online opponent, a test's script), and what its events do to the race (``RivalSide``).

The duel (``play.duel``) owns race time. Once a frame it calls ``update(race_time)`` and hands
what comes back (``core.duel``'s Rival events, moves in replay notation) to ``RivalSide.hear``,
which plays each move on the rival's game in the race through the one checker of a rival's
moves (``core.rival_moves``): a move out of order, or one the rules refuse, ends the rival's
game. The duel tells the rival of our own moves and of our End. Nothing here may block a frame:
the computer thinks in the solver's worker process, a network rival reads its socket without
waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from solitaire.core import Game, IllegalMove
from solitaire.core.duel import Race, RivalBack, RivalEnded, RivalEvent, RivalGone, RivalLost, RivalMove
from solitaire.core.rival_moves import RivalMoves

ME, RIVAL = 0, 1  # the race's players: our side, and the rival's


class Rival(Protocol):
    name: str  # shown on the opponent panel: "Computer · Hard", or a player's name
    kind: str  # its statistics row: "easy" | "medium" | "hard" | "network" | "online"
    pausable: bool  # the computer: the menu pauses both clocks; a person on the network: no

    def start(self, game: Game) -> None:
        """The 3-2-1 count is over: race time 0 now. ``game`` is the rival's table in the race,
        which its moves are played on (by the duel, never by the rival: it only reads it)."""

    def update(self, race_time: float) -> list[RivalEvent]:
        """What the rival did up to ``race_time``; called once a frame, never blocks."""

    def my_move(self, number: int, notation: str, at: float) -> None:
        """Our side's move ``number`` (an undo is one too), at race time ``at``."""

    def my_end(self, at: float) -> None:
        """We pressed End (or left the duel, or closed the window) at race time ``at``."""

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def close(self) -> None:
        """Free what the rival holds (its worker question, its socket)."""

    def race_clock(self) -> float | None:
        """The race time both sides agreed on (a network duel: the host's clock leads; negative
        during the 3-2-1 count), which the duel then follows; None: the duel keeps its own."""

    def ready_at(self) -> float | None:
        """``--fast``: race time must not pass this moment (the rival's next move is due then,
        or it still thinks about one due already); None: it waits on nothing. So thinking takes
        no race time beyond its pace, and a simulated duel is the same on any machine."""


@dataclass
class RivalSide:
    """What the duel knows of its rival beyond its game in the race: the checker its moves go
    through, its score over race time (the panel's line), and why it cannot be heard or was
    stopped."""

    race: Race
    moves: RivalMoves = field(init=False)
    timeline: list[tuple[float, int]] = field(default_factory=lambda: [(0.0, 0)])
    note: str = ""  # an i18n key: why the rival cannot be heard, or why it stopped
    out: str = ""  # "refused" | "lost": the rival's game was ended by us
    comeback_until: float | None = None  # the race time a dropped rival has to come back by

    def __post_init__(self) -> None:
        self.moves = RivalMoves(self.race, RIVAL)

    def hear(self, event: RivalEvent) -> None:
        """Apply one rival event to the race: a move goes through the checker, and one it
        refuses (out of order, bad notation, against the rules) ends the rival's game. Once the
        race is over, a rival dropping or leaving is no news (the first machine to decide a
        network duel closes its line a frame before the other decides)."""
        race = self.race
        if race.over and isinstance(event, (RivalGone, RivalLost)):
            return
        if isinstance(event, RivalMove):
            if not race.playing(RIVAL):
                return
            try:
                self.moves.take(event.number, event.notation)
            except (IllegalMove, ValueError):
                self.out, self.note = "refused", "duel.refused"
                race.end(RIVAL)
            self.timeline.append((race.elapsed, race.games[RIVAL].score))
        elif isinstance(event, RivalEnded):
            if race.playing(RIVAL):
                race.end(RIVAL, at=event.at)
        elif isinstance(event, RivalGone):
            self.note, self.comeback_until = event.reason, event.deadline(race.elapsed)
        elif isinstance(event, RivalBack):
            self.note, self.comeback_until = "", None
        elif isinstance(event, RivalLost):
            self.out, self.note, self.comeback_until = "lost", event.reason, None
            if race.playing(RIVAL):
                race.end(RIVAL)
