"""The table in play: input turned into core moves, and the view told to catch up.

Every change goes the same way: the scene asks the core to apply a move (or undo), then calls
``view.sync(game)``; the view animates the difference. Refused moves come back from the core as
a rule id and a sentence, shown when "interactive rules" is on (TF-7).

The scene puts together one table's parts, each with its own job: the game session (which game,
its clock, what the store is told: ``session``), the mouse (``pointer``), keyboard focus on the
board (``board_focus``), the heads-up display (``hud``), and what a click or a drop means, which
is the rules' (``core.intents``). Clicks follow each game's own page: Klondike and the Duel use
the one-tap setting or select-then-click (K-8); Double and Thoughtful send a clicked card to its
foundation and a double-clicked one to the tableau (DS-8, TF-6). Dragging works everywhere.
"""

from __future__ import annotations

from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.core import DRAW, STOCK, Game, GameCode, Move, Pile, Refusal, intents
from solitaire.scenes.advisor import Advisor
from solitaire.scenes.board_focus import BoardFocus
from solitaire.scenes.hud import Hud, Toast, bar_height
from solitaire.scenes.pointer import Press, Pointer
from solitaire.scenes.session import Session
from solitaire.view.cardart import CardArt
from solitaire.view.celebrate import Cascade
from solitaire.view.layout import Layout, Slot
from solitaire.view.table import TableView

DOUBLE_CLICK_SECONDS = 0.4
AUTO_STEP_SECONDS = 0.11
HINT_SECONDS = 2.4
DEAL_STAGGER = 0.028
THINKING_AFTER = 0.3  # say "Thinking…" if a hint takes longer than this
BOARD_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER)


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
        self.selection: tuple[Pile, int] | None = None
        self.last_click: tuple[Pile, int, float] | None = None
        self.clock = 0.0
        self.hint: tuple[Move, float] | None = None
        self.advisor = Advisor(app)
        self.auto_timer: float | None = None
        self.cascade: Cascade | None = None
        self.won_shown = False
        self.layout = self._new_layout()
        self.art = CardArt(self.layout.card, str(app.settings.get("card_back", "blue")))
        self.view = self._new_view()
        self._build_widgets()

    # The session's and the parts' state, read where tests and the other scenes look for it.
    game = property(lambda self: self.session.game)
    start_json = property(lambda self: self.session.start_json)
    counted = property(lambda self: self.session.counted)
    press: Press | None = property(lambda self: self.pointer.press)  # type: ignore[assignment]
    toast: Toast | None = property(lambda self: self.hud.toast)  # type: ignore[assignment]
    focus_pile: Pile = property(lambda self: self.board.pile)  # type: ignore[assignment]

    @property
    def elapsed(self) -> float:
        return self.session.elapsed

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        self.session.elapsed = seconds

    # ----------------------------------------------------------------------------- games
    def _new_layout(self) -> Layout:
        size = self.app.display.size
        return Layout(self.game.rules, size, bar_height(size), i18n.is_rtl())

    def _new_view(self) -> TableView:
        """A table view built from nothing for the current game and layout: the cached felt, the
        slots' marks (Thoughtful's ♠♥♦♣, Klondike's "A") and the sprites never carry over from
        another game (issue 11).
        """
        if self.art.size != self.layout.card:
            self.art.set_size(self.layout.card)
        view = TableView(self.art, self.layout, self.tweens)
        view.speed = float(self.app.settings.get("animation_speed", 1.0))
        return view

    def _replace_game(self, game: Game, start: dict | None = None) -> None:
        """Put ``game`` on the table in place of the current one (``elapsed`` is the caller's)."""
        self.session.replace(game, start)
        self._new_table()

    def _new_table(self) -> None:
        """The session holds another game: a table built for it, nothing of the old one kept."""
        self.selection = None
        self.pointer.press = None
        self.last_click = None
        self.board.reset()
        self.hud.toast = None
        self.hint = None
        self.advisor.forget()  # a new deal stops any search of the old one
        self.auto_timer = None
        self.cascade = None
        self.won_shown = False
        self.tweens.cancel_all()
        self.layout = self._new_layout()
        self.view = self._new_view()
        self._deal_animation()
        self._update_buttons()
        self._request_status()

    def at_stake(self, slot: str | None = None) -> bool:
        """Would a new deal in ``slot`` (None: this game's mode) give up a game with moves?"""
        return self.session.at_stake(slot)

    def restart(self) -> None:
        """The same deal from the start (K-8)."""
        self.session.restart()
        self._new_table()

    def new_deal(self) -> None:
        """Another deal in the same mode (K-8)."""
        self.session.new_deal(bool(self.app.settings.get("winnable_only")))
        self._new_table()

    def start(self, game_id: str, draw: int, scoring: str, winnable: bool = False, resume: bool = True) -> None:
        """Play ``game_id`` in this mode (see :meth:`Session.start`)."""
        resumed = self.session.start(game_id, draw, scoring, winnable, resume)
        self._new_table()
        if resumed:
            self.say(self.app.t("play.resumed"))

    def start_code(self, code: GameCode) -> None:
        """Play the deal of a game code (G-1): a new deal in the code's mode."""
        self.session.start_code(code)
        self._new_table()

    # ----------------------------------------------------------------------------- widgets
    def _build_widgets(self) -> None:
        t = self.app.t
        self.group = ui.WidgetGroup(self.app.text, rtl=i18n.is_rtl(), on_escape=self.escape)
        focus = getattr(self, "board", None)  # relabelled in another language, the focus stays
        self.board = BoardFocus(self)
        if focus is not None:
            self.board.pile, self.board.depth = focus.pile, focus.depth
        self.undo_button = ui.Button(t("play.undo"), self.undo)
        self.hint_button = ui.Button(t("play.hint"), self.show_hint)
        self.restart_button = ui.Button(t("play.restart"), self.ask_restart)
        self.new_button = ui.Button(t("play.new"), self.ask_new_game)
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
        self._deal_animation()
        self._update_buttons()
        self._request_status()
        self.app.settings_listeners.append(self._settings_changed)
        if self.game.won:
            self.won_shown = True

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
        if bool(settings.get("status_line", True)) != (self.advisor.status is not None):
            self._request_status()
        self.view.speed = float(settings.get("animation_speed", 1.0))  # the next move already
        back = str(settings.get("card_back", "blue"))
        if back != self.art.back_name:
            self.art.set_back(back)
            self.view.invalidate()

    def relocalised(self) -> Scene:
        """The interface changed language: the same game, in the same position, relabelled,
        with its table mirrored or not for the new writing direction (issue 11).
        """
        self._build_widgets()
        self.hud.toast = None  # a sentence in the old language
        self.layout = self._new_layout()
        self.view = self._new_view()
        self.view.sync(self.game, animate=False)
        self.on_resize(self.app.display.size)
        return self

    def _deal_animation(self) -> None:
        """Cards fly from the stock to their places, one after another."""
        self.view.sprites.clear()
        self.view.sync(self.game, animate=True, stagger=DEAL_STAGGER, from_slot=Pile(STOCK))
        self.app.audio.play("shuffle")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.pointer.cancel()  # the window may be new: its button-up may never come
        bar = bar_height(size)
        self.layout = Layout(self.game.rules, size, bar, i18n.is_rtl())
        # Cards on the table snap to their new places; before the deal there are none to move.
        self.view.set_layout(self.layout, self.game if self.view.sprites else None)
        self.bar.layout((0, 0, size[0], bar))
        self.board.layout((0, bar, size[0], size[1] - bar))
        self.group.layout_changed()
        if self.cascade:
            self.cascade = None

    # ----------------------------------------------------------------------------- moves
    def play(self, move: Move, quiet: bool = False) -> bool:
        """Apply a move through the core; on refusal say why. True if it was played."""
        refusal = self.game.check(move)
        if refusal:
            self.refuse(refusal)
            return False
        hidden_before = sum(self.game.hidden)
        self.game.apply(move)
        self.session.counted = True
        self.hint = None
        self.advisor.forget()
        self.selection = None
        self.view.sync(self.game)
        if not quiet:
            self.app.audio.play("deal" if move.src.kind == STOCK else "place")
        if sum(self.game.hidden) < hidden_before:
            self.app.audio.play("flip")
        self._after_change()
        return True

    def _after_change(self) -> None:
        self._update_buttons()
        self._request_status()
        if self.game.won:
            self._won()
        else:
            self.session.save()
            if self.game.auto_complete_ready() and self.auto_timer is None:
                self.auto_timer = AUTO_STEP_SECONDS * 2  # K-9: starts by itself

    def refuse(self, refusal: Refusal) -> None:
        self.app.audio.play("refuse")
        if self.app.settings.get("interactive_rules", True):
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
        self.hint = None
        self.advisor.forget()
        self.selection = None
        self.auto_timer = None
        self.view.sync(self.game)
        self.app.audio.play("pickup")
        self._update_buttons()
        self._request_status()
        self.session.save()

    def draw_stock(self) -> None:
        self.play(DRAW)

    def _won(self) -> None:
        self.auto_timer = None
        self.session.record_win()
        self.app.audio.play("win")

    # ----------------------------------------------------------------------------- menus
    def open_menu(self) -> None:
        if self.app.can_open("menu"):
            self.app.open("menu", play=self)

    def ask_new_game(self) -> None:
        if self.app.can_open("new_game"):
            self.app.open("new_game", game_id=self.game.rules.id, play=self)
        elif self.at_stake():
            from solitaire.scenes.new_game import new_deal_question

            g = self.game
            self._ask(new_deal_question(self.app, g.rules.id, g.draw, g.scoring.name), self.new_deal,
                      self.app.t("new_game.start"))
        else:
            self.new_deal()

    def ask_restart(self) -> None:
        """Restarting gives this game up (a lost game once it has moves): ask first."""
        if self.at_stake():
            self._ask(self.app.t("menu.restart_confirm"), self.restart, self.app.t("menu.restart"))
        else:
            self.restart()

    def _ask(self, question: str, on_yes: Any, yes_label: str) -> None:
        from solitaire.scenes.confirm import ask

        ask(self.app, question, on_yes, yes_label=yes_label, no_label=self.app.t("menu.cancel"))

    def escape(self) -> None:
        if self.selection is not None:
            self.selection = None
        else:
            self.open_menu()

    # ----------------------------------------------------------------------------- hints
    def show_hint(self) -> None:
        """Ask the solver's worker for a hint; the answer arrives in ``update``."""
        if not self.game.won:
            self.hint = None
            self.advisor.ask_hint(self.game)

    def _request_status(self) -> None:
        self.advisor.ask_status(self.game, bool(self.app.settings.get("status_line", True)))

    def _poll_solver(self, dt: float) -> None:
        for move in self.advisor.poll(dt):
            if self.toast is not None and self.toast.text == self.app.t("play.thinking"):
                self.hud.toast = None
            if move is None:
                self.say(self.app.t("play.no_hint"))
            else:
                self.hint = (move, HINT_SECONDS)
            if self.advisor.status == "checking":
                self._request_status()
        if self.advisor.hint_ticket is not None and self.advisor.hint_waited > THINKING_AFTER and self.toast is None:
            self.say(self.app.t("play.thinking"))

    # ----------------------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        if self.cascade is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.cascade = None
            self._open_win()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer.cancel()  # a press still open lost its button-up: it must not eat this one
            if not self.group.handle(event):
                self.pointer.down(event.pos)
            return
        if event.type == pygame.MOUSEMOTION:
            self.group.handle(event)
            self.pointer.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.pointer.handle(event):
                self.group.handle(event)
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self.pointer.cancel()
            return
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and self.group.focused is None and event.key in BOARD_KEYS:
                self.group.focus(self.board, visible=True)
            self.group.handle(event)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if (key == pygame.K_z and ctrl) or key == pygame.K_u or key == pygame.K_BACKSPACE:
            self.undo()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_F2 or (key == pygame.K_n and ctrl):
            self.ask_new_game()
        elif key == pygame.K_SPACE and self.group.focused in (None, self.board):
            self.draw_stock()
        else:
            return False
        return True

    # ----------------------------------------------------------------------------- clicks
    def activate(self, pile: Pile, count: int) -> None:
        """A click (or Enter) on a pile, ``count`` cards from its top being the clicked card."""
        if self.game.won:
            return
        if pile.kind == STOCK:
            self.selection = None
            self.draw_stock()
            return
        now = self.clock
        double = (
            self.last_click is not None
            and self.last_click[:2] == (pile, count)
            and now - self.last_click[2] <= DOUBLE_CLICK_SECONDS
        )
        self.last_click = (pile, count, now)
        if self.game.rules.id in ("klondike", "duel"):
            self._klondike_click(pile, count)
        else:
            self._tap(pile, count, double)

    def key_click(self, pile: Pile, count: int) -> None:
        """Enter on the board's focused card: a click, or K-8's select-then-click step."""
        if self.app.settings.get("one_tap", True) or self.game.rules.id not in ("klondike", "duel"):
            self.activate(pile, count)
        else:
            self._klondike_click(pile, count)

    def _klondike_click(self, pile: Pile, count: int) -> None:
        """K-8: one tap moves the card to a good place; otherwise select, then click the place."""
        if self.app.settings.get("one_tap", True):
            self._act(intents.one_tap(self.game, pile, count))
        elif self.selection is None:
            if count:
                self.selection = (pile, count)
                self.app.audio.play("pickup")
        else:
            src, n = self.selection
            self.selection = None
            self._act(intents.place_selection(self.game, src, n, pile))

    def _tap(self, pile: Pile, count: int, double: bool) -> None:
        """DS-8 / TF-6: a click sends a top card home; a double click looks on the tableau."""
        double = double and bool(self.app.settings.get("double_click", True))
        if self._act(intents.home_click(self.game, pile, count, double)):
            self.last_click = None

    def _act(self, intent: intents.Intent) -> bool:
        """Carry out what a click meant: play its move or say its refusal; True if it meant any."""
        if isinstance(intent, Move):
            self.play(intent)
        elif intent is not None:
            self.refuse(intent)
        return intent is not None

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.view.step()
        super().update(dt)
        self.clock += dt
        g = self.game
        self.session.tick(dt)
        self.hud.update(dt)
        self._poll_solver(dt)
        self.hud.tell_store_notices(self.session.store)
        if self.hint is not None:
            move, left = self.hint
            self.hint = (move, left - dt) if left - dt > 0 else None
        if self.auto_timer is not None:
            self.auto_timer -= dt
            if self.auto_timer <= 0:
                move = g.auto_complete_next()
                if move is None:
                    self.auto_timer = None
                else:
                    self.auto_timer = AUTO_STEP_SECONDS
                    self.play(move)
        if g.won and not self.won_shown and not self.view.in_motion():
            self.won_shown = True
            self.cascade = Cascade(self.art, self.layout, g, self.app.display.size)
        if self.cascade is not None:
            self.cascade.update(dt)
            if self.cascade.finished:
                self.cascade = None
                self._open_win()

    def _open_win(self) -> None:
        if self.app.can_open("win"):
            self.app.open("win", play=self)

    def wants_frames(self) -> bool:
        return (
            self.tweens.active or self.pointer.press is not None or self.hud.toast is not None
            or self.hint is not None or self.advisor.busy
            or self.auto_timer is not None or self.cascade is not None
            or (self.game.won and not self.won_shown)
        )

    def next_wake(self) -> float | None:
        if self.counted and self.app.settings.get("show_time", True) and not self.game.won:
            return 1.0 - (self.elapsed % 1.0)
        return None

    def wake_area(self) -> pygame.Rect | None:
        """The clock's once-a-second frame changes only the top bar."""
        return self.bar.rect

    # ----------------------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.cascade is not None:
            self.cascade.draw(surface)
            return
        self.view.draw(surface, self.game, alpha)
        self._draw_marks(surface)
        self.view.draw_dragged(surface)  # the cards in the hand cover every glow
        self.group.draw(surface)
        self.hud.draw(surface, self.bar.rect, self.game, self.elapsed, self.advisor)

    def _card_rect_of(self, pile: Pile, depth: int = 1) -> pygame.Rect:
        size = len(self.game.pile(pile))
        sprite = self.view.by_slot.get(Slot(pile, size - depth)) if size else None
        if sprite is None:
            return self.layout.pile_rect(pile)
        return pygame.Rect(round(sprite.pos[0]), round(sprite.pos[1]), *self.layout.card)

    def _mark(self, surface: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
        m = self.art.margin
        surface.blit(self.art.highlight(kind), (rect.x - m, rect.y - m))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        press = self.pointer.press
        if press is not None and press.dragging and press.drop is not None:
            self._mark(surface, "drop", self._card_rect_of(press.drop))
        if self.selection is not None:
            pile, count = self.selection
            self._mark(surface, "select", self._card_rect_of(pile, count))
        if self.hint is not None:
            move = self.hint[0]
            if move.src.kind == STOCK:
                self._mark(surface, "hint", self.layout.pile_rect(Pile(STOCK)))
            else:
                self._mark(surface, "hint", self._card_rect_of(move.src, move.count))
                self._mark(surface, "hint", self._card_rect_of(move.dst))
        if self.group.focused is self.board and self.group.focus_visible:
            self._mark(surface, "focus", self._card_rect_of(self.board.pile, self.board.depth))
