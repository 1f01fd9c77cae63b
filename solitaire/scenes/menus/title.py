"""The title screen: the game's name, Continue, the chooser of games and the main menu.

The games are a grid of tiles, each a picture of the game's opening table over its name and a
line about it (issue 34, ``chooser``), read at a glance as KPatience's chooser is; the arrows
move through the grid by place and Enter opens a game. A menu entry whose target scene is not
registered is not shown, so there is never a dead button. Nothing moves whether or not a game
waits (issue 33): Continue always has the first place, at the top where the screen is read
from, greyed when there is nothing to resume; the buttons' labels are drawn at one size, and
the games' names at one size.
"""

from __future__ import annotations

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.events import Dealt
from solitaire.app.scene import App, Scene
from solitaire.app.text import Text
from solitaire.core.modes import parse_mode_key
from solitaire.core.rules import REGISTRY
from solitaire.play import spoken
from solitaire.scenes.menus.chooser import Chooser
from solitaire.scenes.menus.confirm import unit
from solitaire.scenes.menus.new_game import game_name, has_modes, mode_label
from solitaire.view import felt


def gold_text(text: Text, label: str, size: int) -> pygame.Surface:
    """The heading: gold gradient letters over a soft dark shadow."""
    letters = text.render(label, size, (255, 255, 255), "heading")
    w, h = letters.get_size()
    gradient = pygame.Surface((1, 3), pygame.SRCALPHA)
    for y, colour in enumerate(((255, 236, 170), (236, 190, 86), (176, 122, 30))):
        gradient.set_at((0, y), colour)
    gold = pygame.transform.smoothscale(gradient, (w, h))
    gold.blit(letters, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    blur = max(4, size // 10)
    shadow_src = text.render(label, size, (0, 0, 0), "heading")
    small = pygame.transform.smoothscale(shadow_src, (max(1, w // 6), max(1, h // 6)))
    shadow = pygame.transform.smoothscale(small, (w, h))
    out = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    shadow.set_alpha(200)
    out.blit(shadow, (blur, blur + blur // 2))
    out.blit(gold, (blur, blur))
    return out


class TitleScene(Scene):
    def __init__(self, app: App, **_: object) -> None:
        super().__init__(app)
        self.group = ui.WidgetGroup(app.text, rtl=i18n.is_rtl(), on_escape=app.quit)
        self.group.grid_arrows = True
        waiting = self._continue_slot() is not None
        self.continue_button = ui.Button(self._continue_label(), self.continue_game, primary=waiting,
                                         enabled=waiting, visible=app.can_open("play"))
        games = list(REGISTRY.title_games())
        self.chooser = Chooser(app, games, self.app.start_game, lambda game: game_name(app, game))
        self.game_buttons: list[ui.Button] = list(self.chooser.tiles)
        for index, (tile, game_id) in enumerate(zip(self.game_buttons, games)):
            tile.primary = index == 0 and not waiting
            tile.visible = app.can_start_game(game_id)
        self.menu_buttons = [
            ui.Button(app.t("menu.statistics"), lambda: self.app.open("statistics"), visible=app.can_open("statistics")),
            ui.Button(app.t("menu.settings"), lambda: self.app.open("settings"), visible=app.can_open("settings")),
            ui.Button(app.t("menu.about"), lambda: self.app.open("about"), visible=app.can_open("about")),
            ui.Button(app.t("menu.quit"), app.quit),
        ]
        #: Every button in reading order: Continue, the games, the menu.
        self.buttons: list[ui.Button] = [self.continue_button, *self.game_buttons, *self.menu_buttons]
        for button in self.buttons:
            self.group.add(button)
        self.size = (0, 0)
        self.heading: pygame.Surface | None = None
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.subtitle_px = 14
        self.subtitle_pos = (0, 0)
        self.reveal = 0.0
        self.slide = [0.0] * len(self.buttons)

    def _continue_slot(self) -> str | None:
        store = self.app.services.store
        return store.continue_slot() if store is not None and self.app.can_open("play") else None

    def _continue_label(self, short: bool = False) -> str:
        """"Continue Klondike · Draw 3": which game Continue resumes (issue 22), not just that one
        does; "Continue FreeCell" where the game has no choice of draw or scoring, or (``short``) where
        the mode would not fit at four fifths of the size of the other buttons' labels (issue 33)."""
        slot = self._continue_slot()
        if slot is None:
            return self.app.t("menu.continue")
        game, draw, scoring = parse_mode_key(slot)
        if short or not has_modes(game):
            return self.app.t("menu.continue_one", game=game_name(self.app, game))
        return self.app.t("menu.continue_game", game=game_name(self.app, game),
                          mode=mode_label(self.app, game, draw, scoring))

    def continue_game(self) -> None:
        """Issue 4: the last game, exactly where it was left."""
        slot = self._continue_slot()
        if slot is not None:
            self.app.open("play", slot=slot)

    def enter(self) -> None:
        self.on_resize(self.app.display.size)
        if self.app.settings.reduced_motion:  # the screen as it ends, without its entrance
            self.reveal = 1.0
            self.slide = [1.0] * len(self.buttons)
        else:
            self._entrance()
        if self.app.stack.top is self:  # not when rebuilt in a new language under the settings
            self.app.events.report(Dealt())
            self.speak_opening()

    def speak_opening(self) -> None:
        """Issue 36: the title, how to choose, and the buttons (the games by their names; a game's
        line is said when it takes the focus)."""
        if self.app.speech.wanted:
            buttons = [button.label for button in self.buttons if button.visible and button.enabled]
            self.app.speech.say(spoken.dialog_words(self.app.t("app.title"), [self.app.t("title.hint")], buttons, ""))

    def exit(self) -> None:
        """Off the stack: the games' pictures and the heading go now, not with the garbage
        collector (the title comes back after every duel; issue 23)."""
        super().exit()
        self.chooser.forget()
        self.heading = None

    def _entrance(self) -> None:
        """The heading fades up, the games and the buttons slide in."""
        self.tweens.tween(0.0, 1.0, 0.7, "out_cubic", on_update=self._set_reveal)
        for i in range(len(self.buttons)):
            self.tweens.tween(0.0, 1.0, 0.5, "out_cubic", delay=0.15 + 0.04 * i,
                              on_update=lambda v, i=i: self.slide.__setitem__(i, v))

    def _set_reveal(self, value: float) -> None:
        self.reveal = value

    def pause(self) -> None:
        self.tweens.finish()  # covered before the entrance ended: show the finished screen

    def resume(self) -> None:
        # Settings or a game may have registered scenes or changed the language meanwhile.
        for tile, game_id in zip(self.game_buttons, REGISTRY.title_games()):
            tile.visible = self.app.can_start_game(game_id)
        waiting = self._continue_slot() is not None
        self.continue_button.enabled = self.continue_button.primary = waiting
        self.game_buttons[0].primary = not waiting
        self.on_resize(self.app.display.size)
        self.speak_opening()  # back on top: said again for a screen reader

    def on_resize(self, size: tuple[int, int]) -> None:
        """The heading and Continue along the top, the games' grid under them, the menu's row and
        the keys line at the foot; mirrored right to left."""
        self.size = size
        w, h = size
        rtl = i18n.is_rtl()
        u = unit(size)
        margin = max(12, w // 40)
        gap = max(8, u // 3)
        bh = int(u * 1.1)
        heading_px = max(36, min(int(u * 1.45), int(h * 0.12)))
        self.heading = gold_text(self.app.text, self.app.t("app.title"), heading_px)
        self.subtitle_px = max(14, int(heading_px * 0.3))
        subtitle_h = self.app.text.render(self.app.t("app.subtitle"), self.subtitle_px).get_height()
        blur = max(4, heading_px // 10)  # gold_text's margin around the letters
        band = pygame.Rect(margin, max(6, margin // 3), w - 2 * margin, self.heading.get_height() - 2 * blur + subtitle_h)
        self.heading_rect = self.heading.get_rect(topleft=(band.x - blur, band.y - blur // 2))
        if rtl:
            self.heading_rect.right = band.right + blur
        # The subtitle under the heading, both from the reading side.
        self.subtitle_pos = (band.right if rtl else band.x, band.bottom - subtitle_h // 2)
        # Continue at the top's other end, the menu's row at the foot, one label size for them all.
        self.continue_button.label = self._continue_label()
        shown_menu = [b for b in self.menu_buttons if b.visible]
        subtitle_w = self.app.text.width(self.app.t("app.subtitle"), self.subtitle_px)
        room = band.w - max(self.heading_rect.w - 2 * blur, subtitle_w) - 2 * gap
        continue_w = min(room, u * 14)  # one width whatever it resumes: nothing moves (issue 33)
        self.continue_button.layout((band.x if rtl else band.right - continue_w, band.centery - bh // 2, continue_w, bh))
        _, hint_rect = self.keys_hint()
        menu_y = hint_rect.top - gap - bh
        labels = max(self.app.text.width(b.label, int(bh * 0.4), True) for b in shown_menu)
        menu_w = min((band.w - (len(shown_menu) - 1) * gap) // len(shown_menu), max(u * 4, int(labels / 0.86) + 2))
        row_w = len(shown_menu) * menu_w + (len(shown_menu) - 1) * gap
        for index, button in enumerate(shown_menu):
            place = len(shown_menu) - 1 - index if rtl else index
            button.layout((w // 2 - row_w // 2 + place * (menu_w + gap), menu_y, menu_w, bh))
        labelled = [b for b in self.buttons if b.visible and b not in self.game_buttons]
        one_size = min(button.fitted_font_px() for button in shown_menu)  # every label whole, alike
        if self.continue_button.visible and self.continue_button.fitted_font_px() < one_size * 0.8:
            self.continue_button.label = self._continue_label(short=True)  # its game, not its mode
        if self.continue_button.visible:  # a little smaller, all alike, to keep its mode said
            one_size = min(one_size, self.continue_button.fitted_font_px())
        for button in labelled:
            button.font_px = one_size
        # The games: the grid between the two.
        area = pygame.Rect(margin, band.bottom + gap, w - 2 * margin, menu_y - gap - band.bottom - gap)
        grid = self.chooser.layout(area, u, rtl)
        self.menu_rect = grid.union(pygame.Rect(w // 2 - row_w // 2, menu_y, row_w, bh))
        if self.continue_button.visible:
            self.menu_rect.union_ip(self.continue_button.rect)
        self.group.layout_changed()

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def wants_frames(self) -> bool:
        return self.tweens.active or self.chooser.pending()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.chooser.new_frame()
        surface.blit(felt.felt(self.size, self.app.settings.high_contrast), (0, 0))
        assert self.heading is not None
        heading = self.heading
        if self.reveal < 1:
            heading = heading.copy()
            heading.set_alpha(int(255 * self.reveal))
        drop = int((1 - self.reveal) * self.size[1] * 0.02)
        surface.blit(heading, self.heading_rect.move(0, -drop))
        sub = self.app.text.render(self.app.t("app.subtitle"), self.subtitle_px, (222, 232, 214))
        if self.reveal < 1:
            sub = sub.copy()
            sub.set_alpha(int(220 * self.reveal))
        at = sub.get_rect(midright=self.subtitle_pos) if i18n.is_rtl() else sub.get_rect(midleft=self.subtitle_pos)
        surface.blit(sub, at)
        self._draw_buttons(surface)
        hint, at = self.keys_hint()
        surface.blit(hint, at)

    def keys_hint(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The line at the foot of the screen that tells the keys, and where it goes."""
        hint_px = round(max(12, self.size[1] // 48) * ui.Look.text_scale)
        hint = self.app.text.render(self.app.t("title.hint"), hint_px, (200, 220, 200))
        hint.set_alpha(150)
        return hint, hint.get_rect(midbottom=(self.size[0] // 2, self.size[1] - self.size[1] // 60))

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        """The buttons and the games, each sliding in from its reading side in the entrance."""
        offsets = []
        shift = self.size[0] * 0.05 * (-1 if i18n.is_rtl() else 1)
        for button, k in zip(self.buttons, self.slide):
            offsets.append((button, button.rect.copy()))
            button.rect.x += int((1 - k) * shift)
        self.group.draw(surface)
        for button, rect in offsets:
            button.rect = rect
