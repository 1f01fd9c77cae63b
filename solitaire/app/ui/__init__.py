"""Widgets: buttons, toggles, segmented choices, sliders, a code field, panels and a top bar.

Scenes compute every rect (nothing here knows the screen size) and sizes follow the rect, so the
same widgets look right from 960x600 to 4K. A :class:`WidgetGroup` routes events, owns keyboard
focus (Tab / Shift-Tab / arrows, Enter or Space to activate, Escape to leave) and draws the
focus ring only after the keyboard was used. Rounded shapes are drawn 2 or 4 times larger and
smooth-scaled down, since ``draw.rect(border_radius=...)`` is not anti-aliased.

One job a module: ``paint`` (colours and shapes), ``widgets`` (the base, labels, buttons, panels,
the top bar), ``choices`` (toggle, segmented choice, slider), ``text_input`` (the code field)
and ``group`` (events and focus). Scenes use them all through this package: ``ui.Button``.
"""

from solitaire.app.ui.choices import SegmentedChoice, Toggle
from solitaire.app.ui.slider import Slider
from solitaire.app.ui.group import WidgetGroup
from solitaire.app.ui.paint import (
    ERROR, FOCUS, GOLD, GOLD_BOTTOM, GOLD_TOP, INK, INK_DARK, INK_DIM, PANEL, PANEL_EDGE, SECONDARY,
    SECONDARY_EDGE, SECONDARY_HOVER, TEXT_SCALES, TRACK_OFF, Colour, Look, circle, dim, draw_panel, hairline, ring,
    rounded_rect, soft_shadow, toast_box,
)
from solitaire.app.ui.text_input import CODE_CHARS, TextInput
from solitaire.app.ui.widgets import Button, Label, Panel, TopBar, Widget

__all__ = [
    "Button", "CODE_CHARS", "Colour", "ERROR", "FOCUS", "GOLD", "GOLD_BOTTOM", "GOLD_TOP", "INK",
    "INK_DARK", "INK_DIM", "Label", "Look", "PANEL", "PANEL_EDGE", "Panel", "SECONDARY", "SECONDARY_EDGE",
    "SECONDARY_HOVER", "SegmentedChoice", "Slider", "TEXT_SCALES", "TRACK_OFF", "TextInput", "Toggle", "TopBar",
    "Widget", "WidgetGroup", "circle", "dim", "draw_panel", "hairline", "ring", "rounded_rect",
    "soft_shadow", "toast_box",
]
