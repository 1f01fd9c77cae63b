"""The New duel window: the opponent (the computer at Easy, Medium or Hard; the network choices
join them with issue 15) and the deal (random, a game code, or a winnable deal from the Duel's
pool), then Start. Opened from the title it is replaced by the duel, so the duel's end returns
to the title.
"""

from __future__ import annotations

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import BadCode, parse_code
from solitaire.scenes.confirm import DialogScene, centred, place_row, unit
from solitaire.scenes.game_code import CodeField, refusal_line
from solitaire.core.duel import STRENGTHS, is_race, race_mode
from solitaire.solver import pools

DEALS = ("random", "winnable", "code")
NETWORK_ROLES = ("host", "join")  # issue 15: a person on the network (the host's deal is used)


class NewDuelScene(DialogScene):
    def __init__(self, app: App, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.title = t("duel.new_title")
        self.strength = "medium"
        self.deal = "random"
        self.opponent_label = self.group.add(ui.Label(t("duel.opponent"), colour=ui.GOLD, bold=True))
        self.opponent_choice = self.group.add(ui.SegmentedChoice(
            [(s, t("duel.computer", strength=t(f"duel.strength.{s}"))) for s in STRENGTHS]
            + [(role, t(f"net.{role}.choice")) for role in NETWORK_ROLES],
            self.strength, self._set_strength))
        self.deal_label = self.group.add(ui.Label(t("duel.deal"), colour=ui.GOLD, bold=True))
        deals = [d for d in DEALS if d != "winnable" or pools.has_pool(*race_mode())]
        self.deal_choice = self.group.add(ui.SegmentedChoice(
            [(d, t(f"duel.deal.{d}")) for d in deals], self.deal, self._set_deal))
        self.code_field = self.group.add(CodeField(self._submit_code, placeholder="DU2-D3N-AAAAAAB"))
        self.code_field.visible = False
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.start_button = self.group.add(ui.Button(t("duel.start"), self.start, primary=True))
        self.rows = [[self.cancel_button, self.start_button]]

    def initial_focus(self) -> ui.Widget | None:
        return self.start_button

    def _set_strength(self, value: str) -> None:
        self.strength = value

    def _set_deal(self, value: str) -> None:
        self.deal = value
        self.code_field.visible = value == "code"
        self.code_field.error = ""

    def _submit_code(self, _: str) -> None:
        self.start()

    def start(self) -> None:
        code = None
        if self.deal == "code":
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
        """Host (on this window's deal) or join (the host's deal): the waiting screen first."""
        if self.strength == "join":
            self.app.switch("net_lobby", role="join")
            return
        if code is None:
            from solitaire.scenes.rival import duel_deal

            code = duel_deal(self.deal == "winnable")
        self.app.switch("net_lobby", role="host", code=code)

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        gap = u // 3
        w = min(int(size[0] * 0.86), int(u * 15))
        h = self.title_height(u) + int(u * 0.5) + 2 * (int(u * 0.7) + int(u * 1.1) + 2 * gap) \
            + int(u * 1.3) + u + int(u * 1.4)
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + int(u * 0.5)
        for widget, k in ((self.opponent_label, 0.7), (self.opponent_choice, 1.1),
                          (self.deal_label, 0.7), (self.deal_choice, 1.1), (self.code_field, 1.0)):
            widget.layout((inner.x, y, inner.w, int(u * k)))
            y += int(u * k) + gap
        bw = min(int(u * 4.2), (inner.w - u // 2) // 2)
        place_row(self.rows[0], panel.centerx, panel.bottom - int(u * 0.7) - u, bw, u, u // 2, self.rtl)
