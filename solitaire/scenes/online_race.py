"""The online race (issue 25) through the Duel scene: the server holds the deal and the clock.

Your table is the ``net.mirror`` game (face-up cards only; the unknown places hold stand-ins,
never drawn face up for long): a move is played on it and sent; one that turns a card waits for
the server's answer to show it, and no other move is taken meanwhile. The rival is seen by its
progress only (``RivalProgress``: score, cards home, moves), which ``OnlineRival.figures`` gives
the opponent panel. The race clock is the server's (``OnlineDuel.race_time``); the result is the
server's ``Result``, shown with the rating change (``online_results``). A recorded run is labelled
"recorded" on the panel and in the results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solitaire.app.scene import App
from solitaire.core import Move, Refusal
from solitaire.core.codes import GameCode
from solitaire.core.duel import RivalEnded, RivalEvent, notation
from solitaire.net.online_messages import Matched
from solitaire.scenes.duel import ME, DuelScene
from solitaire.scenes.online_common import tier_name

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient, OnlineDuel


def opponent_label(app: Any, opponent: dict) -> str:
    """The opponent's name and tier; a recorded run says so (never passed off as a person)."""
    name = f"{opponent.get('name', '')} · {tier_name(app, str(opponent.get('tier', '')))}".strip(" ·")
    return app.t("online.recorded.name", name=name) if opponent.get("recorded") else name


class OnlineRival:
    """The other side of an online race, as the Duel scene drives a rival (``scenes.rival``)."""

    kind = "online"
    pausable = False  # a person (or a recorded run) on the server's clock

    def __init__(self, app: Any, duel: OnlineDuel) -> None:
        self.duel = duel
        self.name = opponent_label(app, duel.matched.opponent)
        self.told_end = False

    def start(self, code: GameCode) -> None:
        """The server deals: nothing to set up here."""

    def update(self, race_time: float) -> list[RivalEvent]:
        """The rival's end once the server says it has ended (its figures: ``figures``)."""
        if self.duel.rival.ended and not self.told_end:
            self.told_end = True
            return [RivalEnded(race_time)]
        return []

    def figures(self) -> tuple[int, int, int]:
        """(score, cards home, moves) as the server last told them."""
        rival = self.duel.rival
        return rival.score, rival.home, rival.moves

    def my_move(self, number: int, text: str, at: float) -> None:
        """Sent by the scene itself, through the mirror (``OnlineRaceScene.apply_move``)."""

    def my_end(self, at: float) -> None:
        self.duel.end()

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def close(self) -> None:
        self.duel.client.close()

    def race_clock(self) -> float | None:
        return self.duel.race_time

    def ready_at(self) -> float | None:
        return None


class OnlineRaceScene(DuelScene):
    def __init__(self, app: App, client: OnlineClient, matched: Matched, autoplay: Any = None,
                 on_result: Any = None, **_: Any) -> None:
        from solitaire.net.online import OnlineDuel  # websockets' client: loaded on first use, not at start-up

        self.online = OnlineDuel(client, matched)
        table = matched.table
        code = GameCode(table["game"], table["draw"], table["scoring"], 0)  # never dealt: a shape only
        super().__init__(app, rival=OnlineRival(app, self.online), code=code, seconds=matched.seconds,
                         opponent="online", autoplay=autoplay, on_result=on_result)
        self.race.games[ME] = self.online.mirror.game
        self.refusals = 0

    # -- our moves go through the mirror, to the server -----------------------------------------
    def check(self, move: Move) -> Refusal | None:
        if not self.online.mirror.ready:
            return self.game.refuse("race_waiting")
        return super().check(move)

    def apply_move(self, move: Move) -> None:
        self._send(notation(move))

    def apply_redo(self) -> None:
        self._send("r")

    def take_back(self) -> bool:
        if not self.race.playing(ME) or not self.game.can_undo or not self.online.mirror.ready:
            return False
        self._send(notation(None))
        return True

    def _send(self, text: str) -> None:
        self.online.play(text)
        self.my_moves += 1

    # -- the server's answers -------------------------------------------------------------------
    def race_step(self, dt: float) -> None:
        awaiting = not self.online.mirror.ready
        refused, reseated = self.online.refused, self.online.reseated
        self.online.update()
        table_set = self.online.refused is not refused or self.online.reseated is not reseated
        if table_set:  # the server's table replaces ours
            self.race.games[ME] = self.online.mirror.game
        if self.online.refused is not refused:
            self.say(self.online.refused.detail)
        if (awaiting and self.online.mirror.ready) or table_set:
            self.view.sync(self.game)
            self._update_buttons()
        if self.online.lost is not None and self.online.result is None:
            self.rival_side.note = "online.connection_lost"  # coming back (``OnlineDuel.come_back``)
        elif self.rival_side.note == "online.connection_lost":  # back in the race
            self.rival_side.note = ""
        if self.online.rival.score != self.rival_side.timeline[-1][1]:  # the opponent panel's score line
            self.rival_side.timeline.append((self.race.elapsed, self.online.rival.score))
        super().race_step(dt)

    def _check_over(self) -> None:
        """The race is over when the server's result comes (its clock, its referee)."""
        if self.online.result is not None and self.result is None:
            self._finish_race()
            self._show_results()

    def _finish_race(self) -> None:
        """The race is over (the server's result), or we left it (End now; the server decides
        it, and we are gone before its word): counted once, from the server's figures."""
        self.result = self.race.decide((self.app.t("duel.you"), self.rival.name), "network")
        self.rival.close()
        if self.autoplayer is not None:
            self.autoplayer.close()
        told, store = self.online.result, self.app.services.store
        if told is not None and store is not None:  # online duels count in the network row
            outcome = {"you": "won", "opponent": "lost", "tie": "tied"}[told.winner]
            store.record_duel("network", outcome, told.you["total"])
        self._update_buttons()
        if self.on_result is not None and told is not None:
            self.on_result(told)

    def _show_results(self) -> None:
        if not self.app.can_open("online_results"):
            return
        while len(self.app.stack) and self.app.stack.top is not self:
            self.app.stack.pop()
        self.app.switch("online_results", result=self.online.result, opponent=self.rival.name)
