"""The table in play: input turned into core moves, and the view told to catch up.

Every change goes the same way: the scene asks the core to apply a move (or undo), then calls
``view.sync(game)``; the view animates the difference. Refused moves come back from the core as
a rule id and a sentence, shown when "interactive rules" is on (TF-7).

The scene puts one table's parts together, each with its own job, and the Duel will put two
tables together from the same parts: the game session (which game, its clock, what the store is
told: ``session``), the table's picture (``screen``), the mouse (``pointer``), clicks as each
game's page asks (``clicks``, with what they mean decided by the rules in ``core.intents``),
the keyboard and board focus (``board_focus``), the heads-up display (``hud``), hints and the
status line (``hints``), the glows over the cards (``marks``), and the game's ending,
auto-complete and the win cascade (``finish``).
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.events import Refused, TakenBack, move_events
from solitaire.app.scene import App, Scene
from solitaire.core import DRAW, Game, GameCode, Move, Refusal
from solitaire.scenes.board_focus import BoardFocus, table_keys
from solitaire.scenes.clicks import Clicks
from solitaire.scenes.finish import Finish
from solitaire.scenes.hints import Hints
from solitaire.scenes.hud import Hud, bar_height, button_bar_height
from solitaire.scenes.marks import draw_marks
from solitaire.scenes.pointer import Pointer
from solitaire.scenes.questions import ask_new_game, ask_restart
from solitaire.scenes.screen import TableScreen
from solitaire.scenes.session import Session


class PlayScene(Scene):
    def __init__(self, app: App, game_id: str | None = None, draw: int | None = None,
                 scoring: str | None = None, code: GameCode | str | None = None,
                 winnable: bool = False, resume: bool = True, slot: str | None = None,
                 game: Game | None = None, **_: Any) -> None:
        super().__init__(app)
        store = getattr(app, "store", None)
        if game is not None:  # a position set up by hand (the win panel's smoke start)
            self.session = Session(store, game)
        else:
            self.session = Session.open(store, game_id, draw, scoring, code, winnable, resume, slot)
        self.pointer = Pointer(self)
        self.hud = Hud(app)
        self.clicks = Clicks(self)
        self.hints = Hints(app, self.hud)
        self.finish = Finish(self)
        self.screen = TableScreen(app, self.tweens, self.game)
        self._build_widgets()
        self.session.on_new_game = self._new_table

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def elapsed(self) -> float:
        return self.session.elapsed

    layout = property(lambda self: self.screen.layout, doc="The table's layout on screen.")
    view = property(lambda self: self.screen.view, doc="The table's sprites.")
    art = property(lambda self: self.screen.art, doc="The card art at the table's size.")

    # ----------------------------------------------------------------------------- games
    def _replace_game(self, game: Game, start: dict | None = None) -> None:
        """Put ``game`` on the table in place of the current one (``elapsed`` is the caller's)."""
        self.session.replace(game, start)

    def _new_table(self, resumed: bool = False) -> None:
        """The session holds another game: a table built for it, nothing of the old one kept."""
        self.clicks.reset()
        self.pointer.press = None
        self.board.reset()
        self.hud.toast = None
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
        self.group = ui.WidgetGroup(self.app.text, rtl=i18n.is_rtl(), on_escape=self.escape)
        focus = getattr(self, "board", None)  # relabelled in another language, the focus stays
        self.board = BoardFocus(self)
        if focus is not None:
            self.board.pile, self.board.depth = focus.pile, focus.depth
        self.undo_button = ui.Button(t("play.undo"), self.undo)
        self.hint_button = ui.Button(t("play.hint"), lambda: self.hints.ask_hint(self.game))
        self.restart_button = ui.Button(t("play.restart"), lambda: ask_restart(self.app, self))
        self.new_button = ui.Button(t("play.new"), lambda: ask_new_game(self.app, self))
        self.menu_button = ui.Button(t("play.menu"), self.open_menu, primary=True)
        self.bar = ui.TopBar(
            start=[(self.menu_button, 2.4), (self.new_button, 3.2)],
            end=[(self.restart_button, 2.6), (self.hint_button, 2.2), (self.undo_button, 2.2)],
        )
        self.group.add(self.board)
        self.group.add(self.bar)

    def _update_buttons(self) -> None:
        self.undo_button.enabled = (self.game.can_undo or self.game.undo_spent) and not self.game.won
        self.hint_button.enabled = not self.game.won

    # ----------------------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        self.screen.deal(self.game)
        self._update_buttons()
        self.hints.ask_status(self.game)
        self.app.settings_listeners.append(self._settings_changed)
        if self.game.won:
            self.finish.won_shown = True

    def exit(self) -> None:
        super().exit()
        if self._settings_changed in self.app.settings_listeners:
            self.app.settings_listeners.remove(self._settings_changed)
        self.session.put_aside()

    def pause(self) -> None:
        """Covered by a dialog: a drag is let go (the cards go back, no button is left held), and
        cards still flying are shown where they land, as the paused table gets no more logic
        steps to finish the flight.
        """
        self.pointer.cancel()
        self.tweens.finish()

    def _settings_changed(self, settings: dict) -> None:
        if settings.status_line != (self.hints.advisor.status is not None):
            self.hints.ask_status(self.game)
        self.screen.follow(settings, self.game)

    def relocalised(self) -> Scene:
        """The interface changed language: the same game, in the same position, relabelled,
        with its table mirrored or not for the new writing direction (issue 11).
        """
        self._build_widgets()
        self.hud.toast = None  # a sentence in the old language
        self.screen.rebuild(self.game)
        self.view.sync(self.game, animate=False)
        self.on_resize(self.app.display.size)
        return self

    def on_resize(self, size: tuple[int, int]) -> None:
        self.pointer.cancel()  # the window may be new: its button-up may never come
        bar = bar_height(size)
        self.screen.resize(self.game, size)
        self.bar.layout((0, 0, size[0], button_bar_height(size)))
        self.board.layout((0, bar, size[0], size[1] - bar))
        self.group.layout_changed()
        self.finish.cascade = None

    # ----------------------------------------------------------------------------- moves
    def play(self, move: Move) -> bool:
        """Apply a move through the core and report what it did; on refusal say why. True if
        it was played."""
        refusal = self.game.check(move)
        if refusal:
            self.refuse(refusal)
            return False
        stock_before, hidden_before = len(self.game.stock), sum(self.game.hidden)
        self.game.apply(move)
        self.session.counted = True
        self._changed()
        self.app.events.report(*move_events(move, self.game, stock_before=stock_before,
                                            hidden_before=hidden_before))
        if self.game.won:
            self.finish.auto_timer = None
            self.session.record_win()
        else:
            self.session.save()
            self.finish.after_move()
        return True

    def _changed(self) -> None:
        """The game moved (or moved back): the table, the buttons and the solver catch up."""
        self.hints.forget()
        self.clicks.selection = None
        self.view.sync(self.game)
        self._update_buttons()
        self.hints.ask_status(self.game)

    def refuse(self, refusal: Refusal) -> None:
        self.app.events.report(Refused(refusal.rule))
        if self.app.settings.interactive_rules:
            text = i18n.refusal_text(refusal)
            self.say(text[:1].upper() + text[1:], i18n.t("play.refusal_rule", rule=refusal.rule))

    def say(self, text: str, note: str = "") -> None:
        self.hud.say(text, note)

    def undo(self) -> None:
        if self.game.won:
            return
        if not self.game.undo():
            self.refuse(self.game.undo_refusal())  # DS-9, TF-6: the limit is said, not hidden
            return
        self.finish.auto_timer = None
        self._changed()
        self.app.events.report(TakenBack())
        self.session.save()

    def draw_stock(self) -> None:
        self.play(DRAW)

    # ----------------------------------------------------------------------------- menus
    def open_menu(self) -> None:
        if self.app.can_open("menu"):
            self.app.open("menu", play=self)

    def escape(self) -> None:
        if self.clicks.selection is not None:
            self.clicks.selection = None
        else:
            self.open_menu()

    # ----------------------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        if not (self.finish.handle(event) or self.pointer.handle(event)):
            table_keys(self, event)

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.view.step()
        super().update(dt)
        self.clicks.clock += dt
        g = self.game
        self.session.tick(dt)
        self.hud.update(dt)
        self.hints.update(dt, g)
        self.hud.tell_store_notices(self.session.store)
        self.finish.update(dt)

    def wants_frames(self) -> bool:
        return (
            self.tweens.active or self.pointer.press is not None or self.hud.toast is not None
            or self.hints.busy or self.finish.busy
        )

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
        self.view.draw(surface, self.game, alpha)
        draw_marks(surface, self)
        self.view.draw_dragged(surface)  # the cards in the hand cover every glow
        self.group.draw(surface)
        self.hud.draw(surface, self.bar.rect, self.game, self.elapsed, self.hints.advisor)
