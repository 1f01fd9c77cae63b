"""The table in play: input turned into core moves, and the view told to catch up.

Every change goes the same way: the scene asks the core to apply a move (or undo), then calls
``view.sync(game)``; the view animates the difference. Refused moves come back from the core as
a rule id and a sentence, shown when "interactive rules" is on (TF-7).

Clicks follow each game's own page: Klondike and the Duel use the one-tap setting or
select-then-click (K-8); Double and Thoughtful send a clicked card to its foundation and a
double-clicked one to the tableau (DS-8, TF-6). Dragging works everywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.core import (
    DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Game, GameCode, IllegalMove, Move, Pile,
    Refusal, parse_code, parse_request, ruleset,
)
from solitaire.core.codes import DEAL_LIMIT
from solitaire.core.save import load_save, save_data
from solitaire.scenes.advisor import Advisor
from solitaire.store import Outcome
from solitaire.view.cardart import CardArt
from solitaire.view.celebrate import Cascade
from solitaire.view.layout import Layout, Slot
from solitaire.view.table import CardSprite, TableView

DOUBLE_CLICK_SECONDS = 0.4
DRAG_THRESHOLD = 5
AUTO_STEP_SECONDS = 0.11
TOAST_SECONDS = 3.2
HINT_SECONDS = 2.4
DEAL_STAGGER = 0.028
THINKING_AFTER = 0.3  # say "Thinking…" if a hint takes longer than this


def slot_of(game_id: str, draw: int, scoring: str) -> str:
    """The saved-game slot of a mode (K-7: one per game, draw and scoring)."""
    from solitaire.core.modes import mode_key

    return mode_key(game_id, draw, scoring)


def mode_slot(game: Game) -> str:
    """The saved-game slot of a game's mode."""
    return slot_of(game.rules.id, game.draw, game.scoring.name)


def saved_game_at_stake(store: Any, slot: str) -> bool:
    """True if ``slot`` holds a saved game with moves, which a new deal there would give up."""
    loaded = store.load_game(slot, load_save) if store is not None else None
    return loaded is not None and loaded[0].moves > 0 and not loaded[0].won


def give_up_saved(store: Any, slot: str) -> None:
    """A new deal takes the place of ``slot``'s saved game: that game, if it had moves, ends as
    a lost one (issue 11's policy, see :meth:`PlayScene.at_stake`) and is forgotten.
    """
    loaded = store.load_game(slot, load_save) if store is not None else None
    if loaded is None:
        return
    game, _, elapsed = loaded
    lost = Outcome(False, game.score, elapsed, game.moves) if game.moves and not game.won else None
    store.end_game(slot, lost)  # counted and deleted in one step a kill cannot split


def pick_deal(game_id: str, draw: int, scoring: str, winnable: bool) -> GameCode:
    """A fresh deal: from the mode's verified-winnable pool when asked for and the mode has one
    (the New Game window offers the choice only there), else any deal.
    """
    if winnable:
        from solitaire.solver.pools import winnable_codes

        codes = winnable_codes(game_id, draw, scoring)
        if codes:
            return random.choice(codes)
    return GameCode(game_id, draw, scoring, random.randrange(DEAL_LIMIT))


@dataclass
class Press:
    """A mouse button held down on the table, not yet a click nor a drag."""

    pos: tuple[int, int]
    pile: Pile | None
    count: int  # cards that would move (0: nothing movable)
    sprites: list[CardSprite] = field(default_factory=list)
    origins: list[tuple[float, float]] = field(default_factory=list)
    dragging: bool = False
    drop: Pile | None = None


@dataclass
class Toast:
    text: str
    note: str = ""  # a small second line: the id of a refused move's rule
    left: float = TOAST_SECONDS


class BoardFocus(ui.Widget):
    """The table as one stop in the Tab order; arrow keys then move between board places."""

    def __init__(self, scene: PlayScene) -> None:
        super().__init__()
        self.scene = scene

    def handle_key(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and self.scene.board_key(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focused card gets its own ring, drawn by the scene."""


class PlayScene(Scene):
    def __init__(self, app: App, game_id: str | None = None, draw: int | None = None,
                 scoring: str | None = None, code: GameCode | str | None = None,
                 winnable: bool = False, resume: bool = True, slot: str | None = None,
                 game: Game | None = None, **_: Any) -> None:
        super().__init__(app)
        self.store = getattr(app, "store", None)
        self.elapsed = 0.0
        self.press: Press | None = None
        self.selection: tuple[Pile, int] | None = None
        self.focus_pile: Pile = Pile(STOCK)
        self.focus_depth = 1
        self.last_click: tuple[Pile, int, float] | None = None
        self.clock = 0.0
        self.toast: Toast | None = None
        self.hint: tuple[Move, float] | None = None
        self.advisor = Advisor(app)
        self.auto_timer: float | None = None
        self.cascade: Cascade | None = None
        self.won_shown = False
        if game is not None:  # a position set up by hand (the win panel's smoke start)
            self.game, self.start_json = game, game.to_json()
        else:
            self.game, self.start_json = self._first_game(game_id, draw, scoring, code, winnable,
                                                          resume, slot)
        self.counted = self.game.moves > 0 and not self.game.won
        self.layout = self._new_layout()
        self.art = CardArt(self.layout.card, str(app.settings.get("card_back", "blue")))
        self.view = self._new_view()
        self._build_widgets()

    # ----------------------------------------------------------------------------- games
    def _first_game(self, game_id, draw, scoring, code, winnable, resume, slot) -> tuple[Game, dict]:
        """The game to open with, and the position it started from."""
        if slot and self.store is not None:
            restored = self._restore(slot)
            if restored:
                return restored
            game_id, draw_text, scoring = slot.split("-")  # a mode key: klondike-d3-standard
            draw = int(draw_text[1:])
        if code is not None:
            game = Game.deal(parse_code(code) if isinstance(code, str) else code)
            give_up_saved(self.store, mode_slot(game))  # the dialogs asked first
            return game, game.to_json()
        game_id = game_id or "klondike"
        rules = ruleset(game_id)
        draw = draw if draw in rules.draws else rules.default_draw
        scoring = scoring if scoring in rules.scorings else rules.scorings[0]
        if resume and self.store is not None:
            restored = self._restore(slot_of(game_id, draw, scoring))
            if restored:
                return restored
        give_up_saved(self.store, slot_of(game_id, draw, scoring))
        game = Game.deal(pick_deal(game_id, draw, scoring, winnable))
        return game, game.to_json()

    def _new_layout(self) -> Layout:
        size = self.app.display.size
        return Layout(self.game.rules, size, self._bar_height(size), i18n.is_rtl())

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

    def _restore(self, slot: str) -> tuple[Game, dict] | None:
        """The saved game of ``slot`` with its start position; its clock too."""
        loaded = self.store.load_game(slot, load_save)
        if loaded is None:
            return None
        game, start, elapsed = loaded
        self.elapsed = elapsed
        return game, start

    def _replace_game(self, game: Game, start: dict | None = None) -> None:
        """Put ``game`` on the table in place of the current one, with a table built for it;
        a game with no move yet is not played (``elapsed`` is set by the caller).
        """
        self.game = game
        self.start_json = start if start is not None else game.to_json()
        self.counted = game.moves > 0 and not game.won
        self.selection = None
        self.press = None
        self.last_click = None
        self.focus_pile, self.focus_depth = Pile(STOCK), 1  # the old game's places may not exist
        self.toast = None
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

    # Issue 11's policy, the same for restart, new deal, game code and the New game window: a
    # game with no move is not played and counts for nothing; a game with moves that a new deal
    # or a restart replaces is given up and counts as a lost game, and the question asked
    # before says so. A game left without being replaced (back to the title, quitting, another
    # mode, another language) is not over: it waits as its mode's saved game (K-7).

    def at_stake(self, slot: str | None = None) -> bool:
        """Would a new deal in ``slot`` (None: this game's mode) give up a game with moves:
        this one, or that mode's saved game?
        """
        if slot is None or slot == mode_slot(self.game):
            return self.counted and not self.game.won
        return saved_game_at_stake(self.store, slot)

    def _abandon(self) -> None:
        """This game is given up for a new deal in its mode: a played one counts as lost."""
        if self.store is not None:
            self.store.end_game(mode_slot(self.game), self._outcome(False) if not self.game.won else None)
        self.counted = False

    def _put_aside(self) -> None:
        """Another mode takes the table: this game waits as its mode's saved game (K-7)."""
        if self.store is not None and self.game.moves and not self.game.won:
            self._save()

    def _outcome(self, won: bool) -> Outcome | None:
        """The result to count for the game ending now; None if it never counted (no move)."""
        g = self.game
        return Outcome(won, g.score, self.elapsed, g.moves) if self.counted else None

    def restart(self) -> None:
        """The same deal from the start (K-8)."""
        self._abandon()
        from solitaire.core.position import game_from_json

        game = game_from_json(self.start_json)
        self.elapsed = 0.0
        self._replace_game(game, self.start_json)

    def new_deal(self) -> None:
        """Another deal in the same mode (K-8)."""
        g = self.game
        self.start(g.rules.id, g.draw, g.scoring.name, bool(self.app.settings.get("winnable_only")), resume=False)

    def start(self, game_id: str, draw: int, scoring: str, winnable: bool = False, resume: bool = True) -> None:
        """Play ``game_id`` in this mode. In another mode this game waits as its mode's saved
        game, and with ``resume`` that mode's own saved game comes back if it has one (K-7);
        otherwise a new deal, which gives up the game it replaces.
        """
        slot = slot_of(game_id, draw, scoring)
        if slot != mode_slot(self.game):
            self._put_aside()
            restored = self._restore(slot) if resume and self.store is not None else None
            if restored:
                self._replace_game(*restored)
                self.say(self.app.t("play.resumed"))
                return
        self._deal(pick_deal(game_id, draw, scoring, winnable))

    def start_code(self, code: GameCode) -> None:
        """Play the deal of a game code (G-1): a new deal in the code's mode."""
        if slot_of(code.game, code.draw, code.scoring) != mode_slot(self.game):
            self._put_aside()
        self._deal(code)

    def _deal(self, code: GameCode) -> None:
        """Deal ``code`` in its mode's place, giving up the game that was there."""
        if slot_of(code.game, code.draw, code.scoring) == mode_slot(self.game):
            self._abandon()
        else:
            give_up_saved(self.store, slot_of(code.game, code.draw, code.scoring))
        self.elapsed = 0.0
        self._replace_game(Game.deal(code))

    def _save(self) -> None:
        if self.store is not None:
            self.store.save_game(mode_slot(self.game), save_data(self.game, self.start_json, self.elapsed))

    # ----------------------------------------------------------------------------- widgets
    @staticmethod
    def _bar_height(size: tuple[int, int]) -> int:
        return max(40, int(min(size[1] * 0.062, size[0] * 0.046)))  # grows up to 4K, as dialogs do

    def _build_widgets(self) -> None:
        t = self.app.t
        self.group = ui.WidgetGroup(self.app.text, rtl=i18n.is_rtl(), on_escape=self.escape)
        self.board = BoardFocus(self)
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
        if self.store is not None and self.game.moves and not self.game.won:
            self._save()

    def pause(self) -> None:
        """Covered by a dialog: a drag is let go (the cards go back, no button is left held), and
        cards still flying are shown where they land, as the paused table gets no more logic
        steps to finish the flight.
        """
        self._cancel_press()
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
        self.toast = None  # a sentence in the old language
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
        self._cancel_press()  # the window may be new: its button-up may never come
        bar = self._bar_height(size)
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
        self.counted = True
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
            self._save()
            if self.game.auto_complete_ready() and self.auto_timer is None:
                self.auto_timer = AUTO_STEP_SECONDS * 2  # K-9: starts by itself

    def refuse(self, refusal: Refusal) -> None:
        self.app.audio.play("refuse")
        if self.app.settings.get("interactive_rules", True):
            text = i18n.refusal_text(refusal)
            self.say(text[:1].upper() + text[1:], i18n.t("play.refusal_rule", rule=refusal.rule))

    def say(self, text: str, note: str = "") -> None:
        self.toast = Toast(text, note)

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
        self._save()

    def draw_stock(self) -> None:
        self.play(DRAW)

    def _won(self) -> None:
        self.auto_timer = None
        if self.store is not None:
            self.store.end_game(mode_slot(self.game), self._outcome(True))
        self.counted = False
        self.app.audio.play("win")
        self.cascade_delay = 0.5

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
                self.toast = None
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
            self._cancel_press()  # a press still open lost its button-up: it must not eat this one
            if not self.group.handle(event):
                self._mouse_down(event.pos)
            return
        if event.type == pygame.MOUSEMOTION:
            self.group.handle(event)
            if self.press is not None and not event.buttons[0]:
                self._cancel_press()  # released somewhere no button-up was sent from
            elif self.press is not None:
                self._mouse_move(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press is not None and not self.app.display.surface.get_rect().collidepoint(event.pos):
                self._cancel_press()  # let go outside the window: nothing is dropped
            elif self.press is not None:
                self._mouse_up(event.pos)
            else:
                self.group.handle(event)
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self._cancel_press()
            return
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and self.group.focused is None and event.key not in (pygame.K_ESCAPE,):
                if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
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

    def _movable(self, pile: Pile, index: int) -> int:
        """How many cards a press on card ``index`` of ``pile`` picks up (0: none)."""
        g = self.game
        if pile.kind == TABLEAU:
            cards = g.tableau[pile.index]
            if index < g.hidden[pile.index]:
                return 0
            return len(cards) - index
        if pile.kind in (WASTE, FOUNDATION):
            return 1 if index == len(g.pile(pile)) - 1 else 0
        return 0

    def _cancel_press(self) -> None:
        """End a press or a drag with no move: dragged cards slide back to their pile."""
        press, self.press = self.press, None
        if press is not None and press.dragging:
            self.view.release(press.sprites)
            self.view.sync(self.game)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if self.game.won:
            return
        sprite = self.view.sprite_at(pos)
        if sprite is not None and sprite.slot is not None and not sprite.moving:
            pile, index = sprite.slot.pile, sprite.slot.index
        else:
            pile, index = self.view.pile_at(pos, self.game), -1
        count = self._movable(pile, index) if pile is not None and index >= 0 else 0
        press = Press(pos, pile, count)
        if count:
            size = len(self.game.pile(pile))
            press.sprites = [self.view.by_slot[Slot(pile, i)] for i in range(size - count, size)]
            press.origins = [s.pos for s in press.sprites]
        self.press = press
        self.group.focus(None)

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        press = self.press
        dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
        if not press.dragging:
            if not press.count or abs(dx) + abs(dy) < DRAG_THRESHOLD:
                return
            press.dragging = True
            self.selection = None
            self.hint = None
            self.view.drag(press.sprites)
            self.app.audio.play("pickup")
        for sprite, (ox, oy) in zip(press.sprites, press.origins):
            sprite.pos = sprite.prev = (ox + dx, oy + dy)
        press.drop = self._drop_target(press)

    def _drop_target(self, press: Press) -> Pile | None:
        """The legal pile the dragged cards overlap most; foundations as one area (DS-3)."""
        lead = press.sprites[0]
        w, h = self.layout.card
        card = pygame.Rect(round(lead.pos[0]), round(lead.pos[1]), w, h)
        best, best_area = None, 0
        for pile in self.layout.piles():
            if pile == press.pile or pile.kind in (STOCK, WASTE):
                continue
            area = self.layout.column_rect(self.game, pile.index) if pile.kind == TABLEAU else self.layout.pile_rect(pile)
            if pile.kind == TABLEAU and self.game.tableau[pile.index]:
                top = self.view.by_slot.get(Slot(pile, len(self.game.tableau[pile.index]) - 1))
                if top is not None:
                    area = area.union(pygame.Rect(round(top.pos[0]), round(top.pos[1]), w, h))
            overlap = card.clip(area)
            size = overlap.w * overlap.h
            if size <= best_area:
                continue
            target = pile
            if pile.kind == FOUNDATION:
                if press.count != 1:
                    continue
                found = self.game.foundation_for(self.game.pile(press.pile)[-1])
                if found is None:
                    continue
                target = Pile(FOUNDATION, found)
            if self.game.check(Move(press.pile, target, press.count)) is None:
                best, best_area = target, size
        return best

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if press.dragging:
            self.view.release(press.sprites)
            if press.drop is not None:
                self.play(Move(press.pile, press.drop, press.count))
            else:
                self._refused_drop(press, pos)
            return
        if press.pile is not None:
            self.activate(press.pile, press.count)

    def _refused_drop(self, press: Press, pos: tuple[int, int]) -> None:
        """Slide back; say why when the cards were let go over a pile that refused them."""
        self.view.sync(self.game)
        pile = self.view.pile_at(pos, self.game)
        if pile is None or pile == press.pile or pile.kind in (STOCK, WASTE):
            self.app.audio.play("place")
            return
        if pile.kind == FOUNDATION:
            found = self.game.foundation_for(self.game.pile(press.pile)[-1]) if press.count == 1 else None
            pile = Pile(FOUNDATION, found) if found is not None else pile
        refusal = self.game.check(Move(press.pile, pile, press.count))
        if refusal:
            self.refuse(refusal)

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
        if self.game.rules.click == "one_tap":
            self._klondike_click(pile, count)
        else:
            self._tap(pile, count, double)

    def _klondike_click(self, pile: Pile, count: int) -> None:
        """K-8: one tap moves the card to a good place; otherwise select, then click the place."""
        if self.app.settings.get("one_tap", True):
            if count:
                self._resolve_and_play(f"{_ref(pile, count)}>*")
            return
        if self.selection is None:
            if count:
                self.selection = (pile, count)
                self.app.audio.play("pickup")
            return
        src, n = self.selection
        if src == pile:
            self.selection = None
            return
        target = pile
        if pile.kind == FOUNDATION and n == 1:
            found = self.game.foundation_for(self.game.pile(src)[-1])
            target = Pile(FOUNDATION, found) if found is not None else pile
        self.selection = None
        self.play(Move(src, target, n))

    def _tap(self, pile: Pile, count: int, double: bool) -> None:
        """DS-8 / TF-6: a click sends a top card home; a double click looks on the tableau."""
        if not count:
            return
        if count == 1 and pile.kind != FOUNDATION:
            card = self.game.pile(pile)[-1]
            target = self.game.foundation_for(card)
            if target is not None:
                self.play(Move(pile, Pile(FOUNDATION, target), 1))
                self.last_click = None
                return
        if double and self.app.settings.get("double_click", True):
            self._resolve_and_play(f"{_ref(pile, count)}>t")
            self.last_click = None

    def _resolve_and_play(self, text: str) -> None:
        try:
            move = self.game.resolve(parse_request(text))
        except IllegalMove as refused:
            self.refuse(refused.refusal)
            return
        self.play(move)

    # ----------------------------------------------------------------------------- keyboard
    def board_places(self) -> list[list[Pile]]:
        """Board positions in rows, each ordered left to right on screen."""
        top = [p for p in self.layout.piles() if p.kind != TABLEAU]
        columns = [p for p in self.layout.piles() if p.kind == TABLEAU]
        rows = [sorted(top, key=lambda p: (self.layout.pile_origin(p)[1], self.layout.pile_origin(p)[0])),
                sorted(columns, key=lambda p: self.layout.pile_origin(p)[0])]
        return rows

    def board_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        rows = self.board_places()
        row = 1 if self.focus_pile.kind == TABLEAU else 0
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            places = rows[row] if row == 1 else [p for p in rows[0] if self.layout.pile_origin(p)[1] == self.layout.pile_origin(self.focus_pile)[1]]
            i = places.index(self.focus_pile) if self.focus_pile in places else 0
            i = max(0, min(len(places) - 1, i + (1 if key == pygame.K_RIGHT else -1)))
            self.focus_pile, self.focus_depth = places[i], 1
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            up = key == pygame.K_UP
            if row == 1:
                face_up = self.game.face_up_count(self.focus_pile.index)
                if up and self.focus_depth < face_up:
                    self.focus_depth += 1
                elif not up and self.focus_depth > 1:
                    self.focus_depth -= 1
                elif up:
                    self.focus_pile = self._nearest(rows[0], self.focus_pile)
                    self.focus_depth = 1
                return True
            x, y = self.layout.pile_origin(self.focus_pile)
            same_x = sorted((p for p in rows[0] if self.layout.pile_origin(p)[0] == x), key=lambda p: self.layout.pile_origin(p)[1])
            i = same_x.index(self.focus_pile)
            if up and i > 0:
                self.focus_pile = same_x[i - 1]
            elif not up and i + 1 < len(same_x):
                self.focus_pile = same_x[i + 1]
            elif not up:
                self.focus_pile, self.focus_depth = self._nearest(rows[1], self.focus_pile), 1
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            pile = self.focus_pile
            size = len(self.game.pile(pile))
            count = self._movable(pile, size - self.focus_depth) if size else 0
            if self.app.settings.get("one_tap", True) or self.game.rules.click != "one_tap":
                self.activate(pile, count)
            else:
                self._klondike_click(pile, count)
            return True
        return False

    def _nearest(self, places: list[Pile], origin: Pile) -> Pile:
        x = self.layout.pile_origin(origin)[0]
        return min(places, key=lambda p: abs(self.layout.pile_origin(p)[0] - x))

    # ----------------------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.view.step()
        super().update(dt)
        self.clock += dt
        g = self.game
        if self.counted and not g.won:
            self.elapsed += dt
        if self.toast is not None:
            self.toast.left -= dt
            if self.toast.left <= 0:
                self.toast = None
        self._poll_solver(dt)
        self._tell_store_notices()
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

    def _tell_store_notices(self) -> None:
        """Issue 12: a save that fails is told at once, in a notice (once per kind of problem);
        that saving works again, in a passing message."""
        if self.store is None or not self.store.notices:
            return
        notices = self.store.take_notices()
        lines = [i18n.notice_text(n) for n in notices if n.kind != "saving_again"]
        if len(lines) < len(notices):
            self.say(self.app.t("store.saving_again"))
        if lines and self.app.can_open("notice"):
            self.app.open("notice", lines=lines)

    def _open_win(self) -> None:
        if self.app.can_open("win"):
            self.app.open("win", play=self)

    def wants_frames(self) -> bool:
        return (
            self.tweens.active or self.press is not None or self.toast is not None
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
        self._draw_hud(surface)
        if self.advisor.status is not None:
            self._draw_status(surface)
        if self.toast is not None:
            self._draw_toast(surface)

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
        if self.press is not None and self.press.dragging and self.press.drop is not None:
            self._mark(surface, "drop", self._card_rect_of(self.press.drop))
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
            self._mark(surface, "focus", self._card_rect_of(self.focus_pile, self.focus_depth))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        t = self.app.t
        g = self.game
        parts = [t("hud.score", score=g.score_text)]
        if self.app.settings.get("show_moves", True):
            parts.append(t("hud.moves", moves=g.moves))
        if self.app.settings.get("show_time", True):
            seconds = int(self.elapsed)
            parts.append(t("hud.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
        text = "   ·   ".join(parts)
        bar = self.bar.rect
        size = max(12, int(bar.h * 0.36))
        image = self.app.text.render(text, size, ui.INK, True)
        surface.blit(image, image.get_rect(center=bar.center))

    def _draw_status(self, surface: pygame.Surface) -> None:
        """A small pill in the bottom corner: green winnable, red not, grey unknown."""
        colours = {"winnable": (40, 140, 70, 220), "not winnable": (150, 45, 40, 220)}
        w, h = surface.get_size()
        size = max(12, int(self._bar_height((w, h)) * 0.3))
        status = self.advisor.status
        image = self.app.text.render(self.app.t(self.advisor.status_key), size, ui.INK, True)
        box = pygame.Rect(0, 0, image.get_width() + size * 2, image.get_height() + size // 2)
        margin = size
        if i18n.is_rtl():
            box.bottomright = (w - margin, h - margin)
        else:
            box.bottomleft = (margin, h - margin)
        surface.blit(ui.rounded_rect(box.size, box.h // 2, colours.get(status, (30, 30, 34, 200))), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = max(14, int(self._bar_height((w, h)) * 0.36))
        lines = self.app.text.wrap(self.toast.text, size, int(w * 0.6))
        images = [self.app.text.render(line, size, ui.INK) for line in lines]
        if self.toast.note:
            images.append(self.app.text.render(self.toast.note, max(11, size * 3 // 4), ui.INK_DIM))
        box_w = max(i.get_width() for i in images) + size * 2
        box_h = sum(i.get_height() for i in images) + size
        box = pygame.Rect(0, 0, box_w, box_h)
        box.midbottom = (w // 2, h - size)
        fade = min(1.0, self.toast.left / 0.4)
        panel = ui.rounded_rect(box.size, size // 2, (20, 20, 24, int(225 * fade)))
        surface.blit(panel, box.topleft)
        y = box.y + size // 2
        for image in images:
            if fade < 1:
                image = image.copy()
                image.set_alpha(int(255 * fade))
            surface.blit(image, (box.centerx - image.get_width() // 2, y))
            y += image.get_height()


def _ref(pile: Pile, count: int) -> str:
    """Notation for the source of a move of ``count`` cards from ``pile``."""
    text = str(pile)
    return f"{text}:{count}" if count != 1 else text
