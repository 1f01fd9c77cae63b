"""An online race (issue 25): the duel server holds the deal, owns the clock and referees both
sides; the game plays its own side on the server's mirror and sees the rival by its progress.

Our table is the ``net.mirror`` game (face-up cards only; the unknown places hold stand-ins): a
move is played on it and sent; one that turns a card waits for the server's answer to show it,
and no other move is taken meanwhile (``race_waiting``; ``--autoplay`` is not even asked). A
refused move's answer brings the server's table, which replaces ours; so does the server's
``Matched`` when another of its processes takes the race over, or a lost connection comes back
(``OnlineDuel.come_back``); past the comeback window the race is given up, with no result heard
(nothing counted); the seconds left meanwhile are ``reconnecting``'s, said by the banner alone.
The rival is its progress only (``RivalProgress``: score, cards home, moves:
``OnlineRival.figures``), and its connection's drops and comebacks as the server tells them.
The race clock is the server's and the result is the server's ``Result``: the race is over when
it comes. End shows our points by kind as the server's referee counted them (``preview``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

from solitaire import i18n
from solitaire.core import Game, GameCode, Move, Refusal
from solitaire.core.duel import Breakdown, RivalBack, RivalEnded, RivalEvent, RivalGone, RivalLost, notation
from solitaire.net.online_messages import COMEBACK_SECONDS
from solitaire.play.computer import AutoPlayer
from solitaire.play.duel import OUTCOMES, Duel, new_race
from solitaire.play.rival import ME
from solitaire.store import Store

if TYPE_CHECKING:  # websockets' client: loaded by the screen that connects, not at start-up
    from solitaire.net.online import OnlineDuel

class OnlineRival:
    """The other side of an online race, as the duel drives a rival (``play.rival.Rival``)."""

    kind = "online"
    pausable = False  # a person (or a recorded run) on the server's clock

    def __init__(self, online: OnlineDuel, name: str) -> None:
        self.online = online
        self.name = name
        self.told_end = False
        self.away = False

    def start(self, game: Game) -> None:
        """The server deals and plays the rival's moves: nothing to set up here."""

    def update(self, race_time: float) -> list[RivalEvent]:
        """The rival's connection dropped (the banner counts the comeback window down) or came
        back, and its end once the server says it has ended: one still away then has left
        (the server ended its game as if it pressed End). Its figures: ``figures``."""
        rival, events = self.online.rival, []
        if rival.away != self.away and not self.told_end:
            self.away = rival.away
            events.append(RivalGone("net.gone", COMEBACK_SECONDS) if rival.away else RivalBack())
        if rival.ended and not self.told_end:
            self.told_end = True
            events.append(RivalLost("net.lost.left") if rival.away else RivalEnded(race_time))
        return events

    def figures(self) -> tuple[int, int, int]:
        """(total, cards home, moves) as the server last told them: the total is the score,
        and the time bonus once the rival has ended (DU-5)."""
        rival = self.online.rival
        return rival.total, rival.home, rival.moves

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

    def _autoplay(self) -> None:
        """``--autoplay`` is asked only about a table the server has filled in: never while the
        card our last move turned is on its way (the computer would think about the stand-in
        there, and the same moves make the same question once the card comes: its answer, a
        move the rules refuse, would end our side) nor while the connection comes back."""
        if self.online.mirror.ready and self.online.lost is None:
            super()._autoplay()

    def _send(self, text: str) -> None:
        self.online.play(text)
        self.my_moves += 1

    def preview(self) -> Breakdown:
        """DU-4: our points by kind as the server's referee counts them (our moves reach the
        mirror, not the race, so its ledger stays empty), and the bonus if we end now."""
        return Breakdown(self.online.points, self.race.bonus_how(ME, self.race.elapsed))

    def reconnecting(self) -> int | None:
        """Whole seconds left for our own connection to the server to come back (the red banner
        counts them down: ``connection_banner``), or None while it is up. The rival's panel
        keeps saying only what the server last told of the rival."""
        until = self.online.comeback_until
        if until is None or self.result is not None:
            return None
        return max(0, math.ceil(until - self.online.clock()))

    # -- the server's answers -------------------------------------------------------------------
    def step(self, dt: float, dealing: bool = False, auto_completing: bool = False) -> None:
        """The server heard first (our table replaced by its own after a refused move or a seat
        taken again mid-race, the race given up past the comeback window, the rival's score
        line), then the duel's own step on the server's clock."""
        online = self.online
        refused, reseated = online.refused, online.reseated
        online.update()
        if online.refused is not refused or online.reseated is not reseated:
            self.race.games[ME] = online.mirror.game  # the server's table replaces ours
        if online.given_up and self.result is None:  # not back within the comeback window
            self._decide()
            return
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
        self.result = self.race.decide((i18n.t("duel.you"), self.rival.name), self.rival.kind)
        self._free()
        told = self.online.result
        if told is not None and self.store is not None:  # online duels have their own row, beside LAN duels'
            kind = self.rival.kind if told.rating else "network"  # unrated: a server a LAN host runs
            self.store.record_duel(kind, OUTCOMES[told.winner], told.you["total"])
        if self.on_result is not None and told is not None:
            self.on_result(told)
