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
