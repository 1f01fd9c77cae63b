import pygame
import pytest

from solitaire.app.text import Text, direction_runs


def test_runs_in_visual_order():
    assert direction_runs("Hello 12") == [("Hello 12", False)]
    assert direction_runs("النقاط 15") == [("15", False), ("النقاط ", True)]
    assert direction_runs("Score: النقاط 15!") == [
        ("Score: ", False), ("15", False), ("النقاط ", True), ("!", False)]


@pytest.fixture
def text():
    pygame.font.init()
    return Text()


def test_render_is_cached_and_mixed_text_renders(text):
    a = text.render("Klondike ♠", 20)
    assert a is text.render("Klondike ♠", 20)
    mixed = text.render("النقاط 15", 20)
    assert mixed.get_width() > 20 and mixed.get_height() > 10


def test_wrap_and_fit(text):
    lines = text.wrap("one two three four five six", 16, 80)
    assert len(lines) > 1
    assert text.fit_size("a very long label indeed", 40, 100) < 40


def test_numbers_stay_whole_inside_arabic_text():
    from solitaire.app.text import direction_runs

    assert direction_runs("الوقت 1:05", True) == [("1:05", False), ("الوقت ", True)]
    assert direction_runs("النقاط -$104", True) == [("-$104", False), ("النقاط ", True)]
    assert direction_runs("الصوت 70%", True)[0] == ("70%", False)
    assert direction_runs("Score 1,220", False) == [("Score 1,220", False)]


def test_arabic_is_measured_shaped_as_drawn():
    from solitaire.app.text import Text

    text = Text()
    line = "تعرّف إلى أماكن الأوراق قبل نقل أول ورقة"
    assert abs(text.width(line, 24) - text.render(line, 24).get_width()) <= 2
