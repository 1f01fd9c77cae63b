import pygame
import pytest

from solitaire.app import ui
from solitaire.app.text import Text
from solitaire.app.ui.paint import font_px


@pytest.fixture
def group():
    pygame.display.init()
    pygame.font.init()
    return ui.WidgetGroup(Text())


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def test_button_click_fires_once_and_only_inside(group):
    clicks = []
    button = group.add(ui.Button("Go", lambda: clicks.append(1)))
    button.layout((10, 10, 100, 40))
    group.handle(mouse(pygame.MOUSEMOTION, (20, 20)))
    assert button.hovered
    group.handle(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    group.handle(mouse(pygame.MOUSEBUTTONUP, (20, 20)))
    assert clicks == [1]
    group.handle(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    group.handle(mouse(pygame.MOUSEBUTTONUP, (300, 300)))  # released outside: no click
    group.handle(mouse(pygame.MOUSEBUTTONUP, (20, 20)))  # a stray release: no click
    assert clicks == [1]


def test_tab_moves_focus_skipping_hidden_and_disabled_and_enter_activates(group):
    hit = []
    a = group.add(ui.Button("A", lambda: hit.append("a")))
    group.add(ui.Button("hidden", lambda: hit.append("h"), visible=False))
    group.add(ui.Button("off", lambda: hit.append("o"), enabled=False))
    b = group.add(ui.Button("B", lambda: hit.append("b")))
    group.handle(key(pygame.K_TAB))
    assert group.focused is a and group.focus_visible
    group.handle(key(pygame.K_TAB))
    assert group.focused is b
    group.handle(key(pygame.K_RETURN))
    group.handle(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert group.focused is a
    group.handle(key(pygame.K_SPACE))
    assert hit == ["b", "a"]


def test_escape_calls_the_group_handler(group):
    closed = []
    group.on_escape = lambda: closed.append(True)
    assert group.handle(key(pygame.K_ESCAPE))
    assert closed == [True]


def test_text_input_filters_edits_and_submits(group):
    submitted = []
    field = group.add(ui.TextInput(submitted.append, max_length=8))
    field.layout((0, 0, 200, 40))
    group.focus(field)
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="k1-7f!?"))
    assert field.value == "K1-7F"
    group.handle(key(pygame.K_BACKSPACE))
    group.handle(key(pygame.K_LEFT))
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="z"))
    assert field.value == "K1-Z7"
    field.error = "bad"
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="abcdef"))
    assert field.value == "K1-ZABC7" and field.error == ""
    group.handle(key(pygame.K_RETURN))
    assert submitted == ["K1-ZABC7"]
    assert group.handle(key(pygame.K_a, unicode="a"))  # swallowed: no shortcut fires


def test_toggle_segmented_and_slider(group):
    changes = []
    toggle = group.add(ui.Toggle("Sound", True, lambda v: changes.append(("t", v))))
    choice = group.add(ui.SegmentedChoice([(1, "1"), (2, "2"), (3, "3")], 1,
                                          lambda v: changes.append(("c", v))))
    slider = group.add(ui.Slider("Volume", 0.5, lambda v: changes.append(("s", v)), step=0.1))
    toggle.layout((0, 0, 300, 40))
    choice.layout((0, 50, 300, 40))
    slider.layout((0, 100, 300, 40))
    group.handle(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)))
    group.handle(mouse(pygame.MOUSEBUTTONUP, (10, 10)))
    group.handle(mouse(pygame.MOUSEBUTTONDOWN, (250, 70)))
    group.focus(choice)
    group.handle(key(pygame.K_LEFT))
    group.focus(slider)
    group.handle(key(pygame.K_RIGHT))
    group.handle(key(pygame.K_END))
    assert changes == [("t", False), ("c", 3), ("c", 2), ("s", 0.6), ("s", 1.0)]
    track = slider.track()
    group.handle(mouse(pygame.MOUSEBUTTONDOWN, (track.left, track.centery)))
    assert slider.value == 0.0


def test_widgets_draw_at_any_size(group):
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    panel = group.add(ui.Panel("Title"))
    bar = group.add(ui.TopBar(start=[(ui.Button("Menu", lambda: None), 3)],
                              end=[(ui.Button("Undo", lambda: None), 3)]))
    field = group.add(ui.TextInput(lambda s: None, placeholder="code"))
    panel.layout((10, 10, 380, 280))
    bar.layout((0, 0, 400, 40))
    field.layout((40, 200, 200, 36))
    field.error = "Not a valid game code"
    group.focus(field, visible=True)
    group.draw(surface)
    assert bar.start[0][0].rect.left < bar.end[0][0].rect.left
    assert len(group.focus_order()) == 3


def caret_at(field, monkeypatch) -> int:
    """The x of the caret line a focused field draws."""
    from solitaire.app.ui import text_input

    lines = []
    monkeypatch.setattr(text_input.pygame.draw, "line", lambda surface, colour, a, b, width=1: lines.append(a))
    field.draw(pygame.Surface((400, 60)))
    assert len(lines) == 1
    return lines[0][0]


@pytest.mark.parametrize("rtl_interface", [False, True])
def test_the_caret_stands_after_the_text_as_it_reads_an_arabic_name_at_its_left_end(
        group, monkeypatch, rtl_interface):
    """The player's name (Settings → Network) in Arabic: the caret was placed as if the letters
    ran left to right, at the name's right end; the end of Arabic text is its left end. (An
    Arabic name is drawn from the field's right, as it reads: issue 22.)"""
    group.text.base_rtl = rtl_interface
    field = group.add(ui.TextInput(lambda _: None, allowed=frozenset("جميلة AB"),
                                   uppercase=False))
    field.layout((0, 0, 380, 40))
    group.focus(field)
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="جميلة"))
    end = caret_at(field, monkeypatch)
    field.set_value("")
    left = caret_at(field, monkeypatch)  # Latin text is drawn from here, in either language
    field.set_value("جميلة")
    px = font_px(field.rect, 0.45)
    width = group.text.width("جميلة", px)
    start = field.rect.right - max(8, field.rect.h // 4) - group.text.render("جميلة", px).get_width()
    assert start - px // 4 <= end < start  # the end: just clear of the name's left edge
    group.handle(key(pygame.K_HOME))
    assert start + width < caret_at(field, monkeypatch) <= start + width + px // 4  # the start: its right
    group.handle(key(pygame.K_RIGHT))
    assert caret_at(field, monkeypatch) == start + width - group.text.width("ج", px)  # after one letter
    field.set_value("AB")
    latin = left + group.text.width("AB", px)
    assert latin < caret_at(field, monkeypatch) <= latin + px // 4  # Latin: after its right edge


def test_a_caret_in_mixed_text_follows_each_run_s_own_direction(group):
    """'Ali علي' in a left-to-right line: after the Arabic word the caret stands at that word's
    left end (where its last letter is), between the two runs; before it, at its right end."""
    text = group.text
    text.base_rtl = False
    latin, arabic = text.width("Ali ", 20), text.width("علي", 20)
    assert text.caret_x("Ali علي", 4, 20) == latin + arabic  # the Arabic word's first letter
    assert text.caret_x("Ali علي", 7, 20) == latin  # the end of the text, read as it runs
    assert text.caret_x("Ali علي", 2, 20) == text.width("Al", 20)


@pytest.mark.parametrize("rtl", [False, True])
def test_grid_arrows_move_by_place_and_on_in_reading_order_past_a_row(group, rtl):
    """Issue 34: on a grid (the chooser of games) the arrows move to the nearest widget that
    way; past a row's end, Right (Left right to left) goes on to the next row's first."""
    group.rtl = rtl
    group.grid_arrows = True
    cells = [group.add(ui.Button(str(i), lambda: None)) for i in range(5)]
    below = group.add(ui.Button("menu", lambda: None))
    for i, cell in enumerate(cells):  # two rows of three and two, mirrored right to left
        row, column = divmod(i, 3)
        cell.layout(((2 - column if rtl else column) * 110, row * 110, 100, 100))
    below.layout((0, 230, 320, 40))
    onwards, back = (pygame.K_LEFT, pygame.K_RIGHT) if rtl else (pygame.K_RIGHT, pygame.K_LEFT)
    group.handle(key(pygame.K_DOWN))  # the first press shows the focus
    assert group.focused is cells[0]
    group.handle(key(onwards))
    group.handle(key(onwards))
    assert group.focused is cells[2]
    group.handle(key(onwards))  # past the row's end: the next row's first
    assert group.focused is cells[3]
    group.handle(key(back))
    assert group.focused is cells[2]
    group.handle(key(pygame.K_DOWN))  # nothing right below the third: the nearest below
    assert group.focused is cells[4]
    group.focus(cells[0])
    group.handle(key(pygame.K_DOWN))
    assert group.focused is cells[3]
    group.handle(key(pygame.K_DOWN))
    assert group.focused is below
    group.handle(key(pygame.K_UP))  # from the wide button under the grid: the place right above
    assert group.focused is cells[4]
    group.handle(key(pygame.K_UP))
    assert group.focused is cells[1]
