"""The Duel (DU-1 … DU-6): your table, full size, racing a rival on the same deal for 4:00.

The shared table (``scenes.table``) plays your side through a :class:`~solitaire.core.duel.Race`
(player 0), so every point is kept by kind for the DU-4 summary; the rival (``scenes.rival``)
plays player 1, whose moves reach the race here, in replay notation, through the core — a move
the core refuses ends the rival's game. Its cards are never drawn: both sides play the same
deal, so its uncovered cards would tell you your own hidden ones; the opponent panel
(``duel_panel``) shows its progress only.

The scene owns race time. Once the deal has landed, a 3-2-1 count starts both clocks; then race
time follows the frame clock, or, with ``fast``, jumps ``FAST_STEP`` a frame but never past a
moment a computer side is still thinking (``duel_race.race_step_length``), so a headless duel is
over in seconds and plays the same on any machine. Once you have ended while the rival plays
on, the scene says it waits for the opponent (``waiting``); against the computer "See the result
now" (``hurry``) plays the computer's remaining race on the simulated clock: the same moves at
the same race times as waiting, so the same result. Covered by its menu or the End question (or
any notice), the scene gets no frames: against the computer both clocks stop; a rival that
cannot pause (a person on the network) keeps racing under them (``covered_update``).

Leaving the duel (the menu, or closing the window) is End at that moment (DU-4), and the race
is decided there: your total against the rival's at that time.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.core import Move, Refusal, parse_code
from solitaire.core.codes import GameCode
from solitaire.core.duel import Breakdown, DuelResult, Race, RivalEvent, RivalLost, notation
from solitaire.scenes import duel_panel
from solitaire.scenes.menus.confirm import ask
from solitaire.scenes.duel_race import FAST_STEP, HURRY_STEP, RivalSide, race_step_length, settled
from solitaire.scenes.rival import Rival, computer_player, duel_deal, is_end, make_rival
from solitaire.scenes.table.table import TableScene

COUNT_SECONDS = 3.0  # the 3-2-1 before both clocks start
URGENT_SECONDS = 30.0  # the countdown turns urgent
COVERED_POLL = 0.03  # a network duel under a dialog: seconds between two reads of its line
ME, RIVAL = 0, 1


class DuelScene(TableScene):
    celebrate_win = False  # 52 home ends your game; the race goes on for the rival
    advised = False  # no solver help in a race

    def __init__(self, app: App, rival: Rival | None = None, code: GameCode | str | None = None,
                 opponent: str = "computer:medium", winnable: bool = False,
                 autoplay: Any = None, fast: bool = False, seconds: float | None = None,
                 on_result: Callable[[DuelResult], None] | None = None, **_: Any) -> None:
        super().__init__(app)
        if isinstance(code, str):
            code = parse_code(code)
        self.code: GameCode = code if code is not None else duel_deal(winnable)
        self.fast = fast
        self.race = Race(self.code)
        if seconds is not None:  # a shorter race (the network host's --race-seconds, for both)
            self.race.limit = float(seconds)
        self.rival: Rival = rival if rival is not None else make_rival(app, opponent, fast, self.race.limit)
        self.opponent = opponent
        self.autoplayer = (computer_player(app, autoplay, fast, self.race.limit) if isinstance(autoplay, str)
                           else autoplay)
        self.count_left = COUNT_SECONDS
        self.started = False
        self.settling = False  # a network duel at 0:00, waiting for the last moves to arrive
        self.my_moves = 0  # our side's moves told to the rival (an undo is one too)
        self.rival_side = RivalSide()
        self.hurried = False  # "See the result now": the rest of the computer's race simulated
        self.result: DuelResult | None = None
        self.on_result = on_result  # told the result once the race is decided (--smoke prints it)
        self._build_parts()
        self._build_widgets()

    @property
    def game(self):  # type: ignore[override]
        return self.race.games[ME]

    @property
    def rival_game(self):
        return self.race.games[RIVAL]

    @property
    def waiting(self) -> bool:
        """You have finished and the rival still plays: the results wait for it."""
        return self.result is None and self.started and self.race.finished(ME) and self.race.playing(RIVAL)

    @property
    def can_hurry(self) -> bool:
        """"See the result now" is offered: waiting on a computer (a person's race cannot be
        played for them)."""
        return self.waiting and self.rival.pausable and not self.hurried

    def hurry(self) -> None:
        """Play the computer's remaining race at once, on the simulated clock (the result is
        the one waiting would give)."""
        if self.can_hurry:
            self.hurried = True
            self._update_buttons()

    @property
    def frozen(self) -> bool:
        return (not self.started or not self.race.playing(ME) or self.autoplayer is not None
                or self.settling)

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
        shown = self.can_hurry
        if shown != self.hurry_button.visible:
            self.hurry_button.visible = shown
            self.group.layout_changed()

    # ----------------------------------------------------------------------------- moves
    def check(self, move: Move) -> Refusal | None:
        if self.race.over:
            return self.game.refuse("race_over")
        if self.race.finished(ME):
            return self.game.refuse("race_ended")
        return self.game.check(move)

    def apply_move(self, move: Move) -> None:
        self.race.apply(ME, move)
        self._tell_rival(notation(move))

    def after_move(self, move: Move) -> None:
        if self.game.won:  # 52 home ends your game (DU-5: with its bonus)
            self.say(self.app.t("duel.all_home"))
            self.rival.my_end(self.race.elapsed)
            self._update_buttons()
            self._check_over()

    def apply_redo(self) -> None:
        """C-12: the rival is told the move itself, which its copy checks and scores as a move."""
        self._tell_rival(notation(self.race.redo(ME)))

    def take_back(self) -> bool:
        if not self.race.playing(ME) or not self.race.undo(ME):
            return False
        self._tell_rival(notation(None))
        return True

    def _tell_rival(self, text: str) -> None:
        self.my_moves += 1
        self.rival.my_move(self.my_moves, text, self.race.elapsed)

    def draw_stock(self) -> None:
        if not self.frozen:  # the keys too wait for the count, and stop with your game
            super().draw_stock()

    def ask_hint(self) -> None:
        self.say(self.app.t("duel.no_hints"))

    def ask_new(self) -> None:
        """F2: a new duel, after leaving this one (asked first: it counts as End)."""
        self.ask_leave(then="new_duel")

    # ----------------------------------------------------------------------------- End
    def preview(self) -> Breakdown:
        """DU-4: your points now, and the time bonus if you end now."""
        return self.race.breakdown(ME)

    def ask_end(self) -> None:
        if self.race.playing(ME) and self.app.can_open("duel_end"):
            self.app.open("duel_end", duel=self)

    def end_now(self) -> None:
        """End (DU-4), confirmed: your game stops for good, banking the time bonus."""
        if not self.race.playing(ME):
            return
        self.race.end(ME)
        self.rival.my_end(self.race.elapsed)
        self.finish.auto_timer = None
        self.pointer.cancel()
        self.clicks.selection = None
        self._update_buttons()
        self._check_over()

    def ask_leave(self, then: str = "title") -> None:
        """Leaving asks first, and counts as End at that moment."""
        if self.result is not None:
            self._leave(then)
            return
        total = self.preview().total if self.race.playing(ME) else self.race.total(ME)
        ask(self.app, self.app.t("duel.leave_confirm", total=total, opponent=self.race.total(RIVAL)),
            lambda: self._leave(then), yes_label=self.app.t("duel.leave"),
            no_label=self.app.t("menu.cancel"))

    def _leave(self, then: str) -> None:
        self.conclude()
        self.app.stack.clear()
        self.app.open("title")
        if then != "title" and self.app.can_open(then):
            self.app.open(then)

    def conclude(self) -> DuelResult:
        """The duel ends here if it has not: End for you, the race decided on the totals now,
        the result counted once."""
        if self.result is None:
            if self.race.playing(ME):
                self.race.end(ME)
                self.rival.my_end(self.race.elapsed)
            self._finish_race()
        assert self.result is not None
        return self.result

    # ----------------------------------------------------------------------------- the rival
    def _hear_rival(self) -> None:
        for event in self._rival_events():
            self._apply_rival(event)

    def _rival_events(self) -> list[RivalEvent]:
        try:
            return self.rival.update(self.race.elapsed)
        except Exception:  # a rival's bug must stop that rival, never the game
            logging.getLogger(__name__).exception("the rival failed")
            return [RivalLost("duel.stopped")]

    def _apply_rival(self, event: RivalEvent) -> None:
        self.rival_side.hear(self.race, event)
        if not self.race.playing(1):
            self._update_buttons()

    # ----------------------------------------------------------------------------- autoplay
    def _autoplay(self) -> None:
        """``--autoplay``: the computer plays your side, through the same table."""
        if self.autoplayer is None or not self.race.playing(ME) or self.finish.auto_timer is not None \
                or self.settling:
            return
        decision = self.autoplayer.update(self.game, self.race.elapsed)
        if decision is None:
            return
        if is_end(decision):
            self.end_now()
        elif isinstance(decision, Move):
            if self.check(decision) is None:
                TableScene.play(self, decision)
            else:
                self.end_now()  # a side that cannot say a legal move stops (never a crash)
        else:
            self.say(self.app.t("duel.stopped"))
            self.end_now()

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.result is None:
            self.race_step(dt)

    def covered_update(self, dt: float) -> None:
        """A dialog over the duel: the race runs on under it (its count too) only when the rival
        cannot pause, its moves going out and coming in as often as ``covered_wake`` says."""
        if not self.rival.pausable and self.result is None:
            self.race_step(dt)

    def covered_wake(self) -> float | None:
        return None if self.rival.pausable or self.result is not None else COVERED_POLL

    @property
    def dealing(self) -> bool:
        """The deal still flies in: the 3-2-1 waits for it (``--fast``: for no picture)."""
        return not self.started and not self.fast and self.tweens.active

    def race_step(self, dt: float) -> None:
        agreed = self.rival.race_clock()  # a network duel: the clock both machines agreed on
        if not self.started:
            if agreed is not None:  # a network duel: both machines count on the agreed clock
                self.count_left = -agreed
            elif self.dealing:
                return
            else:
                self.count_left -= COUNT_SECONDS if self.fast else dt
            if self.count_left <= 0:
                self.started = True
                self.rival.start(self.code)
                self._update_buttons()
            return
        if agreed is not None:  # real and never paused; --fast only quickens the computer there
            moment, self.settling = settled(self.race, agreed)
            step = max(0.0, moment - self.race.elapsed)
        elif self.fast and self.finish.auto_timer is not None:
            step = dt  # auto-complete (K-9) plays card by card in real time, fast or not
        else:
            simulated = HURRY_STEP if self.hurried else (FAST_STEP if self.fast else None)
            step = race_step_length(self.race, self.rival, self.autoplayer, dt, simulated)
        self.race.tick(step)
        self._hear_rival()
        self._autoplay()
        self._check_over()

    def _check_over(self) -> None:
        if self.race.over and self.result is None:
            self._finish_race()
            self._show_results()

    def _finish_race(self) -> None:
        """The race is decided: the result, counted once in the statistics; the rival freed."""
        self.result = self.race.decide((self.app.t("duel.you"), self.rival.name), self.rival.kind)
        self.rival.close()
        if self.autoplayer is not None:
            self.autoplayer.close()
        store = self.app.services.store
        if store is not None:
            outcome = {"you": "won", "opponent": "lost", "tie": "tied"}[self.result.winner]
            store.record_duel(self.rival.kind, outcome, self.result.you.breakdown.total)
        self._update_buttons()
        if self.on_result is not None:
            self.on_result(self.result)

    def _show_results(self) -> None:
        if not self.app.can_open("duel_results"):
            return
        while len(self.app.stack) and self.app.stack.top is not self:
            self.app.stack.pop()
        self.app.switch("duel_results", result=self.result, code=str(self.code),
                        opponent=self.opponent, note=self.rival_side.note if self.rival_side.out else "")

    @property
    def countdown(self) -> float:
        return self.race.seconds_left

    @property
    def urgent(self) -> bool:
        return self.started and self.countdown <= URGENT_SECONDS and not self.race.over

    def wants_frames(self) -> bool:
        return super().wants_frames() or self.result is None

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        duel_panel.place_hurry(self, size)

    # ----------------------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.screen.deal(self.game)
        self._update_buttons()
        if self.app.keyboard_input:  # started from the keyboard: the board's focus shown at once
            self.group.focus(self.board, visible=True)
        self.app.settings_listeners.append(self._settings_changed)

    def exit(self) -> None:
        """Closing the window (or anything else that takes the duel away) is End now."""
        super().exit()
        if self.result is None:
            self.conclude()

    def pause(self) -> None:
        super().pause()
        if self.rival.pausable:
            self.rival.pause()

    def resume(self) -> None:
        if self.rival.pausable:
            self.rival.resume()

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
        duel_panel.draw(surface, self)  # the waiting card under the widgets: its button is one
        self.group.draw(surface)
        if self.hud.toast is not None:
            self.hud.draw_toast(surface)
