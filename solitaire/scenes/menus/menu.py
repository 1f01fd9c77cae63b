"""The game menu over a paused game: resume, another deal, restart, codes, rules, statistics.

An entry whose scene is not registered is not shown, so there is never a dead button.
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.scenes.menus.confirm import DialogScene, centred, unit
from solitaire.scenes.menus.new_game import close_to, game_name, has_modes, mode_label
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.menus.questions import ask_demo, ask_restart


SQUEEZE = 1.04  # rows may shrink by this much before the list splits into two columns


class MenuScene(DialogScene):
    def __init__(self, app: App, play: PlayTable, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.play = play
        game = play.game
        self.game_id = game.rules.id
        self.title = game_name(app, self.game_id)
        mode = [mode_label(app, self.game_id, game.draw, game.scoring.name)] if has_modes(self.game_id) else []
        self.subtitle = " · ".join(mode + [t("hud.score", score=game.score_text)])  # FreeCell: no "Draw 1"
        entries: list[tuple[str, Any, bool]] = [
            ("menu.resume", self.close, True),
            ("menu.new_game", self.new_game, app.can_open("new_game")),
            ("menu.restart", self.restart, True),
            ("menu.demo", self.demo, True),
            ("menu.game_code", lambda: self.app.open("game_code", play=self.play),
             app.can_open("game_code")),
            ("menu.rules", lambda: self.app.open("rules", game_id=self.game_id),
             app.can_open("rules")),
            ("menu.statistics", lambda: self.app.open("statistics", game_id=self.game_id, play=self.play),
             app.can_open("statistics")),
            ("menu.settings", lambda: self.app.open("settings"), app.can_open("settings")),
            ("menu.back_to_title", self.back_to_title, app.can_open("title")),
        ]
        self.buttons: list[ui.Button] = []
        for index, (key, action, shown) in enumerate(entries):
            button = ui.Button(t(key), action, primary=index == 0, visible=shown,
                               enabled=not (key == "menu.demo" and game.won))  # nothing left to show
            self.buttons.append(self.group.add(button))

    def new_game(self) -> None:
        self.app.open("new_game", game_id=self.game_id, play=self.play)

    def restart(self) -> None:
        """Same deal from the start; ask first when that gives up a game with moves."""
        ask_restart(self.app, self.play, self._restart)

    def _restart(self) -> None:
        close_to(self.app, self.play)
        self.play.session.restart()

    def demo(self) -> None:
        """C-13: the computer plays this game on, from where it stands."""
        close_to(self.app, self.play)
        ask_demo(self.app, self.play)

    def back_to_title(self) -> None:
        self.app.stack.clear()
        self.app.open("title")

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        shown = [b for b in self.buttons if b.visible]
        gap = max(6, u // 4)
        bh = int(u * 0.98)
        sub_h = int(u * 0.8)
        top = self.title_height(u) + sub_h + gap
        room = int(size[1] * 0.94) - top - 2 * u
        # Large text: the list reflows into two columns before its rows are squeezed much; short
        # windows then squeeze the rows before the panel outgrows the screen. A list within
        # SQUEEZE of its room stays one column, so that every window size decides alike (the unit's
        # rounding moves the list's height against the room by about 1%).
        one_column = self._list_height(len(shown), bh, gap)
        columns = 2 if one_column > room * SQUEEZE and len(shown) > 3 else 1
        per_column = -(-len(shown) // columns)
        list_h = self._list_height(per_column, bh, gap)
        if list_h > room:
            scale = room / list_h
            bh, gap = int(bh * scale), max(3, int(gap * scale))
            list_h = self._list_height(per_column, bh, gap)
        w = min(int(size[0] * 0.8), int(u * 8.5)) if columns == 1 else min(int(size[0] * 0.9), u * 16)
        panel = centred(size, w, top + list_h + int(u * 1.6))
        self.panel.layout(panel)
        self.subtitle_box = pygame.Rect(panel.x + u // 2, panel.y + self.title_height(u) + gap // 2,
                                        panel.w - u, sub_h)
        col_gap = u // 2
        bw = (w - 2 * u - (columns - 1) * col_gap) // columns
        left = panel.x + u
        for index, button in enumerate(shown):
            column, row = divmod(index, per_column)
            if self.rtl:  # the first column is the one read first: on the right
                column = columns - 1 - column
            button.layout((left + column * (bw + col_gap), panel.y + top + int(u * 0.6) + row * (bh + gap),
                           bw, bh))

    @staticmethod
    def _list_height(rows: int, bh: int, gap: int) -> int:
        return rows * bh + (rows - 1) * gap

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.blit_text(surface, self.subtitle, int(self.subtitle_box.h * 0.55), self.subtitle_box,
                       colour=ui.INK_DIM, align="centre")
