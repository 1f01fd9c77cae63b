"""An online race (issue 25): the duel server holds the deal, owns the clock and referees both
sides; the game plays its own side on the server's mirror and sees the rival by its progress.

Our table is the ``net.mirror`` game (face-up cards only; the unknown places hold stand-ins): a
move is played on it and sent; one that turns a card waits for the server's answer to show it,
and no other move is taken meanwhile (``race_waiting``). A refused move's answer brings the
server's table, which replaces ours; so does the server's ``Matched`` when another of its
processes takes the race over, or a lost connection comes back (``OnlineDuel.come_back``). The rival is its progress only (``RivalProgress``: score,
cards home, moves: ``OnlineRival.figures``). The race clock is the server's and the result is
the server's ``Result``: the race is over when it comes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from solitaire import i18n
from solitaire.core import Game, GameCode, Move, Refusal
from solitaire.core.duel import RivalEnded, RivalEvent, notation
from solitaire.play.computer import AutoPlayer
from solitaire.play.duel import OUTCOMES, Duel, new_race
from solitaire.play.rival import ME
from solitaire.store import Store

if TYPE_CHECKING:  # websockets' client: loaded by the screen that connects, not at start-up
    from solitaire.net.online import OnlineDuel

ONLINE_KIND = "network"  # online duels count in the statistics' network row


class OnlineRival:
    """The other side of an online race, as the duel drives a rival (``play.rival.Rival``)."""

    kind = "online"
    pausable = False  # a person (or a recorded run) on the server's clock

    def __init__(self, online: OnlineDuel, name: str) -> None:
        self.online = online
        self.name = name
        self.told_end = False

    def start(self, game: Game) -> None:
        """The server deals and plays the rival's moves: nothing to set up here."""

    def update(self, race_time: float) -> list[RivalEvent]:
        """The rival's end once the server says it has ended (its figures: ``figures``)."""
        if self.online.rival.ended and not self.told_end:
            self.told_end = True
            return [RivalEnded(race_time)]
        return []

    def figures(self) -> tuple[int, int, int]:
        """(score, cards home, moves) as the server last told them."""
        rival = self.online.rival
        return rival.score, rival.home, rival.moves

    def my_move(self, number: int, text: str, at: float) -> None:
        """Sent by the race itself, through the mirror (``OnlineRace.play``)."""

    def my_end(self, at: float) -> None:
        self.online.end()

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def close(self) -> None:
        self.online.client.close()

    def race_clock(self) -> float | None:
        return self.online.race_time

    def ready_at(self) -> float | None:
        return None


def shape_of(online: OnlineDuel) -> GameCode:
    """The race's game, draw and scoring, as a code never dealt (the server never tells the deal)."""
    table = online.matched.table
    return GameCode(table["game"], table["draw"], table["scoring"], 0)


class OnlineRace(Duel):
    """A duel whose clock, referee and result are the server's (``online``, connected)."""

    def __init__(self, online: OnlineDuel, rival_name: str, *, autoplayer: AutoPlayer | None = None,
                 store: Store | None = None, on_result: Callable[[Any], None] | None = None) -> None:
        super().__init__(new_race(shape_of(online), online.matched.seconds), OnlineRival(online, rival_name),
                         autoplayer=autoplayer, store=store, on_result=on_result)
        self.online = online
        self.race.games[ME] = online.mirror.game

    # -- our moves go through the mirror, to the server -----------------------------------------
    def refusal(self, move: Move) -> Refusal | None:
        if not self.online.mirror.ready:
            return self.game.refuse("race_waiting")
        return super().refusal(move)

    def play(self, move: Move) -> None:
        self._send(notation(move))
        self._after_mine()

    def redo(self) -> None:
        self._send("r")
        self._after_mine()

    def undo(self) -> bool:
        if not self.race.playing(ME) or not self.game.can_undo or not self.online.mirror.ready:
            return False
        self._send(notation(None))
        return True

    def _send(self, text: str) -> None:
        self.online.play(text)
        self.my_moves += 1

    # -- the server's answers -------------------------------------------------------------------
    def step(self, dt: float, dealing: bool = False, auto_completing: bool = False) -> None:
        """The server heard first (our table replaced by its own after a refused move or a seat
        taken again mid-race, a lost connection said while it comes back, the rival's score
        line), then the duel's own step on the server's clock."""
        online = self.online
        refused, reseated = online.refused, online.reseated
        online.update()
        if online.refused is not refused or online.reseated is not reseated:
            self.race.games[ME] = online.mirror.game  # the server's table replaces ours
        if online.lost is not None and online.result is None:
            self.rival_side.note = "online.connection_lost"  # coming back (``OnlineDuel.come_back``)
        elif self.rival_side.note == "online.connection_lost":  # back in the race
            self.rival_side.note = ""
        score = online.rival.score
        if score != self.rival_side.timeline[-1][1]:  # the opponent panel's score line
            self.rival_side.timeline.append((self.race.elapsed, score))
        super().step(dt, dealing, auto_completing)

    def _check_over(self) -> None:
        """The race is over when the server's result comes (its clock, its referee)."""
        if self.online.result is not None and self.result is None:
            self._decide()

    def _decide(self) -> None:
        """The race is over (the server's result), or we left it (End now; the server decides
        it, and we are gone before its word): counted once, from the server's figures."""
        self.result = self.race.decide((i18n.t("duel.you"), self.rival.name), ONLINE_KIND)
        self._free()
        told = self.online.result
        if told is not None and self.store is not None:
            self.store.record_duel(ONLINE_KIND, OUTCOMES[told.winner], told.you["total"])
        if self.on_result is not None and told is not None:
            self.on_result(told)
