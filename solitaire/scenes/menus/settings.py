"""The settings dialog, drawn over the scene that opened it.

It changes settings through ``app.change_settings()``, which checks them and tells the
listeners; saving is the store's business (a settings listener). Pages chosen by the tabs at the
top: General (play, display, sound), Comfort (seeing and moving: issue 16) and Network (the
duel's name and port). With large text the General page reflows into two, Play and Display, so
its rows can grow with the text. The panel is as tall as the page shown, its top where the
fullest page's is, so the tabs never move (issue 22: the short pages were mostly empty frame).
"""

from __future__ import annotations

import string
from typing import Any

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App, Scene
from solitaire.play import spoken
from solitaire.store.settings import CARD_FACES, DEFAULT_ONLINE_SERVER

DIGITS = frozenset("0123456789")
URL_CHARS = frozenset(string.ascii_letters + string.digits + "-._~:/[]@%")


class _Printable:
    """What a name may hold: any printable character, of any script."""

    def __contains__(self, ch: object) -> bool:
        return isinstance(ch, str) and ch.isprintable()


PRINTABLE: Any = _Printable()


PLAY_TOGGLES = ("one_tap", "double_click", "interactive_rules", "show_rule_numbers", "show_time", "show_moves",
                "status_line")
SEEING_TOGGLES = ("four_colour_deck", "high_contrast", "speak")
MOVING_TOGGLES = ("reduced_motion", "left_handed")
PAGES = ("general", "comfort", "network")
"""The pages at the normal text size (with large text, ``_columns`` makes General two)."""
TEXT_SIZES = ("normal", "large", "largest")

#: The animation speeds offered, as factors of the normal pace of every card's flight and flip.
SPEEDS: tuple[tuple[str, float], ...] = (("slow", 0.5), ("normal", 1.0), ("fast", 2.0))


def nearest_speed(value: object) -> float:
    """The offered speed closest to a saved one (a hand-edited file may hold any in range)."""
    speed = float(value) if isinstance(value, (int, float)) else 1.0
    return min((factor for _, factor in SPEEDS), key=lambda factor: abs(factor - speed))


Column = list[tuple[Any, float]]
"""A column of a page: (a widget, or a label and its field side by side; its height in rows)."""


class SettingsScene(Scene):
    overlay = True

    def __init__(self, app: App, card_backs: list[str] | None = None, **_: object) -> None:
        super().__init__(app)
        self.card_backs = list(card_backs if card_backs is not None else app.card_backs)
        self.fade = 0.0
        self.size = (0, 0)
        self.page = PAGES[0]
        self._build()

    def _build(self) -> None:
        """Every widget, labelled in the current language from the current settings."""
        t = self.app.t
        s = self.app.settings
        self.group = ui.WidgetGroup(self.app.text, rtl=i18n.is_rtl(), on_escape=self.close)
        self.panel = self.group.add(ui.Panel(t("settings.title")))
        self.pages = self.group.add(ui.SegmentedChoice([], self.page, self._turn_page))  # the tabs, first
        self.play_label = self.group.add(ui.Label(t("settings.section.play"), colour=ui.GOLD,
                                                  bold=True, size_ratio=0.62))
        self.toggles: dict[str, ui.Toggle] = {}
        for key in PLAY_TOGGLES:
            self.toggles[key] = self.group.add(
                ui.Toggle(t(f"settings.{key}"), getattr(s, key), self._setter(key)))
        self.speed_label = self.group.add(ui.Label(t("settings.animation_speed"), size_ratio=0.46))
        self.speed = self.group.add(ui.SegmentedChoice(
            [(factor, t(f"settings.speed.{name}")) for name, factor in SPEEDS],
            nearest_speed(s.animation_speed), self._setter("animation_speed")))
        self.display_label = self.group.add(ui.Label(t("settings.section.display"),
                                                     colour=ui.GOLD, bold=True, size_ratio=0.62))
        self.toggles["fullscreen"] = self.group.add(
            ui.Toggle(t("settings.fullscreen"), s.fullscreen, self._setter("fullscreen")))
        self.back_label: ui.Label | None = None
        self.backs: ui.SegmentedChoice | None = None
        if self.card_backs:
            self.back_label = self.group.add(ui.Label(t("settings.card_back"), size_ratio=0.46))
            self.backs = self.group.add(ui.SegmentedChoice(
                [(back, t(f"card_back.{back}")) for back in self.card_backs],
                s.card_back, self._setter("card_back")))
        self.faces_label = self.group.add(ui.Label(t("settings.card_faces"), size_ratio=0.46))
        self.faces = self.group.add(ui.SegmentedChoice(
            [(style, t(f"card_faces.{style}")) for style in CARD_FACES], s.card_faces, self._setter("card_faces")))
        self.language_label = self.group.add(ui.Label(t("settings.language"), size_ratio=0.46))
        self.language = self.group.add(ui.SegmentedChoice(
            [("en", "English"), ("ar", "العربية")], i18n.language(), self._change_language))
        self.sound_label = self.group.add(ui.Label(t("settings.section.sound"), colour=ui.GOLD,
                                                   bold=True, size_ratio=0.62))
        self.toggles["sound"] = self.group.add(
            ui.Toggle(t("settings.sound"), s.sound, self._setter("sound")))
        self.volume = self.group.add(ui.Slider(t("settings.volume"), s.volume,
                                               self._setter("volume")))
        self.seeing_label = self.group.add(ui.Label(t("settings.section.seeing"), colour=ui.GOLD,
                                                    bold=True, size_ratio=0.62))
        self.moving_label = self.group.add(ui.Label(t("settings.section.moving"), colour=ui.GOLD,
                                                    bold=True, size_ratio=0.62))
        for key in SEEING_TOGGLES:
            self.toggles[key] = self.group.add(
                ui.Toggle(t(f"settings.{key}"), self._value(key), self._setter(key)))
        self.text_size_label = self.group.add(ui.Label(t("settings.text_size"), size_ratio=0.46))
        self.text_size = self.group.add(ui.SegmentedChoice(
            [(size, t(f"settings.text_size.{size}")) for size in TEXT_SIZES], s.text_size,
            self._setter("text_size")))
        for key in MOVING_TOGGLES:
            self.toggles[key] = self.group.add(
                ui.Toggle(t(f"settings.{key}"), getattr(s, key), self._setter(key)))
        self._build_duel()
        self.close_button = self.group.add(ui.Button(t("menu.close"), self.close, primary=True))

    def _columns(self) -> dict[str, tuple[Column, Column]]:
        """Each page's two columns of (widget, height in rows), for the text size now set:
        with large text, General's two columns become the Play and Display pages."""
        play: Column = [(self.play_label, 0.75)] + [(self.toggles[k], 1.0) for k in PLAY_TOGGLES]
        speed: Column = [(self.speed_label, 0.75), (self.speed, 0.85)]
        display: Column = [(self.display_label, 0.75), (self.toggles["fullscreen"], 1.0)]
        if self.backs is not None and self.back_label is not None:
            display += [(self.back_label, 0.75), (self.backs, 0.85)]
        display += [(self.faces_label, 0.75), (self.faces, 0.85)]
        display += [(self.language_label, 0.75), (self.language, 0.85)]
        sound: Column = [(self.sound_label, 0.75), (self.toggles["sound"], 1.0), (self.volume, 1.0)]
        comfort = ([(self.seeing_label, 0.75)] + [(self.toggles[k], 1.0) for k in SEEING_TOGGLES]
                   + [(self.text_size_label, 0.75), (self.text_size, 0.85)],
                   [(self.moving_label, 0.75)] + [(self.toggles[k], 1.0) for k in MOVING_TOGGLES])
        duel: Column = [(self.duel_label, 0.75), ((self.name_label, self.name_field), 0.85),
                        ((self.port_label, self.port_field), 0.85),
                        ((self.server_label, self.server_field), 0.85)]
        if self.app.settings.text_size == "normal":
            return {"general": (play + speed, display + sound), "comfort": comfort, "network": (duel, [])}
        return {"play": (play[:5], play[5:] + speed), "display": (display, sound), "comfort": comfort,
                "network": (duel, [])}

    def _turn_page(self, page: str) -> None:
        """A tab chosen: its page shown, the panel sized to it."""
        self.show_page(page)
        if self.size != (0, 0):
            self.on_resize(self.size)

    def show_page(self, page: str) -> None:
        """One page's widgets shown, the others' hidden (and out of the Tab order)."""
        columns = self._columns()
        if page not in columns:  # the text size changed the pages: General is Play, and back
            page = "comfort" if page == "comfort" else next(iter(columns))
        self.page = page
        self.pages.options = [(name, self.app.t(f"settings.page.{name}")) for name in columns]
        self.pages.value = page
        for name, (first, second) in columns.items():
            for widget, _ in first + second:
                for part in widget if isinstance(widget, tuple) else (widget,):
                    part.visible = name == page

    def _build_duel(self) -> None:
        """The network duel's name and port (issue 15): saved as they are typed, when valid."""
        t = self.app.t
        s = self.app.settings
        self.duel_label = self.group.add(ui.Label(t("settings.section.duel"), colour=ui.GOLD,
                                                  bold=True, size_ratio=0.62))
        self.name_label = self.group.add(ui.Label(t("settings.player_name"), size_ratio=0.46))
        self.name_field = self.group.add(ui.TextInput(self._name_changed, allowed=PRINTABLE, max_length=32,
                                                      uppercase=False, placeholder=t("net.name.placeholder")))
        self.name_field.set_value(s.player_name)
        self.name_field.on_change = self._name_changed  # after the value shown: showing is no change
        self.port_label = self.group.add(ui.Label(t("settings.duel_port"), size_ratio=0.46))
        self.port_field = self.group.add(ui.TextInput(self._port_changed, allowed=DIGITS, max_length=5))
        self.port_field.set_value(str(s.duel_port))
        self.port_field.on_change = self._port_changed
        self.server_label = self.group.add(ui.Label(t("settings.online_server"), size_ratio=0.46))
        self.server_field = self.group.add(ui.TextInput(self._server_changed, allowed=URL_CHARS, max_length=200,
                                                        uppercase=False, placeholder=DEFAULT_ONLINE_SERVER))
        self.server_field.set_value(s.online_server)
        self.server_field.on_change = self._server_changed

    def _name_changed(self, value: str) -> None:
        self.app.change_settings(player_name=value.strip())

    def _port_changed(self, value: str) -> None:
        port = int(value) if value.isdigit() else 0
        if 1024 <= port <= 65535:
            self.app.change_settings(duel_port=port)
        else:
            self.port_field.error = self.app.t("settings.duel_port_range")

    def _server_changed(self, value: str) -> None:
        if not value.strip() or value.strip().startswith(("ws://", "wss://")):
            self.app.change_settings(online_server=value.strip())
        else:
            self.server_field.error = self.app.t("settings.online_server_form")

    def _value(self, key: str) -> bool:
        """A toggle's setting; speech never chosen shows whether it speaks (a screen reader runs)."""
        value = getattr(self.app.settings, key)
        return self.app.speech.on if value is None else value

    def _setter(self, key: str) -> Any:
        def change(value: Any) -> None:
            self.app.change_settings(**{key: value})
        return change

    def _change_language(self, code: str) -> None:
        """Switch the whole interface where it stands: every open scene is rebuilt in the new
        language and the player stays where they were (issue 11).
        """
        i18n.set_language(code)
        self.app.text.base_rtl = i18n.is_rtl()
        self.app.change_settings(language=code)
        self.app.relocalise()

    def relocalised(self) -> Scene:
        """Relabelled in place (no fade-in again), the focus still on the language choice."""
        visible = self.group.focus_visible
        self._build()
        self.show_page(self.page)
        self.on_resize(self.app.display.size)
        self.group.focus(self.language, visible=visible)
        return self

    def close(self) -> None:
        self.app.stack.pop()

    def enter(self) -> None:
        self.show_page(self.page)
        self.on_resize(self.app.display.size)
        first = next(w for w in self.group.focus_order() if w is not self.pages)  # the first setting;
        self.group.quiet = True  # said with the title, below
        self.group.focus(first, visible=self.app.keyboard_input)  # the tabs are a Shift+Tab above it
        self.group.quiet = False
        self.app.speech.say(spoken.joined([self.app.t("settings.title"), self.pages.spoken(), first.spoken()]))
        self.fade = 0.0
        self.tweens.tween(0.0, 1.0, 0.22, "out_cubic", on_update=self._set_fade)

    def _set_fade(self, value: float) -> None:
        self.fade = value

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        for key, toggle in self.toggles.items():
            toggle.value = self._value(key)
        self.text_size.value = self.app.settings.text_size
        self.show_page(self.page)  # the text size may have changed the pages
        pw = min(int(w * 0.84), int(h * 1.45))
        tallest = min(int(h * 0.86), int(pw * 0.68))  # the panel of the fullest page
        self.panel.title_h = max(28, tallest // 9)  # the same title band on every page
        pad = max(12, pw // 28)
        inner_h = tallest - self.panel.title_h - 2 * pad
        pages = self._columns()
        # Rows as tall as the fullest column of any page allows (so a row keeps its height from
        # page to page), with a gap of a sixth of a row between them and room for the page tabs
        # above and Close below (2.5 rows); larger text, taller rows.
        columns = [column for pair in pages.values() for column in pair]
        units = max(sum(k for _, k in column) + (len(column) - 1) / 6 for column in columns)
        row = max(26, min(int(inner_h / (units + 2.5)), int(h // 13 * ui.Look.text_scale)))
        gap = max(4, row // 6)
        bar_h = int(row * 0.95)  # the tabs' and Close's height

        def height(column: Column) -> int:
            return sum(int(row * k) + gap for _, k in column) - gap if column else 0

        def panel_h(page: str) -> int:
            """The panel as tall as its page: no page is a frame of empty space (issue 22)."""
            body = max(height(column) for column in pages[page])
            return self.panel.title_h + pad + bar_h + 2 * row // 3 + body + 2 * row // 3 + bar_h + pad

        top = (h - max(panel_h(page) for page in pages)) // 2  # the tabs stay put from page to page
        panel = pygame.Rect((w - pw) // 2, top, pw, panel_h(self.page))
        self.panel.layout(panel)
        content = pygame.Rect(panel.x + pad, panel.y + self.panel.title_h + pad, pw - 2 * pad,
                              panel.h - self.panel.title_h - 2 * pad)
        tabs_w = min(content.w, int(row * 2.9) * len(pages))
        self.pages.layout((content.centerx - tabs_w // 2, content.y, tabs_w, bar_h))
        body = pygame.Rect(content.x, content.y + bar_h + 2 * row // 3, content.w, 0)
        col_gap = max(16, content.w // 14)
        col_w = (content.w - col_gap) // 2
        first = pygame.Rect(body.x, body.y, col_w, 0)
        second = pygame.Rect(body.x + col_w + col_gap, body.y, col_w, 0)
        if i18n.is_rtl():
            first.x, second.x = second.x, first.x
        lone = pygame.Rect(body.centerx - col_w * 3 // 4, body.y, col_w * 3 // 2, 0)  # a page of one column

        def stack(column: pygame.Rect, widgets: Column) -> None:
            y = column.y
            for widget, k in widgets:
                hh = int(row * k)
                if isinstance(widget, tuple):  # a label and its field, side by side
                    label, field = widget
                    field_w = column.w * 11 // 20
                    label_w = column.w - field_w - gap
                    if i18n.is_rtl():
                        field.layout((column.x, y, field_w, hh))
                        label.layout((column.right - label_w, y, label_w, hh))
                    else:
                        label.layout((column.x, y, label_w, hh))
                        field.layout((column.right - field_w, y, field_w, hh))
                else:
                    widget.layout((column.x, y, column.w, hh))
                y += hh + gap

        for label in (self.speed_label, self.back_label, self.faces_label, self.language_label, self.text_size_label,
                      self.name_label, self.port_label, self.server_label):
            if label is not None:
                label.inset = max(6, row // 5)
        for left, right in pages.values():
            stack(first if right else lone, left)
            stack(second, right)
        for toggle in self.toggles.values():
            toggle.font_px = None
            toggle.max_lines = 1 if ui.Look.text_scale == 1.0 else 2  # taller rows: room for two
        common = min(toggle.fitted_font_px() for toggle in self.toggles.values())
        for toggle in self.toggles.values():
            toggle.font_px = common
        self.volume.font_px = common
        close_w = max(140, int(row * 3.2))
        self.close_button.layout((panel.centerx - close_w // 2, panel.bottom - pad - bar_h, close_w, bar_h))
        self.group.layout_changed()

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and not self.panel.rect.collidepoint(event.pos):
            self.close()

    def draw_veil(self, surface: pygame.Surface) -> None:
        ui.dim(surface, int(150 * self.fade))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui.dim(surface, int(150 * self.fade))
        self.group.draw(surface)
