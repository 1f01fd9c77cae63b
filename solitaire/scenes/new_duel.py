"""The New duel window: the opponent (the computer at Easy, Medium or Hard; the network choices
join them with issue 15) and the deal (random, a game code, or a winnable deal from the Duel's
pool), then Start. Opened from the title it is replaced by the duel, so the duel's end returns
to the title. It opens on the opponent chosen last (a setting); joining plays the host's deal,
so with Join chosen there is no deal to choose and its row is not shown. The first network duel
asks the player's name first (the other player sees it; the system's user name told two
players apart badly: "root" and "root"). Online (issue 25): the server deals, so instead of the
deal the window asks how to meet — the queue, a room code to give, or a friend's code.
"""

from __future__ import annotations

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import BadCode, parse_code
from solitaire.scenes.menus.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.menus.game_code import CodeField, refusal_line
from solitaire.scenes.menus.player_name import PlayerNameScene
from solitaire.core.duel import STRENGTHS, is_race, race_mode
from solitaire.core import pools
from solitaire.store.settings import NETWORK_ROLES

DEALS = ("random", "winnable", "code")
ONLINE_WAYS = ("find", "room", "join")  # issue 25: the queue, a room code to give, a friend's code


class NewDuelScene(DialogScene):
    def __init__(self, app: App, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.title = t("duel.new_title")
        self.strength = app.settings.duel_opponent
        self.deal = "random"
        self.opponent_label = self.group.add(ui.Label(t("duel.opponent"), colour=ui.GOLD, bold=True))
        self.opponent_choice = self.group.add(ui.SegmentedChoice(
            [(s, t("duel.computer", strength=t(f"duel.strength.{s}"))) for s in STRENGTHS]
            + [(role, t(f"net.{role}.choice")) for role in NETWORK_ROLES] + [("online", t("online.choice"))],
            self.strength, self._set_strength))
        self.online_way = "find"
        self.online_label = self.group.add(ui.Label(t("online.how"), colour=ui.GOLD, bold=True))
        self.online_choice = self.group.add(ui.SegmentedChoice(
            [(way, t(f"online.{way}")) for way in ONLINE_WAYS], self.online_way, self._set_online_way))
        self.deal_label = self.group.add(ui.Label(t("duel.deal"), colour=ui.GOLD, bold=True))
        deals = [d for d in DEALS if d != "winnable" or pools.has_pool(*race_mode())]
        self.deal_choice = self.group.add(ui.SegmentedChoice(
            [(d, t(f"duel.deal.{d}")) for d in deals], self.deal, self._set_deal))
        self.code_field = self.group.add(CodeField(self._submit_code, placeholder="DU2-D3N-AAAAAAB"))
        self.code_field.visible = False
        self._show_deal()
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.start_button = self.group.add(ui.Button(t("duel.start"), self.start, primary=True))
        self.rows = [[self.cancel_button, self.start_button]]

    def initial_focus(self) -> ui.Widget | None:
        return self.start_button

    def _set_strength(self, value: str) -> None:
        self.strength = value
        self.app.change_settings(duel_opponent=value)
        self._show_deal()
        if self.size != (0, 0):  # laid out already: the window grows or shrinks with the deal's row
            self.on_resize(self.size)

    def _set_deal(self, value: str) -> None:
        self.deal = value
        self._show_deal()
        self.code_field.error = ""

    def _set_online_way(self, value: str) -> None:
        self.online_way = value

    @property
    def deal_chosen(self) -> bool:
        """Whether this window chooses the deal: not when joining (the host's deal is played),
        nor online (the server deals)."""
        return self.strength not in ("join", "online")

    def _show_deal(self) -> None:
        self.deal_label.visible = self.deal_choice.visible = self.deal_chosen
        self.online_label.visible = self.online_choice.visible = self.strength == "online"
        self.code_field.visible = self.deal_chosen and self.deal == "code"

    def _submit_code(self, _: str) -> None:
        self.start()

    def start(self) -> None:
        if self.strength == "online":
            self._online()
            return
        code = None
        if self.deal_chosen and self.deal == "code":
            try:
                code = parse_code(self.code_field.value)
            except BadCode as error:
                self.code_field.error = refusal_line(error)
                return
            if not is_race(code.game):
                self.code_field.error = self.app.t("duel.not_a_duel_code")
                return
        if self.strength in NETWORK_ROLES:
            self._network(code)
            return
        self.app.switch("duel", code=code, opponent=f"computer:{self.strength}",
                        winnable=self.deal == "winnable")

    def _network(self, code: object) -> None:
        """Host (on this window's deal) or join (the host's deal): the waiting screen first, and
        before it, the first time, the player's name."""
        if not self.app.settings.player_name:
            self.app.stack.push(PlayerNameScene(self.app, on_named=lambda: self._network(code)))
            return
        if self.strength == "join":
            self.app.switch("net_lobby", role="join")
            return
        if code is None:
            from solitaire.scenes.rival import duel_deal

            code = duel_deal(self.deal == "winnable")
        self.app.switch("net_lobby", role="host", code=code)

    def _online(self) -> None:
        """The wait screen of the way chosen; before it, the first time, the player's name."""
        if not self.app.settings.player_name:
            self.app.stack.push(PlayerNameScene(self.app, on_named=self._online))
            return
        self.app.switch("online_lobby", mode=self.online_way)

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        w = min(int(size[0] * 0.86), int(u * 18))  # six opponents in one row
        rows = [(self.opponent_label, 0.7), (self.opponent_choice, 1.1)]
        if self.deal_chosen:
            rows += [(self.deal_label, 0.7), (self.deal_choice, 1.1), (self.code_field, 1.0)]
        elif self.strength == "online":
            rows += [(self.online_label, 0.7), (self.online_choice, 1.1)]
        h = self.title_height(u) + int(u * 0.5) + sum(int(u * k) + gap for _, k in rows) \
            + int(u * 0.3) + u + int(u * 1.4)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + int(u * 0.5)
        for widget, k in rows:
            widget.layout((inner.x, y, inner.w, int(u * k)))
            y += int(u * k) + gap
        bw = min(int(u * 4.2), (inner.w - u // 2) // 2)
        place_row(self.rows[0], panel.centerx, panel.bottom - int(u * 0.7) - u, bw, u, u // 2, self.rtl)
