"""The online race's screen (issue 25): the Duel's screen over a race whose deal, clock and
referee are the server's (``play.online.OnlineRace``).

It connects the race (``net.online.OnlineDuel``, loaded here on first use), draws it as the Duel
screen does — the opponent panel reads the rival's progress as the server tells it — says a
refused move's reason, redraws the table the server sent back, and shows the server's result
with the rating change (``online_results``). A recorded run is labelled "recorded" on the panel
and in the results. A card a move turns shows its back until the server names it, then turns
over (``TableView.unknown``).

A dropped connection to the server is made again by ``OnlineDuel`` within the server's comeback
window, under the red banner counting its seconds down ("Reconnecting…": ``connection_banner``,
which says it in place of a rival's drop; the rival's panel stays the rival's), no move
meanwhile: back in the race, the table is the server's again; told the result of a race decided meanwhile, the
results show it; past the window, the results say the connection was lost and what the server
does then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solitaire.app.scene import App
from solitaire.core import STOCK, TABLEAU, WASTE, Pile
from solitaire.net.online_messages import Matched
from solitaire.play.online import OnlineRace
from solitaire.play.rival import ME
from solitaire.scenes.duel.duel import DuelScene
from solitaire.scenes.duel.panel import clock_text, rival_figures
from solitaire.scenes.menus.confirm import ask
from solitaire.scenes.online_common import tier_name
from solitaire.scenes.table.table import TableScene
from solitaire.view.layout import Slot

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient

PILES = {"t": TABLEAU, "w": WASTE, "s": STOCK}  # the mirror's places' kinds (``net.mirror.Place``)
NAME_DOT = "\u00a0·"  # NO-BREAK SPACE, MIDDLE DOT: between a name and its tier, kept with the name


def opponent_label(app: Any, opponent: dict) -> str:
    """The opponent's name and tier; a recorded run says so (never passed off as a person). The
    dot keeps to the name (``NAME_DOT``), so a label the rival's box wraps never starts a line
    with it ("Sara · Bronze" / "(recorded)")."""
    tier = tier_name(app, str(opponent.get("tier", "")))
    name = f"{opponent.get('name', '')}{NAME_DOT} {tier}".strip(f" {NAME_DOT}")
    return app.t("online.recorded.name", name=name) if opponent.get("recorded") else name


class OnlineRaceScene(DuelScene):
    def __init__(self, app: App, client: OnlineClient, matched: Matched, autoplay: Any = None,
                 on_result: Any = None, **_: Any) -> None:
        from solitaire.net.online import OnlineDuel  # websockets' client: loaded on first use, not at start-up

        self.online = OnlineDuel(client, matched)
        self.waiting_elsewhere = False  # left for the results screen, which waits for the result
        super().__init__(app, opponent="online", autoplay=autoplay, on_result=on_result)
        self.screen.hide_unknown(self._unknown_slots)

    def _unknown_slots(self) -> set[Slot]:
        """The mirror's stand-ins, face down on the table: a card turned shows its back until
        the server names it, then turns over (``TableView.unknown``)."""
        return {Slot(Pile(PILES[kind], pile), index) for kind, pile, index in self.online.mirror.unknown_places()}

    def make_duel(self, rival: Any, code: Any, winnable: bool, autoplay: Any, fast: bool,
                  seconds: float | None, on_result: Any) -> OnlineRace:
        """The server's race, against the opponent it matched us with."""
        matched = self.online.matched
        return OnlineRace(self.online, opponent_label(self.app, matched.opponent),
                          autoplayer=self.autoplayer(autoplay, fast, float(matched.seconds)),
                          store=self.app.services.store, on_result=on_result)

    def race_step(self, dt: float) -> None:
        """The server's answers: a refused move said, and the table redrawn once the server
        has sent it back (a refusal, a seat taken again) or named the cards a move turned."""
        online = self.online
        awaiting, refused, reseated, lost = not online.mirror.ready, online.refused, online.reseated, online.lost
        super().race_step(dt)
        if online.refused is not refused:
            self.say(online.refused.detail)
        if online.reseated is not reseated and lost is not None:
            self.say(self.app.t("online.reconnected"))
        if (awaiting and online.mirror.ready) or online.refused is not refused or online.reseated is not reseated:
            self.view.sync(self.game)
            self._update_buttons()
        elif online.lost is not lost:
            self._update_buttons()

    @property
    def frozen(self) -> bool:
        """No move while the connection to the server is being made again."""
        return super().frozen or self.online.lost is not None

    def results(self) -> tuple[str, dict[str, Any]]:
        """The server's result, with the rating change."""
        return "online_results", {"result": self.online.result, "opponent": self.duel.rival.name}

    # -- leaving ---------------------------------------------------------------------------------
    def ask_leave(self, then: str = "title") -> None:
        """Online, leaving does not decide the race: the server ends our game then (End, its
        bonus banked) and the opponent plays on to their end or the clock's. The question says
        so, with the opponent's total as its panel shows it; the results screen then waits for
        the server's verdict and shows it with the rating change (``leave_to_results``). A host
        of a duel on the local network stops its server by leaving: that race is decided there,
        as the Duel's own question says. The question's figures are read each frame it shows
        (``leave_question``), as the End question's are: the opponent plays on under it."""
        duel = self.duel
        hosting = self.online.client.hosting is not None
        if duel.result is not None or hosting or not self.app.can_open("online_results"):
            super().ask_leave(then)
            return
        ask(self.app, self.leave_question, self.leave_to_results, yes_label=self.app.t("duel.leave"),
            no_label=self.app.t("menu.cancel"))

    def leave_question(self) -> str:
        """The Leave question's words now: our total, the opponent's as the panel shows it, the
        race's time left."""
        duel = self.duel
        playing = duel.race.playing(ME)
        total = duel.preview().total if playing else duel.race.total(ME)
        key = "online.leave_confirm" if playing else "online.leave_confirm_ended"
        return self.app.t(key, total=total, opponent=rival_figures(duel)[0], left=clock_text(self.online.seconds_left))

    def leave_to_results(self) -> None:
        """Our game ends now (End, told to the server); the race stays connected, and the
        results screen takes the table's place, waiting for the server's result."""
        if self.duel.result is None:
            self.duel.end()
        if self.duel.result is not None:  # the server's result was already in
            self._show_results()
            return
        self.waiting_elsewhere = True
        self.app.stack.clear()
        self.app.open("online_results", result=None, opponent=self.duel.rival.name, waiting=self.duel)

    def exit(self) -> None:
        """Left for the results screen, the race is its to finish; else End now (DU-4)."""
        if self.waiting_elsewhere:
            TableScene.exit(self)
            return
        super().exit()
