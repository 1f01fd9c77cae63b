"""A table in play, the part the play scene and the Duel share: input turned into core moves,
and the view told to catch up.

Every change goes the same way: the scene asks the core to apply a move (or undo), then calls
``view.sync(game)``; the view animates the difference. Refused moves come back from the core as
a rule id and a sentence, shown when "interactive rules" is on (TF-7).

The table is put together from parts, each with its own job: the table's picture (``screen``),
the mouse (``pointer``), clicks as each game's page asks (``clicks``, with what they mean
decided by the rules in ``core.intents``), the keyboard and board focus (``board_focus``), the
heads-up display (``hud``), hints and the status line (``hints``), the glows over the cards
(``marks``), and the game's ending, auto-complete and the win cascade (``finish``). The parts see
the scene through ``interface.Table`` and never reach into one another: what one part's event
means for another (a drag drops the selection and the hint) the scene routes. What a move
means beyond the table — a saved game and its statistics (the play scene), a race and its rival
(the Duel) — is the subclass's, through the hooks ``apply_move``, ``apply_redo``, ``take_back``,
``after_move`` and ``after_undo``.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.events import Refused, TakenBack, move_events
from solitaire.app.scene import App, Scene
from solitaire.core import DRAW, Game, Move, Pile, Refusal
from solitaire.play import spoken
from solitaire.scenes.table.board_focus import BOARD_KEYS, BoardFocus
from solitaire.scenes.table.clicks import Clicks
from solitaire.scenes.table.finish import Finish
from solitaire.scenes.table.hints import Hints
from solitaire.scenes.table.hud import Hud, bar_height, button_bar_height
from solitaire.scenes.table.marks import Marks, draw_marks
from solitaire.scenes.table.pointer import Pointer
from solitaire.scenes.table.screen import TableScreen
from solitaire.scenes.table.voice import Voice


class TableScene(Scene):
    """One table: ``game`` (the subclass says where it lives) and the parts that play it."""

    #: The win's card cascade (then the win panel) ends a won game; the Duel has its own end.
    celebrate_win = True
    #: The solver's status line follows the game (not in a race).
    advised = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.pointer = Pointer(self)
        self.hud = Hud(app)
        self.clicks = Clicks(self)
        self.hints = Hints(app, self.hud)
        self.finish = Finish(self)

    def _build_parts(self) -> None:
        """The picture of ``game`` and the widget group the board is a stop of (after ``game``
        exists, so subclasses call it once they hold one)."""
        self.screen = TableScreen(self.app, self.tweens, self.game)

    @property
    def game(self) -> Game:
        raise NotImplementedError

    layout = property(lambda self: self.screen.layout, doc="The table's layout on screen.")
    view = property(lambda self: self.screen.view, doc="The table's sprites.")
    art = property(lambda self: self.screen.art, doc="The card art at the table's size.")

    @property
    def frozen(self) -> bool:
        """No card may be moved: the game is won (the Duel: or this side's race is over)."""
        return self.game.won

    def _new_group(self) -> ui.WidgetGroup:
        """A widget group with the board as its first stop (the focus kept when relabelled)."""
        self.group = ui.WidgetGroup(self.app.text, rtl=i18n.is_rtl(), on_escape=self.escape)
        focus = getattr(self, "board", None)
        self.board = BoardFocus(self, *((focus.pile, focus.depth) if focus is not None else ()))
        self.voice = Voice(self, self.board)
        self.group.add(self.board)
        return self.group

    # ----------------------------------------------------------------------------- moves
    def check(self, move: Move) -> Refusal | None:
        """Why ``move`` may not be played now (None: it may)."""
        return self.game.check(move)

    def play(self, move: Move) -> bool:
        """Apply a move through the core and report what it did; on refusal say why. True if
        it was played."""
        return self._put(move, self.apply_move)

    def redo(self) -> None:
        """Ctrl+Y, Ctrl+Shift+Z or the Redo button: the last move undone, played again as a
        move (C-12), so its sound, its auto-complete and what it means beyond the table follow."""
        if self.frozen:
            return
        if not self.game.can_redo:
            self.refuse(self.game.redo_refusal())
            return
        self._put(self.game.undone[-1], lambda _: self.apply_redo())

    def _put(self, move: Move, apply: Callable[[Move], None]) -> bool:
        """``move`` checked, put on the table by ``apply`` and reported."""
        refusal = self.check(move)
        if refusal:
            self.refuse(refusal)
            return False
        stock_before, hidden_before = len(self.game.stock), sum(self.game.hidden)
        self.voice.before(move)
        apply(move)
        self._changed()
        self.app.events.report(*move_events(move, self.game, stock_before=stock_before,
                                            hidden_before=hidden_before))
        self.voice.moved()
        self.finish.after_move()
        self.after_move(move)
        return True

    def apply_move(self, move: Move) -> None:
        """Play a move the core has allowed."""
        self.game.apply(move)

    def apply_redo(self) -> None:
        """Play again the last move undone, which the core has allowed."""
        self.game.redo()

    def after_move(self, move: Move) -> None:
        """The move is on the table: what it means beyond it."""

    def undo(self) -> None:
        if not self.frozen:
            self.put_back()

    def put_back(self) -> bool:
        """Take back the last move and report it (a player's undo, or the Duel's computer playing
        our side); on refusal say why. True if it was taken back."""
        taken_back = self.voice.undo_line()
        if not self.take_back():
            self.refuse(self.game.undo_refusal())  # DS-9, TF-6: the limit is said, not hidden
            return False
        self.finish.after_undo()
        self._changed()
        self.app.events.report(TakenBack())
        self.app.speech.say(taken_back)
        self.after_undo()
        return True

    def take_back(self) -> bool:
        """Undo the last move; False when there is none to take back."""
        return self.game.undo()

    def after_undo(self) -> None:
        """A move was taken back: what that means beyond the table."""

    def _changed(self) -> None:
        """The game moved (or moved back): the table, the buttons and the solver catch up."""
        self.hints.forget()
        self.clicks.drop_selection()
        self.view.sync(self.game)
        self._update_buttons()
        if self.advised:
            self.hints.ask_status(self.game)

    def _update_buttons(self) -> None:
        """Enable the buttons that can act now."""

    def refuse(self, refusal: Refusal) -> None:
        self.app.events.report(Refused(refusal.rule))
        if self.app.settings.interactive_rules:
            text = i18n.refusal_text(refusal)
            note = i18n.t("play.refusal_rule", rule=refusal.rule) if self.app.settings.show_rule_numbers else ""
            self.hud.say(text[:1].upper() + text[1:], note,
                         spoken=spoken.refusal_words(self.game, refusal))

    def say(self, text: str, note: str = "") -> None:
        self.hud.say(text, note)

    def draw_stock(self) -> None:
        self.play(DRAW)

    def spoken_figures(self) -> str:
        """The figures the I key says (the play scene adds the time, the Duel its clock)."""
        return spoken.figures(self.game)

    # ----------------------------------------------------------------------------- the parts' requests
    def clicked(self, pile: Pile, count: int) -> None:
        """The pointer's click on a pile is the clicks' to read."""
        self.clicks.activate(pile, count)

    def entered(self, pile: Pile, count: int, pick: bool) -> None:
        """Enter on the board's focused card is a click; Shift+Enter the keyboard's drag."""
        if pick:
            self.clicks.key_pick(pile, count)
        else:
            self.clicks.key_click(pile, count)

    def drag_started(self) -> None:
        """Cards in the mouse's hand: the selection and the hint go."""
        self.clicks.drop_selection()
        self.hints.hide()

    # ----------------------------------------------------------------------------- keys
    def ask_hint(self) -> None:
        """H: the solver's hint."""
        self.hints.ask_hint(self.game)

    def ask_new(self) -> None:
        """F2 or Ctrl+N: another game (the subclass says how)."""

    def open_menu(self) -> None:
        if self.app.can_open("menu"):
            self.app.open("menu", play=self)

    def escape(self) -> None:
        if self.clicks.selection is not None:
            self.clicks.drop_selection()
        else:
            self.open_menu()

    # ----------------------------------------------------------------------------- lifecycle
    def pause(self) -> None:
        """Covered by a dialog: a drag is let go (the cards go back, no button is left held), and
        cards still flying are shown where they land, as the paused table gets no more logic
        steps to finish the flight. A passing message goes (it spoke of the table, and would
        wait under the dialog to show again after it).
        """
        self.pointer.cancel()
        self.hud.hush()
        self.tweens.finish()

    def exit(self) -> None:
        """Off the stack: it stops following the settings, and the table's images go now. The
        scene's parts point back at it, so the scene itself waits for the garbage collector,
        which may come many games later (issue 23)."""
        super().exit()
        if self._settings_changed in self.app.settings_listeners:
            self.app.settings_listeners.remove(self._settings_changed)
        self.view.close()

    def _settings_changed(self, settings: Any) -> None:
        """The settings just changed (the subclass listens from ``enter``): the table follows
        them at once (card back, animation speed, left hand, ...)."""
        self.screen.follow(settings, self.game)

    def on_resize(self, size: tuple[int, int]) -> None:
        """The table laid out again for the window: its sprites, the bar, the board's area."""
        self.pointer.cancel()  # the window may be new: its button-up may never come
        bar = bar_height(size)
        self.screen.resize(self.game, size)
        self.bar.layout((0, 0, size[0], button_bar_height(size)))
        self.board.layout((0, bar, size[0], size[1] - bar))
        self.group.layout_changed()
        self.finish.resized()

    # ----------------------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        """The cascade's, else the mouse's, else a key: a shortcut, else the focused widget's
        (an arrow or Enter with nothing focused focuses the board)."""
        if self.finish.handle(event) or self.pointer.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and self.group.focused is None and event.key in BOARD_KEYS:
                self.group.focus(self.board, visible=True)
            on_board, held = self.group.focused is self.board, self.clicks.selection
            self.group.handle(event)
            if on_board and event.type == pygame.KEYDOWN and self.group.focused is self.board:
                self.voice.after_key(event.key, held, self.clicks.selection)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        """The table's keys (undo, redo, hint, new game, draw); True if ``event`` was one."""
        key, ctrl, shift = event.key, event.mod & pygame.KMOD_CTRL, event.mod & pygame.KMOD_SHIFT
        if ctrl and (key == pygame.K_y or (key == pygame.K_z and shift)):
            self.redo()
        elif (key == pygame.K_z and ctrl) or key == pygame.K_u or key == pygame.K_BACKSPACE:
            self.undo()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_F2 or (key == pygame.K_n and ctrl):
            self.ask_new()
        elif key == pygame.K_SPACE and self.group.focused in (None, self.board):
            self.draw_stock()
        elif self.voice.key(event):
            pass
        else:
            return False
        return True

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.view.step()
        super().update(dt)
        self.clicks.update(dt)
        self.hud.update(dt)
        self.hints.update(dt, self.game)
        self.finish.update(dt)

    def wants_frames(self) -> bool:
        return (
            self.tweens.active or self.pointer.press is not None or self.hud.toast is not None
            or self.hints.busy or self.finish.busy or self.view.settling()
        )

    # ----------------------------------------------------------------------------- drawing
    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """The cards, the glows over them and the card in the hand over every glow."""
        self.view.draw(surface, self.game, alpha, lambda under: self.hud.draw_under_cards(under, self.layout, self.game))
        draw_marks(surface, self, self.marks())
        self.view.draw_dragged(surface)

    def marks(self) -> Marks:
        """What glows over the cards now, as the parts hold it."""
        focused = self.group.focused is self.board and self.group.focus_visible
        return Marks(drop=self.pointer.drop, selection=self.clicks.selection, hint=self.hints.move,
                     focus=self.board.place() if focused else None)
