"""The Duel's screen (DU-1 … DU-6): your table, full size, racing a rival on the same deal.

The race itself is ``play.duel.Duel``: the count, the race clock, both sides' moves, End and the
result, with no display. This screen holds what it draws and forwards input: the shared table
(``scenes.table``) plays your side through the duel (``check``, ``apply_move``, ``take_back``),
each frame steps it (telling it whether the deal still flies in, and whether auto-complete is
playing your cards home), and once it is decided opens the results. The rival's cards are never
drawn: both sides play the same deal, so its uncovered cards would tell you your own hidden
ones; the opponent panel (``panel``) shows its progress only.

Covered by its menu or the End question (or any notice), the screen gets no frames: against the
computer both clocks stop; a rival that cannot pause (a person on the network) keeps racing
under them (``covered_update``). Leaving the duel (the menu, or closing the window) is End at
that moment (DU-4), and the race is decided there; an online race goes on for the opponent
(``online_race.ask_leave``).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import Game, Move, Refusal, parse_code
from solitaire.core.codes import GameCode
from solitaire.core.duel import DuelResult
from solitaire.play.computer import AutoPlayer, computer_player, make_rival
from solitaire.play.duel import Duel, duel_deal, new_race
from solitaire.play import spoken
from solitaire.play.rival import ME, RIVAL, Rival
from solitaire.play.spoken import counted
from solitaire.play.spoken_duel import DuelWords
from solitaire.scenes.menus.confirm import ask
from solitaire.scenes.duel import panel
from solitaire.scenes.table.table import TableScene

URGENT_SECONDS = 30.0  # the countdown turns urgent
COVERED_POLL = 0.03  # a network duel under a dialog: seconds between two reads of its line


class DuelScene(TableScene):
    celebrate_win = False  # 52 home ends your game; the race goes on for the rival
    advised = False  # no solver help in a race

    def __init__(self, app: App, rival: Rival | None = None, code: GameCode | str | None = None,
                 opponent: str = "computer:medium", winnable: bool = False,
                 autoplay: Any = None, fast: bool = False, seconds: float | None = None,
                 on_result: Callable[[DuelResult], None] | None = None, **_: Any) -> None:
        super().__init__(app)
        self.opponent = opponent
        self.duel = self.make_duel(rival, code, winnable, autoplay, fast, seconds, on_result)
        self.hand_to(self.duel)
        self.results_shown = False
        self._build_parts()
        self._build_widgets()

    def make_duel(self, rival: Rival | None, code: GameCode | str | None, winnable: bool, autoplay: Any,
                  fast: bool, seconds: float | None, on_result: Callable[[Any], None] | None) -> Duel:
        """The duel this screen shows: on ``code``'s deal (else a new one, ``winnable`` or not),
        against ``rival`` (else the computer the ``opponent`` choice names)."""
        if isinstance(code, str):
            code = parse_code(code)
        race = new_race(code if code is not None else duel_deal(winnable), seconds)
        if rival is None:
            rival = make_rival(self.opponent, self.app.services.solver, self.app.t, fast, race.limit)
        return Duel(race, rival, autoplayer=self.autoplayer(autoplay, fast, race.limit), fast=fast,
                    store=self.app.services.store, on_result=on_result)

    def autoplayer(self, autoplay: Any, fast: bool, limit: float) -> AutoPlayer | None:
        """``--autoplay STRENGTH`` (or a player given ready-made) for a race of ``limit`` seconds."""
        if isinstance(autoplay, str):
            return computer_player(self.app.services.solver, autoplay, fast, limit)
        return autoplay

    def hand_to(self, duel: Duel) -> None:
        """The duel's own moves for our side (``--autoplay``) go through this table, so they
        animate and sound as the player's; what the player is told, the table says."""
        duel.hand = lambda move: TableScene.play(self, move)
        duel.hand_undo = lambda: TableScene.put_back(self)
        duel.tell = lambda key: self.say(self.app.t(key))
        self.words = DuelWords(duel.rival.name)

    @property
    def game(self) -> Game:  # type: ignore[override]
        return self.duel.game

    @property
    def frozen(self) -> bool:
        return not self.duel.playing

    # ----------------------------------------------------------------------------- widgets
    def _build_widgets(self) -> None:
        t = self.app.t
        self._new_group()
        self.menu_button = ui.Button(t("play.menu"), self.open_menu, primary=True)
        self.end_button = ui.Button(t("duel.end"), self.ask_end)
        self.undo_button = ui.Button(t("play.undo"), self.undo)
        self.redo_button = ui.Button(t("play.redo"), self.redo)
        self.bar = ui.TopBar(start=[(self.menu_button, 2.4)],
                             end=[(self.end_button, 2.2), (self.undo_button, 2.2), (self.redo_button, 2.2)])
        self.group.add(self.bar)
        self.hurry_button = self.group.add(ui.Button(t("duel.see_result"), self.hurry, primary=True,
                                                     visible=False))
        self._update_buttons()

    def _update_buttons(self) -> None:
        playing = not self.frozen
        self.undo_button.enabled = playing and self.game.can_undo
        self.redo_button.enabled = playing and self.game.can_redo
        self.end_button.enabled = playing
        shown = self.duel.can_hurry
        if shown != self.hurry_button.visible:
            self.hurry_button.visible = shown
            self.group.layout_changed()

    def hurry(self) -> None:
        """"See the result now": the computer's remaining race played at once."""
        self.duel.hurry()
        self._update_buttons()

    # ----------------------------------------------------------------------------- moves
    def check(self, move: Move) -> Refusal | None:
        return self.duel.refusal(move)

    def apply_move(self, move: Move) -> None:
        self.duel.play(move)

    def after_move(self, move: Move) -> None:
        if self.game.won:  # 52 home ended your game (DU-5: with its bonus)
            self.say(self.app.t("duel.all_home"))
            self._update_buttons()
            self._show_results()

    def apply_redo(self) -> None:
        self.duel.redo()

    def take_back(self) -> bool:
        return self.duel.undo()

    def draw_stock(self) -> None:
        if not self.frozen:  # the keys too wait for the count, and stop with your game
            super().draw_stock()

    def ask_hint(self) -> None:
        self.say(self.app.t("duel.no_hints"))

    def ask_new(self) -> None:
        """F2: a new duel, after leaving this one (asked first: it counts as End)."""
        self.ask_leave(then="new_duel")

    # ----------------------------------------------------------------------------- End
    def ask_end(self) -> None:
        if self.duel.race.playing(ME) and self.app.can_open("duel_end"):
            self.app.open("duel_end", duel=self)

    def end_now(self) -> None:
        """End (DU-4), confirmed: your game stops for good, banking the time bonus."""
        if not self.duel.race.playing(ME):
            return
        self.duel.end()
        self.finish.auto_timer = None
        self.pointer.cancel()
        self.clicks.selection = None
        self._update_buttons()
        self._show_results()

    def ask_leave(self, then: str = "title") -> None:
        """Leaving asks first, and counts as End at that moment."""
        duel = self.duel
        if duel.result is not None:
            self._leave(then)
            return
        total = duel.preview().total if duel.race.playing(ME) else duel.race.total(ME)
        ask(self.app, self.app.t("duel.leave_confirm", total=total, opponent=panel.rival_figures(duel)[0]),
            lambda: self._leave(then), yes_label=self.app.t("duel.leave"),
            no_label=self.app.t("menu.cancel"))

    def _leave(self, then: str) -> None:
        self.conclude()
        self.app.stack.clear()
        self.app.open("title")
        if then != "title" and self.app.can_open(then):
            self.app.open(then)

    def conclude(self) -> DuelResult:
        """The duel ends here if it has not (End now, decided on the totals); no results screen."""
        self.results_shown = True
        return self.duel.conclude()

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.race_step(dt)

    def covered_update(self, dt: float) -> None:
        """A dialog over the duel: the race runs on under it (its count too) only when the rival
        cannot pause, its moves going out and coming in as often as ``covered_wake`` says."""
        if not self.duel.rival.pausable:
            self.race_step(dt)

    def covered_wake(self) -> float | None:
        return None if self.duel.rival.pausable or self.duel.result is not None else COVERED_POLL

    @property
    def dealing(self) -> bool:
        """The deal still flies in: the 3-2-1 waits for it (``--fast``: for no picture)."""
        return not self.duel.started and not self.duel.fast and self.tweens.active

    def race_step(self, dt: float) -> None:
        """The duel's step; the buttons follow what it changed, and its result is shown."""
        duel = self.duel
        if duel.result is not None:
            return
        before = (duel.started, duel.playing, duel.race.playing(RIVAL), duel.can_hurry)
        duel.step(dt, dealing=self.dealing, auto_completing=self.finish.auto_timer is not None)
        if (duel.started, duel.playing, duel.race.playing(RIVAL), duel.can_hurry) != before:
            self._update_buttons()
        if self.app.speech.wanted:  # issue 36: the count, the clock, the opponent's cards home
            self.app.speech.say_lines(self.words.step(duel.started, duel.count_left, duel.race.seconds_left,
                                                      duel.race.over, panel.rival_figures(duel)[1]))
        self._show_results()

    def _show_results(self) -> None:
        """Once the race is decided, its results take the duel's place (once)."""
        if self.duel.result is None or self.results_shown:
            return
        self.results_shown = True
        self._update_buttons()
        name, options = self.results()
        if not self.app.can_open(name):
            return
        while len(self.app.stack) and self.app.stack.top is not self:
            self.app.stack.pop()
        self.app.switch(name, **options)

    def results(self) -> tuple[str, dict[str, Any]]:
        """The results screen, and what it is opened with."""
        duel, side = self.duel, self.duel.rival_side
        return "duel_results", {"result": duel.result, "code": str(duel.code), "opponent": self.opponent,
                                "note": side.note if side.out else ""}

    def spoken_figures(self) -> str:
        """The I key in a race: the time left, your cards home and score, the opponent's."""
        total, home, _ = panel.rival_figures(self.duel)
        t, race = self.app.t, self.duel.race
        return spoken.sentence([panel.clock_text(self.countdown), t("duel.home", n=race.home(0)),
                                t("hud.score", score=race.total(0)),
                                counted("speech.duel.rival", home, name=self.duel.rival.name),
                                t("hud.score", score=total)])

    @property
    def countdown(self) -> float:
        return self.duel.race.seconds_left

    @property
    def urgent(self) -> bool:
        return self.duel.started and self.countdown <= URGENT_SECONDS and not self.duel.race.over

    def wants_frames(self) -> bool:
        return super().wants_frames() or self.duel.result is None

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        panel.place_hurry(self, size)

    # ----------------------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.screen.deal(self.game)
        self._update_buttons()
        self.group.quiet = True  # said with the duel's name, below
        if self.app.keyboard_input:  # started from the keyboard: the board's focus shown at once
            self.group.focus(self.board, visible=True)
        self.group.quiet = False
        self.voice.opened(self.app.t("speech.duel", name=self.duel.rival.name))
        self.app.settings_listeners.append(self._settings_changed)

    def exit(self) -> None:
        """Closing the window (or anything else that takes the duel away) is End now."""
        super().exit()
        if self.duel.result is None:
            self.conclude()

    def pause(self) -> None:
        super().pause()
        self.duel.pause()

    def resume(self) -> None:
        self.duel.resume()

    def relocalised(self) -> DuelScene:
        """Another language: the same race, relabelled and mirrored as the play scene is."""
        self._build_widgets()
        self.hud.toast = None
        self.screen.rebuild(self.game)
        self.view.sync(self.game, animate=False)
        self.on_resize(self.app.display.size)
        return self

    def open_menu(self) -> None:
        if self.app.can_open("duel_menu"):
            self.app.open("duel_menu", duel=self)

    # ----------------------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_table(surface, alpha)
        panel.draw(surface, self)  # the waiting card under the widgets: its button is one
        self.group.draw(surface)
        if self.hud.toast is not None:
            self.hud.draw_toast(surface)
