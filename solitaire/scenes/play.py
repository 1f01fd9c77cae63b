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
from solitaire.scenes.board_focus import BoardFocus
from solitaire.scenes.finish import Finish
from solitaire.scenes.hints import Hints
from solitaire.scenes.hud import Hud, bar_height
from solitaire.scenes.marks import draw_marks
from solitaire.scenes.pointer import Pointer
from solitaire.scenes.questions import ask_new_game, ask_restart
from solitaire.scenes.session import Session
from solitaire.view.cardart import CardArt
from solitaire.view.layout import Layout
from solitaire.view.table import TableView

DOUBLE_CLICK_SECONDS = 0.4
DEAL_STAGGER = 0.028
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
        self.hints = Hints(app, self.hud)
        self.finish = Finish(self)
        self.layout = self._new_layout()
        self.art = CardArt(self.layout.card, str(app.settings.get("card_back", "blue")))
        self.view = self._new_view()
        self._build_widgets()
        self.session.on_new_game = self._new_table

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def elapsed(self) -> float:
        return self.session.elapsed

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

    def _new_table(self, resumed: bool = False) -> None:
        """The session holds another game: a table built for it, nothing of the old one kept."""
        self.selection = None
        self.pointer.press = None
        self.last_click = None
        self.board.reset()
        self.hud.toast = None
        self.hints.forget()  # a new deal stops any search of the old one
        self.finish.reset()
        self.tweens.cancel_all()
        self.layout = self._new_layout()
        self.view = self._new_view()
        self._deal_animation()
        self._update_buttons()
        self._request_status()
        if resumed:
            self.say(self.app.t("play.resumed"))

    def new_deal(self) -> None:
        """Another deal in the same mode (K-8)."""
        self.session.new_deal(bool(self.app.settings.get("winnable_only")))

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
        if bool(settings.get("status_line", True)) != (self.hints.advisor.status is not None):
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
        self.finish.cascade = None

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
        self.hints.forget()
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
            self.finish.after_move()

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
        self.hints.forget()
        self.selection = None
        self.finish.auto_timer = None
        self.view.sync(self.game)
        self.app.audio.play("pickup")
        self._update_buttons()
        self._request_status()
        self.session.save()

    def draw_stock(self) -> None:
        self.play(DRAW)

    def _won(self) -> None:
        self.finish.auto_timer = None
        self.session.record_win()
        self.app.audio.play("win")

    # ----------------------------------------------------------------------------- menus
    def open_menu(self) -> None:
        if self.app.can_open("menu"):
            self.app.open("menu", play=self)

    def ask_new_game(self) -> None:
        ask_new_game(self.app, self)

    def ask_restart(self) -> None:
        ask_restart(self.app, self)

    def escape(self) -> None:
        if self.selection is not None:
            self.selection = None
        else:
            self.open_menu()

    # ----------------------------------------------------------------------------- hints
    def show_hint(self) -> None:
        """Ask the solver's worker for a hint; the answer arrives in ``update``."""
        if not self.game.won:
            self.hints.ask_hint(self.game)

    def _request_status(self) -> None:
        self.hints.ask_status(self.game)

    # ----------------------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        if self.finish.handle(event) or self.pointer.handle(event):
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
        self.hints.update(dt, g)
        self.hud.tell_store_notices(self.session.store)
        self.finish.update(dt)

    def wants_frames(self) -> bool:
        return (
            self.tweens.active or self.pointer.press is not None or self.hud.toast is not None
            or self.hints.busy or self.finish.busy
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
        if self.finish.cascade is not None:
            self.finish.cascade.draw(surface)
            return
        self.view.draw(surface, self.game, alpha)
        draw_marks(surface, self)
        self.view.draw_dragged(surface)  # the cards in the hand cover every glow
        self.group.draw(surface)
        self.hud.draw(surface, self.bar.rect, self.game, self.elapsed, self.hints.advisor)
