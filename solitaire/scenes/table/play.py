"""The table of one game in play (any game of the registry): the shared table
(``scenes.table``) with a game session (which game, its clock, what the store is told:
``session``), its buttons, and the restart / new game / menu questions.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.core import Game, GameCode, Move
from solitaire.scenes.menus.questions import ask_new_game, ask_restart
from solitaire.play import spoken
from solitaire.play.session import Session, mode_slot
from solitaire.scenes.table.demo import Demo
from solitaire.scenes.table.hud import bar_height
from solitaire.scenes.table.table import TableScene


class PlayScene(TableScene):
    def __init__(self, app: App, game_id: str | None = None, draw: int | None = None,
                 scoring: str | None = None, code: GameCode | str | None = None,
                 winnable: bool = False, resume: bool = True, slot: str | None = None,
                 game: Game | None = None, daily: date | None = None, **_: Any) -> None:
        super().__init__(app)
        store = app.services.store
        if game is not None:  # a position set up by hand (the win panel's smoke start)
            self.session = Session(store, game)
        else:
            self.session = Session.open(store, game_id, draw, scoring, code, winnable, resume, slot, daily)
        self.demo = Demo(self)
        self._build_parts()
        self._build_widgets()
        self.session.on_new_game = self._new_table

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def elapsed(self) -> float:
        return self.session.elapsed

    def spoken_figures(self) -> str:
        return spoken.figures(self.game, self.elapsed)

    # ----------------------------------------------------------------------------- games
    def _replace_game(self, game: Game, start: dict | None = None) -> None:
        """Put ``game`` on the table in place of the current one (``elapsed`` is the caller's)."""
        self.session.replace(game, start)

    def _new_table(self, resumed: bool = False) -> None:
        """The session holds another game: a table built for it, nothing of the old one kept."""
        self.demo.stop()
        self.clicks.reset()
        self.pointer.reset()
        self.board.reset()
        self.hud.hush()
        self.hints.forget()  # a new deal stops any search of the old one
        self.finish.reset()
        self.tweens.cancel_all()
        self.screen.rebuild(self.game)
        self.screen.deal(self.game)
        self._update_buttons()
        self.hints.ask_status(self.game)
        if resumed:
            self.say(self.app.t("play.resumed"))

    def new_deal(self) -> None:
        """Another deal in the same mode (K-8)."""
        self.session.new_deal(self.app.settings.winnable_only)

    # ----------------------------------------------------------------------------- widgets
    def _build_widgets(self) -> None:
        t = self.app.t
        self._new_group()  # relabelled in another language, the board's focus stays
        self.undo_button = ui.Button(t("play.undo"), self.undo)
        self.redo_button = ui.Button(t("play.redo"), self.redo)
        self.hint_button = ui.Button(t("play.hint"), lambda: self.hints.ask_hint(self.game))
        self.restart_button = ui.Button(t("play.restart"), lambda: ask_restart(self.app, self))
        self.new_button = ui.Button(t("play.new"), lambda: ask_new_game(self.app, self))
        self.menu_button = ui.Button(t("play.menu"), self.open_menu, primary=True)
        self.bar = ui.TopBar(
            start=[(self.menu_button, 2.4), (self.new_button, 3.2)],
            end=[(self.restart_button, 2.6), (self.hint_button, 2.2), (self.undo_button, 2.2),
                 (self.redo_button, 2.2)],
        )
        self.group.add(self.bar)

    def _update_buttons(self) -> None:
        self.undo_button.enabled = (self.game.can_undo or self.game.undo_spent) and not self.game.won
        self.redo_button.enabled = self.game.can_redo and not self.game.won
        self.hint_button.enabled = not self.game.won

    # ----------------------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.screen.deal(self.game)
        self._update_buttons()
        self.hints.ask_status(self.game)
        self.app.settings_listeners.append(self._settings_changed)
        self.finish.opened()
        self.voice.opened(i18n.mode_words(mode_slot(self.game)))

    def exit(self) -> None:
        super().exit()
        self.demo.stop()
        self.session.put_aside()

    def _settings_changed(self, settings: Any) -> None:
        if settings.status_line != (self.hints.advisor.status is not None):
            self.hints.ask_status(self.game)
        super()._settings_changed(settings)

    def relocalised(self) -> Scene:
        """The interface changed language: the same game, in the same position, relabelled,
        with its table mirrored or not for the new writing direction (issue 11).
        """
        self._build_widgets()
        self.hud.hush()  # a sentence in the old language
        self.screen.rebuild(self.game)
        self.view.sync(self.game, animate=False)
        self.on_resize(self.app.display.size)
        return self

    # ----------------------------------------------------------------------------- the demo
    @property
    def advised(self) -> bool:  # type: ignore[override]
        """The status line follows the game, but not the demo's moves (the worker is the demo's)."""
        return not self.demo.running

    def start_demo(self) -> None:
        """C-13: the computer plays on from here; the status line waits for the table's return."""
        self.hints.silence()
        self.demo.start()

    @property
    def speed(self) -> float:
        """The animation speed the demo paces its moves by."""
        return self.view.speed

    @property
    def settled(self) -> bool:
        """No card flying, no auto-complete step to come: the demo's next move may go."""
        return not (self.view.in_motion() or self.finish.auto_completing)

    def hand_to_demo(self) -> None:
        """The demo's first move gives the game up to it (C-13): the session says so."""
        self.session.hand_to_demo()

    def demo_stopped(self) -> None:
        """The table is the player's again: the status line catches up with the position."""
        self._update_buttons()
        self.hints.ask_status(self.game)

    def handle(self, event: pygame.event.Event) -> None:
        """While the demo plays, any key or click gives the table back (and does nothing else)."""
        if self.demo.running and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.demo.stop()
            return
        super().handle(event)

    def pause(self) -> None:
        """A dialog over the table (a notice, the menu) ends the demo: the table is the player's."""
        super().pause()
        self.demo.stop()

    # ----------------------------------------------------------------------------- moves
    def after_move(self, move: Move) -> None:
        self.session.played()
        if self.game.won:
            self.session.record_win()
        else:
            self.session.save()

    def after_undo(self) -> None:
        self.session.save()

    def ask_new(self) -> None:
        ask_new_game(self.app, self)

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.demo.update(dt)
        self.session.tick(dt)
        self.hud.tell_store_notices(self.session.store)

    def wants_frames(self) -> bool:
        return super().wants_frames() or self.demo.running

    def next_wake(self) -> float | None:
        if self.session.counted and self.app.settings.show_time and not self.game.won:
            return 1.0 - (self.elapsed % 1.0)
        return None

    def wake_area(self) -> pygame.Rect | None:
        """The clock's once-a-second frame changes only the band above the table (the bar, and
        the figures' row under it with large text)."""
        return pygame.Rect(0, 0, self.bar.rect.w, bar_height(self.app.display.size))

    # ----------------------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.finish.cascade is not None:
            self.finish.cascade.draw(surface)
            return
        self.draw_table(surface, alpha)
        self.group.draw(surface)
        self.hud.draw(surface, self.bar.rect, self.game, self.elapsed, self.hints.advisor, self.bar.middle_room())
        if self.demo.running:
            key = "demo.thinking" if self.demo.thinking else "demo.banner"
            self.hud.draw_banner(surface, self.app.t(key))
        elif self.mark():
            self.hud.draw_mark(surface, self.mark())

    def mark(self) -> str:
        """What the table says this game is, until it ends: a daily deal's day (DD-1), and that
        the demo played in it, so it no longer counts (C-13); "" for a game like any other."""
        t, parts = self.app.t, []
        day = self.session.daily
        if day is not None:
            parts.append(t("table.daily_mark", date=t("daily.date", day=day.day,
                                                      month=t(f"daily.month.{day.month}"), year=day.year)))
        if self.session.demo_played:
            parts.append(t("table.demo_mark"))
        return "  ·  ".join(parts)
