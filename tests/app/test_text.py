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


def test_a_lines_width_is_measured_once_for_its_size_face_and_direction(text, monkeypatch):
    """A screen fits its lines every frame: each width is measured once (the bidi walk over its
    letters and SDL_ttf's measure), then read back; a new size, face or direction measures again."""
    import solitaire.app.text as text_module

    walks = []
    monkeypatch.setattr(text_module, "has_rtl", lambda line: walks.append(line) or False)
    first = text.width("Waited 0:08 · 1 online", 20)
    assert [text.width("Waited 0:08 · 1 online", 20) for _ in range(3)] == [first] * 3
    assert len(walks) == 1
    assert text.width("Waited 0:08 · 1 online", 24) > first and len(walks) == 2
    text.width("Waited 0:08 · 1 online", 20, bold=True)
    text.base_rtl = True
    text.width("Waited 0:08 · 1 online", 20)
    assert len(walks) == 4


def test_the_widths_kept_are_bounded(text, monkeypatch):
    import solitaire.app.text as text_module

    monkeypatch.setattr(text_module, "WIDTHS_KEPT", 10)
    for n in range(25):
        text.width(f"line {n}", 16)
    assert len(text._widths) <= 10
    assert text.width("line 3", 16) == text.font(16).size("line 3")[0]


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


# -- no ink lost: a shaped run is taller than the font's height (issue 11, item 1) --------

DESCENDERS = ["في", "أي", "بعد", "يجب", "تشكّل", "لم تُلعب أي لعبة في هذا الوضع بعد.",
              "النقاط 15 في 3:07", "يجب 52 ورقة", "إلى 1,220 $416"]
LATIN = ["gyp ♠♥♦♣", "Klondike ♠ g 15", "ي g ♠♥", "Score: النقاط 15 jpg"]
SIZES = [11, 14, 20, 31, 48, 80]


def _plain_runs(text: Text, line: str, size: int, rtl: bool) -> list[pygame.Surface]:
    """``font.render`` of each run of ``line``, shaped as that run is (the reference ink)."""
    font = text.font(size)
    out = []
    for run, is_rtl in direction_runs(line, rtl):
        font.set_script("Arab" if is_rtl else "Latn")
        font.set_direction(pygame.DIRECTION_RTL if is_rtl else pygame.DIRECTION_LTR)
        out.append(font.render(run, True, (255, 255, 255)))
    font.set_script("Latn")
    font.set_direction(pygame.DIRECTION_LTR)
    return out


def _ink(surface: pygame.Surface) -> tuple[int, int]:
    """(pixels with any ink, total alpha): what a clipped surface loses."""
    pixels = pygame.mask.from_surface(surface, 0).count()
    return pixels, sum(pygame.image.tobytes(surface, "RGBA")[3::4])  # no numpy needed


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("line,rtl", [(s, True) for s in DESCENDERS]
                         + [(s, r) for s in LATIN for r in (False, True)])
def test_every_ink_pixel_of_the_shaped_runs_is_kept(text, line, size, rtl):
    drawn = text.render(line, size, (255, 255, 255), rtl=rtl)
    plain = _plain_runs(text, line, size, rtl)
    expected = [sum(values) for values in zip(*(_ink(p) for p in plain))]
    assert list(_ink(drawn)) == expected, (line, size)
    assert drawn.get_width() == sum(p.get_width() for p in plain)
    assert drawn.get_height() >= max(p.get_height() for p in plain)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("line", ["أ 1", "كّا 11", "طّا 1:07"])
def test_runs_of_one_line_sit_on_one_baseline(text, line, size):
    """A mark above the ascent (hamza, shadda) must not push its run below the digits."""
    drawn = text.render(line, size, (255, 255, 255), rtl=True)
    bottoms = []
    x = 0
    for part, (run, _) in zip(_plain_runs(text, line, size, True), direction_runs(line, True)):
        if run.strip():
            column = drawn.subsurface((x, 0, part.get_width(), drawn.get_height()))
            bottoms.append(column.get_bounding_rect().bottom)
        x += part.get_width()
    assert max(bottoms) - min(bottoms) <= max(1, size // 40), (line, bottoms)


def test_wrap_even_keeps_the_count_of_lines_and_leaves_no_orphan_word(text):
    sentence = "A card goes on a card of the other colour one rank higher, or on an empty column if it is a King"
    for width in range(200, 700, 37):
        plain = text.wrap(sentence, 16, width)
        even = text.wrap_even(sentence, 16, width)
        assert len(even) == len(plain) and " ".join(even) == sentence
        assert all(text.width(line, 16) <= width for line in even)
        if len(even) > 1:
            assert len(even[-1].split()) > 1, (width, even)


def test_a_line_ending_in_a_bidi_mark_is_drawn_and_measured_as_without_it():
    """i18n closes a left-to-right value with a RIGHT-TO-LEFT MARK: at a line's end it made a
    run of its own, and SDL_ttf refused it ("Text has zero width") on the win panel and the
    refusal toast in Arabic. The marks order the runs and draw nothing."""
    pygame.font.init()
    text = Text()
    text.base_rtl = True
    marked, plain = text.render("القاعدة TF-6\u200f", 20), text.render("القاعدة TF-6", 20)
    assert marked.get_size() == plain.get_size()
    assert pygame.image.tobytes(marked, "RGBA") == pygame.image.tobytes(plain, "RGBA")
    assert text.width("القاعدة TF-6\u200f", 20) == text.width("القاعدة TF-6", 20)
