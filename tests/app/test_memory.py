"""What the game keeps is bounded (issue 33 item 8): the widgets' shapes and the rendered lines
by bytes, in window-sized surfaces; the felt at one size; and memory freed by a closed screen or
a smaller window is given back when the game goes idle."""

from __future__ import annotations

from solitaire.app import memory
from solitaire.app.scene import App, SceneStack
from solitaire.app.text import FONTS_KEPT, RENDERED_SCREENS, Text
from solitaire.app.ui import paint
from solitaire.view import felt


def test_the_widgets_shapes_kept_stay_within_their_bound():
    paint._cache.clear()
    for step in range(40):  # dialogs of forty sizes, each most of a 1280×720 window
        paint.rounded_rect((900 + step, 600 + step), 20, (10, 20, 30))
        paint.soft_shadow((900 + step, 600 + step), 20, 16, 140)
    kept = sum(memory.surface_bytes(s) for s in paint._cache.values())
    assert 0 < kept <= memory.screens(paint.CACHE_SCREENS)
    newest = paint.rounded_rect((939, 639), 20, (10, 20, 30))
    assert paint.rounded_rect((939, 639), 20, (10, 20, 30)) is newest  # the latest are kept


def test_the_rendered_lines_kept_stay_within_their_bound():
    text = Text()
    for n in range(300):
        text.render(f"line {n} " + "W" * 60, 40)
    kept = sum(memory.surface_bytes(s) for s in text._rendered.values())
    assert kept == text._rendered_bytes <= memory.screens(RENDERED_SCREENS)
    assert len(text._rendered) < 300


def test_the_fonts_kept_open_are_the_last_used():
    text = Text()
    first = text.font(10)
    for size in range(11, 11 + FONTS_KEPT):
        text.font(size)
        text.font(10)  # used again and again: never the oldest
    assert len(text._fonts) == FONTS_KEPT and text.font(10) is first
    assert (11, False) not in text._fonts


def test_the_felt_is_kept_at_one_size_only():
    felt.forget()
    first = felt.felt((640, 400))
    assert felt.felt((640, 400)) is first
    felt.felt((800, 500))
    felt.felt((800, 500), plain=True)
    assert {key[:2] for key in felt._kept} == {(800, 500)}


class Still:
    size = (1280, 720)


def test_memory_is_given_back_once_after_a_screen_closed_or_the_window_changed(monkeypatch):
    given = []
    monkeypatch.setattr("solitaire.app.scene.give_back", lambda: given.append(1))
    app = App.__new__(App)
    app.stack, app.display, app._tidied = SceneStack(), Still(), (0, Still.size)
    app.tidy()
    assert given == []  # nothing closed: nothing to give back
    app.stack.exits += 1
    app.tidy()
    app.tidy()
    assert given == [1]
    app.display = type("Smaller", (), {"size": (960, 600)})()
    app.tidy()
    assert given == [1, 1]


def test_memory_is_given_back_with_the_c_library_s_trim_or_without_one(monkeypatch):
    memory.give_back()  # glibc here: malloc_trim
    monkeypatch.setattr(memory, "_trim", lambda: None)  # macOS, Windows, musl: the collector alone
    memory.give_back()
