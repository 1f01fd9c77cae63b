"""The New Game window: the chooser of games (issue 34: each a picture of its opening table and
its name, the chosen one framed in gold), then the chosen game's draw count, scoring and "winnable
deals only", then Start; and today's daily deal of the chosen mode (DD-1), or a line saying the
mode has none (Spider: no pool). Choosing another game puts its window in this one's place, its
tile keeping the focus; a game with a window of its own (the Duel) is started from the title.

Start always deals a new game. When the chosen mode has a saved game other than the one on the
table, "Continue game" stands beside it, first and focused: switching mode resumes that
mode's game (K-7), and Start would give it up, which asks first and counts as a lost game.
Opened from the title it is replaced by the play scene (so Back from play returns to the title);
opened from the game menu it closes the overlays and changes the game of the play scene under
it. The choices are saved per game in the store and preselected next time.
"""

from __future__ import annotations

import logging

import pygame

from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.core import ruleset
from solitaire.core.rules import REGISTRY
from solitaire.scenes.menus.chooser import Chooser
from solitaire.scenes.menus.confirm import DialogScene, ask, centred, place_row, unit
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.play.session import mode_slot, saved_game_at_stake, slot_of
from solitaire.core import pools
from solitaire.core.daily import has_daily, utc_today
from solitaire.view.miniature import Miniatures

log = logging.getLogger(__name__)

def game_name(app: App, game_id: str) -> str:
    """The game's name as the menus show it (translated), else the ruleset's own name."""
    key = f"menu.{game_id}"
    name = app.t(key)
    return ruleset(game_id).name if name == key else name


def draw_label(app: App, game_id: str, draw: int) -> str:
    """'Draw 3', or 'Draw 3 (Hard)' in the games whose rules name the difficulty (DS-4, TF-4:
    the ruleset's ``draw_names``).
    """
    rules = ruleset(game_id)
    if draw in rules.draws and len(rules.draw_names) == len(rules.draws):
        return app.t(f"new_game.draw_{rules.draw_names[rules.draws.index(draw)]}", n=draw)
    return app.t("settings.draw_n", n=draw)


def mode_label(app: App, game_id: str, draw: int, scoring: str) -> str:
    """'Draw 3', or 'Draw 1 · Vegas' where the game offers more than one scoring; 'Two suits'
    where the draw count counts suits (SP-1)."""
    rules = ruleset(game_id)
    label = draw_label(app, game_id, draw) if rules.draw == "suits" else app.t("settings.draw_n", n=draw)
    if len(rules.scorings) > 1:
        label = app.t("mode.with_scoring", mode=label, scoring=app.t(f"scoring.{scoring}"))
    return label


def has_modes(game_id: str) -> bool:
    """Whether the game offers a choice of draw or scoring: FreeCell's one mode goes unsaid."""
    rules = ruleset(game_id)
    return len(rules.draws) > 1 or len(rules.scorings) > 1


def new_deal_question(app: App, game_id: str, draw: int, scoring: str) -> str:
    """The question before a new deal gives up the game in progress in that mode."""
    return app.t("confirm.new_deal_lost", game=game_name(app, game_id),
                 mode=mode_label(app, game_id, draw, scoring))


def preferred_mode(app: App, game_id: str) -> tuple[int, str]:
    """The draw and scoring saved for this game, when the ruleset still offers them."""
    rules = ruleset(game_id)
    draw, scoring = rules.default_draw, rules.scorings[0]
    store = app.services.store
    if store is not None:
        saved_draw = store.settings.draw.get(game_id)
        saved_scoring = store.settings.scoring.get(game_id)
        if saved_draw in rules.draws:
            draw = saved_draw
        if saved_scoring in rules.scorings:
            scoring = saved_scoring
    return draw, scoring


def close_to(app: App, scene: Scene) -> None:
    """Pop the overlays above ``scene`` so it is on top again."""
    while len(app.stack) and app.stack.top is not scene:
        app.stack.pop()


class NewGameScene(DialogScene):
    def __init__(self, app: App, game_id: str, play: PlayTable | None = None, pictures: Miniatures | None = None,
                 focus_game: bool = False, **_: object) -> None:
        super().__init__(app)
        t = app.t
        self.game_id = game_id
        self.play = play
        self.focus_game = focus_game
        self.group.grid_arrows = True
        games = [game for game in REGISTRY.title_games() if app.game_scene(game) == "new_game"]
        self.chooser = Chooser(app, games, self.choose_game, lambda game: game_name(app, game), pictures)
        for tile in self.chooser.tiles:
            tile.primary = tile.game_id == game_id
            self.group.add(tile)
        rules = ruleset(game_id)
        self.title = game_name(app, game_id)
        draw, scoring = preferred_mode(app, game_id)
        self.draw_count = draw
        self.scoring = scoring
        store = app.services.store
        self.winnable = bool(store.settings.winnable_only if store is not None
                             else app.settings.winnable_only)

        heading = t("new_game.suits" if rules.draw == "suits" else "new_game.draw")  # SP-1: suits, not draws
        self.draw_label = self.group.add(ui.Label(heading, colour=ui.GOLD, bold=True))
        self.draw_choice = self.group.add(ui.SegmentedChoice(
            [(n, draw_label(app, game_id, n)) for n in rules.draws], draw, self._set_draw))
        self.draw_label.visible = self.draw_choice.visible = len(rules.draws) > 1
        self.scoring_label = self.group.add(ui.Label(t("new_game.scoring"), colour=ui.GOLD,
                                                     bold=True))
        self.scoring_choice = self.group.add(ui.SegmentedChoice(
            [(name, t(f"scoring.{name}")) for name in rules.scorings], scoring, self._set_scoring))
        self.scoring_label.visible = self.scoring_choice.visible = len(rules.scorings) > 1
        self.about = ""
        self.about_box = pygame.Rect(0, 0, 0, 0)
        self.winnable_toggle = self.group.add(ui.Toggle(t("new_game.winnable"), self.winnable,
                                                        self._set_winnable))
        self.daily_button = self.group.add(ui.Button(t("daily.play"), self.start_daily))
        self.no_daily = self.group.add(ui.Label(t("daily.none"), colour=ui.INK_DIM, align="centre"))
        self.cancel_button = self.group.add(ui.Button(t("menu.cancel"), self.close))
        self.start_button = self.group.add(ui.Button(t("new_game.start"), self.start))
        self.continue_button = self.group.add(ui.Button(t("new_game.continue"),
                                                        self.continue_saved))
        self.buttons = [self.cancel_button, self.start_button, self.continue_button]
        self.rows = [[self.daily_button], self.buttons]
        self._describe()
        self._follow_mode()

    def initial_focus(self) -> ui.Widget | None:
        chosen = next((tile for tile in self.chooser.tiles if tile.primary), None)
        if self.focus_game and chosen is not None:
            return chosen  # just chosen in the grid: the keyboard goes on from there
        return self.continue_button if self.continue_button.visible else self.start_button

    def choose_game(self, game_id: str) -> None:
        """Another game's window in this one's place, with the pictures drawn so far; this one's
        own choice stays as it was (it is saved when a game starts)."""
        if game_id == self.game_id:  # chosen already: on to its Start (or Continue)
            self.group.focus(self.continue_button if self.continue_button.visible else self.start_button)
            return
        pictures, self.chooser.pictures = self.chooser.pictures, Miniatures()
        chosen = self.app.make("new_game", game_id=game_id, play=self.play, pictures=pictures, focus_game=True)
        self.app.stack.replace(chosen)
        chosen.tweens.finish()  # no fade: the same window, another game

    def exit(self) -> None:
        super().exit()
        self.chooser.forget()

    def spoken_texts(self) -> list[str]:
        """The games, said as a list of their own before the chosen game's choices."""
        shown = self.chooser.shown()
        if not shown:
            return []
        return [self.app.t("new_game.games", games=self.app.t("list.separator").join(tile.label for tile in shown))]

    def said_apart(self) -> list[ui.Widget]:
        return list(self.chooser.shown())

    def wants_frames(self) -> bool:
        return self.tweens.active or self.chooser.pending()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.chooser.new_frame()
        super().draw(surface, alpha)

    def _set_draw(self, value: int) -> None:
        self.draw_count = value
        self._follow_mode()

    def _set_scoring(self, value: str) -> None:
        self.scoring = value
        self._describe()
        self._follow_mode()

    def _follow_mode(self) -> None:
        """The options that depend on the chosen mode: its pool and its saved game."""
        self._offer_winnable()
        self._offer_saved_game()
        self.daily_button.visible = has_daily(self.game_id, self.draw_count, self.scoring)
        self.no_daily.visible = not self.daily_button.visible

    def _offer_winnable(self) -> None:
        """Show "winnable deals only" only for a mode with a pool of such deals; the saved
        choice stays as it is, for the modes that have one.
        """
        self.winnable_toggle.visible = pools.has_pool(self.game_id, self.draw_count, self.scoring)

    def _set_winnable(self, value: bool) -> None:
        self.winnable = value

    def _describe(self) -> None:
        key = f"new_game.about.{self.game_id}.{self.scoring}"
        text = self.app.t(key)
        self.about = "" if text == key else text

    def _slot(self) -> str:
        return slot_of(self.game_id, self.draw_count, self.scoring)

    def _at_stake(self) -> bool:
        """Would Start give up a game with moves (the one on the table, or the chosen mode's
        saved game)?
        """
        if self.play is not None:
            return bool(self.play.session.at_stake(self._slot()))
        return saved_game_at_stake(self.app.services.store, self._slot())

    def _offer_saved_game(self) -> None:
        """Offer "Continue game", first, where the chosen mode has a saved game off the table."""
        on_table = self.play is not None and mode_slot(self.play.game) == self._slot()
        saved = not on_table and self._at_stake()
        self.continue_button.visible = self.continue_button.primary = saved
        self.start_button.primary = not saved
        if self.size != (0, 0):
            self.on_resize(self.size)  # two buttons or three

    def _remember(self) -> None:
        """Save the choice for next time."""
        store = self.app.services.store
        if store is not None:
            try:
                store.update_settings(draw={self.game_id: self.draw_count},
                                      scoring={self.game_id: self.scoring},
                                      winnable_only=self.winnable)
            except ValueError as error:  # a mode the store does not know: deal anyway
                log.warning("could not save the new game choice: %s", error)
        self.app.settings = self.app.settings.updated(winnable_only=self.winnable)

    def start(self) -> None:
        """A new deal in the chosen mode; ask first when that gives up a game with moves."""
        if self._at_stake():
            ask(self.app, new_deal_question(self.app, self.game_id, self.draw_count, self.scoring),
                self._deal, yes_label=self.app.t("new_game.start"),
                no_label=self.app.t("menu.cancel"))
        else:
            self._deal()

    def start_daily(self) -> None:
        """Today's daily deal of the chosen mode (DD-1); ask first as Start does."""
        if self._at_stake():
            ask(self.app, new_deal_question(self.app, self.game_id, self.draw_count, self.scoring),
                self._deal_daily, yes_label=self.app.t("daily.play"), no_label=self.app.t("menu.cancel"))
        else:
            self._deal_daily()

    def _deal_daily(self) -> None:
        self._remember()
        day = utc_today()
        if self.play is None:
            self.app.switch("play", game_id=self.game_id, draw=self.draw_count, scoring=self.scoring, daily=day)
        else:
            close_to(self.app, self.play)
            self.play.session.start_daily(self.game_id, self.draw_count, day)

    def _deal(self) -> None:
        self._remember()
        if self.play is None:
            self.app.switch("play", game_id=self.game_id, draw=self.draw_count, scoring=self.scoring,
                            winnable=self.winnable, resume=False)
        else:
            close_to(self.app, self.play)
            self.play.session.start(self.game_id, self.draw_count, self.scoring, self.winnable, resume=False)

    def continue_saved(self) -> None:
        """The chosen mode's saved game, where it was left (K-7)."""
        self._remember()
        if self.play is None:
            self.app.switch("play", slot=self._slot())
        else:
            close_to(self.app, self.play)
            self.play.session.start(self.game_id, self.draw_count, self.scoring, self.winnable, resume=True)

    def _rows(self) -> list[tuple[ui.Widget | None, float]]:
        """The rows shown, each with its height in control units (None: the scoring's note)."""
        rows: list[tuple[ui.Widget | None, float]] = []
        if self.draw_choice.visible:
            rows += [(self.draw_label, 0.7), (self.draw_choice, 1.1)]
        if self.scoring_choice.visible:
            rows += [(self.scoring_label, 0.7), (self.scoring_choice, 1.1), (None, 1.2)]
        rows.append((self.winnable_toggle, 1.1))
        rows.append((self.daily_button if self.daily_button.visible else self.no_daily, 1.0))
        return rows

    def _height(self, u: int, rows: list[tuple[ui.Widget | None, float]]) -> int:
        gap = u // 3
        headings = sum(1 for widget, _ in rows if isinstance(widget, ui.Label)) - 1
        body_h = sum(int(u * k) + gap for _, k in rows) - gap + max(0, headings) * gap
        return self.title_height(u) + int(u * 0.7) + body_h + u + u + int(u * 0.7)

    def layout(self, size: tuple[int, int]) -> None:
        """The games' grid at the reading side, the chosen game's options beside it."""
        rows = self._rows()
        u = unit(size)
        while u > 20 and self._height(u, rows) > size[1] * 0.94:  # large text: as large as fits
            u -= 1
        self.u = u
        gap = u // 3
        height = self._height(u, rows)
        panel = centred(size, int(size[0] * 0.94), max(height, int(size[1] * 0.9)))  # room for the pictures
        w = min(int(panel.w * 0.45), int(u * 11.5))
        y = panel.y + self.title_height(u) + int(u * 0.5)
        area = pygame.Rect(0, y, panel.w - w - u, panel.bottom - u // 2 - y)
        area.x = panel.x + w if self.rtl else panel.x + u
        games = self.chooser.fits(area, u)
        for tile in self.chooser.tiles:  # no room beside the choices (large text, small window): none
            tile.visible = games
        if games and self.chooser.tiles:
            self.chooser.layout(area, u, self.rtl)
        else:
            w = min(int(size[0] * 0.86), int(u * 15))
            panel = centred(size, w, height)
            y = panel.y + self.title_height(u) + int(u * 0.5)
        self.panel.layout(panel)
        options = pygame.Rect(panel.x if self.rtl else panel.right - w, panel.y, w, panel.h)
        inner = options.inflate(-2 * u, 0)
        for index, (widget, k) in enumerate(rows):
            if isinstance(widget, ui.Label) and index:
                y += gap  # air above each section heading but the first
            box = pygame.Rect(inner.x, y, inner.w, int(u * k))
            if widget is None:
                self.about_box = box
            else:
                widget.layout(box)
            y += box.h + gap
        toggle = self.winnable_toggle.rect
        self.winnable_toggle.layout(toggle.inflate(2 * max(6, toggle.h // 5), 0))  # text aligned
        shown = [b for b in self.buttons if b.visible]
        bw = min(int(u * 4.2), (inner.w - (len(shown) - 1) * (u // 2)) // len(shown))
        place_row(self.buttons, options.centerx, panel.bottom - int(u * 0.7) - u, bw, u, u // 2,
                  self.rtl)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The line that explains the chosen scoring, wrapped to at most two lines."""
        if not (self.about and self.scoring_choice.visible):
            return
        box = self.about_box
        px = max(13, int(self.u * 0.38))
        lines = self.app.text.wrap(self.about, px, box.w)[:2]
        line_h = box.h // 2
        for i, line in enumerate(lines):
            self.blit_text(surface, line, px, pygame.Rect(box.x, box.y + i * line_h, box.w, line_h),
                           colour=ui.INK_DIM)
