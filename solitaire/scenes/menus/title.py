"""The title screen: the game's name over the felt, a fan of aces, and the main menu.

A menu entry whose target scene is not registered is not shown, so there is never a dead button.
The buttons keep their places whether or not a game waits (issue 33): Continue always has the
first place, greyed when there is nothing to resume, and every label is drawn at one size.
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
from solitaire.scenes.menus.new_game import game_name, has_modes, mode_label
from solitaire.view import cardart, felt
from solitaire.view.palette import Style

ACES = (0, 13, 26, 39)


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
        self.buttons: list[ui.Button] = []
        waiting = self._continue_slot() is not None
        self.continue_button = ui.Button(self._continue_label(), self.continue_game, primary=waiting,
                                         enabled=waiting, visible=app.can_open("play"))
        self.buttons.append(self.continue_button)
        self.game_buttons: list[ui.Button] = []
        for index, game_id in enumerate(REGISTRY.title_games()):
            button = ui.Button(app.t(f"menu.{game_id}"), lambda g=game_id: self.app.start_game(g),
                               primary=index == 0 and not waiting,
                               visible=app.can_start_game(game_id))
            self.game_buttons.append(button)
        self.buttons.extend(self.game_buttons)
        self.buttons.append(ui.Button(app.t("menu.statistics"), lambda: self.app.open("statistics"),
                                      visible=app.can_open("statistics")))
        self.buttons.append(ui.Button(app.t("menu.settings"), lambda: self.app.open("settings"),
                                      visible=app.can_open("settings")))
        self.buttons.append(ui.Button(app.t("menu.about"), lambda: self.app.open("about"),
                                      visible=app.can_open("about")))
        self.buttons.append(ui.Button(app.t("menu.quit"), app.quit))
        for button in self.buttons:
            self.group.add(button)
        self.size = (0, 0)
        self.heading: pygame.Surface | None = None
        self.art: cardart.CardArt | None = None
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self.heading_pos = (0, 0)
        self.subtitle_pos = (0, 0)
        self.reveal = 0.0
        self.fan = 0.0
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
        self.app.settings_listeners.append(self._settings_changed)
        if self.app.settings.reduced_motion:  # the screen as it ends, without its entrance
            self.reveal = self.fan = 1.0
            self.slide = [1.0] * len(self.buttons)
        else:
            self._entrance()
        if self.app.stack.top is self:  # not when rebuilt in a new language under the settings
            self.app.events.report(Dealt())
            self.speak_opening()

    def speak_opening(self) -> None:
        """Issue 36: the title, how to choose, and the buttons."""
        if self.app.speech.wanted:
            buttons = [button.spoken() for button in self.buttons if button.visible and button.enabled]
            self.app.speech.say(spoken.dialog_words(self.app.t("app.title"), [self.app.t("title.hint")], buttons, ""))

    def exit(self) -> None:
        """Off the stack: the aces' and the heading's images go now, not with the garbage
        collector (the title comes back after every duel; issue 23)."""
        super().exit()
        if self._settings_changed in self.app.settings_listeners:
            self.app.settings_listeners.remove(self._settings_changed)
        if self.art is not None:
            self.art.forget_images()
        self.heading = None

    def _settings_changed(self, settings: object) -> None:
        """The four-colour deck or high contrast, on the fan of aces at once."""
        if self.art is not None:
            self.art.set_style(Style.of(settings))

    def _entrance(self) -> None:
        """The heading fades up, the aces fan out, the buttons slide in."""
        self.tweens.tween(0.0, 1.0, 0.7, "out_cubic", on_update=self._set_reveal)
        self.tweens.tween(0.0, 1.0, 0.9, "out_back", delay=0.15, on_update=self._set_fan)
        for i in range(len(self.buttons)):
            self.tweens.tween(0.0, 1.0, 0.5, "out_cubic", delay=0.25 + 0.06 * i,
                              on_update=lambda v, i=i: self.slide.__setitem__(i, v))

    def _set_reveal(self, value: float) -> None:
        self.reveal = value

    def _set_fan(self, value: float) -> None:
        self.fan = value

    def pause(self) -> None:
        self.tweens.finish()  # covered before the entrance ended: show the finished screen

    def resume(self) -> None:
        # Settings or a game may have registered scenes or changed the language meanwhile.
        for button, game_id in zip(self.game_buttons, REGISTRY.title_games()):
            button.visible = self.app.can_start_game(game_id)
        waiting = self._continue_slot() is not None
        self.continue_button.enabled = self.continue_button.primary = waiting
        self.game_buttons[0].primary = not waiting
        self.on_resize(self.app.display.size)
        self.speak_opening()  # back on top: said again for a screen reader

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        rtl = i18n.is_rtl()
        self.continue_button.label = self._continue_label()
        shown = [b for b in self.buttons if b.visible]
        wanted = round(max(40, int(h * 0.085)) * ui.Look.text_scale)
        spacing = 4 if ui.Look.text_scale <= 1 else 6  # large text: tighter gaps, taller buttons

        def fitting(rows: int) -> int:
            return int(h * 0.88 / (rows * (1 + 1 / spacing) + 3 / spacing))  # as tall as fits

        # One column while the buttons fit at the height the text wants; two when many games
        # would squeeze them (row by row, in reading order), Continue then spanning the first row
        # and the menu taking half the screen, so that its labels stay the size of one column's.
        columns = 1 if wanted <= fitting(len(shown)) else 2
        left = pygame.Rect(0, 0, int(w * (0.56 if columns == 1 else 0.5)), h)
        right = pygame.Rect(left.right, 0, w - left.w, h)
        if rtl:
            left.x, right.x = w - left.w, 0
        spans = columns == 2 and shown[0] is self.continue_button
        rows = spans + -(-(len(shown) - spans) // columns)
        bh = min(wanted, fitting(rows))
        gap = max(10 if spacing == 4 else 6, bh // spacing)
        widest = int(right.w * 0.88) - 4 * gap if columns == 1 else (int(right.w * 0.94) - 5 * gap) // 2
        cells = [b for b in shown if not (spans and b is self.continue_button)]
        labels = max(self.app.text.width(b.label, int(bh * 0.4), True) for b in cells)  # as a button sizes it
        bw = min(widest, max(min(int(right.w * 0.72), bh * 6), int(labels / 0.86) + 2))
        total = rows * bh + (rows - 1) * gap
        self.menu_rect = pygame.Rect(0, 0, columns * bw + (columns - 1) * gap + 2 * gap * 2, total + 2 * gap * 2)
        self.menu_rect.center = (right.centerx - (w // 40 if not rtl else -w // 40), h // 2)
        x0, y0 = self.menu_rect.x + 2 * gap, self.menu_rect.y + 2 * gap
        if spans:
            self.continue_button.layout((x0, y0, columns * bw + (columns - 1) * gap, bh))
        for index, button in enumerate(cells):
            row, column = divmod(index, columns)
            if rtl:
                column = columns - 1 - column
            button.layout((x0 + column * (bw + gap), y0 + (row + spans) * (bh + gap), bw, bh))
        one_size = min(button.fitted_font_px() for button in cells)  # every label whole, alike
        if self.continue_button.visible and self.continue_button.fitted_font_px() < one_size * 0.8:
            self.continue_button.label = self._continue_label(short=True)  # its game, not its mode
        if self.continue_button.visible:  # a little smaller, all alike, to keep its mode said
            one_size = min(one_size, self.continue_button.fitted_font_px())
        for button in shown:
            button.font_px = one_size
        # Heading, fan of aces, subtitle.
        heading_px = max(40, min(int(h * 0.14), int(left.w * 0.17)))
        self.heading = gold_text(self.app.text, self.app.t("app.title"), heading_px)
        card_w = max(48, min(int(h * 0.17), int(left.w * 0.16)))
        card_h = int(card_w * 1.4)
        if self.art is None:
            self.art = cardart.CardArt((card_w, card_h), self.app.settings.card_back,
                                       Style.of(self.app.settings))
        else:
            self.art.set_size((card_w, card_h))
        block_h = int(card_h * 1.25) + self.heading.get_height() + int(h * 0.06)
        top = (h - block_h) // 2
        self.fan_rect = pygame.Rect(0, 0, card_w, card_h)
        self.fan_rect.midtop = (left.centerx, top + int(card_h * 0.12))
        self.heading_pos = (left.centerx, top + int(card_h * 1.25) + self.heading.get_height() // 2)
        self.subtitle_px = max(14, int(heading_px * 0.22 * ui.Look.text_scale))
        self.subtitle_lines = self._subtitle_lines(int(left.w * 0.9))
        self.subtitle_pos = (left.centerx, self.heading_pos[1] + self.heading.get_height() // 2
                             + self.subtitle_px)
        self.group.layout_changed()

    def _subtitle_lines(self, width: int) -> list[str]:
        """The games' names on as few lines as keep clear of the menu, broken between names."""
        names = self.app.t("app.subtitle").split(" · ")
        for count in range(1, len(names) + 1):  # as many names on each line as can be, evenly
            per_line = -(-len(names) // count)
            lines = [" · ".join(names[i:i + per_line]) for i in range(0, len(names), per_line)]
            if all(self.app.text.width(line, self.subtitle_px) <= width for line in lines):
                return lines
        return names

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt.felt(self.size, self.app.settings.high_contrast), (0, 0))
        self._draw_fan(surface)
        assert self.heading is not None
        heading = self.heading
        if self.reveal < 1:
            heading = heading.copy()
            heading.set_alpha(int(255 * self.reveal))
        hx, hy = self.heading_pos
        drop = int((1 - self.reveal) * self.size[1] * 0.04)
        surface.blit(heading, heading.get_rect(center=(hx, hy - drop)))
        step = self.app.text.line_step(self.subtitle_lines, self.subtitle_px, spacing=1.1)
        for index, line in enumerate(self.subtitle_lines):
            sub = self.app.text.render(line, self.subtitle_px, (222, 232, 214))
            if self.reveal < 1:
                sub = sub.copy()
                sub.set_alpha(int(220 * self.reveal))
            x, y = self.subtitle_pos
            surface.blit(sub, sub.get_rect(center=(x, y + index * step)))
        ui.draw_panel(surface, self.menu_rect)
        self._draw_buttons(surface)
        hint, at = self.keys_hint()
        surface.blit(hint, at)

    def keys_hint(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The line at the foot of the screen that tells the keys, and where it goes."""
        hint_px = round(max(12, self.size[1] // 48) * ui.Look.text_scale)
        hint = self.app.text.render(self.app.t("title.hint"), hint_px, (200, 220, 200))
        hint.set_alpha(150)
        return hint, hint.get_rect(midbottom=(self.size[0] // 2, self.size[1] - self.size[1] // 40))

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        offsets = []
        shift = self.size[0] * 0.05 * (-1 if i18n.is_rtl() else 1)
        for button, k in zip(self.buttons, self.slide):
            offsets.append((button, button.rect.copy()))
            button.rect.x += int((1 - k) * shift)
        self.group.draw(surface)
        for button, rect in offsets:
            button.rect = rect

    def _draw_fan(self, surface: pygame.Surface) -> None:
        assert self.art is not None
        cx, top = self.fan_rect.centerx, self.fan_rect.top
        w, h = self.art.size
        pivot_y = top + h * 1.9
        shadow = self.art.shadow()
        for i, card in enumerate(ACES):
            angle = (1.5 - i) * 11.0 * self.fan
            image = pygame.transform.rotozoom(self.art.face(card), angle, 1.0)
            sh = pygame.transform.rotozoom(shadow, angle, 1.0)
            vec = pygame.math.Vector2(0, -(pivot_y - (top + h / 2))).rotate(-angle)
            centre = (cx + vec.x, pivot_y + vec.y)
            surface.blit(sh, sh.get_rect(center=(centre[0] + w * 0.04, centre[1] + w * 0.06)))
            surface.blit(image, image.get_rect(center=centre))
